-- The outbox: what must still appear in a game's channel after a saved change (its board, a
-- reminder). An entry is written in the same transaction as the change and deleted once
-- Discord accepted what it asks for; until then it is retried, also after a restart.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('board', 'remind')),
    version    INTEGER NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}',
    due_at     TEXT    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox (due_at);
CREATE INDEX outbox_game ON outbox (game_id, version);
