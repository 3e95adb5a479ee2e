"""A game's moves in words for its page: the public events of its action log, replayed.

Only events are told, never the logged actions themselves: an event is what the game tells
everyone (it is what the channel's board says), while a logged action may be a step of a
turn nobody else may see yet (an Islant draft). Runs in a picture worker.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import find_game
from engine.core import Event, fill_names

from ..i18n import event_text
from ..replays import ReplayJob, public_events


def move_lines(job: ReplayJob) -> list[str]:
    """Every public event of the game in ``job.lang``, oldest first, names filled in."""
    game = find_game(job.game)
    state = game.new(job.players, job.options, job.seed)
    lines: list[str] = []
    for seat, text in job.log:
        action = game.parse(text)
        after, events = game.apply(state, seat, action)
        lines += told(public_events(game, state, seat, action, events), job.lang, job.names)
        state = after
    return lines


def told(events: Sequence[Event], lang: str, names: Sequence[str]) -> list[str]:
    """What a page says of ``events``: each public event's sentence, names filled in."""
    return [fill_names(event_text(lang, e), names) for e in events if e.text]
