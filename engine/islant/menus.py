"""Islant turns by taps: the menu tree over a seat's legal actions.

Before the dice are assigned, the top menu offers a few suggested whole turns (one tap plays
the assignment and every tile as the quick computer player would, leaving the player to look
and submit), then whole assignments, those that give every tile a place first; when there are
more than fit one menu, the dice of the first slots are chosen one by one until the rest fits.
Once they are assigned, the top menu offers "Submit my turn" when every tile is done, the
values a pending 6 may stand for, the places of the first open tile (cell and rotation
together when they fit; else its cells, or its columns), the other tiles, the rest of the turn
as suggested, tiles to cross out, "Undo the last step" and "Stop: end my game now". A tile's
places narrow by column, then cell, then rotation, only as far as needed to fit a menu. The
places of the last tile left submit the turn with it (a tap fewer); the same places without
submitting are one level down.

NAME is not offered: an island's name is free text, typed as a command.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import groupby
from typing import TypeVar

from engine.core import Seat, Words
from engine.core.memo import BoundedMemo
from engine.core.menus import MAX_CHOICES, Menu, Path, Picked, Step, tree_menu
from engine.core.words import either, listing

from .actions import Action, Assign, Cross, Draw, Stop, Submit, Undo, Wild
from .geometry import COLUMN, LAND_SLOTS, SHIPS, column_letter, distinct_rotations, tile_for
from .scoring import score
from .state import IslantState, Player
from .suggest import Plan, ranked_draws, rest_of_turn, suggested_turns
from .turn import (
    NO_COLUMN_RULE,
    Draft,
    apply_step,
    can_place,
    column_choices,
    draft_columns,
    open_cells,
    placements,
    possible_values,
)
from .words import (
    SLOT_TITLES,
    assignment_label,
    describe_step,
    die_text,
    placed_label,
    plan_text,
    slot_noun,
    tile_words,
    value_text,
)

Chain = tuple[Action, ...]
"""Several actions one choice plays in a row (see :attr:`Picked.then`)."""
Entry = tuple[Sequence[Step], Action | Chain]
T = TypeVar("T", Wild, Draw)
WHAT_NEXT = Words("What next?")
SUBMIT_LABEL = Words("Submit my turn")
UNDO_LABEL = Words("Undo the last step")
STOP_LABEL = Words("Stop: end my game now")
ASSIGN_PROMPT = Words("Which dice go where?")


def islant_menu(
    state: IslantState, seat: Seat, path: Path, legal: Callable[[], Sequence[Action]]
) -> Menu | Picked[Action]:
    """The menu ``seat`` sees after ``path`` among its ``legal()`` actions, or the action
    named. The tree is remembered for the seat's player object (players are immutable and
    shared between the states of a race, so another player's step keeps it): walking a menu
    path by path, or coming back after others moved, builds it once."""
    player = state.players[seat]
    key = (id(player), state.roll, state.finished)
    hit = _memo.get(key)
    if hit is None or hit[0] is not player:
        fits = _Fits(player.working)
        entries = _entries(player.working, state.roll, fits, legal())
        hit = (player, entries, _hint(player, fits))
        _memo.at_least(MEMO_PER_SEAT * len(state.players))
        _memo.put(key, hit)
    answer = tree_menu(hit[1], path, hit[2])
    if isinstance(answer, Picked) and isinstance(answer.action, tuple):
        return Picked(answer.action[0], answer.action[1:])
    return answer  # type: ignore[return-value]


MEMO_PER_SEAT = 2
"""Trees remembered per seat of the largest race served: the seat's current one and the one
before it (a player who undoes a step comes back to it)."""
_memo: BoundedMemo[
    tuple[int, tuple[int, ...], bool],
    tuple[Player, list[Entry], Callable[[Action | Chain], str]],
] = BoundedMemo(16)


def _entries(
    draft: Draft, roll: tuple[int, ...], fits: _Fits, legal: Sequence[Action]
) -> list[Entry]:
    if not legal:  # not this seat's turn: the menus say there is nothing to do
        return []
    if draft.assigned:
        return _TurnMenu(draft, legal).entries()
    assigns = _by_fit(fits, [a for a in legal if isinstance(a, Assign)])
    plans = suggested_turns(draft, roll, assigns)
    entries = _assignment_entries(fits, assigns, len(plans))
    prompt = ASSIGN_PROMPT if plans else entries[0][0][0].prompt
    suggested = [_plan_entry(plan, draft, f"plan-{i}", prompt) for i, plan in enumerate(plans)]
    return [*suggested, *entries, _simple(Stop(), "stop", STOP_LABEL, prompt)]


def _plan_entry(plan: Plan, before: Draft, key: str, prompt: str) -> Entry:
    """A suggested turn (or rest of a turn) as one choice: the tiles where they would go, and
    the score it would give."""
    start = score(before.sheet).total
    values = {"plan": plan_text(plan.steps, plan.draft)}
    if before.assigned:
        label = Words("Rest as suggested: {plan}", values)
    else:
        label = Words("Suggested: {plan}", values)
    hint = Words(
        "Draws them there: score {before} → {after}; you submit after a look",
        {"before": start, "after": plan.total},
    )
    return (Step(key, label, prompt, hint),), plan.steps


def _simple(action: Action, key: str, label: str, prompt: str) -> Entry:
    return (Step(key, label, prompt, ends=isinstance(action, Stop)),), action


def _hint(player: Player, fits: _Fits) -> Callable[[Action | Chain], str]:
    """What a choice that completes an action says under its label."""
    draft = player.working

    def hint(action: Action | Chain) -> str:
        if isinstance(action, tuple):
            if action[-1] != Submit():  # a suggestion: its step says what it does
                return ""
            last, _ = apply_step(draft, (), action[0])  # a place of the last tile, and Submit
            before, after = score(player.sheet).total, score(last.sheet).total
            return Words(
                "Then your turn is submitted: score {before} → {after}",
                {"before": before, "after": after},
            )
        if isinstance(action, Assign):
            stuck = [SLOT_TITLES[s] for s in fits.stuck(action)]
            if stuck:
                return Words("No place for {tiles} now", {"tiles": listing(stuck)})
            return Words("Every tile has a place")
        if isinstance(action, Undo):
            return Words("Takes back: {step}", {"step": describe_step(draft.steps[-1], draft)})
        if isinstance(action, Submit):
            before, after = score(player.sheet).total, score(draft.sheet).total
            return Words(
                "Your score goes from {before} to {after}", {"before": before, "after": after}
            )
        if isinstance(action, Stop):
            return Words("Your sheet is scored as it stands and you draw no more in this race")
        if isinstance(action, Wild):
            return _wild_text(draft, action)
        if isinstance(action, Draw) and action.slot == SHIPS:
            _, events = apply_step(draft, (), action)
            if events:
                made = [
                    Words(
                        "ships {cells} make {total}",
                        {"cells": " ".join(e.data["cells"]), "total": e.data["total"]},
                    )
                    for e in events
                ]
                return Words("A ship total is marked: {made}", {"made": listing(made)})
        return describe_step(action, draft)  # (the panel starts it with a capital)

    return hint


# ----- the assignment -------------------------------------------------------------------------
class _Fits:
    """Which tiles find a place under an assignment (a 6: under some value), each slot, die
    and grid-column die tried once, over the cells where the slot's tiles might go."""

    def __init__(self, draft: Draft) -> None:
        self.sheet = draft.sheet
        self.near: dict[str, list[int]] = {}
        self.known: dict[tuple[str, int, int | None], bool] = {}

    def stuck(self, action: Assign) -> list[str]:
        """The tile slots of ``action`` that would find no place."""
        spec = self.sheet.spec
        column = action.as_dict().get(COLUMN)
        out = []
        for slot, die in action.dice:
            if slot == COLUMN:
                continue
            key = (slot, die, column if slot in LAND_SLOTS else None)
            if key not in self.known:
                if slot not in self.near:
                    self.near[slot] = open_cells(self.sheet, slot)
                near = self.near[slot]
                rules = column_choices(spec, key[2])
                values = possible_values(die)
                self.known[key] = any(
                    can_place(self.sheet, slot, values, rule, near) for rule in rules
                )
            if not self.known[key]:
                out.append(slot)
        return out


