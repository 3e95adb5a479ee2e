"""``islandbot run --shards … --shard-count …``: parsing, refusals, and which bot it makes."""

from __future__ import annotations

import discord
import pytest

from bot.cli import build_parser, main, shards_of
from bot.client import IslandBot, make_bot
from bot.shards import Shards, shard_of

POSTGRES = "postgresql://bot@db/islandbot"


def parsed(*argv: str, database: str = POSTGRES) -> Shards | None:
    return shards_of(build_parser().parse_args(["run", *argv]), database)


def test_a_range_of_shards_out_of_a_count() -> None:
    assert parsed("--shards", "0-3", "--shard-count", "8") == Shards((0, 1, 2, 3), 8)


def test_a_single_shard_and_a_list() -> None:
    assert parsed("--shards", "1", "--shard-count", "2") == Shards((1,), 2)
    assert parsed("--shards", "0,2,5-6", "--shard-count", "8") == Shards((0, 2, 5, 6), 8)


def test_without_flags_one_process_serves_every_server() -> None:
    assert parsed(database="islandbot.sqlite3") is None
    every = parsed("--shard-count", "4", database="islandbot.sqlite3")
    assert every == Shards((0, 1, 2, 3), 4)  # one process, sharded: SQLite is fine


@pytest.mark.parametrize(
    ("argv", "wording"),
    [
        (("--shards", "8", "--shard-count", "8"), "shard 8 does not exist with 8 shards"),
        (("--shards", "x", "--shard-count", "2"), "'x' is not a shard id or range"),
        (("--shards", "3-1", "--shard-count", "4"), "the range 3-1 runs backwards"),
        (("--shards", "1,1", "--shard-count", "4"), "given twice"),
        (
            (
                "--shards",
                "1",
            ),
            "--shards needs --shard-count",
        ),
        (("--shard-count", "0"), "at least 1"),
    ],
)
def test_wrong_shards_are_refused_with_a_reason(argv, wording) -> None:
    with pytest.raises(ValueError, match=wording):
        parsed(*argv)


def test_run_refuses_bad_shards_before_connecting(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("ISLANDBOT_DATABASE", POSTGRES)
    assert main(["run", "--shards", "9", "--shard-count", "8"]) == 2
    assert "shard 9 does not exist" in capsys.readouterr().err


def test_several_processes_need_postgresql(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("ISLANDBOT_DATABASE", str(tmp_path / "bot.db"))
    assert main(["run", "--shards", "0-1", "--shard-count", "4"]) == 2
    assert "postgresql://" in capsys.readouterr().err
    assert not (tmp_path / "bot.db").exists()


def test_the_shard_of_a_server_follows_discords_rule() -> None:
    guild = (1_000_006 << 22) | 12345  # the timestamp part picks the shard
    assert shard_of(guild, 4) == 1_000_006 % 4 == 2
    assert shard_of(None, 4) == 0  # direct messages
    assert Shards((2, 3), 4).owns(guild) and not Shards((0, 1), 4).owns(guild)


def test_only_the_process_serving_shard_0_syncs_commands() -> None:
    assert Shards((0, 1), 4).syncs_commands
    assert not Shards((2, 3), 4).syncs_commands


def test_a_sharded_bot_is_an_auto_sharded_client_with_those_ids(tmp_path) -> None:
    sharded = make_bot(POSTGRES, shards=Shards((2, 3), 8))
    assert isinstance(sharded, discord.AutoShardedClient) and isinstance(sharded, IslandBot)
    assert (sharded.shard_ids, sharded.shard_count) == ([2, 3], 8)
    single = make_bot(tmp_path / "bot.db")
    assert not isinstance(single, discord.AutoShardedClient)
