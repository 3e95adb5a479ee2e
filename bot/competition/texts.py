"""Island competition in words: islands, slots, what just happened and what comes next.

Everything here reads public information only (events of the public log and the spectator
view), so its sentences may go into public messages. Splits name the cards put face up and
only count the cards put face down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import find_game
from engine.competition import (
    BLIND,
    SEA,
    SLOTS,
    IslandCard,
    Table,
    card_by_id,
    format_with_unit,
    parse_table,
)
from engine.core import Event, fill_names
from render.competition.labels import join_names, seat_name, slot_label

from ..store import GameRecord

MAX_EVENT_LINES = 14
QUIET_EVENTS = frozenset({"placement"})
"""Events not worth a public line (a placement's progress shows on the picture)."""


def table_of(record: GameRecord, state: Any) -> Table:
    """The public view of a game, read into typed records."""
    return parse_table(find_game(record.game).view(state, None).data)


def island(card: str) -> IslandCard:
    """The island card of an id or a view token (``card:usedom``)."""
    return card_by_id(card.removeprefix("card:"))


def island_label(card: str) -> str:
    """An island's name with its sea, e.g. ``Usedom (North & Baltic Sea)``."""
    found = island(card)
    return f"{found.name_en} ({found.sea.display_name})"


def value_text(card: str, category: str) -> str:
    """An island's value in a category with its unit, e.g. ``3,604 km²``."""
    return format_with_unit(category, island(card).value(category))


def slot_text(index: int) -> str:
    """Slot ``index`` (reveal order) as people read it, e.g. ``Area ▲ highest``."""
    return slot_label(SLOTS[index].key)


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def bold_name(names: Sequence[str], seat: int) -> str:
    return f"**{seat_name(names, seat)}**"


def event_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """One line per public event worth telling, names filled in, at most a screenful."""
    lines = [line for event in events if (line := event_line(event, names))]
    if len(lines) > MAX_EVENT_LINES:
        hidden = len(lines) - MAX_EVENT_LINES + 1
        lines = [*lines[: MAX_EVENT_LINES - 1], f"… and {hidden} more."]
    return lines


def event_line(event: Event, names: Sequence[str]) -> str:
    """The sentence for one event ("" for events not worth telling)."""
    data = event.data
    if event.kind in QUIET_EVENTS:
        return ""
    if event.kind == "reveal":
        return reveal_line(data["slot"], data["plays"], data["takers"], data["removed"], names)
    if event.kind == "split":
        return split_line(data["seat"], data["up"], data["down"], names)
    if event.kind == "steal":
        return steal_line(data["seat"], data["victim"], data["card"], data["to"], names)
    if event.kind == "no_steal":
        return f"{bold_name(names, data['seat'])} finds no face-up card to take for the borders."
    if event.kind == "steal_done":
        return f"{bold_name(names, data['seat'])} stops stealing."
    if event.kind == "confirm":
        return f"{bold_name(names, data['seat'])} has placed their cards."
    if event.kind == "resign":
        return f"{bold_name(names, data['seat'])} leaves the game; their cards leave with them."
    return fill_names(event.text, names)


def reveal_line(
    slot: str,
    plays: Sequence[Sequence[Any]],
    takers: Sequence[int],
    removed: Sequence[str],
    names: Sequence[str],
) -> str:
    """``**Area ▲ highest**: ann Cuba 109,884 km² · ben blind → **ann** takes 1 card.``"""
    category = slot.rpartition("-")[0]
    shown = " · ".join(
        f"{seat_name(names, int(seat))} {_play_text(str(entry), category)}" for seat, entry in plays
    )
    islands = sum(entry != BLIND for _, entry in plays)
    if not takers:
        outcome = "only blind cards: no trick."
    elif len(takers) == 1:
        outcome = f"{bold_name(names, takers[0])} takes {plural(islands, 'card')}."
    else:
        tied = join_names([bold_name(names, seat) for seat in takers])
        gone = ", ".join(island(card).name_en for card in removed)
        outcome = f"tie: {tied} keep their own cards" + (
            f"; {gone} leave{'s' if len(removed) == 1 else ''} the game." if removed else "."
        )
    return f"**{slot_label(slot)}**: {shown} → {outcome}"


def _play_text(entry: str, category: str) -> str:
    """``Cuba 109,884 km²``, or ``blind``."""
    if entry == BLIND:
        return "blind"
    return f"{island(entry).name_en} {value_text(entry, category)}"


def split_line(seat: int, up: Sequence[str], down: int, names: Sequence[str]) -> str:
    """What a taker did with a trick, without naming the cards that went face down."""
    parts = [f"{join_names([island_label(card) for card in up])} face up"] if up else []
    parts += [f"{plural(down, 'card')} face down"] if down else []
    return f"{bold_name(names, seat)} puts {' and '.join(parts)}."


def steal_line(seat: int, victim: int, card: str, to: str, names: Sequence[str]) -> str:
    """A steal for national borders; a card put face down is not named (only its sea)."""
    thief, robbed, found = bold_name(names, seat), bold_name(names, victim), island(card)
    sea = found.sea.display_name
    if to == SEA:
        return f"{thief} takes {found.name_en} from {robbed} onto their {sea} pile."
    return f"{thief} takes a card from {robbed}'s {sea} pile and puts it face down."


def next_step(table: Table, names: Sequence[str]) -> str:
    """What the table is waiting for, from the public view ("" once the game is over)."""
    if table.outcome is not None:
        return ""
    if table.pending:
        job = table.pending[0]
        who = bold_name(names, job.seat)
        if job.kind == "split":
            cards = ", ".join(card.name_en for card in job.cards)
            return f"{who} splits the trick ({cards}) with **My moves**."
        return (
            f"{who} may take {plural(job.remaining, 'face-up card')} from the others' sea "
            "piles for national borders, with **My moves**."
        )
    if table.phase == "reveal" and table.next_slot is not None:
        return (
            f"Next: **{slot_label(table.next_slot)}**. Anyone can press **Reveal next**;"
            " it also turns over by itself shortly."
        )
    waiting = [seat_name(names, p.seat) for p in table.players if p.active and not p.confirmed]
    return (
        f"Round {table.round} of {table.rounds}: waiting for {join_names(waiting)} to place "
        "their cards. Press **My moves** to place yours."
    )
