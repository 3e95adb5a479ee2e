-- A board's further calls to act: the messages that carried the mentions that did not fit on
-- the board itself. They are turned into "that call is over" when a newer board is posted,
-- also after a restart.
CREATE TABLE board_calls (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (game_id, message_id)
);
