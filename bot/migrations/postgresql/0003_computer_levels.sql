-- The level each computer seat plays at (easy, normal, hard); NULL for people.
ALTER TABLE players ADD COLUMN level TEXT;
UPDATE players SET level = 'normal' WHERE is_ai
