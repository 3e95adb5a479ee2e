"""Cards (Components V2): their limits at the extremes, pings beside them, and boards from
before cards turned into cards.

The ``world`` fixture checks every request against Discord's limits (V2 included) afterwards.
"""

from __future__ import annotations

import io

import discord
import pytest

from bot.cards import ALT_LIMIT, TEXT_LIMIT, Card, rows
from bot.i18n import game_title
from bot.panel import PICTURE_NAMED, lines_of, panel_text, panel_view
from bot.presenter import BOARD_FILE
from bot.ui import board_view
from engine import all_games, find_game
from locales import language, translate

from ..discord_limits import V2_COMPONENTS, _walk
from ..faces import buttons, controls, face, has_controls, is_card, last_card, last_plain, summary
from ..flow_helpers import latest_game, open_lobby
from ..flows.test_extremes import RACE_SIZE, _fill
from ..flows.test_tigerisland_flow import _actor_to_move
from ..languages.test_language_flow import member_locales  # noqa: F401 (a fixture)


def _wire(view: discord.ui.LayoutView) -> list[dict]:
    return view.to_components()


def test_a_card_keeps_its_text_and_alt_text_within_the_limits() -> None:
    buttons = discord.ui.View()
    for i in range(25):
        buttons.add_item(discord.ui.Button(label=str(i), custom_id=f"b{i}"))
    card = Card(
        title="t" * 200, text="x" * 9000, image="board.png", alt="a" * 900, footer="f" * 300
    )
    wire = _wire(card.layout(buttons))
    every = list(_walk(wire))
    text = sum(len(c.get("content", "")) for c in every if c["type"] == 10)
    gallery = next(c for c in every if c["type"] == 12)
    assert text <= TEXT_LIMIT and len(gallery["items"][0]["description"]) == ALT_LIMIT
    assert len(every) <= V2_COMPONENTS
    assert [len(r) for r in rows(buttons.children)] == [5, 5, 5, 5, 5]


def test_named_parts_never_take_a_card_past_its_text_limit() -> None:
    fields = [(f"part {i} " + "n" * 300, "v" * 2000) for i in range(8)]
    wire = _wire(Card(title="t" * 200, text="x" * 500, fields=fields, footer="f" * 300).layout())
    shown = [c["content"] for c in _walk(wire) if c["type"] == 10]
    assert sum(map(len, shown)) <= TEXT_LIMIT
    assert sum(c.startswith("### part") for c in shown) == len(fields)  # every part still named


def test_a_select_and_a_row_change_start_new_rows() -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="a", custom_id="a"))
    view.add_item(discord.ui.Select(custom_id="s", options=[discord.SelectOption(label="o")]))
    view.add_item(discord.ui.Button(label="b", custom_id="b", row=2))
    view.add_item(discord.ui.Button(label="c", custom_id="c", row=2))
    assert [[i.custom_id for i in row] for row in rows(view.children)] == [["a"], ["s"], ["b", "c"]]


async def _start_tiger(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")


async def test_every_public_message_is_a_card_and_the_call_to_move_is_plain(world) -> None:
    await _start_tiger(world)
    board, call = last_card(world.channel), last_plain(world.channel)
    assert call.id > board.id and call.mentions and "your turn" in call.content
    assert not board.content and not board.embeds and not board.mentions
    shown = face(board)
    assert shown.image.url and shown.alt.startswith("Picture of the tiggar islanote board.")
    assert "To move:" in shown.alt and "To move: **" in shown.description
    assert [c.label for c in controls(board)][:3] == ["My moves", "My view", "Resign"]
    lobby = world.channel.history()[0]
    assert is_card(lobby) and face(lobby).description == "The game has started."
    assert not has_controls(lobby)
    print(summary(board))


@pytest.mark.parametrize(
    ("locale", "title", "alt"),
    [
        ("en-US", "Your view · tiggar islanote", "Picture of the tiggar islanote board."),
        ("de", "Deine Sicht · tiggar islanote", "Bild des"),
    ],
)
async def test_my_view_answers_privately_with_a_card_and_alt_text_in_the_readers_language(
    world,
    member_locales,  # noqa: F811
    locale,
    title,
    alt,
) -> None:
    await _start_tiger(world)
    member_locales[world.bob.id] = locale
    shown = await world.bob.click(last_card(world.channel), label="My view")
    answer = shown.followups[-1] if shown.followups else shown.response
    assert shown.ephemeral and is_card(answer)
    assert face(answer).title == title and face(answer).alt.startswith(alt)
    assert answer.attachments[0].filename == "view.png"


async def test_a_board_from_before_cards_answers_and_becomes_a_card(world) -> None:
    await _start_tiger(world)
    record = await latest_game(world)
    # the board as it was posted before cards: content, an embed, classic button rows
    channel = world.env.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)
    embed = discord.Embed(title="tiggar islanote").set_image(url=f"attachment://{BOARD_FILE}")
    old = await channel.send(
        f"<@{world.alice.id}>: your turn.",
        embed=embed,
        file=discord.File(io.BytesIO(b"png"), filename=BOARD_FILE),
        view=board_view(record.id, record.version),
    )
    await world.env.bot.store.set_board_message(record.id, old.id)
    await world.restart()  # the upgraded bot: a process that knows the board only as stored
    legacy = next(m for m in world.channel.history() if m.id == old.id)
    assert not is_card(legacy) and legacy.embeds
    actor, _phase = await _actor_to_move(world)
    opened = await actor.click(legacy, label="My moves")  # its custom ids still answer
    assert opened.ephemeral and opened.response.message.components
    offered = await actor.autocomplete(world.channel, "tiger place", "placement", "")
    await actor.slash(world.channel, "tiger place", placement=offered[0]["value"])
    await world.env.bot.publisher.settle()
    now = next(m for m in world.channel.history() if m.id == old.id)
    assert is_card(now) and not now.content and not now.embeds  # edited into a card
    assert face(now).image and "My moves" in [c.label for c in controls(now)]


