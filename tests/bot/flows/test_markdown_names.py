"""Display names are shown as written: their Markdown cannot restyle the bot's messages."""

from __future__ import annotations

import re

import pytest
from discord.utils import escape_markdown

from bot.i18n import as_written
from bot.jobs import _timeout_text
from engine import all_games

from ..faces import face, last_card, visible_text
from ..flow_helpers import latest_game, open_lobby
from .test_replays_flow import finish_a_game

STYLED = "**big** _it_ ~~gone~~ `code`"


def test_a_name_is_escaped_and_reads_the_same() -> None:
    assert as_written(STYLED) == escape_markdown(STYLED)
    assert as_written(STYLED).replace("\\", "") == STYLED
    assert as_written(STYLED) in _timeout_text([STYLED], "skip").text("en")


async def test_a_styled_name_is_shown_as_written_in_the_board_headline(world) -> None:
    styled = world.guild.add_member(world.env.create_user(STYLED))
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await styled.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    await styled.slash(world.channel, "game move", move="resign")
    await world.env.bot.publisher.settle()
    assert (await latest_game(world)).status == "finished"
    board = last_card(world.channel)
    assert f"**{as_written(STYLED)}** resigns" in face(board).description


@pytest.mark.parametrize("game", [g.info.name for g in all_games()])
async def test_a_name_keeps_its_spelling_at_the_start_of_a_sentence(world, game) -> None:
    """alice and bob resign (Islant: the host ends it): every message says "alice" and
    "bob", never "Alice" or "Bob", wherever their name begins a sentence."""
    await finish_a_game(world, game)
    said = []
    for message in world.channel.history():
        said.append(visible_text(message))
    text = "\n".join(said)
    assert "bob" in text or "alice" in text
    assert re.findall(r"\b(?:Alice|Bob)\b", text) == []


HOSTILE = "**Bo** __x__ ~~y~~ `z` ||s|| > q [l](http://x) @everyone <@1>"
RAW = ("**Bo**", "__x__", "~~y~~", "`z`", "||s||", "[l]", "@everyone", "<@1>")
"""Pieces of the hostile name that would restyle, link or mention if left as they are."""


def texts(message) -> list[str]:
    """Everything Markdown applies to in a message: its content and its embeds' texts."""
    return visible_text(message, alt=False).split("\n")


def shown_as_written(messages) -> int:
    """Check that the hostile name appears only escaped; returns how often it appears."""
    seen = 0
    for message in messages:
        for text in texts(message):
            seen += text.count(as_written(HOSTILE))
            rest = text.replace(as_written(HOSTILE), "")
            leaked = [piece for piece in RAW if piece in rest]
            assert not leaked, f"{leaked} left as Markdown in: {text}"
    return seen


def answers(*results) -> list:
    return [m for r in results for m in (r.response.message, *r.followups) if m is not None]


async def test_a_hostile_name_is_written_out_in_every_text_it_reaches(world) -> None:
    hostile = world.guild.add_member(world.env.create_user(HOSTILE))
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await hostile.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    await hostile.slash(world.channel, "game move", move="resign")
    await world.env.bot.publisher.settle()
    asked = [
        await world.carol.slash(world.channel, "game history"),
        await world.carol.slash(world.channel, "stats", player=hostile.user),
        await world.carol.slash(world.channel, "leaderboard", game="tigerisland"),
    ]
    race = await open_lobby(world, hostile, "islant")
    await world.alice.click(race, label="Join")
    await hostile.click(race, label="Start")
    asked += [
        await world.carol.slash(world.channel, "islant standings"),
        await world.carol.slash(world.channel, "islant sheet", player=hostile),
    ]
    shown = shown_as_written([*world.channel.history(), *answers(*asked)])
    assert shown >= 6  # headline and result, history, stats, leaderboard, standings, sheet


RIGHT_TO_LEFT = "\u202eevil\u2069 \u2067x"
"""A name that would reverse the text after it (an override), with isolate marks of its own
that would end an isolation early."""


async def test_a_right_to_left_name_is_isolated_in_history_stats_and_leaderboard(world) -> None:
    tricky = world.guild.add_member(world.env.create_user(RIGHT_TO_LEFT))
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await tricky.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    await tricky.slash(world.channel, "game move", move="resign")
    await world.env.bot.publisher.settle()
    isolated = "\u2068\u202eevil x\u2069"
    for command, options in (
        ("game history", {}),
        ("stats", {"player": tricky.user}),
        ("leaderboard", {"game": "tigerisland"}),
    ):
        answer = await world.carol.slash(world.channel, command, **options)
        text = "\n".join(texts(answer.response.message))
        assert isolated in text, command
        assert text.count("\u202e") == text.count(isolated), command  # never outside one
