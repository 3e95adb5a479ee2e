"""The race state: every player's sheet, status and draft, the shared roll, and the rounds.

Sheets live in a tuple; an action replaces only the acting player's entry, so with 99 players
one submission touches one sheet. The roll is made from the state's Rng when a round opens and
recorded (with any rerolled doubles) in the state and in an event.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from engine.core import EndReason, Event, Rng, Seat, Words, said
from engine.core.memo import BoundedMemo
from engine.core.names import seat_ref

from .actions import format_action, parse_action
from .geometry import DIE_FACES, LEVELS, LevelSpec, cell_name
from .sheet import Sheet, cell_index, new_sheet, sheet_from_json, sheet_to_json
from .turn import Draft, can_draw_anything, rebuild

PLAYING, SUBMITTED, STOPPED, STUCK = "playing", "submitted", "stopped", "cannot_continue"
STATUSES = (PLAYING, SUBMITTED, STOPPED, STUCK)
ENDED = frozenset({STOPPED, STUCK})
ALL_ENDED = Words("every player has ended")
HOST_REASON = Words("the host ended the race")
ALL_STOPPED = EndReason("all_stopped")  # every player stopped or could not go on


@dataclass(frozen=True, slots=True)
class Player:
    """One seat: its sheet as of the last submitted turn, its status and its turn in progress.

    ``names`` holds ``(cell, quarter, name)`` anchors in the order given; an island shows the
    latest name anchored in it.
    """

    sheet: Sheet
    status: str = PLAYING
    draft: Draft | None = None
    names: tuple[tuple[int, int, str], ...] = ()

    @property
    def working(self) -> Draft:
        """The turn in progress (an empty one if nothing was done yet)."""
        return self.draft if self.draft is not None else Draft(self.sheet)


@dataclass(frozen=True, slots=True)
class IslantState:
    """A whole race. ``end_reason`` (a sentence) and ``end_code`` (an :class:`EndReason`) are
    set once every player has ended, the last round is over, or the host ended it."""

    level: int
    max_rounds: int
    round: int
    roll: tuple[int, ...]
    rerolled: tuple[tuple[int, ...], ...]
    rng: Rng
    players: tuple[Player, ...]
    end_reason: str = ""
    end_code: str = ""

    @property
    def finished(self) -> bool:
        return bool(self.end_reason)

    @property
    def spec(self) -> LevelSpec:
        return LEVELS[self.level]

    def with_player(self, seat: Seat, player: Player) -> IslantState:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    def seats(self, *statuses: str) -> list[Seat]:
        return [s for s, p in enumerate(self.players) if p.status in statuses]


def start(
    level: int, max_rounds: int, num_players: int, rng: Rng
) -> tuple[IslantState, list[Event]]:
    """A new race with the first roll made."""
    players = (Player(new_sheet(level)),) * num_players
    state = IslantState(level, max_rounds, 0, (), (), rng, players)
    return open_round(state)


def roll_dice(
    spec: LevelSpec, rng: Rng
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], Rng]:
    """The roll of a level, rerolling doubles where the level says so."""
    rerolled: list[tuple[int, ...]] = []
    dice, rng = rng.roll(spec.dice, DIE_FACES)
    while spec.reroll_doubles and len(set(dice)) < len(dice):
        rerolled.append(dice)
        dice, rng = rng.roll(spec.dice, DIE_FACES)
    return dice, tuple(rerolled), rng


def open_round(state: IslantState) -> tuple[IslantState, list[Event]]:
    """Roll for the next round; players who can draw nothing with it end their game."""
    dice, rerolled, rng = roll_dice(state.spec, state.rng)
    number = state.round + 1
    data = {"round": number, "dice": list(dice), "rerolled": [list(r) for r in rerolled]}
    shown = " ".join(map(str, dice))
    if rerolled:
        doubles = ", ".join(" ".join(map(str, r)) for r in rerolled)
        events = [
            said(
                "roll",
                "Round {round}: {dice} (rerolled doubles {doubles}).",
                data,
                round=number,
                dice=shown,
                doubles=doubles,
            )
        ]
    else:
        events = [said("roll", "Round {round}: {dice}.", data, round=number, dice=shown)]
    players = list(state.players)
    for seat, player in enumerate(players):
        if player.status in ENDED:
            continue
        if can_draw_anything(player.sheet, dice):
            players[seat] = replace(player, status=PLAYING, draft=None)
        else:
            players[seat] = replace(player, status=STUCK, draft=None)
            events.append(
                said(
                    "cannot_continue",
                    "{who} cannot draw any tile with this roll: their game ends.",
                    {"seat": seat},
                    who=seat_ref(seat),
                )
            )
    state = replace(
        state, round=number, roll=dice, rerolled=rerolled, rng=rng, players=tuple(players)
    )
    if not state.seats(PLAYING):
        return finish(state, ALL_ENDED, ALL_STOPPED, events)
    return state, events


def close_round(state: IslantState) -> tuple[IslantState, list[Event]]:
    """End the round: unsubmitted drafts are dropped, then the next roll (or the end)."""
    players = tuple(
        p if p.status in ENDED else replace(p, status=PLAYING, draft=None) for p in state.players
    )
    state = replace(state, players=players)
    closed = said(
        "round_closed", "Round {round} is closed.", {"round": state.round}, round=state.round
    )
    events = [closed]
    if state.max_rounds and state.round >= state.max_rounds:
        return finish(state, rounds_over(state.max_rounds), EndReason.ROUNDS_OVER, events)
    if not state.seats(PLAYING):
        return finish(state, ALL_ENDED, ALL_STOPPED, events)
    state, more = open_round(state)
    return state, events + more


def after_player(state: IslantState) -> tuple[IslantState, list[Event]]:
    """Close the round once nobody still playing has a turn left to submit."""
    if state.seats(PLAYING):
        return state, []
    if state.seats(SUBMITTED):
        return close_round(state)
    return finish(state, ALL_ENDED, ALL_STOPPED, [])


def finish(
    state: IslantState, reason: str, code: EndReason, events: list[Event]
) -> tuple[IslantState, list[Event]]:
    """The race is over: drafts are dropped and the result is final."""
    players = tuple(replace(p, draft=None) for p in state.players)
    state = replace(state, players=players, end_reason=reason, end_code=code.value)
    data = {"reason": reason, "code": code.value}
    over = said("game_over", "The race is over: {reason}.", data, reason=reason)
    return state, [*events, over]


def rounds_over(rounds: int) -> str:
    """``the last round (10) is over``."""
    return Words("the last round ({rounds}) is over", {"rounds": rounds})


def end_words(reason: str, code: str, rounds: int) -> str:
    """A saved end reason as the Words it was made from (a reader's language can tell it),
    else as saved."""
    known = {
        EndReason.HOST_ENDED.value: HOST_REASON,
        ALL_STOPPED.value: ALL_ENDED,
        EndReason.ROUNDS_OVER.value: rounds_over(rounds),
    }.get(code)
    return known if known is not None and known == reason else reason


# ----- JSON -----------------------------------------------------------------------------------
def state_to_json(state: IslantState) -> dict[str, Any]:
    return {
        "level": state.level,
        "max_rounds": state.max_rounds,
        "round": state.round,
        "roll": list(state.roll),
        "rerolled": [list(r) for r in state.rerolled],
        "rng": state.rng.to_json(),
        "end_reason": state.end_reason,
        "end_code": state.end_code,
        "players": [_player_to_json(p) for p in state.players],
    }


# Sheets whose JSON is remembered by identity: a submission replaces one sheet of 99, so a
# save serializes one sheet, not 99. The remembered data is shared: callers must not mutate it.
SHEET_JSON_MEMO = 4096
_sheet_json_memo: BoundedMemo[int, tuple[Sheet, dict[str, Any]]] = BoundedMemo(SHEET_JSON_MEMO)


def _sheet_json(sheet: Sheet) -> dict[str, Any]:
    """:func:`sheet_to_json`, remembered for the same sheet object."""
    hit = _sheet_json_memo.get(id(sheet))
    if hit is not None and hit[0] is sheet:
        return hit[1]
    data = sheet_to_json(sheet)
    _sheet_json_memo.put(id(sheet), (sheet, data))
    return data


def _player_to_json(player: Player) -> dict[str, Any]:
    data: dict[str, Any] = {"status": player.status, "sheet": _sheet_json(player.sheet)}
    if player.draft is not None:
        data["draft"] = [format_action(step) for step in player.draft.steps]
    if player.names:
        size = player.sheet.size
        data["names"] = [[cell_name(c, size), q, name] for c, q, name in player.names]
    return data


def state_from_json(data: dict[str, Any]) -> IslantState:
    level = int(data["level"])
    roll = tuple(int(d) for d in data["roll"])
    code = str(data.get("end_code") or _legacy_code(str(data["end_reason"])))
    players = tuple(_player_from_json(level, roll, p) for p in data["players"])
    return IslantState(
        level=level,
        max_rounds=int(data["max_rounds"]),
        round=int(data["round"]),
        roll=roll,
        rerolled=tuple(tuple(int(d) for d in r) for r in data["rerolled"]),
        rng=Rng.from_json(data["rng"]),
        players=players,
        end_reason=end_words(str(data["end_reason"]), code, int(data["max_rounds"])),
        end_code=code,
    )


# Players read back by their JSON: a race saved after one player's step reads one player anew
# and shares the other 98 with the state read before it (so menus remembered for those players'
# objects stay valid). Players are immutable, so sharing them is safe.
PLAYER_JSON_MEMO = 1024
_player_memo: BoundedMemo[str, Player] = BoundedMemo(PLAYER_JSON_MEMO)


def _player_from_json(level: int, roll: tuple[int, ...], data: dict[str, Any]) -> Player:
    """A player read from its JSON (its draft replayed against ``roll``), remembered by text."""
    key = f"{level}|{roll}|{json.dumps(data, separators=(',', ':'))}"
    hit = _player_memo.get(key)
    if hit is not None:
        return hit
    sheet = sheet_from_json(level, data["sheet"])
    draft = None
    if "draft" in data:
        draft = rebuild(sheet, roll, [parse_action(step) for step in data["draft"]])
    names = tuple((cell_index(c, sheet.size), int(q), str(n)) for c, q, n in data.get("names", ()))
    player = Player(sheet, str(data["status"]), draft, names)
    _player_memo.put(key, player)
    return player


def _legacy_code(reason: str) -> str:
    """The code of a race saved before races stored one (from its sentence)."""
    if not reason:
        return ""
    if "host" in reason:
        return EndReason.HOST_ENDED.value
    if "last round" in reason:
        return EndReason.ROUNDS_OVER.value
    return ALL_STOPPED.value
