"""Whose language: private answers follow the member's Discord language, public posts the
server's (its Discord language, or ``/settings language``). Every game, both ways round."""

from __future__ import annotations

import discord
import pytest
import simcord
import simcord.interactions

from bot.i18n import game_title
from bot.quickstart import quick_start, rules_text
from engine import all_games

from ..faces import (
    controls,
    face,
    has_controls,
    last_card,
    last_plain,
    rows_of,
    text_of,
    visible_text,
)
from ..flow_helpers import expect_refusal, latest_game, new_game, think_quickly
from ..flows.test_islant_flow import choose
from ..flows.test_islant_flow import labels as panel_labels
from ..flows.test_replays_flow import finish_a_game

GAMES = [game.info.name for game in all_games()]


@pytest.fixture
def member_locales(monkeypatch) -> dict[int, str]:
    """Discord languages by user id (default en-US); servers send their preferred locale."""
    chosen: dict[int, str] = {}
    build = simcord.interactions.base_payload

    def localized(backend, **fields):
        record, payload = build(backend, **fields)
        payload["locale"] = chosen.get(fields["user_id"], "en-US")
        if fields.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(fields["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", localized)
    return chosen


def message(channel, message_id: int):
    """A message of the channel as it is now (after edits)."""
    return next(m for m in channel.history() if m.id == message_id)


def labels(msg) -> list[str]:
    return [c.label for c in controls(msg)]


async def seat_two_and_start(lobby, host, guest, join: str, start: str) -> None:
    await guest.click(lobby, label=join)
    await host.click(lobby, label=start)


@pytest.mark.parametrize("game", GAMES)
async def test_a_german_member_in_an_english_server(world, member_locales, game) -> None:
    member_locales[world.alice.id] = "de"
    opened = await new_game(world.alice, world.channel, game)
    lobby = opened.response.message
    assert not opened.ephemeral
    assert face(lobby).title.endswith(": new game") and "Join" in labels(lobby)

    again = await world.alice.click(lobby, label="Join")
    assert again.ephemeral and again.response.content == "Du spielst schon mit."
    rules = await world.alice.slash(world.channel, "game rules", game=game)
    described = face(rules.response).description
    assert rules.ephemeral and described.startswith("**Schnellstart**\n" + quick_start(game, "de"))
    assert rules_text(game, "de")[:1000] in described
    assert face(rules.response).footer.text.endswith(" Spieler")

    await seat_two_and_start(lobby, world.alice, world.bob, "Join", "Start")
    record = await latest_game(world)
    assert record.status == "active"
    assert face(message(world.channel, lobby.id)).description == "The game has started."
    status = await world.alice.slash(world.channel, "game status")
    assert status.ephemeral and status.response.content.endswith(": du bist dran.")


@pytest.mark.parametrize("game", GAMES)
async def test_a_german_server_posts_in_german_and_answers_english_members_in_english(
    simcord_env, member_locales, game
) -> None:
    await simcord_env.bot.sync_commands()
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("inselspiele")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    member_locales[anna.id] = "de"

    opened = await new_game(anna, channel, game)
    lobby = opened.response.message
    assert face(lobby).title.endswith(": neues Spiel")
    assert labels(lobby) == [
        "Mitspielen",
        "Verlassen",
        "Computer hinzufügen",
        "Starten",
        "Abbrechen",
    ]

    refused = await ben.click(lobby, label="Verlassen")
    assert refused.ephemeral and refused.response.content == "You are not in this lobby."

    await seat_two_and_start(lobby, anna, ben, "Mitspielen", "Starten")
    assert face(message(channel, lobby.id)).description == "Das Spiel hat begonnen."
    help_answer = await ben.slash(channel, "help")
    assert face(help_answer.response).title == "Island games"


@pytest.mark.parametrize("game", ["tigerisland", "wars"])
async def test_boards_of_turn_games_follow_the_server(simcord_env, member_locales, game) -> None:
    await simcord_env.bot.sync_commands()
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("inselspiele")
    anna, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben"))
    lobby = (await new_game(anna, channel, game)).response.message
    await seat_two_and_start(lobby, anna, ben, "Mitspielen", "Starten")
    board = last_card(channel)
    assert face(board).footer.text.startswith("Spiel #")
    assert last_plain(channel).content.endswith(": du bist dran.")
    assert labels(board) == ["Meine Züge", "Meine Sicht", "Aufgeben"]


async def test_settings_language_overrides_the_servers_discord_language(
    world, member_locales
) -> None:
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    changed = await dora.slash(world.channel, "settings", language="de")
    fields = {f.name: f.value for f in face(changed.response.message).fields}
    assert changed.ephemeral and fields["Language of public posts"].startswith("**German**")
    assert face(changed.response.message).description == "Saved: Language of public posts: German"
    opened = await new_game(world.bob, world.channel, "wars")
    assert face(opened.response.message).title == "Island Wars: neues Spiel"


async def test_a_typed_word_that_is_no_move_gets_one_line_in_the_members_language(
    world, member_locales
) -> None:
    member_locales[world.bob.id] = "de"
    lobby = (await new_game(world.alice, world.channel, "wars")).response.message
    await seat_two_and_start(lobby, world.alice, world.bob, "Join", "Start")
    for member, expected in (
        (world.alice, "That is not a move: pick one of the suggestions."),
        (world.bob, "Das ist kein Zug: Wähle einen der Vorschläge."),
    ):
        answer = await member.slash(world.channel, "game move", move="hello")
        assert expect_refusal(world, answer) == expected


@pytest.mark.parametrize(
    ("options", "german"),
    [
        ("level=9", "Die Option `level` muss eine ganze Zahl von 1 bis 5 sein; angegeben war `9`."),
        ("colour=red", "Unbekannte Option `colour`. Optionen: `level`"),
    ],
)
async def test_a_refused_game_option_is_explained_in_the_members_language(
    world, member_locales, options, german
) -> None:
    member_locales[world.bob.id] = "de"
    refused = await new_game(world.bob, world.channel, "islant", options=options)
    said = expect_refusal(world, refused)
    assert said.startswith(german) and "must be" not in said and "Unknown" not in said
    assert await world.env.bot.store.last_game_in(world.channel.id) is None  # nothing opened
    english = await new_game(world.alice, world.channel, "islant", options=options)
    assert expect_refusal(world, english).startswith(("Option `level` must be", "Unknown option"))


async def choose_language(world, lang: str) -> None:
    """An admin sets the server's public language with ``/settings language``."""
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    await dora.slash(world.channel, "settings", language=lang)


async def test_records_replay_and_rematch_speak_the_servers_german(world, member_locales) -> None:
    record = await finish_a_game(world, "wars")  # its lobby and board in English
    await choose_language(world, "de")

    listed = (await world.carol.slash(world.channel, "game history")).response.message
    assert face(listed).title == "Beendete Spiele"
    assert "[Endstand](" in face(listed).description
    assert face(listed).footer.text == "Seite 1 von 1 · 1 Spiel"

    stats = (await world.carol.slash(world.channel, "stats", player=world.alice.user)).response
    embed = face(stats.message)
    assert embed.title == "Statistik von \u2068alice\u2069"  # the name isolated
    assert embed.description.startswith("1 Spiel · 0 Siege · Siegquote 0 %")
    assert [f.name for f in embed.fields] == ["Wertungszahlen (dieser Server)"]

    replay = await world.carol.slash(world.channel, "game replay")
    assert replay.response.content == f"Wiederholung von Island Wars, Spiel #{record.id}."

    board = message(world.channel, record.board_message_id)
    clicked = await world.alice.click(board, label="Rematch")
    assert (
        f"eine Revanche für Spiel #{record.id}: Drück **Mitspielen**"
        in clicked.followups[0].content
    )
    assert "Mitspielen" in labels(clicked.response.message)
    lobby = clicked.response.message
    await seat_two_and_start(lobby, world.alice, world.bob, "Mitspielen", "Starten")
    for person in (world.alice, world.bob):
        await person.slash(world.channel, "game resign")
    await world.env.bot.publisher.settle()
    again = await latest_game(world)
    assert again.status == "finished" and again.id != record.id
    assert "Revanche" in labels(message(world.channel, again.board_message_id))


async def test_a_german_member_plays_the_islant_of_the_day_in_german(world, member_locales) -> None:
    member_locales[world.bob.id] = "de"
    opened = await world.bob.slash(world.channel, "islant daily", level=3)
    assert opened.ephemeral
    panel = opened.response
    await choose(world.bob, panel, "Vorschlag")  # the panel's menu is German too
    await choose(world.bob, panel, "Aufhören")
    assert "Bist du sicher?" in text_of(panel)
    await choose(world.bob, panel, "Ja, ich bin sicher")

    result = (await world.bob.slash(world.channel, "islant daily", level=3)).response
    assert "**Islant des Tages #" in text_of(result) and " · Stufe 3**" in text_of(result)
    assert "Punkte **" in text_of(result) and "Zum Teilen (ohne Spoiler):" in text_of(result)
    assert "Dieser Server: **#1** von 1" in text_of(result)

    today = await world.bob.slash(world.channel, "islant today", level=3)
    assert today.ephemeral
    embed = face(today.response)
    assert [f.name for f in embed.fields] == ["Dieser Server", "Überall", "Du"]
    assert embed.footer.text.startswith("Serie: 1 Tag · Bestwerte: S3 ")

    posted = await world.bob.click(result, label="Mein Ergebnis hier posten")
    assert not posted.ephemeral  # a public post: the English server's words
    assert posted.response.content.startswith("Islant of the day #")
    assert " · Level 3 · " in posted.response.content


async def make_german(world, member_locales) -> None:
    """The world's server set to German by an admin; alice and bob use Discord in German."""
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = world.guild.add_member(world.env.create_user("dora"), roles=[admins])
    await dora.slash(world.channel, "settings", language="de")
    member_locales[world.alice.id] = member_locales[world.bob.id] = "de"


async def test_an_islant_race_in_a_german_server(world, member_locales) -> None:
    await make_german(world, member_locales)
    opened = await new_game(world.alice, world.channel, "islant", options="level=3")
    await seat_two_and_start(
        opened.response.message, world.alice, world.bob, "Mitspielen", "Starten"
    )
    board = next(m for m in reversed(world.channel.history()) if has_controls(m))
    embed = face(board)
    assert embed.title.startswith("Islant · Stufe 3 · Runde 1")
    assert "\n🎲 Wurf " in embed.description and "**0 von 2 fertig**" in embed.description
    assert "Drücke **Meinen Zug spielen**, um dein Blatt auszufüllen" in embed.description
    assert embed.footer.text.startswith("Spiel #")
    assert labels(board) == ["Meinen Zug spielen", "Stand", "Runde schließen"]

    panel = await world.bob.click(board, label="Meinen Zug spielen")
    assert panel.ephemeral and "**Islant · Stufe 3 · Runde 1" in text_of(panel.response)
    assert "Noch zu tun: gib jeden Würfel einem Feld" in text_of(panel.response)
    sheet = await world.bob.slash(world.channel, "islant sheet")
    assert face(sheet.response).title == "Blatt von bob · Stufe 3"
    standings = await world.bob.slash(world.channel, "islant standings")
    assert text_of(standings.response).startswith("Du bist **1. (gleichauf)** von 2 mit ")

    ended = await world.alice.slash(world.channel, "islant end")
    assert ended.response.content == "**alice** hat das Rennen beendet: die Schlusswertung folgt."
    final = last_card(world.channel)
    assert face(final).title == "Islant · Stufe 3 · Schlusswertung"
    assert "Der Gastgeber hat das Rennen beendet." in face(final).description
    assert "**Das Rennen ist vorbei.**" in face(final).description
    assert face(message(world.channel, board.id)).title == "Islant · Runde 1 ist vorbei"


async def test_an_island_competition_in_a_german_server(world, member_locales) -> None:
    await make_german(world, member_locales)
    opened = await new_game(world.alice, world.channel, "competition")
    await seat_two_and_start(
        opened.response.message, world.alice, world.bob, "Mitspielen", "Starten"
    )
    board = last_card(world.channel)
    embed = face(board)
    assert embed.title.startswith("Inseln toppen! · Runde 1 von ")
    assert ": es fehlen noch die Karten von " in embed.description
    assert (
        "Runde 1 von " in embed.description
        and "ist ausgeteilt" in last_plain(world.channel).content
    )
    assert labels(board) == ["Meine Züge", "Nächsten aufdecken", "Punkte", "Aufgeben"]
    scores = await world.bob.slash(world.channel, "islands score")
    assert scores.ephemeral and face(scores.response).title.startswith("Punkte bisher · Runde 1")
    hand = await world.bob.slash(world.channel, "islands hand")
    assert hand.ephemeral and text_of(hand.response)

    asked = await world.bob.click(board, label="Aufgeben")
    assert asked.ephemeral and asked.response.content.startswith("Willst du wirklich aufgeben?")
    await world.bob.click(asked.response, label="Ja, aufgeben")
    final = last_card(world.channel)
    assert face(final).title == "Inseln toppen! · Schlusswertung"
    assert "**Summen**: " in face(final).description


async def test_a_german_member_plays_an_islant_turn_in_an_english_server(
    world, member_locales
) -> None:
    """Bob's panel (private) speaks German: the questions, the choices and their hints, the
    turn lines, the move he made and the moves refused; the public round message stays
    English."""
    member_locales[world.bob.id] = "de"
    opened = await new_game(world.alice, world.channel, "islant", options="level=5")
    await seat_two_and_start(opened.response.message, world.alice, world.bob, "Join", "Start")
    board = next(m for m in reversed(world.channel.history()) if has_controls(m))
    assert face(board).title.startswith("Islant · Level 5 · Round 1")
    assert labels(board)[0] == "Play my turn"

    panel = (await world.bob.click(board, label="Play my turn")).response
    assert "**Welcher Würfel wohin?**" in text_of(panel) or "Welcher Würfel kommt auf" in (
        text_of(panel)
    )
    controls = rows_of(panel.components)
    offered = [o for c in controls for o in c.get("options", [])]
    assert offered[0]["label"].startswith("Vorschlag: Rasterspalte ")
    assert "Zeichnet alles dort ein: Punkte " in offered[0]["description"]
    assert "Aufhören: mein Spiel jetzt beenden" in [c.get("label") for c in controls]
    english = ("Suggested", "Grid Column", "Which", "Stop: end", "Draws them there")
    shown = " ".join(
        [text_of(panel), *(o["label"] + (o.get("description") or "") for o in offered)]
    )
    assert not any(word in shown for word in english)

    assert "Noch zu tun: " in text_of(panel) and "Left to do" not in text_of(panel)
    early = await world.bob.slash(world.channel, "game move", move="DRAW waves J11")
    said = expect_refusal(world, early)
    assert said.startswith("Verteile zuerst die Würfel auf die Felder, etwa `ASSIGN ")
    assert "Assign the dice" not in said

    await choose(world.bob, panel, offered[0]["label"])  # the suggested turn
    assert f"**{world.bob.name}**: verteilt " in text_of(panel)  # the move, in Bob's words
    assert "zeichnet das Wellenplättchen auf " in text_of(panel)
    assert "Erledigt: " in text_of(panel) and "Deine Würfel: " in text_of(panel)
    english = ("assigns", "draws", "Done:", "Your dice", "Left to do", "the waves tile")
    assert not any(word in text_of(panel) for word in english)
    late = await world.bob.slash(world.channel, "game move", move="DRAW waves Z99")
    said = expect_refusal(world, late)
    assert said == "Dein Plättchen Wellen ist in diesem Zug schon erledigt."
    assert "**Alle Plättchen erledigt: Zug abgeben?**" in text_of(panel)
    assert {"Zug abgeben", "Letzten Schritt zurücknehmen"} <= set(panel_labels(panel))
    round_message = message(world.channel, board.id)
    assert face(round_message).title.startswith("Islant · Level 5 · Round 1")  # English


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_help_names_the_islant_and_records_commands(world, member_locales, lang) -> None:
    member_locales[world.bob.id] = lang
    shown = face((await world.bob.slash(world.channel, "help")).response).description
    english = ("/islant daily", "/islant today", "/stats", "/leaderboard", "/game history")
    german = ("/islant täglich", "/islant heute", "/statistik", "/bestenliste", "/spiel verlauf")
    assert all(command in shown for command in (english if lang == "en" else german))


async def test_a_computer_is_named_in_the_servers_language_and_stored_in_one_spelling(
    simcord_env, member_locales
) -> None:
    await simcord_env.bot.sync_commands()
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("inselspiele")
    anna = guild.add_member(simcord_env.create_user("anna"))
    lobby = (await new_game(anna, channel, "tigerisland")).response.message
    await anna.click(lobby, label="Computer hinzufügen")
    await anna.click(lobby, label="Schwer")
    await think_quickly(simcord_env.bot)
    seats = face(message(channel, lobby.id)).description
    assert "Ada (Computer), schwer" in seats and "(computer)" not in seats
    record = await simcord_env.bot.store.open_game_in(channel.id)
    assert record.players[1].name == "Ada (computer)"  # one key for the records
    await anna.click(lobby, label="Starten")
    board = last_card(channel)
    shown = visible_text(board)
    assert "Ada (Computer)" in shown and "(computer)" not in shown


async def test_german_help_names_every_game_as_its_commands_and_pictures_do(
    world, member_locales
) -> None:
    member_locales[world.bob.id] = "de"
    helped = face((await world.bob.slash(world.channel, "help")).response)
    names = [field.name.rsplit(" (", 1)[0] for field in helped.fields]
    assert names == [game_title(game, "de") for game in GAMES]
    assert "Inseln toppen!" in names and "Island competition" not in str(helped)


@pytest.mark.parametrize("game", GAMES)
async def test_a_german_replay_names_its_game_in_german(world, member_locales, game) -> None:
    record = await finish_a_game(world, game)
    await choose_language(world, "de")
    replay = await world.carol.slash(world.channel, "game replay")
    title = game_title(game, "de")
    assert replay.response.content == f"Wiederholung von {title}, Spiel #{record.id}."
