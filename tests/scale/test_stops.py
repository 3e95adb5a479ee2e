"""The bot as a real process: SIGTERM and SIGINT stop it gracefully (exit 0, no process of
its own left, and an interaction still being handled is told the bot is restarting), a bot
killed by SIGKILL leaves no process behind (its children end by themselves), and a process
killed between a save and its post loses nothing: the next start shows the change once, with
its pings. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WAIT = 180  # seconds for a step (the machine may be busy)
ORPHANS_GONE = 60  # seconds a killed bot's children may take to end (about 1 s, unloaded)


def spawn(database: str, step: str, **env: str) -> subprocess.Popen[str]:
    """``tests.scale.bot_process`` in a session of its own (so its children can be found)."""
    return subprocess.Popen(
        [sys.executable, "-m", "tests.scale.bot_process", database, step],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, **env},
        start_new_session=True,
    )


async def said(process: subprocess.Popen[str]) -> str:
    """The process's next line on its standard output."""
    assert process.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(process.stdout.readline), WAIT)
    return line.strip()


async def ended(process: subprocess.Popen[str]) -> int:
    """The process's exit status, once it ended."""
    return await asyncio.to_thread(process.wait, WAIT)


def in_session(session: int) -> list[int]:
    """The processes still running in a session."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_exits_0_and_leaves_no_process(database, number) -> None:
    bot = spawn(database, "serve", ISLANDBOT_RENDER_WORKERS="2")
    assert await said(bot) == "ready"  # with its render workers running
    assert len(in_session(bot.pid)) > 1
    bot.send_signal(number)
    assert await said(bot) == "stopped"
    assert await ended(bot) == 0
    for _ in range(50):
        if not in_session(bot.pid):
            break
        await asyncio.sleep(0.1)
    assert in_session(bot.pid) == []


async def test_a_killed_bot_leaves_no_process_behind(tmp_path) -> None:
    bot = spawn(str(tmp_path / "killed.db"), "serve", ISLANDBOT_RENDER_WORKERS="2")
    assert await said(bot) == "ready"  # with its render workers running
    children = [pid for pid in in_session(bot.pid) if pid != bot.pid]
    assert len(children) >= 3, children  # picture and computer workers, resource tracker
    os.kill(bot.pid, signal.SIGKILL)  # the bot alone, as an out-of-memory kill does
    assert await ended(bot) == -signal.SIGKILL
    for _ in range(ORPHANS_GONE * 10):
        if not in_session(bot.pid):
            break
        await asyncio.sleep(0.1)
    assert in_session(bot.pid) == []


async def killed_then_restarted(database: str, step: str) -> dict:
    """Run ``step`` until its change is saved, SIGKILL it there, start the bot again on its
    database: what the new process showed."""
    killed = spawn(database, step)
    assert await said(killed) == "saved"
    os.killpg(killed.pid, signal.SIGKILL)  # with its workers, as a container's end does
    assert await ended(killed) == -signal.SIGKILL
    restarted = spawn(database, "restart")
    shown = json.loads(await said(restarted))
    assert await ended(restarted) == 0
    return shown


async def test_a_process_killed_between_a_round_close_and_its_post_loses_nothing(
    database,
) -> None:
    shown = await killed_then_restarted(database, "killed")
    assert shown["titles"] == ["Islant · Level 2 · Round 2"]  # posted once
    assert shown["pings"] == [shown["players"]]  # and its pings sent once


async def test_a_process_killed_between_a_move_and_its_board_loses_nothing(database) -> None:
    shown = await killed_then_restarted(database, "killed-move")
    assert len(shown["titles"]) == 1, shown  # the board, once
    assert "tiggar islanote" in shown["titles"][0]
    assert " places the volcano at " in shown["texts"][0], shown["texts"]  # with the move


async def test_a_process_killed_between_a_round_timer_and_its_post_loses_nothing(
    database,
) -> None:
    shown = await killed_then_restarted(database, "killed-timer")
    assert shown["titles"] == ["Islant · Level 2 · Round 2"], shown  # posted once
    assert "time is up" in shown["texts"][0].lower(), shown["texts"]
    assert shown["pings"] == [shown["players"]]


async def test_a_stop_during_a_replay_tells_the_asker_instead_of_leaving_them_waiting(
    database,
) -> None:
    bot = spawn(database, "replay")
    assert await said(bot) == "replaying"  # acknowledged: the asker sees "thinking…"
    bot.send_signal(signal.SIGTERM)
    told = json.loads(await said(bot))["told"]
    assert await ended(bot) == 0
    assert any("restarting" in text for text in told), told
