-- A waiting player is mentioned in the channel at most once per waiting period (the escalation, or the one
-- channel reminder of a player whose DMs are closed): remembered per reminder row, reset when they act.
ALTER TABLE reminders ADD COLUMN mentioned INTEGER NOT NULL DEFAULT 0;
