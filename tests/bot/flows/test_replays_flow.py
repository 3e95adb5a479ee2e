"""Replays and Rematch through the real bot: every game finished, replayed and played again."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.replays import ReplayJob, replay_frames
from bot.store import PlayerRecord
from engine import all_games, find_game
from render.replay import MAX_BYTES

from ..conftest import HEAVY_WORK
from ..faces import buttons, controls, face
from ..flow_helpers import expect_refusal, latest_game, open_lobby

pytestmark = HEAVY_WORK

GAMES = [game.info.name for game in all_games()]
OPTIONS = {"wars": "timeout_hours=5", "islant": "level=2 cap=10"}


def _labels(message) -> list[str]:
    return [c.label for c in controls(message)]


async def finish_a_game(world, game: str):
    """Alice hosts, Bob joins (a game for two, such as tiggar islanote: no Bob), an easy
    computer sits in; then the people resign (Islant: the host ends the race). Returns the
    finished record."""
    options = {"options": OPTIONS[game]} if game in OPTIONS else {}
    lobby = await open_lobby(world, world.alice, game, **options)
    two = find_game(game).info.max_players == 2
    people = [world.alice] if two else [world.alice, world.bob]
    if len(people) > 1:
        await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Easy")
    await world.alice.click(lobby, label="Start")
    if game == "islant":
        await world.alice.slash(world.channel, "islant end")
    else:
        for person in people:
            await person.slash(world.channel, "game resign")
    await world.env.bot.publisher.settle()
    record = await latest_game(world)
    assert record.status == "finished", record.status
    return record


def gif_of(world, message) -> Image.Image:
    attachment = message.attachments[0]
    assert attachment.filename.endswith(".gif")
    data = world.env.backend.cdn.get(attachment.url)
    assert len(data) <= MAX_BYTES
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_is_replayed_as_an_animated_gif(world, game) -> None:
    record = await finish_a_game(world, game)
    shown = await world.carol.slash(world.channel, "game replay")
    assert not shown.ephemeral
    message = shown.response  # the answer to a deferred command replaces its "thinking"
    assert f"game #{record.id}" in message.content
    expected = replay_frames(ReplayJob.of(record, await world.env.bot.store.actions(record.id)))
    with gif_of(world, message) as gif:
        assert gif.n_frames == len(expected) >= 2 and gif.is_animated
    again = await world.bob.slash(world.channel, "game replay", game_id=record.id)
    assert again.response.attachments[0].filename == f"replay-{record.id}.gif"
    assert world.env.bot.service.replays.cached_bytes > 0  # drawn once, then cached
    footers = [face(m).footer.text for m in world.channel.history() if face(m).footer.text]
    counted = [f for f in footers if f and re.search(r"\bmove \d", f)]
    assert counted == []  # no count of its own that the replay's count contradicts


@pytest.mark.parametrize("game", GAMES)
async def test_rematch_opens_a_lobby_with_the_same_table(world, game) -> None:
    finished = await finish_a_game(world, game)
    board = next(m for m in world.channel.history() if m.id == finished.board_message_id)
    assert "Rematch" in buttons(board)
    clicked = await world.alice.click(board, label="Rematch")
    assert not clicked.ephemeral
    lobby = await latest_game(world)
    assert lobby.status == "lobby" and lobby.id != finished.id
    assert (lobby.game, lobby.options, lobby.table_options) == (
        finished.game,
        finished.options,
        finished.table_options,
    )
    computers = [(p.name, p.level) for p in finished.players if p.is_ai]
    assert (
        [(p.name, p.level) for p in lobby.players if p.is_ai]
        == computers
        == [("Ada (computer)", "easy")]
    )
    assert lobby.players[0] == PlayerRecord(0, world.alice.id, "alice", False)
    invited = [p.user_id for p in finished.players if not p.is_ai and p.user_id != world.alice.id]
    assert all(f"<@{user}>" in clicked.followups[0].content for user in invited)
    if invited:  # Bob joins with one click
        joined = await world.bob.click(clicked.response.message, label="Join")
        assert not joined.ephemeral
    seated = {p.user_id for p in (await latest_game(world)).players if not p.is_ai}
    assert seated == {p.user_id for p in finished.players if not p.is_ai}
    busy = await world.carol.click(board, label="Rematch")
    expect_refusal(world, busy, "already has an open", f"#{lobby.id}")


async def test_replays_that_do_not_exist_are_refused_clearly(world) -> None:
    nothing = await world.alice.slash(world.channel, "game replay")
    expect_refusal(world, nothing, "No game has finished in this channel")
    lobby = await open_lobby(world, world.alice, "wars")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    running = await latest_game(world)
    unfinished = await world.alice.slash(world.channel, "game replay", game_id=running.id)
    expect_refusal(world, unfinished, "still going")
    await world.alice.slash(world.channel, "game end")
    cancelled = await world.alice.slash(world.channel, "game replay", game_id=running.id)
    expect_refusal(world, cancelled, "ended before it finished")
    missing = await world.alice.slash(world.channel, "game replay", game_id=running.id + 50)
    expect_refusal(world, missing, f"no game #{running.id + 50} on this server")


async def test_a_game_of_another_server_is_not_replayed(world) -> None:
    record = await finish_a_game(world, "tigerisland")
    other = world.env.create_guild()
    channel = other.create_text_channel("elsewhere")
    stranger = other.add_member(world.env.create_user("dave"))
    asked = await stranger.slash(channel, "game replay", game_id=record.id)
    expect_refusal(world, asked, f"no game #{record.id} on this server")
