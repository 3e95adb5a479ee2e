"""The set-up form: ``/game new`` without typed options opens a modal built from the game.

Discord shows at most five top-level parts in a modal. The form spends them the same way for
every game, so that a new game gets its form for free:

1. the game's first declared rules option that fits a control (engines declare the one that
   matters most first): a radio group for 2–10 choices, a checkbox for a flag, a select for a
   whole number in a range of at most 25 values (Islant's level; its last round, 0–999, does
   not fit and stays at its default);
2. a user select to invite players (pinged in a plain message once the lobby is up, so they
   choose to press Join themselves; a polished bot does not seat people without asking);
3. how many computer players to seat;
4. their level (one level for all: the lobby's "Add computer" button adds others);
5. a line saying that every other option keeps its default and can be typed in
   ``/game new options:`` instead.

One form, not a second step: the options left out are set rarely (timers, caps, a last
round), and those who set them like the typed string anyway. Every control is optional; one
left empty keeps its default. A submitted form opens the lobby through the same service call
as typed options; a refused one (more seats than the game has) opens nothing and says what to
change.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import discord

from engine import find_game
from engine.core import OFFERED_LEVELS, Level, OptionSpec
from locales import _, speaking

from .answers import answer_failure, arrived
from .components import service_of
from .computers import COMPUTER_OPTION, LEVEL_LABELS
from .errors import UserError, busy_here
from .game_options import value_words
from .i18n import as_written, game_title, public_language, user_language
from .presenter import lobby_card
from .reach import server_of
from .store import GameRecord
from .ui import lobby_view

FORM_ID = "setup"
RULES_ID = f"{FORM_ID}:rule:"
INVITE_ID = f"{FORM_ID}:invite"
COMPUTERS_ID = f"{FORM_ID}:computers"
LEVEL_ID = f"{FORM_ID}:level"
RULES_PARTS = 1
"""Rules options in the form: five parts less the invitation, the computers (two) and the
note."""
RADIO_MOST = 10
SELECT_MOST = 25
FORM_TIMEOUT = timedelta(minutes=30)


def fits(spec: OptionSpec) -> bool:
    """Whether an option has a control in the form (see the module's docstring)."""
    values = spec.values()
    if isinstance(spec.default, bool):
        return True
    if spec.choices:
        return 2 <= len(values) <= RADIO_MOST
    return 2 <= len(values) <= SELECT_MOST


def form_options(game: str, most: int = RULES_PARTS) -> list[OptionSpec]:
    """The rules options the form of ``game`` shows (at most ``most``), most important first."""
    return [spec for spec in find_game(game).info.options if fits(spec)][:most]


def _typed(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _description(spec: OptionSpec) -> str | None:
    """An option's typing help, where its values are shown as typed (not where they have
    words: the choices explain themselves, and the help speaks of typed values)."""
    return _(spec.description) if spec.description and not spec.words else None


def rule_part(spec: OptionSpec) -> discord.ui.Label[Any]:
    """The control of one rules option, defaulting to the game's default."""
    custom_id = RULES_ID + spec.name
    control: discord.ui.Checkbox[Any] | discord.ui.RadioGroup[Any] | discord.ui.Select[Any]
    if isinstance(spec.default, bool):
        control = discord.ui.Checkbox(custom_id=custom_id, default=spec.default)
    else:
        kind = discord.ui.RadioGroup if spec.choices else discord.ui.Select
        control = kind(custom_id=custom_id, required=False)
        for value in spec.values():
            control.add_option(
                label=value_words(spec, value), value=_typed(value), default=value == spec.default
            )
    title = _(spec.title) if spec.title else spec.name
    return discord.ui.Label(text=title, description=_description(spec), component=control)


class SetupForm(discord.ui.Modal):
    """The set-up form of one game, in its opener's language."""

    def __init__(self, game: str, opened_by: int, *, with_guests: bool = True) -> None:
        """``opened_by``: the id of the interaction that opens it; discord.py keeps forms
        by custom id, so each form's own keeps two people's forms apart. Without guests (the
        bot's direct messages, where only computers play) the invitation's part goes to a
        second rules option, and one computer is seated unless the form says otherwise."""
        info = find_game(game).info
        super().__init__(
            title=_("New game: {game}", game=game_title(game)),
            custom_id=f"{FORM_ID}:{game}:{opened_by}",
            timeout=FORM_TIMEOUT.total_seconds(),
        )
        self.game = game
        self.rule_controls: dict[str, Any] = {}
        for spec in form_options(game, RULES_PARTS if with_guests else RULES_PARTS + 1):
            part = rule_part(spec)
            self.add_item(part)
            self.rule_controls[spec.name] = part.component
        guests = min(info.max_players - 1, SELECT_MOST)
        self.invite: discord.ui.UserSelect[Any] | None = None
        if with_guests:
            self.invite = discord.ui.UserSelect(
                custom_id=INVITE_ID, required=False, min_values=0, max_values=guests
            )
            self.add_item(
                discord.ui.Label(
                    text=_("Invite players"),
                    description=_("They are pinged and join with the lobby's Join button."),
                    component=self.invite,
                )
            )
        self.computers: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=COMPUTERS_ID, required=False
        )
        seated = 0 if with_guests else 1
        for count in range(min(guests, SELECT_MOST - 1) + 1):
            self.computers.add_option(label=str(count), value=str(count), default=count == seated)
        self.seated = seated
        self.add_item(discord.ui.Label(text=_("Computer players"), component=self.computers))
        self.level = discord.ui.RadioGroup(custom_id=LEVEL_ID, required=False)
        for level in OFFERED_LEVELS:
            self.level.add_option(
                label=_(LEVEL_LABELS[level.value]),
                value=level.value,
                default=level is Level.NORMAL,
            )
        self.add_item(discord.ui.Label(text=_("Computer level"), component=self.level))
        self.add_item(
            discord.ui.TextDisplay(
                _(
                    "Everything else keeps its default; type it in `/game new options:` "
                    "to set it (e.g. `round_minutes=10`)."
                )
            )
        )

    def _rule_values(self) -> dict[str, str]:
        """The rules options chosen, as typed options (an empty control: the default)."""
        chosen: dict[str, str] = {}
        for name, control in self.rule_controls.items():
            if isinstance(control, discord.ui.Select):
                picked = control.values[0] if control.values else None
            elif isinstance(control, discord.ui.Checkbox):
                picked = _typed(control.value)
            else:
                picked = control.value
            if picked:
                chosen[name] = picked
        return chosen

    async def on_submit(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        arrived(interaction)
        level = self.level.value or Level.NORMAL.value
        computers = int(self.computers.values[0]) if self.computers.values else self.seated
        invited = _guests(interaction, self.invite.values) if self.invite else []
        _check_seats(self.game, computers, invited)
        options = {**self._rule_values(), COMPUTER_OPTION.name: level}
        await open_lobby(interaction, self.game, options, computers=computers, invited=invited)

    async def on_error(  # type: ignore[override]
        self, interaction: discord.Interaction, error: Exception
    ) -> None:
        await answer_failure(interaction, error)


def _guests(
    interaction: discord.Interaction, chosen: Sequence[discord.User | discord.Member]
) -> list[discord.User | discord.Member]:
    """The invited people, the host left out; a bot is refused (computer seats are for that)."""
    bots = [user for user in chosen if user.bot]
    if bots:
        raise UserError("form_bot_invited", who=as_written(bots[0].display_name))
    return [user for user in chosen if user.id != interaction.user.id]


def _check_seats(game: str, computers: int, invited: Sequence[object]) -> None:
    """Refuse a form that asks for more seats than the game has."""
    most = find_game(game).info.max_players
    wanted = 1 + computers + len(invited)
    if wanted > most:
        raise UserError(
            "form_too_many",
            game=game_title(game),
            max=most,
            wanted=wanted,
            computers=computers,
            invited=len(invited),
        )


async def show_form(interaction: discord.Interaction, game: str) -> None:
    """Answer ``/game new`` with the form (after the checks a lobby would fail anyway)."""
    existing = await service_of(interaction).store.open_game_in(interaction.channel_id or 0)
    if existing is not None:
        raise busy_here(existing.guild_id, game_title(existing.game))
    with speaking(user_language(interaction)):
        form = SetupForm(game, interaction.id, with_guests=server_of(interaction) is not None)
    await interaction.response.send_modal(form)


async def open_lobby(
    interaction: discord.Interaction,
    game: str,
    options: dict[str, Any],
    *,
    computers: int = 0,
    invited: Sequence[discord.abc.User] = (),
) -> GameRecord:
    """Open a lobby (typed or form options), seat the computers, show it and ping guests."""
    service = service_of(interaction)
    channel_id = interaction.channel_id or 0
    record = await service.open_lobby(
        guild_id=interaction.guild_id,
        channel_id=channel_id,
        game_name=game,
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        options=options,
        language=user_language(interaction),
    )
    for _seat in range(computers):
        record = await service.add_computer(channel_id, interaction.user.id)
    with speaking(await public_language(interaction)):
        await interaction.response.send_message(**lobby_card(record).send(lobby_view(record)))
        if invited:
            await interaction.followup.send(
                _(
                    "{guests}: {host} invites you to a game of {game}. "
                    "Press Join on the lobby above to play.",
                    guests=" ".join(user.mention for user in invited),
                    host=interaction.user.mention,
                    game=game_title(game),
                ),
                allowed_mentions=discord.AllowedMentions(users=list(invited)),
            )
    lobby = await interaction.original_response()
    await service.store.set_board_message(record.id, lobby.id)  # kicks edit it
    return record
