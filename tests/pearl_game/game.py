"""Pearl divers: a test-only game of secret, simultaneous choices in timed rounds.

2 to 6 divers play a number of rounds. Each round every diver picks a depth from 1 to 5 in
secret; the picks are revealed together once everybody has picked, or when the round timer
closes the round. A diver alone at their depth brings up that many pearls; divers who picked
the same depth scare the oysters off and bring up nothing, and so does whoever had not picked.
After the last round the most pearls win; equal counts share the win. Notation: ``DIVE 3``
(``3`` alone reads too); the round timer plays ``CLOSE``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core import (
    BAD_NOTATION,
    EndReason,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Rng,
    Step,
    View,
    Words,
    counted,
    seat_ref,
    seats_with_best,
    told,
)
from engine.core.errors import NOT_A_PLAYER
from engine.core.notation import capped, shorten, whole_number
from engine.core.options import OptionValue
from engine.core.words import N_

DEPTHS = (1, 2, 3, 4, 5)
ALL_SURFACED = EndReason("all_surfaced")
NO_SUCH_DEPTH = "no_such_depth"
CHOOSE_DEPTH = Words("How deep do you dive?")
CHOSEN_DEPTH = Words("has chosen a depth")
"""What everybody else learns of a pick before the reveal."""
TIMED_OUT = Words("Time is up: whoever had not chosen a depth stays on the boat.")


@dataclass(frozen=True, slots=True)
class Dive:
    """Dive to ``depth`` this round."""

    depth: int


@dataclass(frozen=True, slots=True)
class Close:
    """The round timer: the round is revealed with the picks made so far."""


Action = Dive | Close


@dataclass(frozen=True, slots=True)
class State:
    rounds: int
    round: int = 1
    picks: tuple[int | None, ...] = ()
    pearls: tuple[int, ...] = ()
    last: tuple[int | None, ...] = ()
    """The depths revealed at the end of the previous round (None: did not dive)."""
    resigned: tuple[bool, ...] = ()
    finished: bool = False


def pearls_found(count: int) -> Words:
    return counted(count, "{count} pearl", "{count} pearls")


def haul(picks: Sequence[int | None]) -> tuple[int, ...]:
    """The pearls each diver brings up from one round's picks."""
    count = Counter(depth for depth in picks if depth is not None)
    return tuple(depth if depth is not None and count[depth] == 1 else 0 for depth in picks)


