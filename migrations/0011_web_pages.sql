-- The web companion (web/): each table's page can be taken down by its host (/game settings web:off), and a table is
-- listed on its server's web page only while its channel was last seen open to every member of the server (a
-- private channel's table keeps its own page, reachable by its link, but is never listed).
ALTER TABLE tables ADD COLUMN web INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN public_channel INTEGER NOT NULL DEFAULT 0;
