"""Applying a turn: place a free piece, move pieces, or pass; then the next player's turn.

A resigned player passes automatically for the rest of the game (their pieces stay and still
score); the game ends early once only one player has not resigned.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import EndReason, Event, IllegalAction, seat_ref, told
from engine.core.hexgrid import Hex
from engine.core.words import N_, Words, counted, joined

from .actions import Action, Move, Pass, Place, Step, describe_action, format_action, hex_words
from .pieces import COLOUR_NAMES, Kind, Piece, count_of, with_count
from .rules import Owners, Pieces, index_of, land_piece, put, reach, refusal, why_not
from .scoring import outcome
from .state import LastAction, WarsState

NO_PIECE_LEFT = "no_piece_left"
NO_SUCH_PIECE = "no_such_piece"
TOWER_CANNOT_MOVE = "tower_cannot_move"
MOVE_LIMIT = "move_limit"
SAME_HEX = "same_hex"
EMPTY_MOVE = "empty_move"
ALREADY_RESIGNED = "already_resigned"
# A move relocates at most this many pieces of each movable kind.
MAX_MOVED_PER_KIND = 1
NONE_LEFT: dict[Kind, str] = {
    Kind.BARRACKS: N_(
        "You have no free barracks left; place another kind of piece, move pieces, or pass."
    ),
    Kind.TOWER: N_(
        "You have no free defense tower left; place another kind of piece, move pieces, or pass."
    ),
    Kind.PORT: N_("You have no free port left; place another kind of piece, move pieces, or pass."),
}
NONE_THERE: dict[Kind, str] = {
    Kind.BARRACKS: N_("You have no barracks at {hex} to move."),
    Kind.TOWER: N_("You have no defense tower at {hex} to move."),
    Kind.PORT: N_("You have no port at {hex} to move."),
}


def player(seat: int) -> Words:
    """A seat as the texts name it: the player's name in bold, the colour beside it."""
    return Words("**{who}** ({colour})", {"who": seat_ref(seat), "colour": COLOUR_NAMES[seat]})


def play(state: WarsState, seat: int, action: Action) -> tuple[WarsState, list[Event]]:
    """Apply ``seat``'s action on their turn; a refused action raises and changes nothing."""
    owners, pieces, reserve = state.owners, state.pieces, state.reserve
    flipped: tuple[int, ...] = ()
    touched: tuple[Hex, ...] = ()
    if isinstance(action, Place):
        owners, pieces, flipped = place(state, seat, action)
        reserve = (
            *reserve[:seat],
            with_count(reserve[seat], action.kind, -1),
            *reserve[seat + 1 :],
        )
        touched = (action.at,)
    elif isinstance(action, Move):
        owners, pieces, flipped = move(state, seat, action.steps)
        touched = tuple(h for s in action.steps for h in (s.src, s.dst))
    flipped_hexes = tuple(state.board.hexes[i] for i in flipped)
    data: dict[str, Any] = {
        "seat": seat,
        "hexes": [[h.q, h.r] for h in touched],
        "flipped": [[h.q, h.r] for h in flipped_hexes],
    }
    kind = "pass" if isinstance(action, Pass) else type(action).__name__.lower()
    line = Words("{who} {move}.", {"who": player(seat), "move": describe_action(action)})
    events = [told(kind, line, data, retells=True)]
    if flipped_hexes:
        taken = counted(
            len(flipped_hexes),
            "{who} takes {count} hex.",
            "{who} takes {count} hexes.",
            who=player(seat),
        )
        events.append(told("convert", taken, data))
    after = replace(
        state,
        owners=owners,
        pieces=pieces,
        reserve=reserve,
        last=LastAction(seat, format_action(action), touched, flipped_hexes),
    )
    return _finish_turn(after, events)


