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
import bot.rendering as rendering_module
from engine import find_game
from engine.competition.actions import Confirm, Place, Split, Steal
from engine.competition.deck import card_by_id
from engine.competition.slots import SLOT_INDEX
from engine.competition.state import BLIND, SEA_INDEX
from render import render_view

from .flow_helpers import expect_refusal, latest_game, open_lobby

GAME = find_game("competition")
MAX_STEPS = 3000
ALEXANDER_SEED = 1014
"""The first game seed (the bot's seeds count up from 1000) dealing Alexander Island to the
third player of three."""
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
            owner = None
            if message.is_ephemeral:
                owner = record.seat_of(int(message.interaction_metadata["user"]["id"]))
            else:
                self.public_checks += 1
            for seat in (seat for seat in hidden if seat != owner):
                leaked = [name for name in hidden[seat] if _mentions(text, name)]
                assert not leaked, f"message {message.id} shows seat {seat}'s {leaked}: {text}"
            for url in urls:
                png = self.world.env.backend.cdn.get(url)
                assert png in self.drawn, "a picture the bot did not draw"
                assert self.drawn[png] <= {None, owner}, f"message {message.id}: wrong view"


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
    draw_board, draw_hand = rendering_module.render_view, hand_module.render_hand

    def board(view, names, **options):
        png = draw_board(view, names, **options)
        spy.record(png, view.seat)
        return png

    def hand(view, names, **options):
        png = draw_hand(view, names, **options)
        spy.record(png, view.seat)
        return png

    monkeypatch.setattr(rendering_module, "render_view", board)
    monkeypatch.setattr(hand_module, "render_hand", hand)
    return spy


class Players:
    """Drives a game through the UI: the computer player decides, the member clicks."""

    def __init__(self, world, watch: Watch, seed: int = 7) -> None:
        self.world = world
        self.watch = watch
        self.rnd = random.Random(seed)
        self.members = {m.id: m for m in (world.alice, world.bob, world.carol)}
        self.revealed_by_alice = False

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
        await world.alice.click(lobby, label="Normal")
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


async def _reach(players: Players, done) -> tuple:
    """Play through the UI until ``done(record, state)``; returns that record and state."""
    for _ in range(MAX_STEPS):
        record, state = await players.game()
        if done(record, state):
            return record, state
        await players.step()
    raise AssertionError("never reached")


def _split_by_someone_else(revealer: int):
    """A trick just taken by a human other than ``revealer`` (who pressed Reveal next)."""

    def done(record, state) -> bool:
        return state.phase == "split" and state.jobs[0].seat != revealer

    return done


async def _reveal_until_another_takes(players: Players, world):
    """Alice reveals until someone else must split (that post pings them)."""
    for _ in range(MAX_STEPS):
        record, state = await players.game()
        if state.phase == "split" and state.jobs[0].seat != 0 and players.revealed_by_alice:
            return record, state
        players.revealed_by_alice = False
        if state.phase == "reveal":
            await players.reveal(world.alice)
            players.revealed_by_alice = True
        else:
            await players.step()
    raise AssertionError("never reached")


