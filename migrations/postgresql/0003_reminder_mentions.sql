-- As migrations/0003: the channel is told of one wait at most once.
ALTER TABLE reminders ADD COLUMN mentioned INTEGER NOT NULL DEFAULT 0;
