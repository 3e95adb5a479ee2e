"""What a player's panel says about their race and their turn, in plain words (no markup):
the title, the roll, their dice, what they drew, what is left to do and their score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core import Seat, Words

from .actions import Cross, Draw
from .geometry import LEVELS, SHIPS, WAVES
from .scoring import score
from .state import ENDED, PLAYING, STOPPED, SUBMITTED, IslantState
from .turn import Draft
from .words import SLOT_TITLES, die_text, joined, listing, placed_shape, tile_words

ENDED_TEXT = {
    STOPPED: Words("You ended your game."),
    "cannot_continue": Words("No tile of the roll fitted anywhere: your game has ended."),
}


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's race and turn in sentences; empty strings for what does not apply."""

    title: str
    status: str
    roll: str
    dice: str
    done: str
    to_do: str
    score: int
    draft_score: int | None

    @property
    def score_line(self) -> str:
        """``Score: 12`` or ``Score: 12 → 15 with this turn``."""
        if self.draft_score is None or self.draft_score == self.score:
            return Words("Score: {score}", {"score": self.score})
        return Words(
            "Score: {score} → {draft} with this turn",
            {"score": self.score, "draft": self.draft_score},
        )

    def lines(self) -> list[str]:
        """Every non-empty line, in the order a panel shows them."""
        parts = [self.roll, self.dice, self.done, self.to_do, self.score_line]
        return [line for line in parts if line]


def race_title(state: IslantState) -> str:
    """``Islant · Level 5 · Round 3 of 10``."""
    values = {"level": state.level, "round": state.round, "rounds": state.max_rounds}
    if state.max_rounds:
        return Words("Islant · Level {level} · Round {round} of {rounds}", values)
    return Words("Islant · Level {level} · Round {round}", values)


def roll_text(state: IslantState) -> str:
    """``Roll 3 5 1 2 4`` and any doubles rerolled before it."""
    dice = " ".join(map(str, state.roll))
    if not state.rerolled:
        return Words("Roll {dice}", {"dice": dice})
    doubles = ", ".join(" ".join(map(str, r)) for r in state.rerolled)
    return Words("Roll {dice} (doubles rerolled: {doubles})", {"dice": dice, "doubles": doubles})


def progress_text(state: IslantState) -> str:
    """``37 of 99 done`` (players still in the race), and how many have ended."""
    done = len(state.seats(SUBMITTED))
    racing = done + len(state.seats(PLAYING))
    ended = len(state.seats(*ENDED))
    values = {"done": done, "count": racing, "ended": ended}
    if ended:
        return Words("{done} of {count} done · {ended} ended", values)
    return Words("{done} of {count} done", values)


def score_breakdown(parts: Mapping[str, int], level: int) -> str:
    """A view's score parts as the level counts them (``land 9 (sides 10 + lakes 1 − 2 × 1
    islands) · waves 4``)."""
    spec = LEVELS[level]
    out = [
        Words(
            "land {land} (sides {sides} + lakes {lakes} − 2 × {islands} islands)",
            {k: parts[k] for k in ("land", "sides", "lakes", "islands")},
        )
    ]
    if spec.coloured:
        out.append(Words("colour {colour}", {"colour": parts["colour"]}))
    if WAVES in spec.slots:
        out.append(Words("waves {waves}", {"waves": parts["waves"]}))
    if SHIPS in spec.slots:
        out.append(Words("ships {ships}", {"ships": parts["ships"]}))
    return joined(out)


def seat_summary(state: IslantState, seat: Seat) -> SeatSummary:
    """What ``seat``'s panel says now."""
    player = state.players[seat]
    now = score(player.sheet).total
    title = race_title(state)
    if state.finished or player.status in ENDED:
        to_do = Words("The race is over.") if state.finished else ENDED_TEXT[player.status]
        return SeatSummary(title, player.status, "", "", "", to_do, now, None)
    roll = roll_text(state)
    if player.status == SUBMITTED:
        to_do = Words(
            "Turn submitted ({progress}). The next roll comes when everyone has submitted, or "
            "when the round is closed.",
            {"progress": progress_text(state)},
        )
        return SeatSummary(title, player.status, roll, "", "", to_do, now, None)
    draft = player.working
    draft_score = score(draft.sheet).total if player.draft is not None else None
    return SeatSummary(
        title,
        player.status,
        roll,
        dice_text(draft),
        done_text(draft),
        to_do_text(draft),
        now,
        draft_score,
    )


def dice_text(draft: Draft) -> str:
    """``Your dice: Grid Column 3 · Red Land 6→2 · …`` once they are assigned."""
    if not draft.assigned:
        return ""
    wild = dict(draft.wild)
    dice = joined([die_text(s, d, wild.get(s)) for s, d in draft.dice])
    return Words("Your dice: {dice}", {"dice": dice})


def done_text(draft: Draft) -> str:
    """``Done: Red Land 3 at D6 (all but the bottom quarter), Ships crossed out``."""
    done: list[str] = []
    for step in draft.steps:
        if isinstance(step, Draw):
            value = draft.value(step.slot)
            assert value is not None
            values = {"tile": tile_words(step.slot, value, shape=False), "cell": step.cell}
            if step.rotation is None:
                done.append(Words("{tile} at {cell}", values))
            else:
                shape = placed_shape(step.slot, value, step.rotation)
                done.append(Words("{tile} at {cell} ({shape})", {**values, "shape": shape}))
        elif isinstance(step, Cross):
            done.append(Words("{slot} crossed out", {"slot": SLOT_TITLES[step.slot]}))
    return Words("Done: {steps}", {"steps": joined(done, ", ")}) if done else ""


def to_do_text(draft: Draft) -> str:
    """What is left this turn: ``Left to do: choose what your Red Land 6 stands for, then
    draw your wave 4 and your ship 2; then submit.``"""
    if not draft.assigned:
        return Words(
            "Left to do: give each die to a slot (a 6 is wild: you choose its value next)."
        )
    pending = [s for s, d in draft.dice if draft.value(s) is None and not draft.is_done(s)]
    tiles = [s for s in draft.open_slots() if s not in pending]
    parts: list[str] = [
        Words("choose what your {slot} 6 stands for", {"slot": SLOT_TITLES[s]}) for s in pending
    ]
    if tiles:
        yours = [Words("your {tile}", {"tile": _open_tile(draft, s)}) for s in tiles]
        parts.append(Words("draw {tiles}", {"tiles": listing(yours)}))
    if not parts:
        return Words("Every tile is done: submit your turn (or undo a step to change it).")
    return Words("Left to do: {steps}; then submit.", {"steps": listing(parts)})


def _open_tile(draft: Draft, slot: str) -> str:
    value = draft.value(slot)
    assert value is not None
    return tile_words(slot, value)
