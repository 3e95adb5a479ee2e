"""How the bot answers an interaction that went wrong.

Every command and component ends up here when it raises:

- a user error (:class:`IllegalAction`, :class:`UserError`) gets its message, privately;
- the database not answering in time (:class:`StorageTimeout`) gets "the game's storage is
  not answering", and nothing of what it was doing is applied later;
- an unexpected error before anything was saved gets an apology saying the game is unchanged;
- an unexpected error after a change was saved gets "your move was saved", and the change is
  shown in the channel anyway: now if it can be, else from the outbox once Discord takes it
  (a saved change is always announced).

Answers never raise themselves: an interaction Discord no longer accepts (answered already,
or its token expired) is logged, not retried forever.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from engine.core import IllegalAction, fill_names
from locales import N_, translate

from .discord_requests import NOT_TAKEN
from .errors import UserError
from .i18n import engine_text, server_language, user_language, written
from .service import GameService, MoveResult, SavedChange, saved_change
from .store import StorageTimeout, answer_within

log = logging.getLogger(__name__)
APOLOGY = N_("Sorry, something went wrong on our side. The game is unchanged; please try again.")
SAVED_APOLOGY = N_(
    "Your move was saved, but it could not be shown in the channel just now. "
    "It will appear there by itself as soon as Discord takes it."
)
UNDRAWN_BOARD = N_(
    "The game changed, but its board could not be drawn just now. "
    "`/game status` shows the current board."
)
RESTARTING = N_("The bot is restarting and could not finish this. Please try again in a moment.")
ALREADY_ANSWERED = 40060  # Discord: "Interaction has already been acknowledged"


def arrived(interaction: discord.Interaction) -> None:
    """Where every command, autocomplete and component handler starts: its database work
    is bounded until it is answered, and the bot knows which interaction the handling task
    serves (a stop that cannot wait for it tells its user; see :func:`tell_restarting`)."""
    answer_within(interaction.response.is_done)
    handling = getattr(interaction.client, "handling", None)
    task = asyncio.current_task()
    if isinstance(handling, dict) and task is not None:
        handling[task] = interaction
        task.add_done_callback(lambda done: handling.pop(done, None))


async def tell_restarting(interaction: discord.Interaction) -> None:
    """Tell the user of an interaction a stop cut short that the bot is restarting."""
    await reply_error(interaction, translate(user_language(interaction), RESTARTING))


def log_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """Log an unexpected error with who, where and what."""
    command = interaction.command.qualified_name if interaction.command else None
    log.error(
        "interaction failed: command=%s custom_id=%s user=%s channel=%s guild=%s",
        command,
        (interaction.data or {}).get("custom_id"),
        interaction.user.id,
        interaction.channel_id,
        interaction.guild_id,
        exc_info=error,
    )


async def reply_error(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral reply, whether or not the interaction was answered already."""
    message = fill_names(message, await _names_here(interaction))
    try:
        if not interaction.response.is_done():
            try:
                await interaction.response.send_message(message, ephemeral=True)
                return
            except discord.HTTPException as err:
                if err.code != ALREADY_ANSWERED:
                    raise
        await interaction.followup.send(message, ephemeral=True)
    except NOT_TAKEN as err:  # token expired, the interaction is gone, or no answer
        log.warning("could not answer interaction %s: %s", interaction.id, err)


async def answer_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """The one answer to any error raised while handling an interaction."""
    original = getattr(error, "original", error)
    lang = user_language(interaction)
    if isinstance(original, UserError):
        await reply_error(interaction, original.text(lang))
        return
    if isinstance(original, IllegalAction):
        await reply_error(interaction, engine_text(lang, original.message))
        return
    saved = saved_change()
    if isinstance(original, StorageTimeout) and saved is None:
        log.warning("interaction %s: %s", interaction.id, original)
        await reply_error(interaction, UserError("storage_timeout").text(lang))
        return
    log_failure(interaction, original)
    if saved is None:
        await reply_error(interaction, translate(lang, APOLOGY))
        return
    await reply_error(interaction, translate(lang, SAVED_APOLOGY))
    await announce_saved(interaction.client, saved)


async def announce_saved(client: discord.Client, saved: SavedChange) -> None:
    """Show a saved change in its channel after the normal path failed to.

    First the game's own board; if even that fails, a line of text, so that nobody is left
    believing the game is unchanged.
    """
    service = getattr(client, "service", None)
    if not isinstance(service, GameService):
        return
    try:
        record = await service.store.get_game(saved.game_id)
        if record is None or record.state_text is None:
            return
        await service.sink.show(MoveResult(record, service.state_of(record)), None)
        return
    except Exception:
        log.exception("showing saved change of game %s failed", saved.game_id)
    try:
        channel = client.get_channel(saved.channel_id) or await client.fetch_channel(
            saved.channel_id
        )
        if isinstance(channel, discord.abc.Messageable):
            lang = await server_language(
                client, getattr(channel, "guild", None) and channel.guild.id
            )
            await channel.send(translate(lang, UNDRAWN_BOARD))
    except NOT_TAKEN:
        log.exception("announcing saved change of game %s failed", saved.game_id)


async def _names_here(interaction: discord.Interaction) -> list[str]:
    """The display names of the seats of the channel's game (for seat placeholders)."""
    service = getattr(interaction.client, "service", None)
    if not isinstance(service, GameService) or interaction.channel_id is None:
        return []
    try:
        record = await service.store.last_game_in(interaction.channel_id)
    except StorageTimeout:  # the answer goes out without them
        return []
    except Exception:
        log.exception("reading the names of channel %s failed", interaction.channel_id)
        return []
    return written(record.names) if record else []
