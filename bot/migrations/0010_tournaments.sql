-- Tournaments: one row each (the pairing state as JSON, a version for checked saves, the
-- running round's deadline as its job, with a lease), and a row per table of every round,
-- naming the game played there (in its own thread) and whether its result was recorded.
-- `announced` is the last round posted in the tournament's channel (one more: the end).
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    options     TEXT    NOT NULL DEFAULT '{}',
    state       TEXT    NOT NULL,
    names       TEXT    NOT NULL DEFAULT '{}',
    version     INTEGER NOT NULL DEFAULT 0,
    message_id  INTEGER,
    announced   INTEGER NOT NULL DEFAULT 0,
    deadline_at TEXT,
    claimed_at  TEXT,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX tournaments_one_open_per_channel
    ON tournaments (channel_id) WHERE status IN ('open', 'running');
CREATE INDEX tournaments_due ON tournaments (deadline_at) WHERE status = 'running';

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    table_index   INTEGER NOT NULL,
    channel_id    INTEGER,
    game_id       INTEGER,
    recorded      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, table_index)
);
CREATE UNIQUE INDEX tournament_tables_by_game ON tournament_tables (game_id);
CREATE INDEX tournament_tables_open ON tournament_tables (tournament_id) WHERE recorded = 0;
