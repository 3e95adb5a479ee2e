"""A lobby's edits after joins and leaves: one at a time, the latest seats last, an older
list never shown after a newer one (:mod:`bot.lobby_edits`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.lobby_edits import LobbyEdit, LobbyEdits
from bot.store import GameRecord

LOBBY = 7


def saved(version: int) -> GameRecord:
    return GameRecord(LOBBY, 1, 1, "wars", "lobby", 1, {}, 0, None, version, 5, None)


def card(record: GameRecord) -> dict[str, object]:
    return {"content": f"version {record.version}"}


@pytest.fixture
def edits() -> tuple[list[tuple[int, str]], asyncio.Event, Callable[[int], LobbyEdit]]:
    """The edits sent (by whose change, what), each held until the test lets it through,
    and the edit of each change (its tap's interaction, or a command's message edit)."""
    sent: list[tuple[int, str]] = []
    gate = asyncio.Event()
    gate.set()

    def tap(number: int) -> LobbyEdit:
        async def edit(**kwargs: str) -> int:
            await gate.wait()
            sent.append((number, kwargs["content"]))
            return 1

        return edit

    return sent, gate, tap


async def test_a_burst_of_joins_ends_on_the_latest_version_edited_once_each(edits) -> None:
    sent, gate, tap = edits
    shown = LobbyEdits()
    gate.clear()  # the first tap's edit is on its way while the others arrive
    first = asyncio.ensure_future(shown.show(saved(2), tap(1), card))
    await asyncio.sleep(0)
    await shown.show(saved(4), tap(3), card)  # returns at once: the first tap edits
    await shown.show(saved(3), tap(2), card)  # older than the one waiting: dropped
    assert sent == []
    gate.set()
    await first
    assert sent == [(1, "version 2"), (3, "version 4")]


async def test_an_older_version_arriving_after_a_newer_one_was_shown_is_not_shown(
    edits,
) -> None:
    sent, _, tap = edits
    shown = LobbyEdits()
    await shown.show(saved(3), tap(2), card)
    await shown.show(saved(2), tap(1), card)  # its tap was answered after the later one's
    await shown.show(saved(4), tap(3), card)
    assert sent == [(2, "version 3"), (3, "version 4")]


async def test_an_edit_discord_did_not_take_leaves_the_next_change_to_show_the_lobby() -> None:
    sent: list[str] = []

    async def refused_once(**kwargs: str) -> int:
        if not sent:
            sent.append("refused")
            raise TimeoutError
        sent.append(kwargs["content"])
        return 1

    shown = LobbyEdits()
    await shown.show(saved(2), refused_once, card)
    await shown.show(saved(2), refused_once, card)  # not shown yet: shown now
    assert sent == ["refused", "version 2"]


async def test_no_seats_saved_before_another_answer_of_the_lobby_are_shown_after_it(edits) -> None:
    sent, gate, tap = edits
    shown = LobbyEdits()
    gate.clear()
    first = asyncio.ensure_future(shown.show(saved(2), tap(1), card))
    await asyncio.sleep(0)
    await shown.show(saved(3), tap(2), card)  # waits behind the first edit
    shown.answered(saved(4))  # the game started meanwhile: its message says so
    gate.set()
    await first
    await shown.show(saved(3), tap(3), card)  # a late tap of the lobby
    assert sent == [(1, "version 2")]
