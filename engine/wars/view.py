"""The public picture of an Island Wars game (nothing is hidden in this game).

``View.data`` schema (JSON)::

    {
      "board": "six",                 # board id
      "board_name": "Six-player island",
      "radius": 5,                    # hexes lie within this distance of (0, 0)
      "hexes": [                      # every hex, sorted by (q, r)
        {"q": 2, "r": -3,
         "kind": "water" | "land",
         "owner": 0 | null,           # seat whose colour the land is; null: water or neutral
         "neutral": false,            # land of no colour
         "piece": null | {"seat": 1, "kind": "barracks" | "tower" | "port"},
         "secured_by": [1]}           # seats whose ports secure this water hex (sorted)
      ],
      "colours": ["Tan", "Dark Green", ...],       # colour name per seat
      "round": 1,                     # 1..12 (12 once the game is over)
      "rounds": 12,
      "active": 0 | null,             # seat to play; null when the game is over
      "resigned": [2],
      "pieces_left": [{"barracks": 3, "tower": 2, "port": 2}, ...],   # per seat
      "scores": [{"land": 9, "pieces": 0, "water": 0, "territories": 0, "total": 9}, ...],
      "last_action": null | {"seat": 0, "text": "PLACE BARRACKS 2 -3",
                             "words": {"template": "places a barracks at {hex}", "params": …},
                             "hexes": [[2, -3]], "flipped": [[1, -3], [2, -2]]},
      "outcome": null | {"scores": [...], "winners": [0], "reason": REASON_ROUNDS or
                         REASON_RESIGNATION (sentences, see scoring.py)}
    }
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.core.game import RESIGN_DESCRIPTION, RESIGN_WORD

from .actions import describe_action, parse_action
from .pieces import COLOUR_NAMES, KINDS, NUM_ROUNDS
from .rules import securers
from .scoring import outcome, score_breakdown
from .state import WarsState


def view_data(state: WarsState) -> dict[str, Any]:
    """The view data described in the module docstring."""
    board = state.board
    secured = securers(board, state.pieces)
    hexes = []
    for i, h in enumerate(board.hexes):
        piece = state.pieces[i]
        hexes.append(
            {
                "q": h.q,
                "r": h.r,
                "kind": "water" if board.water[i] else "land",
                "owner": state.owners[i],
                "neutral": not board.water[i] and state.owners[i] is None,
                "piece": None if piece is None else {"seat": piece.seat, "kind": piece.kind.value},
                "secured_by": sorted(secured.get(i, ())),
            }
        )
    last = state.last
    result = outcome(state)
    return {
        "board": board.id,
        "board_name": board.name,
        "radius": board.radius,
        "hexes": hexes,
        "colours": list(COLOUR_NAMES[: state.num_players]),
        "round": min(state.round, NUM_ROUNDS),
        "rounds": NUM_ROUNDS,
        "active": None if state.finished else state.active,
        "resigned": sorted(state.resigned),
        "pieces_left": [
            {kind.value: counts[k] for k, kind in enumerate(KINDS)} for counts in state.reserve
        ],
        "scores": score_breakdown(state),
        "last_action": None
        if last is None
        else {
            "seat": last.seat,
            "text": last.text,
            "words": _described(last.text),
            "hexes": [[h.q, h.r] for h in last.hexes],
            "flipped": [[h.q, h.r] for h in last.flipped],
        },
        "outcome": None if result is None else result.to_json(),
    }


def _described(notation: str) -> dict[str, Any] | None:
    """What the turn ``notation`` did, as words a reader's language can put (JSON)."""
    if notation.strip().upper() == RESIGN_WORD:  # the framework's own turn
        return RESIGN_DESCRIPTION.to_json()
    try:
        return describe_action(parse_action(notation)).to_json()
    except IllegalAction:  # another turn the framework wrote: its notation says it
        return None
