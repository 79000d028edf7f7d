-- As migrations/0011: a table's web page on or off, and whether its channel was last seen open to the whole server.
ALTER TABLE tables ADD COLUMN web INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN public_channel INTEGER NOT NULL DEFAULT 0;
