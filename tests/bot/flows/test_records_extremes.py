"""Records at the extremes: a 99-player Islant race with 32-character names (emoji, right to
left) is one rated match, and history, stats and leaderboard pages stay within Discord's
limits (the ``world`` fixture checks every request afterwards)."""

from __future__ import annotations

from bot.store import GLOBAL

from ..faces import face
from ..flow_helpers import latest_game, open_lobby
from .test_extremes import RACE_SIZE, _fill


async def test_a_99_player_race_is_one_rated_match_shown_within_discords_limits(world) -> None:
    lobby = await open_lobby(world, world.alice, "islant", options="level=5 cap=99")
    players = [world.bob, world.carol, *_fill(world, RACE_SIZE - 3)]
    for member in players:
        await member.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    await world.alice.slash(world.channel, "islant end")
    record = await latest_game(world)
    assert record.status == "finished"

    store = world.env.bot.store
    entry = await store.history_of_game(record.id)
    assert entry is not None and entry.rated and len(entry.seats) == RACE_SIZE
    everyone = await store.all_ratings(GLOBAL)
    assert len(everyone) == RACE_SIZE
    assert {skill.games for skill in everyone.values()} == {1}  # one match, not 98 duels

    listed = await world.carol.slash(world.channel, "game history")
    assert f"and {RACE_SIZE - 5} more" in face(listed.response.message).description

    longest = players[-1]
    stats = await longest.slash(world.channel, "stats")
    assert stats.response.message.attachments[0].filename == "stats.png"

    board = await longest.slash(world.channel, "leaderboard", game="islant")
    message = board.response.message
    assert f"Page 1 of {-(-RACE_SIZE // 10)}" in face(message).footer.text
    assert face(message).description.count("\n") == 9
    last = message
    for _ in range(2):
        last = (await longest.click(last, label="Next")).response.message
    assert "Page 3 of" in face(last).footer.text
    assert last.attachments[0].filename == "leaderboard.png"
