-- Web pages: the unguessable token each page link carries, one per game and one per server
-- (its leaderboards). A link names its token only, so nobody can count through ids.
CREATE TABLE web_links (
    token     TEXT    PRIMARY KEY,
    game_id   INTEGER UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    guild_id  INTEGER UNIQUE,
    CHECK ((game_id IS NULL) <> (guild_id IS NULL))
);
