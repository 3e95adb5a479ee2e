"""The live part of a game's page: whose turn or the result, the board, players, moves.

Built from the public view only (what the channel's board shows) and the public events; the
same fragment is sent to every open page when the game changes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from engine import find_game
from engine.core import fill_names
from locales import _, current

from ..i18n import engine_text, game_title
from .html import fragment, link

MOVES_SHOWN = 200  # the newest lines; the replay has every move


@dataclass(frozen=True, slots=True)
class Seen:
    """What a page knows of a game: its token, record essentials and public state, and the
    :func:`stamp` of what it shows."""

    token: str
    game: str
    stamp: str
    status: str
    names: Sequence[str]
    state: object


def stamp(game: str, state: object, status: str, names: Sequence[str]) -> str:
    """What a page shows of a game, in 12 hex digits: it changes when the public view, the
    status or a name does, and with nothing else. Pages, streams and picture addresses carry
    it instead of the saved version, which also moves with each private step of a turn (an
    Islant draft): counting versions would tell when someone is playing."""
    public = find_game(game).view(state, None).data if state is not None else None
    seen = json.dumps([public, status, list(names)], sort_keys=True, default=str)
    return hashlib.sha256(seen.encode()).hexdigest()[:12]


def turn_text(seen: Seen) -> str:
    """Whose turn it is, or how the game ended, in the current language."""
    game = find_game(seen.game)
    outcome = game.outcome(seen.state)
    if outcome is not None:
        reason = fill_names(engine_text(current(), outcome.reason), seen.names)
        return _("Game over: {reason}", reason=reason)
    if seen.status == "cancelled":
        return _("This game was stopped.")
    movers = [seen.names[s] for s in sorted(game.to_move(seen.state))]
    return _("To move: {names}", names=", ".join(movers)) if movers else ""


def board_src(seen: Seen) -> str:
    return link(f"/g/{seen.token}/board.png", {"v": seen.stamp, "lang": current()})


def players(seen: Seen) -> list[dict[str, object]]:
    """The players in seat order: who is to move, the scores and winners once it is over."""
    game = find_game(seen.game)
    outcome = game.outcome(seen.state)
    moving = set() if outcome is not None else game.to_move(seen.state)
    rows = []
    for seat, who in enumerate(seen.names):
        notes = []
        if seat in moving:
            notes.append(_("to move"))
        if outcome is not None:
            notes.append(_("{points} points", points=outcome.scores[seat]))
            if seat in outcome.winners:
                notes.append(_("winner"))
        rows.append({"name": who, "moving": seat in moving, "notes": ", ".join(notes)})
    return rows


def game_fragment(seen: Seen, lines: Sequence[str]) -> Markup:
    """The part of the page that changes with the game: whose turn, the board, the players
    and the moves in words, newest first."""
    title = game_title(seen.game)
    replay = None
    if seen.status == "finished":
        replay = link(f"/g/{seen.token}/replay", {"lang": current()})
    return fragment(
        "live_game.html",
        stamp=seen.stamp,
        turn=turn_text(seen),
        replay=replay,
        watch=_("Watch the replay"),
        board=board_src(seen),
        alt=_("The board of {game} after move {move}", game=title, move=len(lines)),
        players_heading=_("Players"),
        players=players(seen),
        moves_heading=_("Moves"),
        moves=list(reversed(lines[-MOVES_SHOWN:])),
        count=len(lines),
        no_moves=_("No moves yet."),
    )
