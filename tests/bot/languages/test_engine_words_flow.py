"""The engines' own words (menus, hints, moves, refusals, event lines, end reasons) in the
reader's language: private ones in the member's, public ones in the server's; and players
named, with a Wars colour only beside the name."""

from __future__ import annotations

import pytest

from engine import find_game
from locales import speaking

from ..components.test_autocomplete import mid_game
from ..faces import controls, face, is_card, last_card, text_of, visible_text
from ..flow_helpers import expect_refusal, latest_game, new_game, open_lobby
from .test_language_flow import member_locales  # noqa: F401 (a fixture, read by name)

ENGLISH_PANEL_WORDS = ("Which", "Where", "north", "Place a", "choices", "converts", "score")


def panel_texts(response) -> list[str]:
    """The panel's content, then every button label, select option label and description."""
    texts = [text_of(response)]
    for item in controls(response.message):
        texts.append(getattr(item, "label", None) or "")
        for option in getattr(item, "options", ()):
            texts += [option.label, option.description or ""]
    return texts


def assert_no_english(texts: list[str]) -> None:
    for text in texts:
        for word in ENGLISH_PANEL_WORDS:
            assert word not in text, (word, text)


async def test_tiggar_islanote_for_a_german_member_in_an_english_server(world, request) -> None:
    request.getfixturevalue("member_locales")[world.alice.id] = "de"
    lobby = await open_lobby(world, world.alice, "tigerisland", options="first_player=0")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    board = last_card(world.channel)

    panel = (await world.alice.click(board, label="My moves")).response
    texts = panel_texts(panel)
    assert "**In welche Richtung?**" in texts[0]
    assert any(" nach Nordwesten, " in t for t in texts)
    assert "abseits deiner Siedlungen" not in texts  # none yet to be away from
    assert_no_english(texts)

    offered = await world.alice.autocomplete(world.channel, "tiger place", "placement", "tisch")
    assert len(offered) == 6  # the first tile: six ways round at the centre
    assert all(c["name"].startswith("Setzt den Vulkan auf 0 0 0, ") for c in offered)
    assert all(len(c["name"]) <= 100 for c in offered)
    english = await world.alice.autocomplete(world.channel, "tiger place", "placement", "table")
    assert [c["value"] for c in english] == [c["value"] for c in offered]

    refused = await world.alice.slash(
        world.channel, "tiger build", build="FOUND SETTLEMENT AT 0 0 0"
    )
    text = expect_refusal(world, refused)
    assert text.startswith("Lege zuerst dein Plättchen (") and "gebaut wird danach" in text

    await world.alice.slash(world.channel, "tiger place", placement=offered[0]["value"])
    posted = face(last_card(world.channel)).description
    assert posted.startswith("**alice** places the volcano at 0 0 0, ")
    assert "Vulkan" not in posted and posted.count("places the volcano") == 1  # told once


async def test_island_wars_for_a_german_member_in_an_english_server(world, request) -> None:
    request.getfixturevalue("member_locales")[world.alice.id] = "de"
    lobby = await open_lobby(world, world.alice, "wars")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    board = last_card(world.channel)

    panel = (await world.alice.click(board, label="My moves")).response
    texts = panel_texts(panel)
    assert texts[0].startswith("**Was tust du in diesem Zug?**")
    assert "Eine Kaserne setzen (noch 3)" in texts and "Diesen Zug passen" in texts
    assert any("Bestenfalls: erobert " in t and " Optionen" in t for t in texts)
    assert_no_english(texts)

    offered = await world.alice.autocomplete(
        world.channel, "wars place", "where", "erobert", piece="BARRACKS"
    )
    assert offered and all(c["name"].startswith("Setzt eine Kaserne auf (") for c in offered)
    assert all("(erobert " in c["name"] and len(c["name"]) <= 100 for c in offered)

    refused = await world.alice.slash(world.channel, "wars place", piece="TOWER", where="0 0")
    assert expect_refusal(world, refused) == "(0, 0) ist Wasser; Figuren kommen auf Landfelder."

    two = next(c["value"] for c in offered if c["name"].endswith("(erobert 2 Felder)"))
    await world.alice.slash(world.channel, "wars place", piece="BARRACKS", where=two)
    posted = face(last_card(world.channel)).description
    assert posted.startswith("**alice** places a barracks at (")
    assert "\n**alice** (Tan) takes 2 hexes.\n" in posted
    assert "Kaserne" not in posted and "hex(es)" not in posted


