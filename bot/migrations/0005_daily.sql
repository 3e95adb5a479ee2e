-- Islant of the day: the secret its rolls are derived from (one row, made once), and each
-- player's attempt per UTC day and level (state JSON, a version for checked saves, where it
-- was started, how it ended and its score).
CREATE TABLE daily_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT    NOT NULL
);

CREATE TABLE daily_attempts (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    day         TEXT    NOT NULL,
    level       INTEGER NOT NULL,
    guild_id    INTEGER,
    user_name   TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('playing', 'stopped', 'cannot_continue')),
    state       TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    score       INTEGER NOT NULL DEFAULT 0,
    breakdown   TEXT    NOT NULL DEFAULT '{}',
    started_at  TEXT    NOT NULL,
    finished_at TEXT
);
CREATE UNIQUE INDEX daily_one_attempt ON daily_attempts (user_id, day, level);
CREATE INDEX daily_board ON daily_attempts (day, level, status, score);
CREATE INDEX daily_unfinished ON daily_attempts (day) WHERE status = 'playing'
