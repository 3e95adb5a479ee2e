"""Each game's rules: a three-line quick start first, then the full rules with our rulings.

The quick start can be posted in the channel for everyone with one button under the rules.
"""

from __future__ import annotations

from importlib import resources

import discord

from engine import all_games, find_game

from .components import IdItem
from .custom_ids import IdFormat, one_of
from .presenter import COLOUR

QUICK_ID = IdFormat("quick", (("game", one_of(g.info.name for g in all_games())),))
EMBED_LIMIT = 4096
QUICK_TITLE = "Quick start"


def _text(path: str) -> str:
    return (resources.files("bot") / "rules" / path).read_text(encoding="utf-8").strip()


def rules_text(game_name: str) -> str:
    """The in-game rules of a game, with our rulings, from ``bot/rules/<game>.md``."""
    return _text(f"{game_name}.md")


def quick_start(game_name: str) -> str:
    """The three lines a new player reads first, from ``bot/rules/quick/<game>.md``."""
    return _text(f"quick/{game_name}.md")


def rules_embed(game_name: str) -> discord.Embed:
    """The quick start, then the full rules (cut to fit one embed)."""
    info = find_game(game_name).info
    text = f"**{QUICK_TITLE}**\n{quick_start(game_name)}\n\n{rules_text(game_name)}"
    embed = discord.Embed(title=info.title, description=text[:EMBED_LIMIT], colour=COLOUR)
    embed.set_footer(text=f"{info.min_players}–{info.max_players} players")
    return embed


def rules_view(game_name: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(QuickStartButton(game_name))
    return view


class QuickStartButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=QUICK_ID):
    """Under the private rules: posts the game's quick start in the channel."""

    def __init__(self, game: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Post the quick start here",
                style=discord.ButtonStyle.secondary,
                custom_id=QUICK_ID.make(game=game),
            )
        )
        self.game = game

    async def run(self, interaction: discord.Interaction) -> None:
        title = f"{find_game(self.game).info.title}: {QUICK_TITLE.lower()}"
        embed = discord.Embed(title=title, description=quick_start(self.game), colour=COLOUR)
        await interaction.response.send_message(
            f"{interaction.user.display_name} shares how to play:",
            embed=embed,
            allowed_mentions=discord.AllowedMentions.none(),
        )
