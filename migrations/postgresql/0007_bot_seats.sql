-- As migrations/0007: a seat the bot plays (its strength), NULL for a person's.
ALTER TABLE seats ADD COLUMN bot TEXT;
