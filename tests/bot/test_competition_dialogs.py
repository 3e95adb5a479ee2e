"""The taker's dialogs as drawn for a given state: split buttons and menus, steal menus."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.competition.access import Here
from bot.competition.dialogs import NO_CHOICE, StealChoice, dialog
from bot.service import GameService
from bot.store import GameRecord, PlayerRecord, Store
from engine.competition import GAME
from engine.competition.deck import load_deck
from engine.competition.state import STEAL, Job
from tests.engine.competition.competition_helpers import B, one_slot, placed_state

NAMES = ["ann", "ben", "cleo", "dan", "eve"]
BUTTON = 2


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "dialogs.db")
    yield GameService(store)
    await store.close()


def _here(service: GameService, state) -> Here:
    players = tuple(
        PlayerRecord(seat, 100 + seat, NAMES[seat], False) for seat in range(state.num_players)
    )
    record = GameRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        game="competition",
        status="active",
        host_id=100,
        options={},
        seed=0,
        state=None,
        version=9,
        board_message_id=None,
        result=None,
        players=players,
    )
    return Here(service, record, state)


def _components(view) -> list[dict]:
    return [c for row in view.to_components() for c in row["components"]]


def test_a_tied_players_single_card_gets_two_buttons(service) -> None:
    state, _ = GAME.apply_text(
        placed_state(GAME, [one_slot("sylt", 3), one_slot("sylt", 0), one_slot(B)]),
        None,
        "REVEAL",
    )
    assert len(state.jobs[0].cards) == 1
    embed, view = dialog(_here(service, state), state.jobs[0].seat)
    labels = [c["label"] for c in _components(view)]
    assert labels == ["Face down", "Face up on the North & Baltic Sea pile"]
    assert "A single card goes where you like" in embed.description


def test_more_than_25_piles_are_reached_player_by_player(service) -> None:
    by_sea: dict[str, list[str]] = {}
    for card in load_deck():
        by_sea.setdefault(card.sea, []).append(card.id)
    seas = [cards for cards in by_sea.values() if len(cards) >= 4]
    piles = [[cards[victim] for cards in seas] for victim in range(1, 5)]
    state = placed_state(GAME, [one_slot(B)] * 5, face_up=[[], *piles])
    state = replace(state, jobs=(Job(STEAL, 0, count=1),))
    found = _here(service, state)
    _, first = dialog(found, 0)
    victims = _components(first)[0]
    assert victims["custom_id"] == "cmp:victim:1:9"
    assert [o["label"] for o in victims["options"]] == NAMES[1:]
    _, chosen = dialog(found, 0, choice=StealChoice(victim=2))
    menu = _components(chosen)[1]
    assert len(menu["options"]) == len(seas) <= 25
    assert all(o["value"].startswith("2:") for o in menu["options"])
    pile = menu["options"][0]["value"]
    _, ready = dialog(found, 0, choice=StealChoice(victim=2, pile=pile))
    buttons = [c["label"] for c in _components(ready) if c["type"] == BUTTON]
    assert buttons[1:] == ["Face down", "Done: take no more"]
    assert buttons[0].startswith("Onto my ") and buttons[0].endswith(" pile")
    assert dialog(found, 1, choice=NO_CHOICE)[1] is None
