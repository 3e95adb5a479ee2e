-- Games, their seats, the action log, scheduled jobs and per-server settings.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    host_id          INTEGER NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    seed             INTEGER NOT NULL,
    state            TEXT,
    version          INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    result           TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_status ON games (status);

CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,
    name      TEXT    NOT NULL,
    is_ai     INTEGER NOT NULL DEFAULT 0,
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE UNIQUE INDEX players_one_seat_per_user ON players (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    seat           INTEGER,
    user_id        INTEGER,
    notation       TEXT    NOT NULL,
    interaction_id INTEGER UNIQUE,
    created_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE jobs (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    due_at     TEXT    NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}',
    claimed_at TEXT,
    done_at    TEXT
);
CREATE INDEX jobs_due ON jobs (due_at) WHERE done_at IS NULL;

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}'
);
