"""A game's moves in words for its page: the public events of its action log, replayed.

Only events are told, never the logged actions themselves: an event is what the game tells
everyone (it is what the channel's board says), while a logged action may be a step of a
turn nobody else may see yet (an Islant draft). Each line is the one the channel's message
gives (a game with lines of its own, as Island competition's, in its words: its island
names in the reader's language), as plain text: the Markdown that styles it in Discord is
taken off, names included as written. Runs in a picture worker.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine import find_game
from engine.competition import GAME as COMPETITION
from engine.core import Event, fill_names
from locales import current, speaking

from ..cards import plain
from ..competition.texts import event_line
from ..i18n import event_text, written
from ..replays import ReplayJob, public_events

Line = Callable[[Event, Sequence[str]], str]
"""A game's line for one event, names given as written for Discord ("" for none)."""
OWN_LINES: dict[str, Line] = {COMPETITION.info.name: event_line}
"""Games whose channel messages tell events in lines of their own."""


def move_lines(job: ReplayJob) -> list[str]:
    """Every public event of the game in ``job.lang``, oldest first, names filled in."""
    game = find_game(job.game)
    state = game.new(job.players, job.options, job.seed)
    lines: list[str] = []
    for seat, text in job.log:
        action = game.parse(text)
        after, events = game.apply(state, seat, action)
        lines += told(
            job.game, public_events(game, state, seat, action, events), job.lang, job.names
        )
        state = after
    return lines


def told(game: str, events: Sequence[Event], lang: str, names: Sequence[str]) -> list[str]:
    """What a page says of ``events``: each public event's line, names filled in."""
    line = OWN_LINES.get(game, generic_line)
    shown = written(names)
    with speaking(lang):
        return [plain(text) for e in events if e.text and (text := line(e, shown))]


def generic_line(event: Event, names: Sequence[str]) -> str:
    """An event's sentence (:func:`~bot.i18n.event_text`), names filled in."""
    return fill_names(event_text(current(), event), names)
