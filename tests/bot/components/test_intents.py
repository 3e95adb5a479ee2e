"""The gateway events the bot asks Discord for: its servers, and nothing a move echoes."""

from __future__ import annotations

from bot.client import INTENTS, IslandBot


def test_the_bot_asks_for_its_servers_and_no_message_reaction_or_typing_events() -> None:
    assert INTENTS.guilds  # joins, leaves, channels and permissions
    asked = {name for name, on in INTENTS if on}
    assert asked == {"guilds"}, f"events nobody handles, each a parse on the loop: {asked}"


def test_the_bot_is_made_with_them(tmp_path) -> None:
    bot = IslandBot(tmp_path / "intents.db")
    assert bot.intents == INTENTS
    assert not bot.intents.message_content and not bot.intents.members  # nothing privileged