async def test_the_taker_is_pinged_alone_and_others_cannot_split_for_them(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    players.revealed_by_alice = False
    record, state = await _reveal_until_another_takes(players, world)
    taker = state.jobs[0].seat
    board = world.env.backend.get_message(world.channel.id, record.board_message_id)
    assert board.ping_user_ids == [record.players[taker].user_id]
    other = players.member(record, 3 - taker)  # neither alice (0) nor the taker
    refused = await other.click(await players.board(), label="Split trick")
    assert refused.ephemeral
    assert f"{record.names[taker]} is splitting a trick" in refused.response.content
    dave = world.guild.add_member(world.env.create_user("dave"))
    stranger = await dave.click(await players.board(), label="My hand")
    assert stranger.ephemeral and "not playing" in stranger.response.content
    typed = await other.slash(world.channel, "islands trick")
    expect_refusal(world, typed, f"{record.names[taker]} is splitting a trick")
    too_early = await other.slash(world.channel, "islands reveal")
    expect_refusal(world, too_early, "cannot be revealed yet", f"**{record.names[taker]}** splits")
    scores = await other.click(await players.board(), label="Scores")
    assert scores.ephemeral and "Face down" in scores.response.embeds[0].fields[0].value
    assert (await latest_game(world)).version == record.version
    await watch.check()


async def test_a_stale_panel_or_dialog_is_redrawn_and_applies_nothing(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    old_panel = await players.open_hand(world.alice)
    await players.place_all(world.alice)
    before = await latest_game(world)
    option = old_panel.components[1]["components"][0]["options"][0]["value"]
    await world.alice.select(old_panel, [option], custom_id=f"cmp:card:{before.id}:1:0")
    redrawn = world.env.backend.get_message(world.channel.id, old_panel.id)
    assert "moved on" in redrawn.embeds[0]["description"]
    assert "confirmed" in redrawn.embeds[0]["description"] and not redrawn.components
    assert (await latest_game(world)).version == before.version
    record, state = await _reach(players, lambda r, s: s.phase == "split")
    taker = players.member(record, state.jobs[0].seat)
    first = (await taker.click(await players.board(), label="Split trick")).response
    second = (await taker.click(await players.board(), label="Split trick")).response
    action = GAME.choose_ai_action(state, state.jobs[0].seat, players.rnd)
    await players.split(taker, first, record, state, action)
    moved = await latest_game(world)
    mask = "".join("1" if where == "sea" else "0" for _, where in action.assignments)
    stale = f"cmp:split:{record.id}:{record.version}:{mask}"
    if len(mask) > 1:  # the second dialog shows its confirm button once cards are picked
        up = [card for card, where in action.assignments if where == "sea"]
        await taker.select(second, up, custom_id=f"cmp:up:{record.id}:{record.version}")
    else:
        await taker.click(second, custom_id=stale)
    redrawn = world.env.backend.get_message(world.channel.id, second.id)
    assert "moved on" in redrawn.embeds[0]["description"]
    assert (await latest_game(world)).version == moved.version
    await watch.check()


async def test_an_illegal_split_is_explained_and_changes_nothing(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    record, state = await _reach(
        players, lambda r, s: s.phase == "split" and len(s.jobs[0].cards) > 1
    )
    seat = state.jobs[0].seat
    taker, cards = players.member(record, seat), state.jobs[0].cards
    dialog = (await taker.click(await players.board(), label="Split trick")).response
    menu = dialog.components[0]["components"][0]
    assert (menu["min_values"], menu["max_values"]) == (1, len(cards) - 1)
    all_up = "SPLIT " + " ".join(f"{card}=sea" for card in cards)
    refused = await taker.slash(world.channel, "game move", move=all_up)
    expect_refusal(world, refused, "at least one card", "face-down pile")
    stranger = players.member(record, (seat + 1) % 3)
    not_yours = await stranger.slash(world.channel, "game move", move=all_up)
    expect_refusal(world, not_yours, "not your turn")
    after = await latest_game(world)
    assert (after.version, after.state) == (record.version, record.state)


async def test_typed_placements_stay_private_and_the_board_is_not_reposted(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    _record, state = await Players(world, watch).game()
    card = state.seats[0].hand[0]
    offered = await world.alice.autocomplete(
        world.channel, "game move", "move", card_by_id(card).name_en
    )
    assert offered and card_by_id(card).name_en in offered[0]["name"]
    public_before = len(world.channel.history())
    placed = await world.alice.slash(world.channel, "game move", move=f"PLACE {card} AREA HIGH")
    assert placed.ephemeral and card_by_id(card).name_en in placed.response.content
    assert len(world.channel.history()) == public_before
    await watch.check()
    confirmed = await world.bob.slash(world.channel, "islands hand")
    assert confirmed.ephemeral and confirmed.response.embeds[0].image.url.endswith("hand.png")


async def test_alexander_island_is_refused_in_a_density_slot_with_the_reason(world, watch) -> None:
    for _ in range(20):  # games get seeds one by one; seed 1014 deals Alexander Island to carol
        lobby = await open_lobby(world, world.alice, "competition")
        if (await latest_game(world)).seed == ALEXANDER_SEED:
            break
        await world.alice.click(lobby, label="Cancel")
    await world.bob.click(lobby, label="Join")
    await world.carol.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    players = Players(world, watch)
    record, state = await players.game()
    assert "alexander-island" in state.seats[2].hand
    panel = await players.open_hand(world.carol)
    density = SLOT_INDEX[GAME.parse("PLACE blind DENSITY HIGH").slot]
    await world.carol.select(panel, [str(density)], custom_id=f"cmp:slot:{record.id}:1")
    menu = world.env.backend.get_message(world.channel.id, panel.id).components[1]
    option = next(o for o in menu["components"][0]["options"] if o["value"] == "alexander-island")
    assert "no density value" in option["description"]
    await world.carol.select(
        panel, ["alexander-island"], custom_id=f"cmp:card:{record.id}:1:{density}"
    )
    shown = world.env.backend.get_message(world.channel.id, panel.id).embeds[0]["description"]
    assert "Alexander Island has no value for population density" in shown
    assert (await latest_game(world)).version == record.version


async def test_a_restart_mid_reveal_keeps_old_dialogs_buttons_and_the_pace(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    record, state = await _reach(players, lambda r, s: s.phase == "split" and not s.jobs[1:])
    seat = state.jobs[0].seat
    taker = players.member(record, seat)
    dialog = (await taker.click(await players.board(), label="Split trick")).response
    await world.restart()
    action = GAME.choose_ai_action(state, seat, players.rnd)
    await players.split(taker, dialog, record, state, action)  # a dialog from before
    record, state = await players.game()
    assert state.phase == "reveal"
    board = await players.board()
    await world.restart()
    revealed = state.next_slot
    await world.bob.click(board, label="Reveal next")  # a board from before the restart
    record, state = await _reach(players, lambda r, s: s.phase == "reveal")
    waiting = state.next_slot
    assert waiting > revealed
    await world.restart()
    await world.env.advance_time(PAUSE)  # the pace starts again after a restart
    record, state = await players.game()
    assert state.next_slot == waiting + 1 or state.round == 2
    actions = await world.env.bot.store.actions(record.id)
    assert [a.notation for a in actions if a.seat is None] == ["REVEAL"]
    await watch.check()


async def test_slots_turn_over_by_themselves_but_never_twice(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    await _reach(players, lambda r, s: s.phase == "reveal")
    assert "turns over by itself" in (await players.board()).embeds[0].description
    await world.env.advance_time(PAUSE)
    _, state = await players.game()
    assert state.next_slot == 1
    _, state = await _reach(players, lambda r, s: s.phase == "reveal")
    await world.carol.click(await players.board(), label="Reveal next")
    clicked = await latest_game(world)
    after_click = world.env.bot.service.state_of(clicked)
    assert after_click.next_slot == state.next_slot + 1
    await world.env.advance_time(PAUSE)
    if after_click.phase != "reveal":  # a trick waits for its taker: nothing turns over
        assert (await latest_game(world)).version == clicked.version
    await watch.check()


async def test_two_humans_and_two_computers_play_to_the_end(world, watch) -> None:
    await _start(world, world.bob, computers=2)
    players = Players(world, watch)
    await _play_to_the_end(players)
    record = await latest_game(world)
    assert record.status == "finished" and len(record.result["scores"]) == 4
    final = world.channel.last_message
    assert "Game over" in final.content and "**Totals**" in final.embeds[0].description
    actions = await world.env.bot.store.actions(record.id)
    replayed = GAME.replay(4, record.options, record.seed, [(a.seat, a.notation) for a in actions])
    assert GAME.serialize(replayed) == record.state


async def test_the_simple_variant_needs_no_splitting_and_counts_cards(world, watch) -> None:
    await _start(world, world.bob, computers=3, options="variant=simple")
    players = Players(world, watch)
    await _play_to_the_end(players)
    record = await latest_game(world)
    assert record.status == "finished" and record.options["variant"] == "simple"
    actions = await world.env.bot.store.actions(record.id)
    assert not [a for a in actions if a.notation.startswith(("SPLIT", "STEAL"))]
    final = world.channel.last_message.embeds[0].description
    assert "Simple evaluation: every card won is worth 1 point." in final
    scores = await world.bob.slash(world.channel, "islands score")
    assert scores.ephemeral and scores.response.embeds[0].title == "Final scores"
