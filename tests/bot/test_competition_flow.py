"""Island competition through the real bot: hidden hands in private panels, the reveal on the
public board, split and steal dialogs, the scoreboard and the final scoring.

Players act only through the buttons and select menus a person would use; the engine's
computer player merely decides what they pick. After every step a watcher checks that no
public message names a card still in someone's hand or unrevealed placement, that every
public picture was drawn from the spectator view, and that private panels show no other
player's cards.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

import pytest
import simcord

import bot.competition.hand as hand_module
import bot.competition.keeper as keeper_module
import bot.service as service_module
from engine import find_game
from engine.competition.actions import Confirm, Place, Split, Steal
from engine.competition.deck import card_by_id
from engine.competition.slots import SLOT_INDEX, SLOTS
from engine.competition.state import BLIND, SEA_INDEX
from render import render_view

from .flow_helpers import expect_refusal, latest_game, open_lobby

GAME = find_game("competition")
MAX_STEPS = 3000
PAUSE = 3600.0
"""The reveal pace in these tests: far beyond the wall-clock time a test takes, so slots only
turn over by themselves when a test moves simcord's clock on."""


@pytest.fixture(autouse=True)
def slow_pace(monkeypatch) -> None:
    """Set the pace before the bot (and its cog) is built."""
    monkeypatch.setattr(keeper_module, "REVEAL_PAUSE_SECONDS", PAUSE)


@dataclass
class Watch:
    """Records every picture the bot draws, and checks messages for hidden information."""

    world: object
    drawn: dict[bytes, set[int | None]] = field(default_factory=dict)
    seen: dict[int, str] = field(default_factory=dict)
    public_checks: int = 0

    def record(self, png: bytes, seat: int | None) -> None:
        self.drawn.setdefault(png, set()).add(seat)

    async def check(self) -> None:
        """Check every message that changed since the last check against the secrets now."""
        record = await latest_game(self.world)
        state = self.world.env.bot.service.state_of(record)
        hidden = {seat: _hidden_names(state, seat) for seat in range(len(record.players))}
        for message in self.world.env.backend.messages.get(self.world.channel.id, {}).values():
            text = message.content + json.dumps(message.embeds, ensure_ascii=False)
            urls = [a["url"] for a in message.attachments]
            fingerprint = text + "|".join(urls)
            if self.seen.get(message.id) == fingerprint:
                continue
            self.seen[message.id] = fingerprint
            if message.is_ephemeral:
                owner = record.seat_of(int(message.interaction_metadata["user"]["id"]))
                others = [seat for seat in hidden if seat != owner]
            else:
                owner, others = None, list(hidden)
                self.public_checks += 1
            for seat in others:
                leaked = [name for name in hidden[seat] if _mentions(text, name)]
                assert not leaked, f"message {message.id} shows seat {seat}'s {leaked}: {text}"
            for url in urls:
                png = self.world.env.backend.cdn.get(url)
                assert png in self.drawn, "a picture the bot did not draw"
                assert self.drawn[png] <= {owner} | ({None} if owner is not None else set())


def _hidden_names(state, seat: int) -> set[str]:
    """Names of the cards only ``seat`` may know now: its hand and unrevealed placement."""
    mine = state.seats[seat]
    cards = [*mine.hand, *(c for c in mine.draft if c not in (None, BLIND))]
    return {card_by_id(card).name_en for card in cards}


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


@pytest.fixture
def watch(world, monkeypatch) -> Watch:
    """Spy on the bot's renderers: the public board (service) and the private hand panel."""
    spy = Watch(world)

    def board(view, names, **options):
        png = render_view(view, names, **options)
        spy.record(png, view.seat)
        return png

    def hand(view, names, **options):
        png = hand_module.__dict__["_render_hand_original"](view, names, **options)
        spy.record(png, view.seat)
        return png

    monkeypatch.setattr(service_module, "render_view", board)
    monkeypatch.setitem(hand_module.__dict__, "_render_hand_original", hand_module.render_hand)
    monkeypatch.setattr(hand_module, "render_hand", hand)
    return spy


