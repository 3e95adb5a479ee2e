"""Moving the game along: dropping steal jobs with nothing to take, ending rounds, resigning."""

from __future__ import annotations

from dataclasses import replace

from engine.core import Event, Seat, said
from engine.core.names import seat_ref

from .dealing import deal_round
from .slots import SLOTS
from .state import BLIND, REVEAL, STEAL, CompetitionState, SeatState
from .tricks import stealable

MIN_ACTIVE_PLAYERS = 2
"""The game ends when fewer players than this are left."""


def settle(state: CompetitionState) -> tuple[CompetitionState, list[Event]]:
    """Do what needs no decision: skip steals with no face-up card to take, and after the
    twelfth slot end the round (deal the next one, or finish the game)."""
    events: list[Event] = []
    while not state.finished:
        job = state.jobs[0] if state.jobs else None
        if job is not None and job.kind == STEAL and not stealable(state, job.seat):
            state = replace(state, jobs=state.jobs[1:])
            text = f"{seat_ref(job.seat)} finds no face-up card to take for national borders."
            events.append(Event("no_steal", text, {"seat": job.seat}))
        elif job is None and state.phase == REVEAL and state.next_slot == len(SLOTS):
            state, ended = _end_round(state)
            events += ended
        else:
            break
    return state, events


def resign(state: CompetitionState, seat: Seat) -> tuple[CompetitionState, list[Event]]:
    """The seat leaves with all its cards (they leave the game); its pending work is dropped.
    The game ends when fewer than two players remain."""
    mine = state.seats[seat]
    own_jobs = [job for job in state.jobs if job.seat == seat]
    gone = (
        *mine.hand,
        *(entry for entry in mine.draft if entry not in (None, BLIND)),
        *mine.face_up_cards(),
        *mine.face_down,
        *(card for job in own_jobs for card in job.cards),
    )
    state = replace(
        state.with_seat(seat, SeatState(resigned=True)),
        jobs=tuple(job for job in state.jobs if job.seat != seat),
        removed=state.removed + gone,
    )
    if len(state.active()) < MIN_ACTIVE_PLAYERS:
        state = replace(state, finished=True)
    text = f"{seat_ref(seat)} resigns; their cards leave the game."
    events = [Event("resign", text, {"seat": seat})]
    state, more = settle(state)
    return state, events + more


def _end_round(state: CompetitionState) -> tuple[CompetitionState, list[Event]]:
    ended = said("round_end", "Round {round} is over.", {"round": state.round}, round=state.round)
    if state.round >= state.rounds:
        done = Event("game_end", "The last round is over: final scoring.", {})
        return replace(state, finished=True), [ended, done]
    state, dealt = deal_round(state)
    return state, [ended, *dealt]
