-- The play-by-post table: games in channels, their seats, the append-only action log, board snapshots,
-- player preferences, reminder state, and pending requests (undo consent, pause votes).

CREATE TABLE tables (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,          -- the channel or thread the table plays in
    game            TEXT    NOT NULL,
    options         TEXT    NOT NULL,          -- JSON of resolved options
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    creator_id      INTEGER NOT NULL,
    created_at      REAL    NOT NULL,
    started_at      REAL,
    finished_at     REAL,
    seed            INTEGER NOT NULL,          -- seeds new(); each action has its own seed in the log
    version         INTEGER NOT NULL DEFAULT 0,-- bumped by every committed change of the game state
    state           TEXT,                      -- JSON of the engine state (NULL in the lobby)
    turns           INTEGER NOT NULL DEFAULT 0,-- turn ends so far (snapshots are numbered by it)
    announced       INTEGER NOT NULL DEFAULT 0,-- last version whose result was posted in the channel
    remind_after    INTEGER NOT NULL DEFAULT 43200,
    remind_every    INTEGER NOT NULL DEFAULT 86400,
    deadline        INTEGER,                   -- seconds a seat may be awaited before the fallback is played
    paused          INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tables_by_channel ON tables (channel_id, id);
CREATE INDEX tables_by_guild ON tables (guild_id, status);
CREATE INDEX tables_unannounced ON tables (status, announced, version);

CREATE TABLE seats (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,              -- display name, refreshed when the player interacts
    faction     TEXT,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);

CREATE TABLE actions (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    n           INTEGER NOT NULL,              -- 1, 2, 3... per table
    kind        TEXT    NOT NULL CHECK (kind IN ('act', 'fallback', 'undo')),
    seat        INTEGER,
    user_id     INTEGER,
    action      TEXT    NOT NULL,              -- JSON; for 'undo' {"undoes": n}
    seed        INTEGER NOT NULL,
    events      TEXT    NOT NULL,              -- JSON list of events
    rolls       INTEGER NOT NULL DEFAULT 0,    -- dice rolled by this action
    secret      INTEGER NOT NULL DEFAULT 0,    -- hidden information revealed or dealt
    at          REAL    NOT NULL,
    PRIMARY KEY (table_id, n)
);

CREATE TABLE snapshots (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    turn        INTEGER NOT NULL,              -- 0 is the start position
    upto        INTEGER NOT NULL,              -- last action n included
    state       TEXT    NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (table_id, turn)
);

CREATE TABLE prefs (
    user_id     INTEGER PRIMARY KEY,
    dms         INTEGER NOT NULL DEFAULT 1,
    quiet_from  INTEGER,                       -- hour 0-23 in the player's timezone
    quiet_to    INTEGER,
    timezone    TEXT    NOT NULL DEFAULT 'UTC',
    dm_closed   INTEGER NOT NULL DEFAULT 0     -- Discord refused a DM (50007): mention in the channel instead
);

CREATE TABLE reminders (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    since       REAL    NOT NULL,              -- awaited since
    next_at     REAL    NOT NULL,              -- next reminder due
    sent        INTEGER NOT NULL DEFAULT 0,    -- reminders sent since awaited
    deadline_at REAL,                          -- when the fallback is played (NULL: no deadline)
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX reminders_due ON reminders (next_at);
CREATE INDEX reminders_deadline ON reminders (deadline_at);

CREATE TABLE requests (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    kind        TEXT    NOT NULL CHECK (kind IN ('undo', 'pause')),
    user_id     INTEGER NOT NULL,
    version     INTEGER NOT NULL,              -- the table version it was asked at; stale once it moves
    approvals   TEXT    NOT NULL DEFAULT '[]', -- JSON list of user ids who agreed
    open        INTEGER NOT NULL DEFAULT 1,
    created_at  REAL    NOT NULL
);

CREATE TABLE settings (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL
);
