"""The live part of a game's page: whose turn or the result, the board, players, moves.

Built from the public view only (what the channel's board shows) and the public events; the
same fragment is sent to every open page when the game changes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from engine import find_game
from engine.core import fill_names
from locales import _, current

from ..i18n import engine_text, game_title
from .html import esc, link, name

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


def players_html(seen: Seen) -> str:
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
        note = f' <span class="note">{esc(", ".join(notes))}</span>' if notes else ""
        marked = ' class="to-move"' if seat in moving else ""
        rows.append(f"<li{marked}>{name(who)}{note}</li>")
    return f'<ol class="players">{"".join(rows)}</ol>'


def moves_html(lines: Sequence[str]) -> str:
    """The moves in words, newest first."""
    if not lines:
        none = _("No moves yet.")
        return f'<p class="empty">{esc(none)}</p>'
    newest = list(reversed(lines[-MOVES_SHOWN:]))
    items = "".join(f"<li>{esc(line)}</li>" for line in newest)
    return f'<ol class="moves" reversed start="{len(lines)}">{items}</ol>'


def game_fragment(seen: Seen, lines: Sequence[str]) -> str:
    """The part of the page that changes with the game."""
    title = game_title(seen.game)
    alt = _("The board of {game} after move {move}", game=title, move=len(lines))
    players, moves = _("Players"), _("Moves")
    replay = ""
    if seen.status == "finished":
        href = link(f"/g/{seen.token}/replay", {"lang": current()})
        watch = _("Watch the replay")
        replay = f'<p class="replay"><a href="{href}">{esc(watch)}</a></p>'
    return (
        f'<section id="live" data-version="{seen.stamp}">'
        f'<p class="turn">{esc(turn_text(seen))}</p>{replay}'
        f'<img class="board" src="{board_src(seen)}" alt="{esc(alt)}">'
        f'<div class="columns"><div><h2>{esc(players)}</h2>{players_html(seen)}</div>'
        f"<div><h2>{esc(moves)}</h2>{moves_html(lines)}</div></div>"
        "</section>"
    )
