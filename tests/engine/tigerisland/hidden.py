"""What a seat of tiggar islanote cannot see, changed (for
tests/conformance/test_computer_levels.py, which also gives the state a new random source)."""

from __future__ import annotations

from dataclasses import replace

from engine.tigerisland.state import TigerState


def scrambled(state: TigerState, seat: int) -> TigerState:
    """The deck in another order."""
    return replace(state, deck=tuple(reversed(state.deck)))