async def test_a_computers_wars_move_and_a_resignation_are_told_by_name(world) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    computer = (await latest_game(world)).players[1].name

    await world.alice.slash(world.channel, "wars pass")
    await world.env.bot.publisher.settle()
    *_, mine, theirs = [m for m in world.channel.history() if is_card(m)]
    assert face(mine).description.splitlines()[0] == "**alice** passes"
    lines = face(theirs).description.splitlines()
    assert lines[0].startswith(f"**{computer}** (Dark Green) places a ")
    assert all("Dark Green:" not in line and "hex(es)" not in line for line in lines)

    await world.alice.slash(world.channel, "game resign")
    await world.env.bot.publisher.settle()
    last = last_card(world.channel)
    told = face(last).description
    assert "**alice** (Tan) resigns." not in told  # the headline said it
    assert f"🏆 **{computer}**" in told
    assert told.lower().count("everyone else resigned") == 1  # the end is told once
    assert "Everyone else resigned." in visible_text(last)


@pytest.mark.parametrize(
    ("game", "line", "reason"),
    [
        ("wars", "(Dunkelgrün) setzt ", "Alle anderen haben aufgegeben."),
        ("tigerisland", " setzt den Vulkan auf 0 0 0, ", "hat aufgegeben. "),
    ],
)
async def test_a_german_server_tells_moves_and_the_end_in_german(
    simcord_env, request, game, line, reason
) -> None:
    request.getfixturevalue("member_locales")  # servers send their preferred locale
    await simcord_env.bot.sync_commands()
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("inselspiele")
    anna = guild.add_member(simcord_env.create_user("anna"))
    options = {"options": "first_player=1"} if game == "tigerisland" else {}
    lobby = (await new_game(anna, channel, game, **options)).response.message
    await anna.click(lobby, label="Computer hinzufügen")
    await anna.click(lobby, label="Mittel")
    await anna.click(lobby, label="Starten")
    if game == "wars":  # the computer plays second
        await anna.slash(channel, "wars pass")
    await simcord_env.bot.publisher.settle()
    record = await simcord_env.bot.store.last_game_in(channel.id)
    with speaking("de"):
        computer = next(p.shown_name for p in record.players if p.is_ai)
    assert computer.endswith("(Computer)")
    moved = "\n".join(face(m).description or "" for m in channel.history())
    assert f"**{computer}**" in moved or f"{computer} " in moved
    assert line in moved and "places" not in moved

    await anna.slash(channel, "game resign")
    await simcord_env.bot.publisher.settle()
    end = last_card(channel)
    assert "**Spiel vorbei.** " in face(end).description and reason in face(end).description
    assert face(end).description.count(reason.strip()) == 1  # the end is told once
    assert f"{computer} gewinnt." in visible_text(end) or "Alle anderen" in visible_text(end)
    assert "resign" not in visible_text(end) and "wins" not in visible_text(end)


async def test_a_german_member_finds_eruptions_by_the_german_word(world, request) -> None:
    member, state, seat = await mid_game(world)
    request.getfixturevalue("member_locales")[member.id] = "de"
    game = find_game("tigerisland")
    eruptions = {
        game.format(a)
        for a in game.legal_actions(state, seat)
        if "eruption" in game.search_text(a, state).lower()
    }
    assert eruptions, "the position was chosen to allow eruptions"
    for typed in ("ausbruch", "Ausbr", "eruption"):
        offered = await member.autocomplete(world.channel, "tiger place", "placement", typed)
        assert offered and {c["value"] for c in offered} <= eruptions, typed
        assert all(c["name"].startswith("Setzt den Vulkan auf ") for c in offered)
        assert all("(Ausbruch, Ebene " in c["name"] for c in offered)
