"""Rematch: the button under every final board, opening a new lobby for the same table.

The new lobby is in the same channel, for the same game with the same rules and table
options; whoever pressed Rematch hosts it and the computer players come back at their
levels. The other people of the finished game are invited (pinged unless they turned
pings off) and join with the lobby's Join button.
"""

from __future__ import annotations

import discord

from locales import _, speaking

from .components import IdItem, check_may_start, service_of
from .custom_ids import NUMBER, IdFormat
from .errors import UserError
from .i18n import HOST_LANGUAGE, game_title, public_language
from .presenter import lobby_card, mention_messages
from .service import GameService
from .store import GameRecord
from .ui import lobby_view

REMATCH_ID = IdFormat("rematch", (("game", NUMBER),))


class RematchButton(IdItem, discord.ui.DynamicItem[discord.ui.Button], id_format=REMATCH_ID):
    """Under a final board: a new lobby with the finished game's table."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Rematch"),
                style=discord.ButtonStyle.success,
                custom_id=REMATCH_ID.make(game=game_id),
            )
        )
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        finished = await service.store.get_game(self.game_id)
        if (
            finished is None
            or finished.channel_id != interaction.channel_id
            or finished.status != "finished"
        ):
            raise UserError("unknown_button")
        await check_may_start(interaction)
        user = interaction.user
        lobby = await open_rematch(service, finished, user.id, user.display_name)
        with speaking(await public_language(interaction)):  # the new lobby is public
            invites = await invitations(service, finished, user.id)
            card = lobby_card(lobby)
            card.text = _("A rematch of game #{id}.", id=finished.id) + "\n" + card.text
            await interaction.response.send_message(**card.send(lobby_view(lobby)))
        for text, users in invites:  # plain messages: a mention inside a card pings nobody
            await interaction.followup.send(
                text, allowed_mentions=discord.AllowedMentions(users=users)
            )


async def open_rematch(
    service: GameService, finished: GameRecord, host_id: int, host_name: str
) -> GameRecord:
    """The new lobby: the finished game's options, ``host_id`` seated, its computers re-added.

    Refused with a clear message when the channel already has an open game.
    """
    busy = await service.store.open_game_in(finished.channel_id)
    if busy is not None:
        title = game_title(busy.game)
        code = "rematch_busy" if busy.guild_id is not None else "dm_rematch_busy"
        raise UserError(code, game=title, game_id=busy.id)
    table = dict(finished.table_options)
    language = table.pop(HOST_LANGUAGE, None)
    lobby = await service.open_lobby(
        guild_id=finished.guild_id,
        channel_id=finished.channel_id,
        game_name=finished.game,
        host_id=host_id,
        host_name=host_name,
        options={**finished.options, **table},
        language=language,
    )
    for player in finished.players:
        if player.is_ai:
            lobby = await service.add_computer(lobby.channel_id, host_id, player.level)
    return lobby


async def invitations(
    service: GameService, finished: GameRecord, host_id: int
) -> list[tuple[str, list[discord.Object]]]:
    """The messages inviting the finished game's other people, with whom each may ping."""
    invited = [
        p.user_id
        for p in finished.players
        if p.user_id is not None and p.user_id != host_id and not p.is_ai
    ]
    quiet = await service.quiet_users(finished)
    tail = _("a rematch of game #{id}: press **Join** to play again.", id=finished.id)
    return [
        (text, [discord.Object(id=u) for u in users if u not in quiet])
        for text, users in mention_messages(invited, tail)
    ]
