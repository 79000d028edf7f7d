-- Bot seats: a seat the bot plays (its strength: easy or normal), NULL for a person's seat. A bot's user_id is
-- a negative number of its own (no Discord user has one), so nobody is ever pinged or messaged for it.
ALTER TABLE seats ADD COLUMN bot TEXT;
