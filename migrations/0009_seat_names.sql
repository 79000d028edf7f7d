-- Forgetting a user reaches every table they ever sat at: a seat handed on (/game replace) no longer names its
-- first holder, whose name may still be in the table's texts (the turn's message, unsent reminders). Every name
-- a person held a seat under, per table, is kept here until that person is forgotten.
CREATE TABLE seat_names (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id, name)
);
INSERT INTO seat_names (table_id, user_id, name)
    SELECT table_id, user_id, name FROM seats WHERE bot IS NULL AND user_id > 0;

-- A seat erased mid-game (the bot owner's /privacy erase) was left to a nameless person who was reminded, pinged
-- and asked forever: the easy bot plays it from now on, and its wait becomes a bot's (never due, no deadline).
UPDATE seats SET bot = 'easy'
    WHERE user_id < 0 AND bot IS NULL AND table_id IN (SELECT id FROM tables WHERE status IN ('lobby', 'running'));
UPDATE reminders SET next_at = 4e12, deadline_at = NULL, warn_at = NULL
    WHERE EXISTS (SELECT 1 FROM seats s WHERE s.table_id = reminders.table_id AND s.seat = reminders.seat
                  AND s.bot IS NOT NULL);
