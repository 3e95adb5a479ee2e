-- Web pages: the unguessable token of one player's own pages (their Islants of the day played
-- in direct messages, which belong to no server). Deleted when the player is forgotten.
CREATE TABLE player_links (
    token    TEXT    PRIMARY KEY,
    user_id  INTEGER NOT NULL UNIQUE
);
