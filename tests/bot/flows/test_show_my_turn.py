"""**Show my turn** on an idle panel: the turn itself once it is the player's, else whose
turn it is; in English and in German."""

from __future__ import annotations

import random

import pytest

from bot.panel import NEXT_LABEL, STALE_NOTE
from engine import find_game

from ..faces import controls, last_card, text_of
from ..flow_helpers import latest_game
from ..languages.test_language_flow import member_locales  # noqa: F401 (a fixture)
from .test_panel import MAX_TAPS_PER_ACTION, start, tap_once

TIGER = find_game("tigerisland")
WORDS = {
    "en-US": {"show": NEXT_LABEL, "to_move": "Waiting for", "stale": STALE_NOTE[:20]},
    "de": {
        "show": "Meinen Zug zeigen",
        "to_move": "Es wird noch auf",
        "stale": "Das Spiel ging weiter",
    },
}


async def play_turn(world, member, rnd: random.Random) -> None:
    """``member`` plays their whole turn (a placement and a build) by taps on new panels."""
    while True:
        record = await latest_game(world)
        state = world.env.bot.service.state_of(record)
        if record.seat_of(member.id) not in TIGER.to_move(state):
            return
        panel = (await member.click(last_card(world.channel), label="My moves")).response
        for _tap in range(MAX_TAPS_PER_ACTION):
            await tap_once(member, panel.message, rnd)
            if (await latest_game(world)).version != record.version:
                break
        else:
            raise AssertionError(f"no move: {text_of(panel)}")


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_show_my_turn_opens_the_turn_or_says_whose_it_is(
    world,
    member_locales,  # noqa: F811
    locale: str,
) -> None:
    words = WORDS[locale]
    member_locales[world.alice.id] = locale
    await start(world, "tigerisland", world.alice, world.bob)
    rnd = random.Random(2)
    await play_turn(world, world.alice, rnd)  # if she begins
    panel = (await world.alice.click(last_card(world.channel), label="My moves")).response
    (show,) = [c for c in controls(panel.message) if c.label == words["show"]]
    await world.alice.click(panel.message, custom_id=show.custom_id)  # still Bob's turn
    assert words["to_move"] in text_of(panel) and "**bob**" in text_of(panel), text_of(panel)
    assert words["stale"] not in text_of(panel)
    await play_turn(world, world.bob, rnd)
    (show,) = [c for c in controls(panel.message) if c.label == words["show"]]
    await world.alice.click(panel.message, custom_id=show.custom_id)  # now it is hers
    text = text_of(panel)
    assert words["stale"] not in text and words["to_move"] not in text, text
    shown = controls(panel.message)
    assert shown and all(getattr(c, "label", "") != words["show"] for c in shown), "her menu"
