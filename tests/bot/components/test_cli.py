"""The console command and configuration: simulate, backup, health, settings from .env."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time

import pytest
from PIL import Image

from bot.cli import main
from bot.config import load_settings
from bot.store import Store
from engine import find_game


@pytest.mark.parametrize(("game", "players"), [("tigerisland", 2), ("wars", 3)])
def test_simulate_writes_a_readable_frame_per_move(tmp_path, capsys, game, players) -> None:
    out = tmp_path / "frames"
    assert (
        main(["simulate", game, "--players", str(players), "--seed", "2", "--out", str(out)]) == 0
    )
    frames = sorted(out.glob("*.png"))
    report = capsys.readouterr().out
    assert f"{len(frames)} frames" in report and "*" in report  # the winner is starred
    with Image.open(frames[-1]) as last:
        assert last.width >= 900


def test_simulate_writes_private_frames_only_beside_public_ones(tmp_path) -> None:
    out = tmp_path / "frames"
    assert main(["simulate", "competition", "--players", "3", "--out", str(out)]) == 0
    public = {p.name for p in out.glob("????.png")}
    private = {p.name for p in out.glob("????-p?.png")}
    assert public and private
    assert {name[:4] for name in private} <= {name[:4] for name in public}


def test_simulate_islant_ends_with_the_ranking_and_every_sheet(tmp_path) -> None:
    out = tmp_path / "race"
    options = ["--option", "level=5", "--option", "max_rounds=2"]
    assert main(["simulate", "islant", "--players", "12", "--out", str(out), *options]) == 0
    assert (out / "standings.png").is_file()
    assert len(list(out.glob("sheet-*.png"))) == 12


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "tigerisland", "--players", "3"], "simulate: tiggar islanote is for 2 to 2"),
        (["simulate", "chess"], "simulate: There is no game called `chess`"),
        (["simulate", "islant", "--option", "level=9"], "must be a whole number from 1 to 5"),
        (["arena", "wars", "--levels", "normal", "--option", "size=9"], "Unknown option `size`"),
    ],
)
def test_refused_games_and_options_are_one_line_not_a_traceback(
    tmp_path, capsys, argv, said
) -> None:
    assert main([*argv, *(["--out", str(tmp_path)] if argv[0] == "simulate" else [])]) == 2
    error = capsys.readouterr().err
    assert said in error and "Traceback" not in error and error.count("\n") == 1
    assert not list(tmp_path.glob("*.png"))


def test_an_option_without_a_value_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "islant", "--option", "level"])
    assert exit_.value.code == 2
    assert "'level' is not NAME=VALUE" in capsys.readouterr().err


def test_without_a_token_the_command_plays_an_offline_game(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 0
    assert "offline demonstration" in capsys.readouterr().out
    assert list((tmp_path / "frames").glob("*.png"))


def test_backup_copies_the_database(tmp_path, monkeypatch) -> None:
    db = tmp_path / "live.db"

    async def make() -> None:
        store = await Store.open(db)
        await store.update_guild_settings(7, {"reminder_hours": 3})
        await store.close()

    asyncio.run(make())
    monkeypatch.setenv("ISLANDBOT_DATABASE", str(db))
    assert main(["backup", str(tmp_path / "copy.db")]) == 0
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert (
        copy.execute("SELECT settings FROM guild_settings").fetchone()[0] == '{"reminder_hours": 3}'
    )
    copy.close()


def test_health_follows_the_heartbeat(tmp_path, monkeypatch) -> None:
    beat = tmp_path / "beat"
    monkeypatch.setenv("ISLANDBOT_HEARTBEAT", str(beat))
    assert main(["health"]) == 1
    beat.touch()
    assert main(["health"]) == 0
    old = time.time() - 600
    os.utime(beat, (old, old))
    assert main(["health"]) == 1


def test_settings_read_a_dotenv_file_and_never_show_the_token(tmp_path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN='secret-token'\nISLANDBOT_DEV_GUILD=42\n# comment\n")
    settings = load_settings({"ISLANDBOT_LOG_LEVEL": "debug"}, env_file)
    assert settings.token == "secret-token" and settings.dev_guild == 42
    assert settings.log_level == "DEBUG"
    assert "secret-token" not in repr(settings)
    assert load_settings({"DISCORD_TOKEN": "x"}, env_file).token == "x"  # environment wins


def test_simulate_seats_computers_at_the_levels_given(tmp_path, capsys) -> None:
    out = tmp_path / "frames"
    args = ["simulate", "wars", "--computer", "easy,hard", "--think-ms", "5", "--out", str(out)]
    assert main(args) == 0
    report = capsys.readouterr().out
    assert "Player 1 (easy)" in report and "Player 2 (hard)" in report
    assert main(["simulate", "wars", "--computer", "easy,hard,normal"]) == 2


def test_replay_writes_the_gif_of_a_finished_game_and_refuses_others(tmp_path, capsys) -> None:
    db = tmp_path / "bot.db"
    finished, running = asyncio.run(_two_games(db))
    out = tmp_path / "replay.gif"
    assert main(["replay", str(finished), "--out", str(out), "--db", str(db)]) == 0
    assert f"game #{finished}" in capsys.readouterr().out
    with Image.open(out) as gif:
        assert gif.is_animated and gif.n_frames >= 3
    assert main(["replay", str(running), "--out", str(tmp_path / "no.gif"), "--db", str(db)]) == 1
    assert "still going" in capsys.readouterr().err
    assert not (tmp_path / "no.gif").exists()


async def _two_games(db) -> tuple[int, int]:
    """A finished two-player game of tiggar islanote (two moves, then a resignation) and a
    running one, through the service as the bot plays them."""
    from bot.service import GameService

    store = await Store.open(db)
    service = GameService(store)
    ids = []
    try:
        for channel, finish in ((1, True), (2, False)):
            lobby = await service.open_lobby(
                guild_id=9,
                channel_id=channel,
                game_name="tigerisland",
                host_id=1,
                host_name="ann",
                options={},
            )
            await service.join(channel, 2, "ben")
            await service.start(channel, 1)
            if finish:
                for _ in range(2):
                    record, state = await service.running(channel)
                    game = find_game(record.game)
                    seat = min(game.to_move(state))
                    action = game.legal_actions(state, seat)[0]
                    await service.play(channel, seat + 1, game.format(action))
                await service.resign(channel, 1, None)
            ids.append(lobby.id)
    finally:
        service.computers.close()
        await store.close()
    return ids[0], ids[1]
