"""A lobby's edits after joins and leaves: one at a time, the latest seats last, an older
list never shown after a newer one (:mod:`bot.lobby_edits`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from bot import lobby_edits
from bot.lobby_edits import LobbyEdits
from bot.store import GameRecord

LOBBY = 7


@dataclass
class Tap:
    """An interaction, as far as the edits are concerned: which one it is."""

    id: int


def saved(version: int) -> GameRecord:
    return GameRecord(LOBBY, 1, 1, "wars", "lobby", 1, {}, 0, None, version, 5, None)


def card(record: GameRecord) -> dict[str, object]:
    return {"content": f"version {record.version}"}


@pytest.fixture
def edits(monkeypatch):
    """The edits sent (by whose tap, what), each held until the test lets it through."""
    sent: list[tuple[int, str]] = []
    gate = asyncio.Event()
    gate.set()

    async def edit_answer(interaction, **kwargs):
        await gate.wait()
        sent.append((interaction.id, kwargs["content"]))
        return 1

    monkeypatch.setattr(lobby_edits, "edit_answer", edit_answer)
    return sent, gate


async def test_a_burst_of_joins_ends_on_the_latest_version_edited_once_each(edits) -> None:
    sent, gate = edits
    shown = LobbyEdits()
    gate.clear()  # the first tap's edit is on its way while the others arrive
    first = asyncio.ensure_future(shown.show(Tap(1), saved(2), card))
    await asyncio.sleep(0)
    await shown.show(Tap(3), saved(4), card)  # returns at once: the first tap edits
    await shown.show(Tap(2), saved(3), card)  # older than the one waiting: dropped
    assert sent == []
    gate.set()
    await first
    assert sent == [(1, "version 2"), (3, "version 4")]


async def test_an_older_version_arriving_after_a_newer_one_was_shown_is_not_shown(
    edits,
) -> None:
    sent, _ = edits
    shown = LobbyEdits()
    await shown.show(Tap(2), saved(3), card)
    await shown.show(Tap(1), saved(2), card)  # its tap was answered after the later one's
    await shown.show(Tap(3), saved(4), card)
    assert sent == [(2, "version 3"), (3, "version 4")]


async def test_an_edit_discord_did_not_take_leaves_the_next_change_to_show_the_lobby(
    monkeypatch,
) -> None:
    sent: list[str] = []

    async def refused_once(interaction, **kwargs):
        if not sent:
            sent.append("refused")
            raise TimeoutError
        sent.append(kwargs["content"])
        return 1

    monkeypatch.setattr(lobby_edits, "edit_answer", refused_once)
    shown = LobbyEdits()
    await shown.show(Tap(1), saved(2), card)
    await shown.show(Tap(1), saved(2), card)  # not shown yet: shown now
    assert sent == ["refused", "version 2"]


async def test_no_seats_saved_before_another_answer_of_the_lobby_are_shown_after_it(edits) -> None:
    sent, gate = edits
    shown = LobbyEdits()
    gate.clear()
    first = asyncio.ensure_future(shown.show(Tap(1), saved(2), card))
    await asyncio.sleep(0)
    await shown.show(Tap(2), saved(3), card)  # waits behind the first edit
    shown.answered(saved(4))  # the game started meanwhile: its message says so
    gate.set()
    await first
    await shown.show(Tap(3), saved(3), card)  # a late tap of the lobby
    assert sent == [(1, "version 2")]
