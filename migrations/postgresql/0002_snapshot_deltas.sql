-- As migrations/0002: a snapshot may be a delta against the keyframe of turn `base` (NULL for a keyframe).
ALTER TABLE snapshots ADD COLUMN base INTEGER;
