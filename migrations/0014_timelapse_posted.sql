-- The timelapse a finished game posts after its finale (issue #41), exactly once: when it reached the channel (NULL:
-- not yet). A process that posts it writes this after Discord took it; its message carries a nonce made from the
-- table's id, so a send repeated after a crash gets back the message the first one made. Tables that ended before
-- this migration count as posted: an upgrade posts no timelapse of an old game.
ALTER TABLE tables ADD COLUMN timelapse_posted REAL;
UPDATE tables SET timelapse_posted = finished_at WHERE status IN ('finished', 'abandoned');
