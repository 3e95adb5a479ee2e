"""Display names are shown as written: their Markdown cannot restyle the bot's messages."""

from __future__ import annotations

from discord.utils import escape_markdown

from bot.i18n import as_written
from bot.jobs import _timeout_text

from .flow_helpers import latest_game, open_lobby

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
    board = world.channel.last_message
    assert f"**{as_written(STYLED)}** resigns" in board.embeds[0].description
