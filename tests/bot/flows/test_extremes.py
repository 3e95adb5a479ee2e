"""The largest tables through the real bot, with the longest names Discord allows.

The ``world`` fixture checks every request against Discord's documented limits afterwards
(``discord_limits.py``), so these flows fail if anything the bot sends would be refused.
"""

from __future__ import annotations

from itertools import cycle, islice

from engine import find_game

from ..conftest import HEAVY_WORK
from ..faces import face, has_controls, last_plain
from ..flow_helpers import latest_game, new_game, open_lobby
from .test_competition_flow import tap_first

pytestmark = HEAVY_WORK

# 32 characters each (Discord's limit for a display name): emoji, right-to-left text, accents.
LONG_NAMES = (
    "🏝️🌋 Ωκεανίδα the Island Hopper 🌊",
    "שלום עליכם אי הדקלים והחול הלבן",
    "Zoë-Ånneliese von Hiddensee-Rügen",
    "مرحبا بكم في جزيرة الكنز البعيدة",
)
RACE_SIZE = 99


def _fill(world, count: int) -> list:
    """``count`` more members, named from ``LONG_NAMES`` (each at most 32 characters)."""
    names = islice(cycle(LONG_NAMES), count)
    members = []
    for i, name in enumerate(names):
        name = f"{name[: 32 - len(str(i))]}{i}"
        assert len(name) <= 32
        members.append(world.guild.add_member(world.env.create_user(name)))
    return members


async def test_a_99_player_islant_race_from_the_lobby_to_the_final_ranking(world) -> None:
    lobby = await open_lobby(world, world.alice, "islant", options="level=5 cap=99")
    players = [world.bob, world.carol, *_fill(world, RACE_SIZE - 3)]
    for member in players:
        joined = await member.click(lobby, label="Join")
        assert joined.acknowledged and not joined.ephemeral
    record = await latest_game(world)
    assert len(record.players) == RACE_SIZE
    seats = face(world.channel.history()[-1]).description.splitlines()
    assert sum(line.split(". ")[0].isdigit() for line in seats) == RACE_SIZE
    await world.alice.click(lobby, label="Start")
    pings = [m for m in world.channel.history() if "your turn" in (m.content or "")]
    pinged = {u.id for m in pings for u in m.mentions}
    assert pinged == {world.alice.id, *(m.id for m in players)}
    assert len(pings) == 2  # as few messages as 2,000 characters allow
    round_message = next(m for m in world.channel.history() if has_controls(m))
    panel = await players[-1].click(round_message, label="Play my turn")
    assert panel.ephemeral
    standings = await players[-1].click(round_message, label="Standings")
    assert standings.ephemeral
    ended = await world.alice.slash(world.channel, "islant end")
    assert ended.acknowledged
    final = await latest_game(world)
    assert final.status == "finished" and final.result["code"] == "host_ended"
    ranking = world.channel.history()[-1]
    assert face(ranking).image and has_controls(ranking)  # the picture, the select of sheets


async def test_a_six_player_wars_game_and_a_five_player_competition_with_long_names(world) -> None:
    for game, size in (("wars", 6), ("competition", 5)):
        channel = world.guild.create_text_channel(f"long-{game}")
        opened = await new_game(world.alice, channel, game)
        lobby = opened.response.message
        for member in _fill(world, size - 1):
            await member.click(lobby, label="Join")
        await world.alice.click(lobby, label="Start")
        record = await world.env.bot.store.last_game_in(channel.id)
        assert record is not None and record.status == "active"
        assert len(record.players) == size
        status = await world.alice.slash(channel, "game status")
        assert status.acknowledged


async def test_five_long_named_players_place_reveal_and_split_through_their_panels(world) -> None:
    channel = world.guild.create_text_channel("long-islands")
    lobby = (await new_game(world.alice, channel, "competition")).response.message
    members = {world.alice.id: world.alice}
    for member in _fill(world, 4):
        await member.click(lobby, label="Join")
        members[member.id] = member
    await world.alice.click(lobby, label="Start")
    game = find_game("competition")
    for _ in range(200):
        record = await world.env.bot.store.last_game_in(channel.id)
        state = world.env.bot.service.state_of(record)
        if state.phase not in ("place", "reveal"):
            break
        board = next(m for m in channel.history() if m.id == record.board_message_id)
        if state.phase == "reveal":
            await world.alice.click(board, label="Reveal next")
            continue
        seat = min(game.to_move(state))
        member = members[record.players[seat].user_id]
        panel = (await member.click(board, label="My moves")).response
        while seat in game.to_move(world.env.bot.service.state_of(record)):
            await tap_first(member, panel.message)
            record = await world.env.bot.store.last_game_in(channel.id)
    assert state.phase == "split"
    taker = members[record.players[state.jobs[0].seat].user_id]
    board = next(m for m in channel.history() if m.id == record.board_message_id)
    assert last_plain(channel).content.startswith(f"<@{taker.id}>: your trick is waiting")
    panel = (await taker.click(board, label="My moves")).response
    await tap_first(taker, panel.message)
    split = (await world.env.bot.store.actions(record.id))[-1]
    assert split.user_id == taker.id and split.notation.startswith("SPLIT")
    assert not world.env.errors