class PearlGame(Game[State, Action]):
    info = GameInfo(
        name="pearls",
        title="Pearl divers",
        summary="Pick a depth in secret each round; a diver alone at a depth finds its pearls.",
        min_players=2,
        max_players=6,
        rules_version=1,
        aliases=("pearldivers",),
        simultaneous=True,
        hidden_information=True,
        end_reasons=(ALL_SURFACED,),
        typical_players=(3, 2),
        options=(
            OptionSpec(
                name="rounds",
                description="how many rounds are dived, 1 to 9",
                default=3,
                minimum=1,
                maximum=9,
                title=N_("Rounds"),
            ),
        ),
    )

    def _new_state(self, num_players: int, options: Mapping[str, OptionValue], rng: Rng) -> State:
        rounds = int(options["rounds"])  # type: ignore[arg-type]
        nobody = (None,) * num_players
        return State(rounds, 1, nobody, (0,) * num_players, nobody, (False,) * num_players)

    # ----- the rules ------------------------------------------------------------------------
    def to_move(self, state: State) -> frozenset[int]:
        if state.finished:
            return frozenset()
        return frozenset(
            seat
            for seat, (pick, out) in enumerate(zip(state.picks, state.resigned, strict=True))
            if pick is None and not out
        )

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return [Dive(depth) for depth in DEPTHS] if seat in self.to_move(state) else []

    def _apply(self, state: State, seat: int | None, action: Action) -> tuple[State, list[Event]]:
        if seat is None:
            if not isinstance(action, Close):
                raise IllegalAction(NOT_A_PLAYER, "Only divers dive.")
            return self._reveal(state)
        if not isinstance(action, Dive):
            raise IllegalAction("timer_only", "Only the round timer closes a round.")
        if action.depth not in DEPTHS:
            words = Words("There is no depth {depth}: pick 1 to 5.", {"depth": action.depth})
            raise IllegalAction(NO_SUCH_DEPTH, words)
        picks = (*state.picks[:seat], action.depth, *state.picks[seat + 1 :])
        state = replace(state, picks=picks)
        chosen = Words("{who} has chosen a depth.", {"who": seat_ref(seat)})
        events = [told("chosen", chosen, {"seat": seat}, retells=True)]
        if not self.to_move(state):
            state, revealed = self._reveal(state)
            events += revealed
        return state, events

    def _reveal(self, state: State) -> tuple[State, list[Event]]:
        """The round's picks shown together, the pearls counted, the next round (or the end)."""
        found = haul(state.picks)
        events = [told("round", Words("Round {round} is revealed.", {"round": state.round}))]
        for seat, (depth, pearls) in enumerate(zip(state.picks, found, strict=True)):
            if state.resigned[seat]:
                continue
            if depth is None:
                words = Words("{who} stayed on the boat.", {"who": seat_ref(seat)})
            else:
                words = Words(
                    "{who} dived to depth {depth}: {found}.",
                    {"who": seat_ref(seat), "depth": depth, "found": pearls_found(pearls)},
                )
            events.append(told("revealed", words, {"seat": seat, "depth": depth}))
        pearls = tuple(a + b for a, b in zip(state.pearls, found, strict=True))
        nobody = (None,) * len(state.picks)
        over = state.round >= state.rounds
        state = replace(
            state,
            round=state.round if over else state.round + 1,
            picks=nobody,
            pearls=pearls,
            last=state.picks,
            finished=over,
        )
        return state, events

    def _resign(self, state: State, seat: int) -> tuple[State, list[Event]]:
        resigned = (*state.resigned[:seat], True, *state.resigned[seat + 1 :])
        state = replace(state, resigned=resigned)
        words = Words("{who} climbs back on the boat for good.", {"who": seat_ref(seat)})
        events = [told("resign", words, {"seat": seat}, retells=True)]
        if sum(not out for out in resigned) < 2:
            return replace(state, finished=True), events
        if not self.to_move(state):
            state, revealed = self._reveal(state)
            events += revealed
        return state, events

    def still_playing(self, state: State, seat: int) -> bool:
        return not state.finished and not state.resigned[seat]

    def outcome(self, state: State) -> Outcome | None:
        if not state.finished:
            return None
        staying = [seat for seat, out in enumerate(state.resigned) if not out]
        if len(staying) == 1:
            reason = Words("{who} is the last diver in the water.", {"who": seat_ref(staying[0])})
            return Outcome(state.pearls, (staying[0],), reason, EndReason.RESIGNED)
        winners = seats_with_best(state.pearls, staying)
        if len(winners) > 1:
            reason = Words("Every round is dived; the most pearls are shared.")
        else:
            reason = Words("Every round is dived.")
        return Outcome(state.pearls, winners, reason, ALL_SURFACED)

    def num_players(self, state: State) -> int:
        return len(state.picks)

    # ----- the contract: secrets, rounds, timers ----------------------------------------------
    def disclosure(self, state: State, seat: int, action: Action) -> str | None:
        """A pick shows only that the diver has chosen, until the round is revealed; the last
        pick of a round reveals everything with it."""
        if len(self.to_move(state)) > 1:
            return CHOSEN_DEPTH
        return None

    def ai_knowledge(self, state: State, seat: int) -> State:
        """No other diver's pick of this round."""
        picks = tuple(p if i == seat else None for i, p in enumerate(state.picks))
        return replace(state, picks=picks)

    def round_number(self, state: State) -> int | None:
        return state.round

    def close_round_action(self, state: State) -> Action | None:
        return None if state.finished else Close()

    def round_timer_words(self, state: State) -> Words:
        return TIMED_OUT

    # ----- notation and words -------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        words = capped(text).upper().split()
        if words == ["CLOSE"]:
            return Close()
        if words[:1] == ["DIVE"]:
            words = words[1:]
        depth = whole_number(words[0], max_digits=1) if len(words) == 1 else None
        if depth is None:
            quoted = shorten(text.strip())
            raise IllegalAction(
                BAD_NOTATION, Words("Could not read `{text}`: try `DIVE 3`.", {"text": quoted})
            )
        return Dive(depth)

    def format_action(self, action: Action) -> str:
        return "CLOSE" if isinstance(action, Close) else f"DIVE {action.depth}"

    def describe_action(self, action: Action, state: State | None = None) -> Words:
        if isinstance(action, Close):
            return Words("closes the round")
        return Words("dives to depth {depth}", {"depth": action.depth})

    def menu_steps(self, action: Action, state: State) -> Sequence[Step]:
        assert isinstance(action, Dive)
        label = Words("Depth {depth}", {"depth": action.depth})
        return (Step(str(action.depth), label, CHOOSE_DEPTH),)

    def declared_words(self):
        yield from super().declared_words()
        yield CHOSEN_DEPTH

    # ----- data ---------------------------------------------------------------------------
    def state_to_json(self, state: State) -> dict[str, Any]:
        return {
            "rounds": state.rounds,
            "round": state.round,
            "picks": list(state.picks),
            "pearls": list(state.pearls),
            "last": list(state.last),
            "resigned": list(state.resigned),
            "finished": state.finished,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        return State(
            int(data["rounds"]),
            int(data["round"]),
            tuple(data["picks"]),
            tuple(data["pearls"]),
            tuple(data["last"]),
            tuple(data["resigned"]),
            bool(data["finished"]),
        )

    def view(self, state: State, seat: int | None) -> View:
        """Everyone sees who has picked, the pearls and the last revealed depths; a diver
        sees their own pick too."""
        data: dict[str, Any] = {
            "round": state.round,
            "rounds": state.rounds,
            "picked": [pick is not None for pick in state.picks],
            "pearls": list(state.pearls),
            "last": list(state.last),
            "resigned": list(state.resigned),
            "finished": state.finished,
            "mine": None if seat is None else state.picks[seat],
        }
        outcome = self.outcome(state)
        data["winners"] = None if outcome is None else list(outcome.winners)
        return View(self.info.name, seat, data)

    # ----- the computer -------------------------------------------------------------------
    def _normal_action(self, known: State, seat: int, rnd: random.Random) -> Action:
        """The deepest depth nobody dived to last round, else a random one."""
        free = [depth for depth in DEPTHS if depth not in known.last]
        return Dive(max(free)) if free else Dive(rnd.choice(DEPTHS))

    def audit(self, state: State) -> list[str]:
        problems = []
        if any(p is not None and p not in DEPTHS for p in state.picks):
            problems.append("a pick is no depth")
        if any(p < 0 for p in state.pearls):
            problems.append("negative pearls")
        return problems
