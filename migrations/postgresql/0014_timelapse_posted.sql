-- As migrations/0014: when a finished game's timelapse reached the channel (NULL: not yet); ended tables count as posted.
ALTER TABLE tables ADD COLUMN timelapse_posted DOUBLE PRECISION;
UPDATE tables SET timelapse_posted = finished_at WHERE status IN ('finished', 'abandoned');
