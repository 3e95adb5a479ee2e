"""What players see while computers think: their own move first, then the computers'."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.client import IslandBot
from bot.computers import Thinkers
from bot.publisher import Publisher
from engine import find_game

from ..faces import face, last_card, text_of
from ..flow_helpers import latest_game, open_lobby
from ..languages.test_language_flow import member_locales  # noqa: F401 (a fixture)
from .test_panel import MAX_TAPS_PER_ACTION, tap_once

TIGER = find_game("tigerisland")


class Shown:
    """The versions of each board the publisher showed, in order."""

    def __init__(self, monkeypatch) -> None:
        self.versions: list[int] = []
        show = Publisher._show

        async def noted(publisher, result, *args):
            self.versions.append(result.record.version)
            await show(publisher, result, *args)

        monkeypatch.setattr(Publisher, "_show", noted)


async def alice_moves(world, rnd: random.Random):
    """Alice taps her panel until a move of hers is saved; returns the panel's last answer."""
    record = await latest_game(world)
    panel = (await world.alice.click(last_card(world.channel), label="My moves")).response
    for _tap in range(MAX_TAPS_PER_ACTION):
        answer = await tap_once(world.alice, panel.message, rnd)
        if (await latest_game(world)).version != record.version:
            return answer
    raise AssertionError(f"no move after {MAX_TAPS_PER_ACTION} taps")


async def test_the_players_move_is_shown_before_the_computers_reply(world, monkeypatch) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    shown = Shown(monkeypatch)
    before = await latest_game(world)
    await alice_moves(world, random.Random(3))
    await world.env.bot.publisher.settle()
    after = await latest_game(world)
    assert after.version > before.version + 1  # her move, then the computer's
    mine = [v for v in shown.versions if v > before.version]
    assert mine[0] < mine[-1] == after.version
    actions = await world.env.bot.store.actions(after.id)
    assert actions[-1].seat != after.seat_of(world.alice.id)


async def test_computers_move_after_a_restart_and_a_tap_meanwhile_says_they_think(
    world, monkeypatch
) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")

    async def stopped(bot, game_id: int) -> None:  # the process stops before they move
        return None

    monkeypatch.setattr(IslandBot, "_play_computers", stopped)
    rnd = random.Random(4)
    record = await latest_game(world)
    seat = record.seat_of(world.alice.id)
    while True:  # her placement, then her build: the computer is to move
        await alice_moves(world, rnd)
        saved = await latest_game(world)
        if seat not in TIGER.to_move(world.env.bot.service.state_of(saved)):
            break
    board = last_card(world.channel)
    panel = (await world.alice.click(board, label="My moves")).response
    assert "is thinking" in text_of(panel) and "moved on" not in text_of(panel)
    monkeypatch.undo()
    await world.restart()
    await world.env.advance_time(601)
    await world.env.bot.publisher.settle()
    now = await latest_game(world)
    assert now.version > saved.version
    assert last_card(world.channel).id != board.id
    assert "Ada (computer)" in face(last_card(world.channel)).description


class Gate:
    """Computers that decide only once the test opens the gate (a long search, in effect)."""

    def __init__(self, world, monkeypatch) -> None:
        self.waiting = asyncio.Event()
        self.open = asyncio.Event()
        choose = Thinkers.choose

        async def held(thinkers, *args):
            self.waiting.set()
            await world.env.external_wait(self.open.wait(), reason="the search runs on")
            return await choose(thinkers, *args)

        monkeypatch.setattr(Thinkers, "choose", held)


@pytest.mark.parametrize(("locale", "thinks"), [("en-US", "is thinking"), ("de", "denkt nach")])
async def test_island_competition_taps_are_shown_while_its_computers_think(
    world,
    monkeypatch,
    member_locales,  # noqa: F811
    locale: str,
    thinks: str,
) -> None:
    member_locales[world.alice.id] = locale
    gate = Gate(world, monkeypatch)
    lobby = await open_lobby(world, world.alice, "competition")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    assert gate.waiting.is_set()  # the computer is thinking (the bot settled at the gate)
    record = await latest_game(world)
    panel = (await world.alice.click(last_card(world.channel), label="My moves")).response
    assert thinks in text_of(panel) and "Ada" in text_of(panel)
    moved = record
    rnd = random.Random(5)
    for _tap in range(MAX_TAPS_PER_ACTION):  # her placements are saved while it thinks
        await tap_once(world.alice, panel.message, rnd)
        moved = await latest_game(world)
        if moved.version != record.version:
            break
    assert moved.version > record.version and not gate.open.is_set()
    state = world.env.bot.service.state_of(moved)
    computer = 1 - moved.seat_of(world.alice.id)
    assert computer in find_game("competition").to_move(state)  # it has not moved yet
    gate.open.set()
    await world.env.settle()
    await world.env.bot.publisher.settle()
    after = await latest_game(world)
    actions = await world.env.bot.store.actions(after.id)
    assert any(a.seat == computer for a in actions)  # then it moved, after her
    assert not world.env.errors


async def test_an_idle_panel_shows_the_next_turn_once_the_thinking_computers_moved(
    world, monkeypatch
) -> None:
    gate = Gate(world, monkeypatch)
    lobby = await open_lobby(world, world.alice, "competition")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    assert gate.waiting.is_set()
    game = find_game("competition")
    panel = (await world.alice.click(last_card(world.channel), label="My moves")).response
    rnd = random.Random(2)
    for _tap in range(40):  # she places her whole hand and confirms, the computer thinking
        record = await latest_game(world)
        if record.seat_of(world.alice.id) not in game.to_move(
            world.env.bot.service.state_of(record)
        ):
            break
        await tap_once(world.alice, panel.message, rnd)
    assert "is thinking" in text_of(panel)  # idle: it waits for the computer
    gate.open.set()
    await world.env.settle()
    await world.env.bot.publisher.settle()
    assert "is thinking" not in text_of(panel), text_of(panel)
    assert not world.env.errors


async def test_the_public_board_says_which_computers_are_thinking(world, monkeypatch) -> None:
    gate = Gate(world, monkeypatch)
    lobby = await open_lobby(world, world.alice, "tigerisland", options="first_player=1")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    assert gate.waiting.is_set()
    told = face(last_card(world.channel)).description
    assert "🤖 **Ada (computer)** is thinking…" in told and "To move" not in told
    gate.open.set()
    await world.env.settle()
    await world.env.bot.publisher.settle()
    told = face(last_card(world.channel)).description
    assert "is thinking" not in told and "To move: **alice**" in told