class Players:
    """Drives a game through the UI: the computer player decides, the member clicks."""

    def __init__(self, world, watch: Watch, seed: int = 7) -> None:
        self.world = world
        self.watch = watch
        self.rnd = random.Random(seed)
        self.members = {m.id: m for m in (world.alice, world.bob, world.carol)}

    async def game(self):
        record = await latest_game(self.world)
        return record, self.world.env.bot.service.state_of(record)

    def member(self, record, seat: int) -> simcord.MemberActor:
        return self.members[record.players[seat].user_id]

    async def board(self):
        record = await latest_game(self.world)
        board = next(m for m in self.world.channel.history() if m.id == record.board_message_id)
        return board

    async def step(self) -> None:
        """One decision of whoever must act, made through the UI."""
        record, state = await self.game()
        if state.phase == "place":
            seat = min(s for s in GAME.to_move(state) if record.players[s].user_id)
            await self.place_all(self.member(record, seat))
        elif state.phase == "reveal":
            humans = [
                p.seat for p in record.players if p.user_id and not state.seats[p.seat].resigned
            ]
            await self.reveal(self.member(record, self.rnd.choice(humans)))
        else:
            await self.take(self.member(record, state.jobs[0].seat))
        await self.watch.check()

    async def open_hand(self, member):
        result = await member.click(await self.board(), label="My hand")
        assert result.ephemeral
        return result.response

    async def place_all(self, member) -> None:
        """Open My hand and place card by card, then confirm."""
        panel = await self.open_hand(member)
        while True:
            record, state = await self.game()
            seat = record.seat_of(member.id)
            if state.phase != "place" or seat not in GAME.to_move(state):
                return
            action = GAME.choose_ai_action(state, seat, self.rnd)
            if isinstance(action, Confirm):
                await member.click(panel, label="Confirm placement")
                continue
            assert isinstance(action, Place)
            await self.pick(member, panel, record, state, action)
            await self.watch.check()

    async def pick(self, member, panel, record, state, action: Place) -> None:
        index = SLOT_INDEX[action.slot]
        prefix = f"cmp:card:{record.id}:{state.round}:"
        shown = next(
            c["custom_id"]
            for row in panel.components
            for c in row["components"]
            if c["custom_id"].startswith(prefix)
        )
        if shown != f"{prefix}{index}":
            await member.select(
                panel, [str(index)], custom_id=f"cmp:slot:{record.id}:{state.round}"
            )
        await member.select(panel, [action.card], custom_id=f"{prefix}{index}")

    async def reveal(self, member) -> None:
        result = await member.click(await self.board(), label="Reveal next")
        assert not result.followups, result.followups[0].content

    async def take(self, member) -> None:
        """Split the trick (and steal) through the dialog the Split trick button opens."""
        opened = await member.click(await self.board(), label=await self._trick_label())
        dialog = opened.response
        assert dialog.ephemeral
        while True:
            record, state = await self.game()
            seat = record.seat_of(member.id)
            if not state.jobs or state.jobs[0].seat != seat:
                return
            action = GAME.choose_ai_action(state, seat, self.rnd)
            if isinstance(action, Split):
                await self.split(member, dialog, record, state, action)
            elif isinstance(action, Steal):
                await self.steal(member, dialog, record, state, action)
            else:
                await member.click(dialog, label="Done: take no more")
            await self.watch.check()

    async def _trick_label(self) -> str:
        _, state = await self.game()
        return "Steal cards" if state.phase == "steal" else "Split trick"

    async def split(self, member, dialog, record, state, action: Split) -> None:
        mask = "".join("1" if where == "sea" else "0" for _, where in action.assignments)
        version = record.version
        if len(mask) > 1:
            up = [card for card, where in action.assignments if where == "sea"]
            await member.select(dialog, up, custom_id=f"cmp:up:{record.id}:{version}")
        await member.click(dialog, custom_id=f"cmp:split:{record.id}:{version}:{mask}")

    async def steal(self, member, dialog, record, state, action: Steal) -> None:
        sea = card_by_id(action.card).sea
        top = state.seats[action.victim].face_up[SEA_INDEX[sea]][-1]
        version = record.version
        await member.select(
            dialog, [f"{action.victim}:{top}"], custom_id=f"cmp:pile:{record.id}:{version}"
        )
        await member.click(
            dialog, custom_id=f"cmp:steal:{record.id}:{version}:{action.victim}:{top}:{action.to}"
        )


async def _start(world, *joiners, computers: int = 0, options: str | None = None):
    extra = {"options": options} if options else {}
    lobby = await open_lobby(world, world.alice, "competition", **extra)
    for member in joiners:
        await member.click(lobby, label="Join")
    for _ in range(computers):
        await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Start")


async def _play_to_the_end(players: Players) -> int:
    for steps in range(MAX_STEPS):
        record, _ = await players.game()
        if record.status != "active":
            return steps
        await players.step()
    raise AssertionError("the game did not finish")


async def test_three_players_play_from_game_new_to_the_final_scoring(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    first = world.channel.last_message
    assert {u.id for u in first.mentions} == {world.alice.id, world.bob.id, world.carol.id}
    players = Players(world, watch)
    await players.step()
    await _play_to_the_end(players)
    record = await latest_game(world)
    assert record.status == "finished"
    final = world.channel.last_message
    assert "Game over" in final.content
    description = final.embeds[0].description
    assert "**Totals**" in description and "**Face down** (1 point each)" in description
    assert final.embeds[0].image.url.endswith("board.png")
    assert not final.components
    actions = await world.env.bot.store.actions(record.id)
    replayed = GAME.replay(3, record.options, record.seed, [(a.seat, a.notation) for a in actions])
    assert GAME.serialize(replayed) == record.state
    assert {a.user_id for a in actions} >= {world.alice.id, world.bob.id, world.carol.id}
    assert watch.public_checks > 50
    public = await _public_picture(world)
    assert public == render_view(GAME.view(replayed, None), record.names)


async def _public_picture(world) -> bytes:
    record = await latest_game(world)
    message = world.env.backend.get_message(world.channel.id, record.board_message_id)
    return world.env.backend.cdn.get(message.attachments[0]["url"])
