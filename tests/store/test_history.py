"""Records in the store on SQLite and PostgreSQL: a finished game is written once with its
final move, rated in its server and globally; forget-me; a removed server's grace period."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.ratings import Skill, rate
from bot.store import (
    FORMER_PLAYER,
    GLOBAL,
    FinishedGame,
    LoggedAction,
    PlayerRecord,
    SeatResult,
    Store,
    VersionConflict,
    stamp_of,
)

NOW = datetime(2026, 1, 1, tzinfo=UTC)
GUILD = 77


@pytest.fixture
async def store(database):
    store = await Store.open(database)
    yield store
    await store.close()


def _finished(*seats: SeatResult, game: str = "tigerisland") -> FinishedGame:
    winners = tuple(s.seat for s in seats if s.place == 1)
    return FinishedGame(game, {"x": 1}, "rounds_over", winners, seats)


ALICE_WINS = _finished(
    SeatResult(0, 111, "Alice", None, 30, 1, {"total": 30}),
    SeatResult(1, 222, "Bob", None, 40, 2, {"total": 40}),
)


async def _play_to_end(
    store: Store, finished: FinishedGame, channel: int = 5, guild: int | None = GUILD
) -> int:
    players = [
        PlayerRecord(s.seat, s.user_id, s.name, s.level is not None, s.level)
        for s in finished.seats
    ]
    record = await store.create_lobby(
        guild_id=guild,
        channel_id=channel,
        game=finished.game,
        host=players[0],
        options={},
        seed=1,
        now=NOW,
    )
    await store.set_seats(record.id, record.version, players, NOW)
    await store.save_move(
        record.id,
        expected_version=record.version + 1,
        state={"over": True},
        actions=[LoggedAction(0, 111, "MOVE"), LoggedAction(1, 222, "MOVE")],
        now=NOW + timedelta(minutes=5),
        status="finished",
        result={"scores": [s.score for s in finished.seats]},
        finished=finished,
    )
    return record.id


async def test_a_game_in_direct_messages_counts_everywhere_and_in_no_server(
    store: Store,
) -> None:
    """A game without a server (the bot's DMs) is in everyone's history and the global
    ratings, and in no server's."""
    in_server = await _play_to_end(store, ALICE_WINS)
    in_dm = await _play_to_end(store, ALICE_WINS, channel=6, guild=None)
    total, entries = await store.history(GLOBAL, user_id=111)
    assert total == 2 and [(e.game_id, e.guild_id) for e in entries] == [
        (in_dm, None),
        (in_server, GUILD),
    ]
    assert [e.game_id for e in (await store.history(GUILD))[1]] == [in_server]
    assert (await store.ratings_of(GLOBAL, "111"))["tigerisland"].games == 2
    assert (await store.ratings_of(GUILD, "111"))["tigerisland"].games == 1


async def test_a_finished_game_is_recorded_with_its_final_move(store: Store) -> None:
    game_id = await _play_to_end(store, ALICE_WINS)
    total, [entry] = await store.history(GUILD)
    assert total == 1
    assert (entry.game_id, entry.moves, entry.end_code, entry.winners) == (
        game_id,
        2,
        "rounds_over",
        (0,),
    )
    assert entry.ended_at == stamp_of(NOW + timedelta(minutes=5)) and entry.rated
    assert [(s.name, s.score, s.place, s.breakdown) for s in entry.seats] == [
        ("Alice", 30, 1, {"total": 30}),
        ("Bob", 40, 2, {"total": 40}),
    ]
    await store.set_board_message(game_id, 999)
    assert (await store.history_of_game(game_id)).board_message_id == 999


async def test_a_refused_final_move_records_nothing(store: Store) -> None:
    game_id = await _play_to_end(store, ALICE_WINS)
    with pytest.raises(VersionConflict):
        await store.save_move(
            game_id, expected_version=0, state={}, actions=[], now=NOW, finished=ALICE_WINS
        )
    assert (await store.history(GUILD))[0] == 1


async def test_ratings_are_updated_in_the_server_and_globally(store: Store) -> None:
    await _play_to_end(store, ALICE_WINS)
    expected = rate([Skill(), Skill()], [1, 2])
    for scope in (GUILD, GLOBAL):
        alice = (await store.ratings_of(scope, "111"))["tigerisland"]
        bob = (await store.ratings_of(scope, "222"))["tigerisland"]
        assert alice.mu == pytest.approx(expected[0].mu) and (alice.games, alice.wins) == (1, 1)
        assert bob.sigma == pytest.approx(expected[1].sigma) and (bob.games, bob.wins) == (1, 0)
    total, board = await store.leaderboard(GUILD, "tigerisland")
    assert total == 2 and [s.name for s in board] == ["Alice", "Bob"]
    mine = await store.place_on_board(GUILD, "tigerisland", "222")
    assert mine is not None and mine.place == 2


async def test_a_solo_game_is_recorded_but_not_rated(store: Store) -> None:
    solo = _finished(SeatResult(0, 111, "Alice", None, 12, 1), game="islant")
    await _play_to_end(store, solo)
    _, [entry] = await store.history(GUILD, game="islant", user_id=111)
    assert not entry.rated
    assert await store.ratings_of(GUILD, "111") == {}


async def test_computers_are_rated_and_can_be_hidden(store: Store) -> None:
    with_computer = _finished(
        SeatResult(0, 111, "Alice", None, 5, 2),
        SeatResult(1, None, "Ada (computer)", "hard", 9, 1),
    )
    await _play_to_end(store, with_computer)
    _, everyone = await store.leaderboard(GUILD, "tigerisland")
    assert [s.player for s in everyone] == ["computer:hard:Ada (computer)", "111"]
    _, people = await store.leaderboard(GUILD, "tigerisland", hide_computers=True)
    assert [s.player for s in people] == ["111"]
    mine = await store.place_on_board(GUILD, "tigerisland", "111", hide_computers=True)
    assert mine is not None and mine.place == 1


async def test_a_period_keeps_players_who_played_in_it(store: Store) -> None:
    await _play_to_end(store, ALICE_WINS)
    later = stamp_of(NOW + timedelta(days=1))
    assert (await store.leaderboard(GUILD, "tigerisland", since=later))[0] == 0
    assert (await store.leaderboard(GUILD, "tigerisland", since=stamp_of(NOW)))[0] == 2


async def test_forget_me_removes_ratings_and_anonymises_history(store: Store) -> None:
    game_id = await _play_to_end(store, ALICE_WINS)
    await store.update_user_settings(111, {"notify": False})
    await store.forget_user(111)
    assert await store.ratings_of(GUILD, "111") == {}
    assert await store.ratings_of(GLOBAL, "111") == {}
    assert await store.user_settings(111) == {}
    entry = await store.history_of_game(game_id)
    assert [(s.user_id, s.name) for s in entry.seats] == [(None, FORMER_PLAYER), (222, "Bob")]
    bob = await store.ratings_of(GUILD, "222")
    assert bob["tigerisland"].games == 1  # others' ratings are not recomputed
    assert (await store.get_game(game_id)).players[0].name == FORMER_PLAYER


async def test_a_removed_server_is_purged_after_its_grace_unless_it_returns(store: Store) -> None:
    await _play_to_end(store, ALICE_WINS)
    await store.guild_removed(GUILD, stamp_of(NOW))
    assert await store.purge_removed_guilds(stamp_of(NOW - timedelta(days=1))) == []
    await store.guild_returned(GUILD)
    assert await store.purge_removed_guilds(stamp_of(NOW + timedelta(days=31))) == []
    await store.guild_removed(GUILD, stamp_of(NOW))
    assert await store.purge_removed_guilds(stamp_of(NOW + timedelta(days=31))) == [GUILD]
    assert (await store.history(GUILD))[0] == 0
    assert await store.all_ratings(GUILD) == {}
    assert (await store.ratings_of(GLOBAL, "111"))["tigerisland"].games == 1