async def test_a_board_that_refuses_to_become_a_card_is_posted_anew(world) -> None:
    await _start_tiger(world)
    record = await latest_game(world)
    channel = world.env.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)
    old = await channel.send("tiggar islanote", view=board_view(record.id, record.version))
    await world.env.bot.store.set_board_message(record.id, old.id)
    await world.restart()  # the upgraded bot: a process that knows the board only as stored
    world.env.inject_error(
        "PATCH", f"/channels/{world.channel.id}/messages/{old.id}", status=400, times=None
    )
    actor, _phase = await _actor_to_move(world)
    offered = await actor.autocomplete(world.channel, "tiger place", "placement", "")
    await actor.slash(world.channel, "tiger place", placement=offered[0]["value"])
    await world.env.bot.publisher.settle()
    card = last_card(world.channel)
    assert card.id != old.id and face(card).image
    assert "My moves" in [c.label for c in controls(card)]
    assert (await latest_game(world)).board_message_id == card.id


async def test_a_99_player_german_race_keeps_every_card_within_the_limits(
    world,
    simcord_env,
    member_locales,  # noqa: F811 (the fixture)
) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("inselspiele")
    host = guild.add_member(simcord_env.create_user("anna"))
    member_locales[host.id] = "de"
    world.guild, world.channel = guild, channel  # _fill seats members of this server
    lobby = (
        await host.slash(channel, "game new", game="islant", options="level=5 cap=99")
    ).response.message
    players = _fill(world, RACE_SIZE - 1)
    for member in players:
        assert (await member.click(lobby, label="Mitspielen")).acknowledged
    assert is_card(last_card(channel))
    assert face(last_card(channel)).description.count("\n") >= RACE_SIZE
    await host.click(lobby, label="Starten")
    race = last_card(channel)
    assert is_card(race) and face(race).title.startswith("Islant · Stufe 5 · Runde 1")
    assert "Bild des Rennens" in face(race).alt and len(face(race).alt) <= ALT_LIMIT
    calls = [m for m in channel.history() if m.mentions]
    assert calls and all(not is_card(m) for m in calls)
    assert (await host.slash(channel, "islant end")).acknowledged
    final = last_card(channel)
    assert face(final).title == "Islant · Stufe 5 · Schlusswertung" and has_controls(final)


@pytest.mark.parametrize("lang", ["en-US", "de"])
@pytest.mark.parametrize("game", [g.info.name for g in all_games()])
async def test_every_games_private_panel_is_a_card_with_alt_text_in_the_readers_language(
    world,
    member_locales,  # noqa: F811
    game,
    lang,
) -> None:
    lobby = await open_lobby(world, world.alice, game)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(find_game(game).to_move(state))
    mover = world.alice if record.players[seat].user_id == world.alice.id else world.bob
    member_locales[mover.id] = lang
    board = last_card(world.channel)
    opener = next(b for b in buttons(board) if b in ("My moves", "Play my turn"))
    panel = (await mover.click(board, label=opener)).response
    title = game_title(game, language(lang))
    picture_of = translate(language(lang), "Picture of your {game} board.", game=title)
    assert is_card(panel) and face(panel).title == title
    assert face(panel).alt.startswith(picture_of)
    assert PICTURE_NAMED.fullmatch(face(panel).image.url.rsplit("/", 1)[1])
    assert controls(panel.message)


async def test_a_panel_from_before_cards_answers_its_tap_with_a_card(world) -> None:
    await _start_tiger(world)
    actor, _phase = await _actor_to_move(world)
    step = await world.env.bot.service.open_panel(world.channel.id, actor.id, lines_of)
    # the panel as it was sent before cards: its words as content, its picture, classic rows
    channel = world.env.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)
    old = await channel.send(
        panel_text(step, []),
        file=discord.File(io.BytesIO(b"png"), filename="panel.png"),
        view=panel_view(step),
    )
    legacy = next(m for m in world.channel.history() if m.id == old.id)
    assert not is_card(legacy) and legacy.content
    choice = next(c for c in controls(legacy) if getattr(c, "label", None) != "Back")
    if isinstance(choice, discord.SelectMenu):
        await actor.select(legacy, [choice.options[0].value], custom_id=choice.custom_id)
    else:
        await actor.click(legacy, custom_id=choice.custom_id)
    now = next(m for m in world.channel.history() if m.id == old.id)
    assert is_card(now) and not now.content and controls(now)  # its next step, as a card