def _lead(assigns: list[Assign], others: int) -> int:
    """How many slots get their die one by one before the rest fits one menu (with STOP and
    ``others`` more choices)."""
    lead = 0
    while (
        max(Counter(_dice(a)[:lead] for a in assigns).values()) + (lead == 0) * (1 + others)
        > MAX_CHOICES
    ):
        lead += 1
    return lead


def _by_fit(fits: _Fits, assigns: list[Assign]) -> list[Assign]:
    """The assignments, those giving every tile a place first (else in the order given)."""
    return sorted(assigns, key=lambda a: len(fits.stuck(a)))


def _assignment_entries(fits: _Fits, assigns: list[Assign], others: int) -> list[Entry]:
    """Whole assignments, those giving the most tiles a place first; die by die for the first
    slots when they do not fit one menu beside ``others`` choices."""
    fitting = {a: -len(fits.stuck(a)) for a in assigns}
    lead = _lead(assigns, others)
    best: dict[tuple[int, ...], int] = {}
    for action in assigns:
        for depth in range(1, lead + 1):
            key = _dice(action)[:depth]
            best[key] = max(best.get(key, -len(action.dice)), fitting[action])

    def rank(action: Assign) -> list[int]:
        leads = [-best[_dice(action)[:depth]] for depth in range(1, lead + 1)]
        return [*leads, -fitting[action]]

    ranked = sorted(assigns, key=rank)
    asks = [
        Words("Which die goes to {slot}?", {"slot": slot_noun(slot)}) for slot, _ in ranked[0].dice
    ]
    entries: list[Entry] = []
    for action in ranked:
        steps = []
        for depth, ((slot, die), ask) in enumerate(zip(action.dice[:lead], asks, strict=False)):
            short = best[_dice(action)[: depth + 1]] < 0
            label = die_text(slot, die)
            if short:
                label = Words("{die} (a tile would find no place)", {"die": label})
            steps.append(Step(str(die), label, ask))
        rest = assignment_label(Assign(action.dice[lead:]))
        ask = Words("And the other dice?") if lead else ASSIGN_PROMPT
        steps.append(Step(rest, rest, ask))
        entries.append((tuple(steps), action))
    return entries


