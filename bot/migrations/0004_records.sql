-- Players' records: each finished game once (with its seats, scores and ranks), ratings per
-- server (scope = the guild id) and across servers (scope 0), and servers the bot has left.
CREATE TABLE history (
    id               INTEGER PRIMARY KEY,
    game_id          INTEGER NOT NULL UNIQUE,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    board_message_id INTEGER,
    started_at       TEXT    NOT NULL,
    ended_at         TEXT    NOT NULL,
    moves            INTEGER NOT NULL,
    end_code         TEXT    NOT NULL,
    winners          TEXT    NOT NULL DEFAULT '[]',
    rated            INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX history_by_guild ON history (guild_id, ended_at);

CREATE TABLE history_seats (
    history_id INTEGER NOT NULL REFERENCES history (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    name       TEXT    NOT NULL,
    level      TEXT,
    score      INTEGER NOT NULL,
    breakdown  TEXT,
    rank       INTEGER NOT NULL,
    PRIMARY KEY (history_id, seat)
);
CREATE INDEX history_seats_by_user ON history_seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE ratings (
    scope      INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (scope, game, player)
);

CREATE TABLE guild_removals (
    guild_id   INTEGER PRIMARY KEY,
    removed_at TEXT    NOT NULL
);
