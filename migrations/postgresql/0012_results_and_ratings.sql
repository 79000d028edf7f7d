-- As migrations/0012: results, result_seats and ratings for /stats and the leaderboards, and tables.timelapse.
-- Discord ids and times in PostgreSQL's BIGINT and DOUBLE PRECISION.
CREATE TABLE results (
    table_id    BIGINT  PRIMARY KEY REFERENCES tables (id),
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('finished', 'abandoned')),
    started_at  DOUBLE PRECISION,
    finished_at DOUBLE PRECISION    NOT NULL,
    turns       INTEGER NOT NULL,
    ending      TEXT    NOT NULL DEFAULT ''    -- how it ended, in a few words ('' when abandoned)
);
CREATE INDEX results_by_game ON results (guild_id, game, finished_at);
CREATE TABLE result_seats (
    table_id    BIGINT  NOT NULL REFERENCES results (table_id),
    seat        INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,              -- who held the seat at the end; 0: a former player
    side        TEXT,                          -- the faction, race, species, realm or side played (NULL: none)
    bot         TEXT,                          -- the strength of the bot that held it at the end; NULL: a person
    place       INTEGER,                       -- 1 for every winner, 2 and on for the rest; NULL when abandoned
    score       DOUBLE PRECISION,
    handed_over INTEGER NOT NULL DEFAULT 0,    -- 1 when someone else held the seat before (a replacement, a bot)
    moves       INTEGER NOT NULL DEFAULT 0,    -- moves made by whoever held it at the end
    median_move DOUBLE PRECISION,                          -- seconds from being awaited to acting (pauses and absences out)
    p90_move    DOUBLE PRECISION,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX result_seats_by_user ON result_seats (user_id, table_id);
CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    player      TEXT    NOT NULL,              -- 'u<user id>' for a person, 'bot:<strength>' for a bot
    mu          DOUBLE PRECISION    NOT NULL,
    sigma       DOUBLE PRECISION    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    last_at     DOUBLE PRECISION    NOT NULL,              -- when the last game counted ended
    PRIMARY KEY (guild_id, game, player)
);
ALTER TABLE tables ADD COLUMN timelapse INTEGER NOT NULL DEFAULT 1;
