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
)
from engine.core import Event, fill_names
from locales import N_, _, current, join_names, seat_name
from locales.competition import island_name, local_number, slot_label

from ..i18n import event_text
from ..store import GameRecord

MAX_EVENT_LINES = 14
QUIET_EVENTS = frozenset({"placement"})
COUNTED = {
    "card": (N_("1 card"), N_("{count} cards")),
    "point": (N_("1 point"), N_("{count} points")),
    "face-up card": (N_("1 face-up card"), N_("{count} face-up cards")),
}
"""The counted words of :func:`plural`: (one, many) in the catalog."""
"""Events not worth a public line (a placement's progress shows on the picture)."""


def table_of(record: GameRecord, state: Any) -> Table:
    """The public view of a game, read into typed records."""
    return Table.of(find_game(record.game).view(state, None))


def island(card: str) -> IslandCard:
    """The island card of an id or a view token (``card:usedom``)."""
    return card_by_id(card.removeprefix("card:"))


def island_label(card: str) -> str:
    """An island's name with its sea, e.g. ``Usedom (North & Baltic Sea)``."""
    found = island(card)
    return f"{island_name(found)} ({_(found.sea.display_name)})"


def value_text(card: str, category: str) -> str:
    """An island's value in a category with its unit, e.g. ``3,604 km²`` (``3.604 km²``)."""
    return local_number(format_with_unit(category, island(card).value(category)))


def slot_text(index: int) -> str:
    """Slot ``index`` (reveal order) as people read it, e.g. ``Area ▲ highest``."""
    return slot_label(SLOTS[index].key)


def plural(count: int, word: str) -> str:
    """``1 card``, ``2 cards`` (``word`` is one of :data:`COUNTED`)."""
    one, many = COUNTED[word]
    return _(one) if count == 1 else _(many, count=count)


def bold_name(names: Sequence[str], seat: int) -> str:
    return f"**{seat_name(names, seat)}**"


def event_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """One line per public event worth telling, names filled in, at most a screenful."""
    lines = [line for event in events if (line := event_line(event, names))]
    if len(lines) > MAX_EVENT_LINES:
        hidden = len(lines) - MAX_EVENT_LINES + 1
        lines = [*lines[: MAX_EVENT_LINES - 1], _("… and {count} more.", count=hidden)]
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
    if event.kind in SEAT_LINES:
        return _(SEAT_LINES[event.kind], name=bold_name(names, data["seat"]))
    return fill_names(event_text(current(), event), names)


SEAT_LINES = {
    "no_steal": N_("{name} finds no face-up card to take for the borders."),
    "steal_done": N_("{name} stops stealing."),
    "confirm": N_("{name} has placed their cards."),
    "resign": N_("{name} leaves the game; their cards leave with them."),
}
"""Events told by who did them alone."""


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
    islands = sum(entry != BLIND for _seat, entry in plays)
    if not takers:
        outcome = _("only blind cards: no trick.")
    elif len(takers) == 1:
        who = bold_name(names, takers[0])
        outcome = _("{name} takes {cards}.", name=who, cards=plural(islands, "card"))
    else:
        tied = join_names([bold_name(names, seat) for seat in takers])
        gone = ", ".join(island_name(island(card)) for card in removed)
        if not removed:
            outcome = _("tie: {names} keep their own cards.", names=tied)
        elif len(removed) == 1:
            outcome = _(
                "tie: {names} keep their own cards; {gone} leaves the game.", names=tied, gone=gone
            )
        else:
            outcome = _(
                "tie: {names} keep their own cards; {gone} leave the game.", names=tied, gone=gone
            )
    return f"**{slot_label(slot)}**: {shown} → {outcome}"


def _play_text(entry: str, category: str) -> str:
    """``Cuba 109,884 km²``, or ``blind``."""
    if entry == BLIND:
        return _("blind")
    return f"{island_name(island(entry))} {value_text(entry, category)}"


def split_line(seat: int, up: Sequence[str], down: int, names: Sequence[str]) -> str:
    """What a taker did with a trick, without naming the cards that went face down."""
    up_text = join_names([island_label(card) for card in up])
    who = bold_name(names, seat)
    if up and down:
        return _(
            "{name} puts {cards} face up and {count} face down.",
            name=who,
            cards=up_text,
            count=plural(down, "card"),
        )
    if up:
        return _("{name} puts {cards} face up.", name=who, cards=up_text)
    return _("{name} puts {count} face down.", name=who, count=plural(down, "card"))


def steal_line(seat: int, victim: int, card: str, to: str, names: Sequence[str]) -> str:
    """A steal for national borders; a card put face down is not named (only its sea)."""
    thief, robbed, found = bold_name(names, seat), bold_name(names, victim), island(card)
    sea = _(found.sea.display_name)
    if to == SEA:
        return _(
            "{thief} takes {island} from {robbed} onto their {sea} pile.",
            thief=thief,
            island=island_name(found),
            robbed=robbed,
            sea=sea,
        )
    return _(
        "{thief} takes a card from {robbed}'s {sea} pile and puts it face down.",
        thief=thief,
        robbed=robbed,
        sea=sea,
    )


def next_step(table: Table, names: Sequence[str]) -> str:
    """What the table is waiting for, from the public view ("" once the game is over)."""
    if table.outcome is not None:
        return ""
    if table.pending:
        job = table.pending[0]
        who = bold_name(names, job.seat)
        if job.kind == "split":
            cards = ", ".join(island_name(card) for card in job.cards)
            return _("{name} splits the trick ({cards}) with **My moves**.", name=who, cards=cards)
        return _(
            "{name} may take {cards} from the others' sea piles for national borders, "
            "with **My moves**.",
            name=who,
            cards=plural(job.remaining, "face-up card"),
        )
    if table.phase == "reveal" and table.next_slot is not None:
        return _(
            "Next: **{slot}**. Anyone can press **Reveal next**; it also turns over by itself "
            "shortly.",
            slot=slot_label(table.next_slot),
        )
    waiting = [seat_name(names, p.seat) for p in table.players if p.active and not p.confirmed]
    return _(
        "Round {round} of {rounds}: waiting for {names} to place their cards. Press "
        "**My moves** to place yours.",
        round=table.round,
        rounds=table.rounds,
        names=join_names(waiting),
    )
