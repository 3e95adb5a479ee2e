"""Island competition through the real bot: hidden hands, placement, splits and steals in the
one private panel, the reveal on the public board, the scoreboard and the final scoring.

Players act only through the buttons and select menus a person would use, always taking the
panel's first choice (the best card for the next slot, then Confirm; the first cards face up;
the first pile). After every step a watcher checks that no public message names a card still
in someone's hand or unrevealed placement, that every public picture was drawn from the
spectator view, and that private panels show no other player's cards.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

import discord
import pytest
import simcord

import bot.rendering as rendering_module
from bot.panel import IDLE_TEXT, NEXT_LABEL, PICTURE_NAMED, STALE_NOTE
from engine import find_game
from engine.competition import BLIND, card_by_id
from engine.core import Level
from render import render_view

from ..conftest import JOB_POLL_SECONDS
from ..faces import controls, face, last_card, last_plain, text_of, visible_text
from ..flow_helpers import (
    add_hard_computer,
    computer_actions,
    expect_refusal,
    latest_game,
    open_lobby,
)

GAME = find_game("competition")
MAX_STEPS = 3000
MAX_TAPS = 40
ALEXANDER_SEED = 1014
"""The first game seed (the bot's seeds count up from 1000) dealing Alexander Island to the
third player of three."""
PANEL_LIFETIME = 15 * 60
"""Discord lets an interaction's response be edited for 15 minutes."""


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
            text = message.content + json.dumps(
                [message.embeds, message.components], ensure_ascii=False
            )
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
    """Spy on the bot's pictures: the public board and each seat's own picture."""
    spy = Watch(world)
    draw = rendering_module.BOARD

    def spied(view, names, **options):
        png = draw(view, names, **options)
        spy.record(png, view.seat)
        return png

    monkeypatch.setattr(rendering_module, "BOARD", spied)
    return spy


def components(message) -> list:
    return controls(message)


async def tap_first(member, panel) -> None:
    """Take the panel's first choice: the first options of a select, else the first button."""
    items = components(panel)
    selects = [c for c in items if isinstance(c, discord.SelectMenu)]
    if selects:
        select = selects[0]
        values = [o.value for o in select.options[: max(select.min_values, 1)]]
        await member.select(panel, values, custom_id=select.custom_id)
        return
    button = next(c for c in items if isinstance(c, discord.Button) and c.label != "Back")
    await member.click(panel, custom_id=button.custom_id)


class Players:
    """Drives a game through the UI: the board's buttons and each player's panel."""

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
        return next(m for m in self.world.channel.history() if m.id == record.board_message_id)

    async def step(self) -> None:
        """One decision of whoever must act, made through the UI."""
        record, state = await self.game()
        if state.phase == "reveal":
            humans = [
                p.seat for p in record.players if p.user_id and not state.seats[p.seat].resigned
            ]
            await self.reveal(self.member(record, self.rnd.choice(humans)))
        else:
            seat = min(s for s in GAME.to_move(state) if record.players[s].user_id)
            await self.play_turn(self.member(record, seat))
        await self.watch.check()

    async def open_panel(self, member):
        result = await member.click(await self.board(), label="My moves")
        assert result.ephemeral
        return result.response

    async def play_turn(self, member) -> None:
        """Open My moves and take first choices until the game no longer waits for them."""
        panel = await self.open_panel(member)
        assert panel.attachments and PICTURE_NAMED.fullmatch(panel.attachments[0].filename)
        for _ in range(MAX_TAPS):
            record, state = await self.game()
            seat = record.seat_of(member.id)
            if record.status != "active" or seat not in GAME.to_move(state):
                return
            if state.phase == "reveal":
                return
            await tap_first(member, panel.message)
            await self.watch.check()
        raise AssertionError(f"still to move after {MAX_TAPS} taps: {text_of(panel)}")

    async def reveal(self, member) -> None:
        result = await member.click(await self.board(), label="Reveal next")
        assert not result.followups, result.followups[0].content


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
    call = last_plain(world.channel)  # the call to act: a plain message after the card
    assert {u.id for u in call.mentions} == {world.alice.id, world.bob.id, world.carol.id}
    players = Players(world, watch)
    await players.step()
    await _play_to_the_end(players)
    record = await latest_game(world)
    assert record.status == "finished"
    final = last_card(world.channel)
    assert "Game over" in visible_text(final)
    description = face(final).description
    assert "**Totals**" in description and "**Face down** (1 point each)" in description
    assert face(final).image.url.endswith("board.png")
    assert [c.label for c in components(final)] == ["Rematch"]
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


async def _reveal_until_another_takes(players: Players, world):
    """Alice reveals until someone else must split (that post pings them)."""
    revealed_by_alice = False
    for _ in range(MAX_STEPS):
        record, state = await players.game()
        if state.phase == "split" and state.jobs[0].seat != 0 and revealed_by_alice:
            return record, state
        revealed_by_alice = False
        if state.phase == "reveal":
            await players.reveal(world.alice)
            revealed_by_alice = True
        else:
            await players.step()
    raise AssertionError("never reached")


async def test_the_taker_is_pinged_alone_and_others_cannot_split_for_them(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    record, state = await _reveal_until_another_takes(players, world)
    taker = state.jobs[0].seat
    call = world.env.backend.get_message(world.channel.id, last_plain(world.channel).id)
    assert call.ping_user_ids == [record.players[taker].user_id]  # a plain call, not the card
    assert "press **My moves** to split it" in call.content
    other = players.member(record, 3 - taker)  # neither alice (0) nor the taker
    idle = await players.open_panel(other)
    waits = f"Waiting for **{record.names[taker]}**."
    assert IDLE_TEXT in text_of(idle) and waits in text_of(idle), text_of(idle)
    buttons = [item.label for item in controls(idle.message)]
    assert buttons == [NEXT_LABEL]
    dave = world.guild.add_member(world.env.create_user("dave"))
    stranger = await dave.click(await players.board(), label="My moves")
    assert stranger.ephemeral and "not playing" in stranger.response.content
    typed = await other.slash(world.channel, "islands trick")
    assert typed.ephemeral
    too_early = await other.slash(world.channel, "islands reveal")
    expect_refusal(world, too_early, "cannot be revealed yet", f"**{record.names[taker]}** splits")
    scores = await other.click(await players.board(), label="Scores")
    assert scores.ephemeral and "Face down" in face(scores.response).fields[0].value
    assert (await latest_game(world)).version == record.version
    await watch.check()


async def test_a_stale_panel_is_redrawn_and_applies_nothing(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    old_panel = await players.open_panel(world.alice)
    await players.play_turn(world.alice)
    before = await latest_game(world)
    await tap_first(world.alice, old_panel.message)
    assert STALE_NOTE in text_of(old_panel) and IDLE_TEXT in text_of(old_panel)
    assert (await latest_game(world)).version == before.version
    record, state = await _reach(players, lambda r, s: s.phase == "split")
    taker = players.member(record, state.jobs[0].seat)
    first = await players.open_panel(taker)
    second = await players.open_panel(taker)
    await tap_first(taker, first.message)
    moved = await latest_game(world)
    assert moved.version > record.version
    await tap_first(taker, second.message)
    assert STALE_NOTE in text_of(second)
    assert (await latest_game(world)).version == moved.version
    await watch.check()


async def test_a_panel_older_than_fifteen_minutes_still_works_on_the_next_tap(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    panel = await players.open_panel(world.bob)
    await world.env.advance_time(PANEL_LIFETIME + 60)
    record = await latest_game(world)
    await tap_first(world.bob, panel.message)
    after = await latest_game(world)
    assert after.version == record.version + 1
    actions = await world.env.bot.store.actions(after.id)
    assert actions[-1].user_id == world.bob.id and actions[-1].notation.startswith("FILL ")
    assert not world.env.errors
    await watch.check()


async def test_a_split_is_one_pick_within_the_rule_and_an_illegal_one_is_refused(
    world, watch
) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    record, state = await _reach(
        players, lambda r, s: s.phase == "split" and len(s.jobs[0].cards) > 2
    )  # (two cards are one pick: buttons; three or more: a select of several picks)
    seat = state.jobs[0].seat
    taker, cards = players.member(record, seat), state.jobs[0].cards
    panel = await players.open_panel(taker)
    select = next(c for c in components(panel.message) if isinstance(c, discord.SelectMenu))
    assert (select.min_values, select.max_values) == (1, len(cards) - 1)
    assert len(select.options) == len(cards)
    all_up = "SPLIT " + " ".join(f"{card}=sea" for card in cards)
    refused = await taker.slash(world.channel, "game move", move=all_up)
    expect_refusal(world, refused, "at least one card", "face-down pile")
    stranger = players.member(record, (seat + 1) % 3)
    not_yours = await stranger.slash(world.channel, "game move", move=all_up)
    expect_refusal(world, not_yours, "not your turn")
    after = await latest_game(world)
    assert (after.version, after.state) == (record.version, record.state)
    await tap_first(taker, panel.message)
    split = (await world.env.bot.store.actions(record.id))[-1]
    assert split.user_id == taker.id and split.notation.startswith("SPLIT")
    await watch.check()


async def test_placements_stay_private_and_the_board_is_not_reposted(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    record, state = await Players(world, watch).game()
    card = state.seats[0].hand[0]
    offered = await world.alice.autocomplete(
        world.channel, "game move", "move", card_by_id(card).name_en
    )
    assert offered and card_by_id(card).name_en in offered[0]["name"]
    public_before = len(world.channel.history())
    placed = await world.alice.slash(world.channel, "game move", move=f"PLACE {card} AREA HIGH")
    assert placed.ephemeral and card_by_id(card).name_en in placed.response.content
    panel = await Players(world, watch).open_panel(world.bob)
    await tap_first(world.bob, panel.message)
    assert "**bob** places" in text_of(panel)
    assert len(world.channel.history()) == public_before
    board = world.env.backend.get_message(world.channel.id, record.board_message_id)
    assert "place" not in json.dumps(board.components).split("round")[0]
    await watch.check()
    shown = await world.bob.slash(world.channel, "islands hand")
    assert shown.ephemeral and PICTURE_NAMED.fullmatch(shown.response.attachments[0].filename)


async def test_alexander_island_is_refused_in_a_density_slot_with_the_reason(world, watch) -> None:
    for _ in range(20):  # games get seeds one by one; seed 1014 deals Alexander Island to carol
        lobby = await open_lobby(world, world.alice, "competition")
        if (await latest_game(world)).seed == ALEXANDER_SEED:
            break
        await world.alice.click(lobby, label="Cancel")
    await world.bob.click(lobby, label="Join")
    await world.carol.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    record, state = await Players(world, watch).game()
    assert "alexander-island" in state.seats[2].hand
    typed = await world.carol.slash(
        world.channel, "game move", move="PLACE alexander-island DENSITY HIGH"
    )
    expect_refusal(world, typed, "Alexander Island has no value for population density")
    assert (await latest_game(world)).version == record.version


async def test_a_restart_mid_reveal_keeps_old_panels_buttons_and_the_pace(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    record, state = await _reach(players, lambda r, s: s.phase == "split" and not s.jobs[1:])
    taker = players.member(record, state.jobs[0].seat)
    panel = await players.open_panel(taker)
    await world.restart()
    await tap_first(taker, panel.message)  # a panel from before the restart
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
    await world.env.advance_time(JOB_POLL_SECONDS)  # the paced reveal survives a restart
    record, state = await players.game()
    assert state.next_slot == waiting + 1 or state.round == 2
    actions = await world.env.bot.store.actions(record.id)
    assert [a.notation for a in actions if a.seat is None] == ["REVEAL"]
    await watch.check()


async def test_slots_turn_over_by_themselves_but_never_twice(world, watch) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    await _reach(players, lambda r, s: s.phase == "reveal")
    assert "turns over by itself" in face(await players.board()).description
    await world.env.advance_time(JOB_POLL_SECONDS)
    _, state = await players.game()
    assert state.next_slot == 1
    _, state = await _reach(players, lambda r, s: s.phase == "reveal")
    await world.carol.click(await players.board(), label="Reveal next")
    clicked = await latest_game(world)
    after_click = world.env.bot.service.state_of(clicked)
    assert after_click.next_slot == state.next_slot + 1
    await world.env.advance_time(JOB_POLL_SECONDS)
    if after_click.phase != "reveal":  # a trick waits for its taker: nothing turns over
        assert (await latest_game(world)).version == clicked.version
    actions = await world.env.bot.store.actions(clicked.id)
    assert len([a for a in actions if a.seat is None]) <= 2
    await watch.check()


async def test_two_humans_and_two_computers_play_to_the_end(world, watch) -> None:
    await _start(world, world.bob, computers=2)
    players = Players(world, watch)
    await _play_to_the_end(players)
    record = await latest_game(world)
    assert record.status == "finished" and len(record.result["scores"]) == 4
    final = last_card(world.channel)
    assert "Game over" in visible_text(final) and "**Totals**" in face(final).description
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
    final = face(last_card(world.channel)).description
    assert "Simple evaluation: every card won is worth 1 point." in final
    scores = await world.bob.slash(world.channel, "islands score")
    assert scores.ephemeral and face(scores.response).title == "Final scores"


async def test_a_timeout_is_told_on_the_board_without_the_cards_placed(world, watch) -> None:
    await _start(world, world.bob, world.carol, options="timeout_hours=1")
    players = Players(world, watch)
    await players.play_turn(world.alice)
    await world.env.advance_time(2 * 3600)  # the computer places for bob and carol
    record, state = await players.game()
    assert all(seat.confirmed for seat in state.seats) or state.phase != "place"
    told = [
        face(m).description
        for m in world.channel.history()
        if "did not come back in time" in face(m).description
    ]
    first = told[0].splitlines()[0]  # later timeouts and paced reveals follow in two hours
    assert first.startswith("⌛") and record.names[1] in first and record.names[2] in first
    await watch.check()  # the board names no card placed for them


async def test_people_play_to_the_end_against_a_hard_computer(world, watch, monkeypatch) -> None:
    lobby = await open_lobby(world, world.alice, "competition")
    await world.bob.click(lobby, label="Join")  # alone, alice would split trick after trick
    in_place = await add_hard_computer(world, world.alice, lobby, monkeypatch)
    await world.alice.click(lobby, label="Start")
    await _play_to_the_end(Players(world, watch))
    record = await latest_game(world)
    world.env.bot.service.computers.close()
    assert record.status == "finished" and "Game over" in visible_text(last_card(world.channel))
    assert await computer_actions(world, record) > 0
    assert Level.HARD not in in_place.levels  # every hard move came from the worker process


async def test_place_the_rest_fills_a_hand_as_listed_in_two_taps_and_stays_changeable(
    world, watch
) -> None:
    await _start(world, world.bob, world.carol)
    players = Players(world, watch)
    panel = await players.open_panel(world.alice)  # tap 1
    _record, state = await players.game()
    fill = next(a for a in GAME.legal_actions(state, 0) if type(a).__name__ == "Fill")
    listed = [line for line in text_of(panel).splitlines() if " ← " in line]
    names = {
        card: ("a blind card" if card == BLIND else card_by_id(card).name_en)
        for card in (*state.seats[0].hand, BLIND)
    }
    assert len(listed) == 12
    for line, (card, slot) in zip(listed, fill.placed(), strict=True):
        assert line.startswith(f"{slot.name} ← {names[card]}")
    select = next(c for c in components(panel.message) if isinstance(c, discord.SelectMenu))
    assert select.options[0].label == "Place the rest as suggested (12 cards)"
    assert select.placeholder == "Which card goes in Area: largest? (0 of 12 placed)"
    await world.alice.select(panel.message, ["0"], custom_id=select.custom_id)  # tap 2
    _record, state = await players.game()
    assert state.seats[0].draft == fill.entries and not state.seats[0].confirmed
    assert "**alice** places the rest: " in text_of(panel.message)
    assert "**All 12 slots are filled. Confirm your placement?**" in text_of(panel.message)
    buttons = [c.label for c in components(panel.message) if isinstance(c, discord.Button)]
    assert buttons[:3] == ["Confirm my placement", "Change a slot", "Take a card back"]
    await watch.check()  # nothing of alice's hand reached a public message
    await tap_first(world.alice, panel.message)  # tap 3: Confirm
    _record, state = await players.game()
    assert state.seats[0].confirmed and state.seats[0].draft == fill.entries
