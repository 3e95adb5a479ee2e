"""The one error type every engine raises for a refused action."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules refuse. The state it was tried on is unchanged.

    ``code`` is stable (bots map it to wording and tests match on it); ``message`` is
    already readable by a player: it says what was wrong and, where it helps, what is allowed.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str]]:
        """Rebuilt whole after pickling: a refusal found in a worker process reaches the bot
        as the same refusal."""
        return IllegalAction, (self.code, self.message)


# Codes the framework itself raises; games add their own, namespaced by meaning not by game.
GAME_OVER = "game_over"
NOT_YOUR_TURN = "not_your_turn"
WRONG_PHASE = "wrong_phase"
BAD_NOTATION = "bad_notation"
NOT_A_PLAYER = "not_a_player"
BAD_OPTION = "bad_option"
BAD_PLAYER_COUNT = "bad_player_count"
RULES_VERSION = "rules_version"
