"""The bot's processes run uvloop's event loop where it is installed (a dependency on every
platform but Windows), asyncio's when ``ISLANDBOT_EVENT_LOOP=asyncio`` asks; a value that
names neither stops the start with one line saying why."""

from __future__ import annotations

import asyncio

import pytest

from bot.cli import main
from bot.config import load_settings
from bot.event_loop import ASYNCIO, LOOP_VARIABLE, UVLOOP, loop_named, run, running_loop


async def loop_here() -> str:
    await asyncio.sleep(0)
    return running_loop()


def test_uvloop_is_the_default_and_asyncio_can_be_asked_for() -> None:
    assert loop_named(None) == loop_named("") == UVLOOP
    assert loop_named(" UVLOOP ") == UVLOOP
    assert loop_named("asyncio") == ASYNCIO


def test_a_loop_named_wrongly_is_refused_with_the_variable_named() -> None:
    with pytest.raises(ValueError, match=f"{LOOP_VARIABLE} must be uvloop or asyncio"):
        loop_named("trio")


def test_a_coroutine_runs_on_the_loop_named_or_as_the_environment_asks(monkeypatch) -> None:
    assert run(loop_here(), UVLOOP) == UVLOOP
    assert run(loop_here(), ASYNCIO) == ASYNCIO
    monkeypatch.setenv(LOOP_VARIABLE, ASYNCIO)
    assert run(loop_here()) == ASYNCIO
    monkeypatch.delenv(LOOP_VARIABLE)
    assert run(loop_here()) == UVLOOP


def test_the_settings_carry_the_loop_from_the_environment_or_a_dotenv_file(tmp_path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(f"{LOOP_VARIABLE}=asyncio\n", encoding="utf-8")
    assert load_settings({}, env_file).event_loop == ASYNCIO
    assert load_settings({LOOP_VARIABLE: UVLOOP}, env_file).event_loop == UVLOOP
    assert load_settings({}, tmp_path / "none").event_loop == UVLOOP


def test_the_command_refuses_to_start_on_a_loop_it_does_not_know(monkeypatch, capsys) -> None:
    monkeypatch.setenv(LOOP_VARIABLE, "trio")
    assert main([]) == 2
    assert capsys.readouterr().err.strip() == (
        f"islandbot: {LOOP_VARIABLE} must be uvloop or asyncio, not 'trio'"
    )
