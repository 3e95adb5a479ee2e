"""The live part of any game's page: a race's standings, or a board with its moves in words.

The one place that tells which kind of page a game has, used by the server and by the privacy
check that runs over every registered game.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from engine.islant import GAME as ISLANT

from .game_page import Seen, game_fragment
from .race_page import race_fragment

RACES = frozenset({ISLANT.info.name})
"""Games whose page shows standings and sheets rather than the moves in words."""


def tells_moves(game: str) -> bool:
    """Whether a game's page lists its moves in words (a race's does not)."""
    return game not in RACES


def live_fragment(seen: Seen, lines: Sequence[str]) -> Markup:
    """The live part of ``seen``'s page; ``lines``: its moves in words, where it tells them."""
    return race_fragment(seen) if seen.game in RACES else game_fragment(seen, lines)
