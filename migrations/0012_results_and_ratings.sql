-- A community's memory (issue #41). results: one row a table that ended (finished with a result, or abandoned),
-- written in the transaction that ends it, so /stats and the leaderboards read a few small rows instead of every
-- game's state. result_seats: who held each seat at the end (0: a former player), what they played, how they
-- placed and how quickly they moved. ratings: each player's rating per game per server, rebuilt from results in the
-- order the games ended whenever that order is disturbed (a forgotten user), so it always comes out the same.
-- tables.timelapse: whether the table posts its timelapse when the game ends (/game settings timelapse:off).
CREATE TABLE results (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('finished', 'abandoned')),
    started_at  REAL,
    finished_at REAL    NOT NULL,
    turns       INTEGER NOT NULL,
    ending      TEXT    NOT NULL DEFAULT ''    -- how it ended, in a few words ('' when abandoned)
);
CREATE INDEX results_by_game ON results (guild_id, game, finished_at);
CREATE TABLE result_seats (
    table_id    INTEGER NOT NULL REFERENCES results (table_id),
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,              -- who held the seat at the end; 0: a former player
    side        TEXT,                          -- the faction, race, species, realm or side played (NULL: none)
    bot         TEXT,                          -- the strength of the bot that held it at the end; NULL: a person
    place       INTEGER,                       -- 1 for every winner, 2 and on for the rest; NULL when abandoned
    score       REAL,
    handed_over INTEGER NOT NULL DEFAULT 0,    -- 1 when someone else held the seat before (a replacement, a bot)
    moves       INTEGER NOT NULL DEFAULT 0,    -- moves made by whoever held it at the end
    median_move REAL,                          -- seconds from being awaited to acting (pauses and absences out)
    p90_move    REAL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX result_seats_by_user ON result_seats (user_id, table_id);
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    player      TEXT    NOT NULL,              -- 'u<user id>' for a person, 'bot:<strength>' for a bot
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    last_at     REAL    NOT NULL,              -- when the last game counted ended
    PRIMARY KEY (guild_id, game, player)
);
ALTER TABLE tables ADD COLUMN timelapse INTEGER NOT NULL DEFAULT 1;
