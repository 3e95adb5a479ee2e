-- Per-table settings (timers, player cap, timeout policy) kept apart from the rules options,
-- per-user notification choices, and one pending job per game and kind.
ALTER TABLE games ADD COLUMN table_options TEXT NOT NULL DEFAULT '{}';

CREATE TABLE user_settings (
    user_id  BIGINT PRIMARY KEY,
    settings TEXT   NOT NULL DEFAULT '{}'
);

DROP INDEX jobs_due;
CREATE INDEX jobs_due ON jobs (due_at) WHERE done_at IS NULL AND claimed_at IS NULL;
CREATE UNIQUE INDEX jobs_one_pending ON jobs (game_id, kind) WHERE done_at IS NULL;
