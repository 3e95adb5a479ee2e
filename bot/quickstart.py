"""Each game's rules: a three-line quick start first, then the full rules with our rulings.

The quick start can be posted in the channel for everyone with one button under the rules.
"""

from __future__ import annotations

import discord

from engine import find_game
from engine.core import QUICK_START, RULES, game_text
from locales import N_, SOURCE, _, current, speaking

from .cards import Card
from .components import IdItem
from .custom_ids import GAME_NAME, IdFormat
from .i18n import as_written, game_title, public_language
from .presenter import COLOUR

QUICK_ID = IdFormat("quick", (("game", GAME_NAME),))
QUICK_TITLE = N_("Quick start")


def _text(game_name: str, kind: str, lang: str) -> str:
    """The game's text ``kind`` in ``lang``, or in English where it has none in ``lang``."""
    game = find_game(game_name)
    return game_text(game, kind, lang) or game_text(game, kind, SOURCE) or ""


def rules_text(game_name: str, lang: str = SOURCE) -> str:
    """The in-game rules of a game, with our rulings, in ``lang``."""
    return _text(game_name, RULES, lang)


def quick_start(game_name: str, lang: str = SOURCE) -> str:
    """The three lines a new player reads first, in ``lang``."""
    return _text(game_name, QUICK_START, lang)


def player_count(low: int, high: int) -> str:
    """``"2–4 players"``, or ``"2 players"`` when the count is fixed."""
    if low == high:
        return _("{count} players", count=low)
    return _("{low}–{high} players", low=low, high=high)


def rules_card(game_name: str) -> Card:
    """The quick start, then the full rules, in the reader's language."""
    info, lang = find_game(game_name).info, current()
    text = f"**{_(QUICK_TITLE)}**\n{quick_start(game_name, lang)}\n\n{rules_text(game_name, lang)}"
    footer = player_count(info.min_players, info.max_players)
    return Card(title=game_title(game_name), text=text, colour=COLOUR, footer=footer)


def rules_view(game_name: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(QuickStartButton(game_name))
    return view


class QuickStartButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=QUICK_ID):
    """Under the private rules: posts the game's quick start in the channel."""

    def __init__(self, game: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Post the quick start here"),
                style=discord.ButtonStyle.secondary,
                custom_id=QUICK_ID.make(game=game),
            )
        )
        self.game = game

    async def run(self, interaction: discord.Interaction) -> None:
        with speaking(await public_language(interaction)):
            title = f"{game_title(self.game)}: {_(QUICK_TITLE)}"
            shared = _("Shared by {name}", name=as_written(interaction.user.display_name))
            card = Card(title, quick_start(self.game, current()), COLOUR, footer=shared)
        await interaction.response.send_message(
            **card.send(), allowed_mentions=discord.AllowedMentions.none()
        )
