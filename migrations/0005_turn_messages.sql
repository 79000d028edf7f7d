-- One message per turn: the channel message a turn's actions are edited into, found again after a restart.
-- A table may keep the older one-post-per-action ('action') instead of the default one message per turn.
ALTER TABLE tables ADD COLUMN posts TEXT NOT NULL DEFAULT 'turn' CHECK (posts IN ('turn', 'action'));

CREATE TABLE turn_messages (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id),
    started     INTEGER NOT NULL,              -- the table version whose post began the message
    message_id  INTEGER,                       -- the Discord message; NULL until the post is confirmed
    seen        TEXT    NOT NULL,              -- ',0,2,': seats awaited since the message began (pinged there)
    body        TEXT    NOT NULL               -- its lines so far, without the closing "Waiting for" line
);