def _dice(action: Assign) -> tuple[int, ...]:
    return tuple(die for _, die in action.dice)


# ----- the turn after the assignment ----------------------------------------------------------
@dataclass
class _TurnMenu:
    """The entries of the turn's top menu and of the trees below it."""

    draft: Draft
    legal: Sequence[Action]

    def entries(self) -> list[Entry]:
        wilds = self._by_slot(Wild)
        draws = self._by_slot(Draw)
        crosses = [a for a in self.legal if isinstance(a, Cross)]
        fixed = [a for a in self.legal if isinstance(a, Submit | Undo | Stop)]
        last = self._last_tile(draws, wilds, crosses)
        rest = rest_of_turn(self.draft) if len(self.draft.open_slots()) > 1 else None
        extra = (last is not None) + (rest is not None)
        room = MAX_CHOICES - len(fixed) - len(crosses) - len(wilds) - len(draws) - extra
        open_wilds = []
        for slot, values in wilds.items():
            if len(values) - 1 <= room:
                open_wilds.append(slot)
                room -= len(values) - 1
        share = _share({slot: len(actions) for slot, actions in draws.items()}, room)
        top = {slot for slot, actions in draws.items() if len(actions) <= share}
        named = len(draws) == 1 and not open_wilds
        prompt = self._prompt(wilds, next(iter(draws)) if named else None, open_wilds, last)
        entries: list[Entry] = []
        if Submit() in fixed:
            entries.append(_simple(Submit(), "submit", SUBMIT_LABEL, prompt))
        for slot, values in wilds.items():
            entries += self._wild_entries(slot, values, prompt, slot in open_wilds)
        for slot, actions in draws.items():
            entries += self._tile_entries(slot, actions, prompt, "" if named else None, share, top)
            if slot == last:
                label = Words("Place it without submitting yet")
                head = (Step(f"keep-{slot}", label, prompt),)
                ranked = ranked_draws(self.draft, actions)
                entries += self._draw_entries(slot, ranked, head, self._ask(slot), "", False, True)
        if rest is not None:
            entries.append(_plan_entry(rest, self.draft, "rest", prompt))
        for action in crosses:
            label = Words(
                "Cross out your {slot} tile (it has no place)", {"slot": SLOT_TITLES[action.slot]}
            )
            entries.append(_simple(action, f"cross-{action.slot}", label, prompt))
        if Undo() in fixed:
            entries.append(_simple(Undo(), "undo", UNDO_LABEL, prompt))
        entries.append(_simple(Stop(), "stop", STOP_LABEL, prompt))
        return entries

    def _by_slot(self, kind: type[T]) -> dict[str, list[T]]:
        out: dict[str, list[T]] = {}
        for action in self.legal:
            if isinstance(action, kind):
                out.setdefault(action.slot, []).append(action)
        return out

    def _tile_entries(
        self,
        slot: str,
        actions: list[Draw],
        prompt: str,
        tile: str | None,
        share: int,
        top: set[str],
    ) -> list[Entry]:
        """A tile's places on the top menu: all of them when they fit, else its best
        ``share`` and "Other places" (the rest, narrowed as needed). The places of the last
        tile submit the turn with it."""
        submits = self.draft.open_slots() == [slot]
        name = self._short_words(slot) if tile is None else tile
        ranked = ranked_draws(self.draft, actions)
        if submits:  # best first by the score the turn ends with, as the places' hints say
            ranked.sort(key=lambda draw: -score(apply_step(self.draft, (), draw)[0].sheet).total)
        if slot in top:
            return self._draw_entries(slot, ranked, (), prompt, name, submits, True)
        entries = self._draw_entries(slot, ranked[:share], (), prompt, name, submits, True)
        if name:
            label = Words("Other places for your {tile}", {"tile": self._tile_words(slot)})
        else:
            label = Words("Other places")
        head = (Step(f"more-{slot}", label, prompt),)
        rest = ranked[share:]
        return entries + self._draw_entries(slot, rest, head, self._ask(slot), "", submits)

    def _ask(self, slot: str) -> str:
        return Words("Where does your {tile} go?", {"tile": self._tile_words(slot)})

    def _last_tile(
        self, draws: dict[str, list[Draw]], wilds: dict[str, list[Wild]], crosses: list[Cross]
    ) -> str | None:
        """The slot of the only tile left, when drawing it leaves nothing but submitting."""
        if len(draws) != 1 or wilds or crosses:
            return None
        slot = next(iter(draws))
        return slot if self.draft.open_slots() == [slot] else None

    def _prompt(
        self,
        wilds: dict[str, list[Wild]],
        focus: str | None,
        open_wilds: list[str],
        last: str | None,
    ) -> str:
        """The question of the top menu: about the one tile or 6 it is mostly about."""
        if last is not None and focus == last:
            return Words(
                "Last tile: where does your {tile} go (this submits your turn)?",
                {"tile": self._tile_words(last)},
            )
        if focus is not None:
            return self._ask(focus)
        if open_wilds and not self._by_slot(Draw):
            return Words("What does your {slot} 6 stand for?", {"slot": SLOT_TITLES[open_wilds[0]]})
        if not wilds and Submit() in self.legal:
            return Words("Every tile is done: submit your turn?")
        return WHAT_NEXT

    def _short_words(self, slot: str) -> str:
        """``Red Land 3``, ``wave 4``: a tile and its value without its shape."""
        value = self.draft.value(slot)
        assert value is not None
        return tile_words(slot, value, shape=False)

    def _tile_words(self, slot: str) -> str:
        """``Red Land 3 (three quarters)``, ``wave 4``."""
        value = self.draft.value(slot)
        assert value is not None
        return tile_words(slot, value)

    @staticmethod
    def _wild_entries(slot: str, values: list[Wild], prompt: str, shown: bool) -> list[Entry]:
        title = SLOT_TITLES[slot]
        ask = Words("What does your {slot} 6 stand for?", {"slot": title})
        head = (
            ()
            if shown
            else (
                Step(
                    f"wild-{slot}",
                    Words("Choose what your {slot} 6 stands for", {"slot": title}),
                    prompt,
                ),
            )
        )
        entries: list[Entry] = []
        for wild in values:
            words = str(wild.value) if slot == COLUMN else value_text(slot, wild.value)
            label = Words("{slot} 6 as {value}", {"slot": title, "value": words})
            step = Step(f"wild-{slot}-{wild.value}", label, prompt if shown else ask)
            entries.append(((*head, step), wild))
        return entries

    def _draw_entries(
        self,
        slot: str,
        draws: list[Draw],
        head: tuple[Step, ...],
        ask: str,
        tile: str,
        submits: bool,
        ranked: bool = False,
    ) -> list[Entry]:
        """A tile's places in one level if they fit a menu, else by cell, else by column, in
        the sheet's order unless ``ranked``; a ``tile`` name starts the labels of the first
        level (several tiles on one menu). Each place ``submits`` the turn with it when
        asked (the last tile)."""
        value = self.draft.value(slot)
        assert value is not None
        draws = list(draws) if ranked else sorted(draws, key=_sheet_order)
        room = MAX_CHOICES
        turns = Counter(d.cell for d in draws)
        shaped = slot in LAND_SLOTS and len(distinct_rotations(tile_for(slot, value).mask)) > 1

        def chosen(draw: Draw) -> Action | Chain:
            return (draw, Submit()) if submits else draw

        def where(cell: str, first: bool) -> str:
            return Words("{tile} at {cell}", {"tile": tile, "cell": cell}) if first else cell

        def place(draw: Draw, question: str, first: bool = False) -> Step:
            label = where(draw.cell, first)
            if shaped and draw.rotation is not None:
                shape = placed_label(slot, value, draw.rotation)
                label = Words("{where} · {shape}", {"where": label, "shape": shape})
            return Step(f"{slot} {draw.cell} R{draw.rotation}", label, question)

        def by_cell(draw: Draw, question: str, first: bool = False) -> tuple[Step, ...]:
            """The cell, then (when the tile fits it several ways) the rotation."""
            many = turns[draw.cell]
            if many == 1:
                return (replace(place(draw, question, first), key=f"{slot} {draw.cell}"),)
            label = Words(
                "{where} ({count} ways round)",
                {"where": where(draw.cell, first), "count": many},
            )
            cell = Step(f"{slot} {draw.cell}", label, question)
            turn = placed_label(slot, value, draw.rotation or 0)
            ask = Words("Which way round at {cell}?", {"cell": draw.cell})
            return cell, Step(f"R{draw.rotation}", turn, ask)

        first = bool(tile)
        if len(draws) <= room:
            return [((*head, place(d, ask, first)), chosen(d)) for d in draws]
        if len(turns) <= room:
            return [((*head, *by_cell(d, ask, first)), chosen(d)) for d in draws]
        entries: list[Entry] = []
        for letter, group in groupby(draws, key=lambda d: d.cell[0]):
            places = list(group)
            values = {"tile": tile, "letter": letter, "places": _places(len(places))}
            name = (
                Words("{tile} in column {letter}: {places}", values)
                if tile
                else Words("Column {letter}: {places}", values)
            )
            column = Step(f"{slot} {letter}", name, ask)
            inside = Words("Where in column {letter}?", {"letter": letter})
            for d in places:
                rest = (place(d, inside),) if len(places) <= MAX_CHOICES else by_cell(d, inside)
                entries.append(((*head, column, *rest), chosen(d)))
        return entries


