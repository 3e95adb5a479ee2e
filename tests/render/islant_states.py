"""Islant states and views built with the engine, for the renderer tests."""

from __future__ import annotations

import copy
import random
from dataclasses import replace

from engine.core import View
from engine.islant import GAME
from engine.islant.actions import Submit
from engine.islant.state import IslantState


def scripted(level: int, turns: list[tuple[tuple[int, ...], list[str]]]) -> IslantState:
    """A one-player race after the given turns: each a roll and the actions taken on it."""
    state = GAME.new(1, {"level": level}, 5)
    for roll, actions in turns:
        state = replace(state, roll=roll, rerolled=())
        for text in actions:
            state, _ = GAME.apply_text(state, 0, text)
    return state


def played(level: int, rounds: int, players: int = 2, seed: int = 1) -> IslantState:
    """A race after ``rounds`` rounds of computer play; seat 0 leaves the last turn as a draft."""
    state = GAME.new(players, {"level": level}, seed)
    rnd = random.Random(seed)
    for r in range(rounds):
        start = state.round
        for seat in range(players):
            while state.round == start and state.players[seat].status == "playing":
                action = GAME.choose_ai_action(state, seat, rnd)
                if seat == 0 and r == rounds - 1 and isinstance(action, Submit):
                    break
                state, _ = GAME.apply(state, seat, action)
    return state


def crowd_view(players: int = 99, *, seat: int | None = None, over: bool = False) -> View:
    """A level-5 race view of ``players`` players with varied scores and statuses."""
    view = GAME.view(GAME.new(players, {"level": 5}, 3), seat)
    data = copy.deepcopy(dict(view.data))
    for p in data["players"]:
        k = p["seat"]
        parts = {
            "sides": k % 13,
            "lakes": k % 3,
            "islands": k % 5,
            "colour": k % 4,
            "waves": k % 7,
            "ships": (k * 7) % 20,
        }
        land = parts["sides"] + parts["lakes"] - 2 * parts["islands"]
        total = land + parts["colour"] + parts["waves"] + parts["ships"]
        p["score"] = {**parts, "land": land, "total": total}
        p["status"] = "stopped" if over else ("submitted" if k % 3 else "playing")
    data["over"] = over
    data["end_reason"] = "everyone has ended" if over else ""
    return View(view.game, seat, data)


NAMES = [f"Sailor {k}" for k in range(99)]
