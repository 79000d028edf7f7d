-- As migrations/0010: the nonce of a post's channel message, and the table version each action made.
ALTER TABLE postings ADD COLUMN nonce TEXT;
ALTER TABLE actions ADD COLUMN version INTEGER;