def _places(count: int) -> str:
    if count == 1:
        return Words("{count} place", {"count": count})
    return Words("{count} places", {"count": count})


def _share(sizes: dict[str, int], room: int) -> int:
    """How many places each tile may show on the top menu, given ``room`` choices beyond one
    per tile: a tile with more shows that many best ones and "Other places"."""
    budget = room + len(sizes)
    share = 0
    while share < MAX_CHOICES and (
        sum(size if size <= share + 1 else share + 2 for size in sizes.values()) <= budget
    ):
        share += 1
    return share


def _sheet_order(draw: Draw) -> tuple[str, int, int]:
    """Column letter, then row, then rotation: the order cells are found on the sheet."""
    return draw.cell[0], int(draw.cell[1:]), draw.rotation or 0


def _wild_text(draft: Draft, action: Wild) -> str:
    """What a value for a 6 allows: the columns of land, or how many cells the tile fits."""
    if action.slot == COLUMN:
        return _columns_text(draft, action.value)
    columns = NO_COLUMN_RULE
    if action.slot in LAND_SLOTS and COLUMN in dict(draft.dice) and draft.value(COLUMN):
        columns = draft_columns(draft)
    count = len({c for c, _ in placements(draft.sheet, action.slot, action.value, columns)})
    if not count:
        return Words("Fits nowhere now")
    if count == 1:
        return Words("Fits in {count} cell now", {"count": count})
    return Words("Fits in {count} cells now", {"count": count})


def _columns_text(draft: Draft, value: int) -> str:
    """``Land goes in column C, I or F (ANY)`` for a grid-column value."""
    spec = draft.sheet.spec
    labels = spec.column_labels or ()
    letters = [
        column_letter(c) + (" (ANY)" if labels[c] is None else "")
        for c in sorted(spec.columns_for(value))
    ]
    return Words("Land goes in column {columns}", {"columns": either(letters)})
