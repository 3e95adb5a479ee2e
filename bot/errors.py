"""Errors a user can fix, with one table of wording for every code the bot raises."""

from __future__ import annotations

from typing import Any

from locales import N_, SOURCE, translate

MESSAGES: dict[str, str] = {
    "no_game": N_("There is no game in this channel. Start one with `/game new`."),
    "no_lobby": N_("There is no open lobby here. Start one with `/game new`."),
    "lobby_closed": N_("This lobby is closed. Start a new game with `/game new`."),
    "channel_busy": N_(
        "This channel already has a game of {game}. Finish it, or ask the host or a moderator "
        "to use `/game end`; you can also start a thread and play there."
    ),
    "dm_busy": N_(
        "You already have a game of {game} here. Finish it, or end it with `/game end`, "
        "before you start another."
    ),
    "dm_rematch_busy": N_(
        "You already have an open {game} game here (#{game_id}): finish it, or end it with "
        "`/game end`, before a rematch."
    ),
    "not_host": N_("Only the host ({host}) can do that."),
    "not_host_or_mod": N_("Only the host or someone with Manage Channel can do that."),
    "already_joined": N_("You are already in this game."),
    "not_joined": N_("You are not in this lobby."),
    "computers_full": N_("A table seats at most {most} computer players."),
    "lobby_full": N_("The lobby is full: this {game} table takes at most {max} players."),
    "form_too_many": N_(
        "That makes {wanted} players ({invited} invited, {computers} computer, and you), but "
        "{game} seats at most {max}: invite fewer people or choose fewer computer players."
    ),
    "form_bot_invited": N_(
        "{who} is a bot and cannot play: invite people, and choose computer players for the "
        "other seats."
    ),
    "too_few_players": N_(
        "{game} needs at least {min} players; there are {count}. "
        "Ask friends to press Join, or add computer players."
    ),
    "host_cannot_leave": N_("The host cannot leave the lobby; press Cancel to close it."),
    "not_started": N_("The game has not started yet: the host presses Start in the lobby."),
    "not_playing": N_("You are not playing in this game."),
    "board_changed": N_(
        "The board has changed since that button was shown. Here is the current one."
    ),
    "duplicate": N_("That move was already made."),
    "not_a_move": N_("That is not a move: pick one of the suggestions."),
    "not_offered": N_(
        "That choice is not on the menu any more. Open the panel again to see what you can do now."
    ),
    "form_expired": N_(
        "This form has expired: a form lasts 30 minutes and does not outlive a restart of "
        "the bot. Run `/game new` again."
    ),
    "unknown_button": N_(
        "That button no longer works: it belongs to a game or a version of the "
        "bot that is gone. `/game status` shows the current game."
    ),
    "wrong_game_button": N_(
        "That button belongs to another game. `/game status` shows the game in this channel."
    ),
    "wrong_game": N_("This channel is playing {game}, not {wanted}."),
    "bad_options": N_(
        "`{word}` is not an option setting: write options as name=value words, e.g. `{example}`."
    ),
    "not_a_player_here": N_("That member is not playing in this channel's game."),
    "managers_only": N_("On this server only members who can manage channels may start games."),
    "not_admin": N_("Only members with Manage Server can change the server's settings."),
    "server_only": N_(
        "This command works in servers that have added the bot. Here you can play against "
        "computer players (`/game new`) and use `/islant daily`, `/islant today`, `/stats`, "
        "`/leaderboard`, `/game rules` and `/help`."
    ),
    "bot_not_here": N_(
        "This command needs the bot itself, which is not here: use it in a server that has "
        "added the bot (games against the computer also in your direct messages with the "
        "bot). Here you can use `/islant daily`, `/islant today`, `/stats`, `/leaderboard`, "
        "`/game rules` and `/help`."
    ),
    "islant_race_over": N_(
        "That race is over. `/islant standings` and `/islant sheet` still show how it ended."
    ),
    "islant_round_over": N_("Round {round} is already closed."),
    "islant_name_later": N_(
        "You can name your islands while your turn is open: after the next roll."
    ),
    "islands_left": N_("You have left this game, so you have no cards to play."),
    "islands_not_your_trick": N_(
        "{who} is {doing} now. You will be pinged when a trick of yours is waiting."
    ),
    "islands_no_trick": N_(
        "No trick is waiting to be split right now: the next slot is revealed with **Reveal next**."
    ),
    "islands_not_yet": N_("The next slot cannot be revealed yet. {waiting}"),
    "islands_board_moved": N_(
        "Someone was quicker: the game has moved on since that button was "
        "shown. The newest board message is the current one."
    ),
    "records_not_yours": N_("Only the member who asked with `/forget-me` can confirm it."),
    "replay_unknown": N_(
        "There is no game #{game_id} on this server: `/game replay` without a "
        "number replays this channel's last finished game."
    ),
    "replay_cancelled": N_("Game #{game_id} was ended before it finished, so it has no replay."),
    "replay_unfinished": N_(
        "Game #{game_id} is still going: its replay is ready once it finishes."
    ),
    "no_pages": N_("This bot serves no web pages (its operator has not set them up)."),
    "pages_off": N_(
        "Web pages are turned off on this server; an admin can turn them on with"
        " `/settings web_pages:on`."
    ),
    "replay_none": N_(
        "No game has finished in this channel yet. `/game replay game_id:` replays "
        "another game of this server by its number."
    ),
    "replay_too_large": N_("This game is too long for a replay within Discord's upload size."),
    "rematch_busy": N_(
        "This channel already has an open {game} game (#{game_id}): finish it, or "
        "ask the host or a moderator to use `/game end`, before a rematch."
    ),
    "daily_not_yours": N_("That is not your Islant of the day. `/islant daily` opens yours."),
    "daily_future": N_("That day has not come yet: its rolls are secret until it is played."),
    "daily_before_first": N_(
        "The Islant of the day began on {first}: pick that day or a later one."
    ),
    "daily_bad_day": N_("`{day}` is not a date: write it as YYYY-MM-DD, e.g. `2026-11-24`."),
    "storage_timeout": N_(
        "The game's storage is not answering. Nothing was changed; try again in a moment."
    ),
    "daily_sheet_later": N_("Sheets of the day stay hidden until the day is over (midnight UTC)."),
}


def busy_here(guild_id: int | None, game: str) -> UserError:
    """The refusal of a second game where one is open: in a server's channel (a moderator
    can end it, a thread can hold another), or in direct messages with the bot."""
    return UserError("channel_busy" if guild_id is not None else "dm_busy", game=game)


class UserError(Exception):
    """Something the user can fix; the message says what was wrong and what is allowed."""

    def __init__(self, code: str, **details: Any) -> None:
        self.code = code
        self.details = details
        self.message = self.text(SOURCE)
        super().__init__(self.message)

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return translate(lang, MESSAGES[self.code], **self.details)
