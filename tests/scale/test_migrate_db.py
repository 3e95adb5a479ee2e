"""``islandbot migrate-db``: a SQLite file with running games of all four games moves to
PostgreSQL, every table and row with it, and the games go on there. (The command runs its
own event loop, so these tests are plain functions.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import load_settings
from bot.service import GameService
from bot.store import Store
from engine import find_game

from .helpers import Clock, play_moves, start_game

GAMES = {"tigerisland": 11, "islant": 12, "wars": 13, "competition": 14}  # game: channel
TIMERS = {"reminder_hours": "6", "timeout_hours": "24"}


async def _fill(path: str) -> dict[str, int]:
    """Running games of every kind (a few moves in), a finished one, settings and jobs."""
    store = await Store.open(path)
    service = GameService(store, now=Clock())
    try:
        for game, channel in GAMES.items():
            await start_game(service, channel, game, guild_id=5 << 22, options=TIMERS)
            await play_moves(service, channel, 5, seed=channel)
        await start_game(service, 15, "tigerisland")
        await service.resign(15, 1501, interaction_id=99)
        await store.update_guild_settings(5 << 22, {"reminder_hours": 3})
        await store.update_user_settings(1101, {"notify": False})
        return {t: await store.count_rows(t) for t in await store.tables()}
    finally:
        await store.close()


@pytest.fixture
def sqlite_file(tmp_path) -> tuple[str, dict[str, int]]:
    path = str(tmp_path / "single.db")
    return path, asyncio.run(_fill(path))


def test_every_table_moves_and_the_games_continue(sqlite_file, postgres_url, capsys) -> None:
    path, counts = sqlite_file
    assert counts["jobs"] and counts["actions"] and counts["user_settings"]

    assert main(["migrate-db", "--from", path, "--to", postgres_url]) == 0
    assert "4 running games replay to their saved state" in capsys.readouterr().out
    asyncio.run(_check_and_continue(postgres_url, counts))


async def _check_and_continue(url: str, counts: dict[str, int]) -> None:
    store = await Store.open(url)
    try:
        assert {t: await store.count_rows(t) for t in await store.tables()} == counts
        assert await store.guild_settings(5 << 22) == {"reminder_hours": 3}
        assert (await store.user_settings(1101)) == {"notify": False}
        assert (await store.last_game_in(15)).status == "finished"
        service = GameService(store, now=Clock())
        for game, channel in GAMES.items():
            before = await store.open_game_in(channel)
            assert await play_moves(service, channel, 3, seed=channel + 1) == 3
            after = await store.open_game_in(channel) or await store.last_game_in(channel)
            assert after.version == before.version + 3
            log = [(a.seat, a.notation) for a in await store.actions(after.id)]
            engine = find_game(game)
            replayed = engine.replay(len(after.players), after.options, after.seed, log)
            assert engine.serialize(replayed) == after.state
        fresh = await start_game(service, 16)  # new ids start past the copied ones
        assert fresh.record.id == counts["games"] + 1
        assert await store.pending_jobs(fresh.record.id)
    finally:
        await store.close()


def test_a_target_that_holds_data_is_refused(sqlite_file, postgres_url, capsys) -> None:
    path, _ = sqlite_file
    assert main(["migrate-db", "--from", path, "--to", postgres_url]) == 0
    capsys.readouterr()
    assert main(["migrate-db", "--from", path, "--to", postgres_url]) == 1
    assert "already holds rows (games 5, actions" in capsys.readouterr().err


def test_an_unreachable_target_is_named_without_its_password(tmp_path, capsys) -> None:
    source = str(tmp_path / "empty.db")
    assert (
        main(["migrate-db", "--from", source, "--to", "postgresql://bot:s3cret@127.0.0.1:1/x"]) == 1
    )
    err = capsys.readouterr().err
    assert "Cannot open the database postgresql://bot:***@127.0.0.1:1/x" in err
    assert "s3cret" not in err


def test_settings_show_a_database_url_without_its_password(tmp_path) -> None:
    url = "postgresql://bot:s3cret@db:5432/islandbot"
    settings = load_settings({"ISLANDBOT_DATABASE": url}, tmp_path / "none.env")
    assert settings.database == url
    assert "s3cret" not in repr(settings) and "bot:***@db:5432" in repr(settings)
    assert load_settings({}, tmp_path / "none.env").database == Path("islandbot.sqlite3")
