-- Exactly-once posts (see table/outbox.py).
-- postings.nonce: the nonce a post's new channel message carries (Discord's `nonce` with `enforce_nonce`), stored
-- with the claim before anything is sent and kept until the result is shown: a restarted process sends again with
-- it, and Discord hands back the message the first attempt made instead of posting (and pinging) a second one.
ALTER TABLE postings ADD COLUMN nonce TEXT;
-- actions.version: the table version an action's change made. An undo of a move and the bot's answers logs one
-- row per action taken back for a single version, so "action n made version n + 1" does not hold; what a crash
-- left unshown is read from this column. NULL in rows written before this migration.
ALTER TABLE actions ADD COLUMN version INTEGER;
