"""Island competition in German: the hand panel's menus, hints, suggestion and refusals follow
the member's language (German island names, German numbers, the game's German category terms),
while the public board of an English server stays English."""

from __future__ import annotations

import re

import discord

from engine import find_game
from engine.competition import card_by_id
from engine.core import Name, Number, Words
from engine.core.menus import Menu, walk_all
from locales import gettext

from ...engine.competition.test_menus import KINDS, _sample
from ..faces import face, text_of
from ..flow_helpers import expect_refusal, latest_game, new_game
from ..flows.test_competition_flow import components
from .test_language_flow import labels, member_locales  # noqa: F401 (a fixture)

GAME = find_game("competition")
ENGLISH = (
    "Which card",
    "placed)",
    "Suggested for the rest",
    "Place the rest",
    "Another slot",
    "Blind card",
    "beats",
    "of the deck",
    "border",
    "Confirm",
    "Take a card back",
    "goes back",
)
"""English words of the placing menus that must not be left in a German panel."""
PLACEHOLDER = re.compile(r"\{p\d+\}")


def untranslated(text: str) -> list[str]:
    """The plain English pieces of an engine text that the German catalog lacks (names,
    numbers, seat placeholders and language-neutral templates need no entry)."""
    if isinstance(text, Name | Number) or PLACEHOLDER.fullmatch(text) or not text.strip():
        return []
    if isinstance(text, Words):
        found = [] if gettext("de", text.template) != text.template else [text.template]
        if not re.sub(r"\{\w+\}", "", text.template).strip(" ·←();,\n:"):
            found = []  # only values and punctuation: the same in every language
        for value in text.params.values():
            if isinstance(value, str):
                found += untranslated(value)
        return found
    return [] if gettext("de", text) != text else [text]


def test_every_menu_text_of_every_kind_of_state_has_german() -> None:
    missing: set[str] = set()
    for kind in KINDS:
        state = _sample()[kind]
        for seat in sorted(GAME.to_move(state)):
            for _path, answer in walk_all(lambda path, t=state, s=seat: GAME.menu(t, s, path)):
                if isinstance(answer, Menu):
                    for text in (answer.prompt, *(c.label for c in answer.choices)):
                        missing.update(untranslated(text))
                    missing.update(h for c in answer.choices for h in untranslated(c.hint))
                else:
                    missing.update(untranslated(GAME.describe(answer.action, state)))
    assert not missing, sorted(missing)


async def test_a_german_member_in_an_english_server_places_a_hand_in_german(
    world,
    member_locales,  # noqa: F811
) -> None:
    member_locales[world.bob.id] = "de"
    opened = await new_game(world.alice, world.channel, "competition")
    await world.bob.click(opened.response.message, label="Join")
    await world.alice.click(opened.response.message, label="Start")
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    board = next(m for m in world.channel.history() if m.id == record.board_message_id)
    assert labels(board) == ["My moves", "Reveal next", "Scores", "Resign"]

    panel = (await world.bob.click(board, label="My moves")).response
    text = text_of(panel)
    assert "**Welche Karte kommt auf Fläche: größte? (0 von 12 gelegt)**" in text
    assert "Vorschlag für den Rest:" in text and "Fläche: größte ← " in text
    select = next(c for c in components(panel.message) if isinstance(c, discord.SelectMenu))
    options = [(o.label, o.description or "") for o in select.options]
    assert options[0][0] == "Rest wie vorgeschlagen legen (12 Karten)"
    assert options[0][1].startswith("Füllt die leeren Plätze wie aufgelistet")
    assert "Blindkarte" in [label for label, _ in options]
    assert "Anderer Platz" in [label for label, _ in options]
    assert any(" · schlägt hier " in hint for _, hint in options)
    best = max((card_by_id(c) for c in state.seats[1].hand), key=lambda c: c.area_km2)
    assert options[1][0].startswith(f"{best.name_de} · ")
    if best.area_km2 >= 1000:  # German thousands separators
        assert f"{best.area_km2:,.0f}".replace(",", ".") in options[1][0]
    shown = text + " ".join(f"{label} {hint}" for label, hint in options)
    assert not [word for word in ENGLISH if word in shown], shown

    refused = await world.bob.slash(world.channel, "game move", move="UNPLACE AREA HIGH")
    expect_refusal(world, refused, "Auf Fläche oben (höchster Wert) liegt keine Karte.")
    theirs = card_by_id(state.seats[0].hand[0])
    refused = await world.bob.slash(world.channel, "game move", move=f"PLACE {theirs.id} AREA HIGH")
    said = expect_refusal(world, refused, f"{theirs.name_de} gehört nicht zu deinen Karten.")
    assert "is not one of your cards" not in said
    assert (await latest_game(world)).version == record.version

    await world.bob.select(panel.message, ["0"], custom_id=select.custom_id)
    placed = text_of(panel.message)
    assert "**bob**: legt den Rest: " in placed and " auf Fläche oben (höchster Wert)" in placed
    assert "**Alle 12 Plätze sind belegt. Auslage bestätigen?**" in placed
    buttons = [c.label for c in components(panel.message) if isinstance(c, discord.Button)]
    assert buttons[:3] == ["Auslage bestätigen", "Platz ändern", "Karte zurücknehmen"]
    assert "places the rest" not in placed and "Confirm" not in " ".join(buttons)
    change = next(c for c in components(panel.message) if getattr(c, "label", "") == "Platz ändern")
    await world.bob.click(panel.message, custom_id=change.custom_id)
    assert "Platz ändern\n**Welcher Platz?**" in text_of(panel.message)

    taken = await world.bob.slash(world.channel, "game move", move="UNPLACE AREA HIGH")
    assert "nimmt die Karte von Fläche oben (höchster Wert) zurück" in taken.response.content
    mine = card_by_id(world.env.bot.service.state_of(await latest_game(world)).seats[1].hand[0])
    offered = await world.bob.autocomplete(
        world.channel, "game move", "move", f"legt {mine.name_de}"
    )
    assert offered and all(c["name"].startswith(f"Legt {mine.name_de} auf ") for c in offered)

    board = next(m for m in world.channel.history() if m.id == record.board_message_id)
    assert labels(board) == ["My moves", "Reveal next", "Scores", "Resign"]
    assert face(board).title == "Island competition · round 1 of 6"