def place(state: WarsState, seat: int, action: Place) -> tuple[Owners, Pieces, tuple[int, ...]]:
    """The hexes after ``seat`` places a free piece (and the hexes a barracks converts)."""
    if count_of(state.reserve[seat], action.kind) == 0:
        raise IllegalAction(
            NO_PIECE_LEFT,
            Words(NONE_LEFT[action.kind]),
        )
    board = state.board
    i = index_of(board, action.at)
    code = why_not(
        board, state.owners, state.pieces, seat, action.kind, i, reach(board, state.pieces, seat)
    )
    if code is not None:
        raise refusal(code, action.at)
    return land_piece(board, state.owners, state.pieces, seat, action.kind, i)


def move(
    state: WarsState, seat: int, steps: tuple[Step, ...]
) -> tuple[Owners, Pieces, tuple[int, ...]]:
    """The hexes after ``seat`` relocates pieces, step by step in the order given."""
    kinds = [s.kind for s in steps]
    if not kinds:
        raise IllegalAction(EMPTY_MOVE, "Say which barracks or port to move, and where.")
    if Kind.TOWER in kinds:
        raise IllegalAction(
            TOWER_CANNOT_MOVE,
            "Defense towers never move once placed; you may move a barracks and a port.",
        )
    if any(kinds.count(k) > MAX_MOVED_PER_KIND for k in kinds):
        raise IllegalAction(MOVE_LIMIT, "A move relocates at most one barracks and one port.")
    board, owners, pieces = state.board, state.owners, state.pieces
    flipped: tuple[int, ...] = ()
    for step in steps:
        src, dst = index_of(board, step.src), index_of(board, step.dst)
        if pieces[src] != Piece(seat, step.kind):
            raise IllegalAction(
                NO_SUCH_PIECE,
                Words(NONE_THERE[step.kind], {"hex": hex_words(step.src)}),
            )
        if src == dst:
            raise IllegalAction(SAME_HEX, "A moved piece must go to a different hex.")
        lifted = put(pieces, src, None)
        code = why_not(board, owners, lifted, seat, step.kind, dst, reach(board, lifted, seat))
        if code is not None:
            raise refusal(code, step.dst)
        owners, pieces, more = land_piece(board, owners, lifted, seat, step.kind, dst)
        flipped += more
    return owners, pieces, flipped


def resign(state: WarsState, seat: int) -> tuple[WarsState, list[Event]]:
    """``seat`` leaves: they pass automatically from now on; their pieces stay and score."""
    if seat in state.resigned:
        raise IllegalAction(ALREADY_RESIGNED, "You have already resigned from this game.")
    after = replace(state, resigned=state.resigned | {seat}, last=LastAction(seat, "RESIGN"))
    events = [
        told("resign", Words("{who} resigns.", {"who": player(seat)}), {"seat": seat}, retells=True)
    ]
    if seat != state.active:
        return _with_end_event(after, events)
    return _finish_turn(after, events)


def _finish_turn(state: WarsState, events: list[Event]) -> tuple[WarsState, list[Event]]:
    """Hand the turn to the next player still in, counting rounds."""
    if not state.finished:
        seat, rnd = state.active, state.round
        while True:
            seat += 1
            if seat == state.num_players:
                seat, rnd = 0, rnd + 1
            if seat not in state.resigned:
                break
        state = replace(state, active=seat, round=rnd)
    return _with_end_event(state, events)


def _with_end_event(state: WarsState, events: list[Event]) -> tuple[WarsState, list[Event]]:
    result = outcome(state)
    if result is None:
        return state, events
    names = joined([player(s) for s in result.winners], " and ")
    if not names:
        text = Words("The game is over: nobody is left to win.")
    elif result.code == EndReason.RESIGNED:
        text = counted(
            len(result.winners),
            "The game is over: everyone else resigned. Winner: {names}.",
            "The game is over: everyone else resigned. Winners: {names}.",
            names=names,
        )
    else:
        text = counted(
            len(result.winners),
            "The game is over after the last round. Winner: {names}.",
            "The game is over after the last round. Winners: {names}.",
            names=names,
        )
    return state, [*events, told("game_over", text, result.to_json())]
