"""The turn cycle: drawing, the end of a turn, and how a game ends and is ranked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.core import EndReason, Event, Outcome, said, told
from engine.core.words import N_, Words

from .state import (
    LAST_PIECE,
    TILES_OUT,
    TOTOROS_PER_PLAYER,
    VILLAGERS_PER_PLAYER,
    Phase,
    TigerState,
    player,
)
from .words import tile_words

# Ruling 9: a tie on points goes to more totoros placed, then more villagers placed
# (villagers later buried by an eruption still count as placed); otherwise a draw. Each comes
# with the sentence of a win it decides.
TIE_BREAKS: tuple[tuple[str, Callable[[TigerState, int], int]], ...] = (
    (
        N_("{cause} {who} wins on totoros placed after a tie."),
        lambda state, seat: TOTOROS_PER_PLAYER - state.totoros_left[seat],
    ),
    (
        N_("{cause} {who} wins on villagers placed after a tie."),
        lambda state, seat: VILLAGERS_PER_PLAYER - state.villagers_left[seat],
    ),
)


def start_turn(state: TigerState, seat: int) -> tuple[TigerState, list[Event]]:
    """``seat`` draws the next tile and must place it; with no tile left the game ends."""
    if not state.deck:
        return finish(state, Words("The tiles ran out."), TILES_OUT)
    tile, *rest = state.deck
    new = replace(state, active=seat, phase=Phase.PLACE, hand=tile, deck=tuple(rest))
    data = {"seat": seat, "tile": str(tile)}
    return new, [said("draw", "{who} draws {tile}.", data, who=player(seat), tile=tile_words(tile))]


def end_turn(state: TigerState) -> tuple[TigerState, list[Event]]:
    """After the build: end the game if the active player is out of pieces, else pass on."""
    if state.pieces_left(state.active) == 0:
        return finish(
            state,
            Words("{who} placed their last piece.", {"who": player(state.active)}),
            LAST_PIECE,
        )
    return start_turn(state, 1 - state.active)


def _ranking(state: TigerState, seat: int) -> tuple[int, ...]:
    return (state.scores[seat], *(count(state, seat) for _, count in TIE_BREAKS))


def finish(state: TigerState, cause: Words, code: EndReason) -> tuple[TigerState, list[Event]]:
    """End the game normally: the best score wins, with the tie-breaks of ruling 9."""
    ranks = [_ranking(state, seat) for seat in (0, 1)]
    best = max(ranks)
    winners = tuple(seat for seat in (0, 1) if ranks[seat] == best)
    if len(winners) == 2:
        return _over(state, winners, Words("{cause} The game is a draw.", {"cause": cause}), code)
    decided = next(i for i, (a, b) in enumerate(zip(*ranks, strict=True)) if a != b)
    template = "{cause} {who} wins." if decided == 0 else TIE_BREAKS[decided - 1][0]
    return _over(state, winners, Words(template, {"cause": cause, "who": player(winners[0])}), code)


def forfeit(
    state: TigerState, loser: int, cause: Words, code: EndReason
) -> tuple[TigerState, list[Event]]:
    """End the game with ``loser`` beaten whatever the scores (no build, or resigning)."""
    reason = Words("{cause} {who} wins.", {"cause": cause, "who": player(1 - loser)})
    return _over(state, (1 - loser,), reason, code)


def _over(
    state: TigerState, winners: tuple[int, ...], reason: Words, code: EndReason
) -> tuple[TigerState, list[Event]]:
    outcome = Outcome(state.scores, winners, reason, code)
    new = replace(state, phase=Phase.OVER, outcome=outcome)
    return new, [told("end", reason, outcome.to_json())]
