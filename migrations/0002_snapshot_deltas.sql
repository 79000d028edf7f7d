-- Snapshots kept small (table/snapshots.py): most are stored as a compressed delta against a keyframe, a
-- compressed whole state. `base` is that keyframe's turn, NULL for a keyframe. Rows from before this migration
-- keep their JSON text in `state` and read as keyframes; new rows store a BLOB there.
ALTER TABLE snapshots ADD COLUMN base INTEGER;
