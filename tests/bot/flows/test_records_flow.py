"""Records through the real bot: finished games of every kind in /game history, /stats and
/leaderboard; /forget-me; a removed server's records after the grace period."""

from __future__ import annotations

import pytest

from bot.cogs.records import PURGE_HOURS
from bot.i18n import ISOLATES
from bot.store import FORMER_PLAYER, GLOBAL
from engine import all_games

from ..conftest import make_bot
from ..faces import face
from ..flow_helpers import finish_by_resigning, latest_game, open_lobby

GAMES = [game.info.name for game in all_games()]


async def _days_pass(world, days: int) -> None:
    for _ in range(days):  # a day at a time: the bot settles between steps
        await world.env.advance_time(24 * 3600)


@pytest.mark.parametrize("game", GAMES)
async def test_a_finished_game_shows_in_history_stats_and_leaderboard(world, game) -> None:
    await finish_by_resigning(world, game)
    record = await latest_game(world)
    entry = await world.env.bot.store.history_of_game(record.id)
    assert entry is not None and entry.rated
    assert entry.winners == tuple(record.result["winners"])
    places = {s.name: s.place for s in entry.seats}
    first, second = sorted(places, key=lambda name: (places[name], name))
    assert places[first] == 1 and first in ("bob", "alice")

    listed = await world.carol.slash(world.channel, "game history")
    text = face(listed.response.message).description.translate(ISOLATES)
    assert f"{first} 🏆" in text and second in text
    assert f"/{record.channel_id}/{record.board_message_id}" in text

    winner = world.bob if first == "bob" else world.alice
    stats = await world.carol.slash(world.channel, "stats", player=winner.user)
    shown = stats.response.message
    assert "1 game · 1 win · win rate 100%" in face(shown).description
    assert shown.attachments[0].filename == "stats.png"

    board = await world.alice.slash(world.channel, "leaderboard", game=game)
    message = board.response.message
    lines = face(message).description.translate(ISOLATES).splitlines()
    assert lines[0].startswith(f"**1.** {first}") and f"** {second}" in lines[1]
    assert "alice" in face(message).fields[0].value
    assert message.attachments[0].filename == "leaderboard.png"


async def test_history_filters_by_game_and_player(world) -> None:
    await finish_by_resigning(world, "tigerisland")
    await finish_by_resigning(world, "wars")
    only_wars = await world.carol.slash(world.channel, "game history", game="wars")
    text = face(only_wars.response.message).description
    assert "Island Wars" in text and "tiggar" not in text
    nobody = await world.carol.slash(world.channel, "game history", player=world.carol.user)
    assert "No finished games" in face(nobody.response.message).description


async def test_history_pages_with_buttons(world) -> None:
    for _ in range(11):
        await finish_by_resigning(world, "tigerisland")
    first = await world.carol.slash(world.channel, "game history")
    message = first.response.message
    assert "Page 1 of 2" in face(message).footer.text
    assert face(message).description.count("\n") == 9
    second = await world.carol.click(message, label="Next")
    assert "Page 2 of 2" in face(second.response.message).footer.text


async def test_a_solo_game_is_recorded_but_not_rated(world) -> None:
    lobby = await open_lobby(world, world.alice, "islant")
    await world.alice.click(lobby, label="Start")
    await world.alice.slash(world.channel, "game resign")
    record = await latest_game(world)
    entry = await world.env.bot.store.history_of_game(record.id)
    assert entry is not None and not entry.rated
    assert await world.env.bot.store.ratings_of(GLOBAL, str(world.alice.id)) == {}


async def test_forget_me_after_confirmation(world) -> None:
    await finish_by_resigning(world, "tigerisland")
    asked = await world.alice.slash(world.channel, "forget-me")
    assert asked.ephemeral
    store = world.env.bot.store
    assert await store.ratings_of(GLOBAL, str(world.alice.id))  # nothing deleted yet
    done = await world.alice.click(asked.response.message, label="Delete my records")
    assert done.acknowledged
    assert await store.ratings_of(GLOBAL, str(world.alice.id)) == {}
    _, [entry] = await store.history(world.guild.id)
    assert [s.name for s in entry.seats] == [FORMER_PLAYER, "bob"]
    assert (await store.ratings_of(GLOBAL, str(world.bob.id)))["tigerisland"].games == 1


async def test_a_removed_servers_records_go_after_30_days(world) -> None:
    await finish_by_resigning(world, "tigerisland")
    # A bot polling jobs as seldom as it purges, so a month passes in few steps.
    await world.env.restart_bot(make_bot(world.db_path, job_poll_seconds=PURGE_HOURS * 3600))
    store = world.env.bot.store
    guild_id = world.guild.id
    world.env.backend.remove_guild(guild_id)
    await world.env.settle()
    await _days_pass(world, 29)
    assert (await store.history(guild_id))[0] == 1
    await _days_pass(world, 2)
    assert (await store.history(guild_id))[0] == 0
    assert await store.all_ratings(guild_id) == {}
    assert (await store.ratings_of(GLOBAL, str(world.bob.id)))["tigerisland"].games == 1
