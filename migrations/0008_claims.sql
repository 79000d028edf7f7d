-- Claims that hold across processes (several bot processes on one PostgreSQL database; SQLite keeps them too,
-- so both stores behave alike). Each claim has an owner (a process) and a lease: if the owner dies, another
-- process takes the claim over once the lease has run out, so nothing it was doing is lost or done twice.
-- postings: a committed result whose post is on its way to the channel (the catch-up leaves it alone).
CREATE TABLE postings (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    version     INTEGER NOT NULL,
    owner       TEXT    NOT NULL,
    lease_until REAL    NOT NULL,
    PRIMARY KEY (table_id, version)
);

-- deliveries: a reminder, a deadline's warning or a mention decided and claimed, not yet sent. Written in the
-- same transaction that advanced the reminder; deleted once sent.
CREATE TABLE deliveries (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    since       REAL    NOT NULL,              -- the wait it belongs to: a delivery of an ended wait is dropped
    how         TEXT    NOT NULL CHECK (how IN ('dm', 'mention', 'none')),
    user_id     INTEGER NOT NULL,
    text        TEXT    NOT NULL,
    origin      TEXT    NOT NULL,              -- JSON: game, guild, channel, turn message (what the DM links to)
    owner       TEXT    NOT NULL,
    lease_until REAL    NOT NULL
);
CREATE INDEX deliveries_by_lease ON deliveries (lease_until);
