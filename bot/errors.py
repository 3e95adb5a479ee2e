"""Errors a user can fix, with one table of wording for every code the bot raises."""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, str] = {
    "no_game": "There is no game in this channel. Start one with `/game new`.",
    "no_lobby": "There is no open lobby here. Start one with `/game new`.",
    "lobby_closed": "This lobby is closed. Start a new game with `/game new`.",
    "channel_busy": (
        "This channel already has a {game} game. Finish it, or ask the host or a moderator "
        "to use `/game end`; you can also start a thread and play there."
    ),
    "not_host": "Only the host ({host}) can do that.",
    "not_host_or_mod": "Only the host or someone with Manage Channel can do that.",
    "already_joined": "You are already in this game.",
    "not_joined": "You are not in this lobby.",
    "lobby_full": "The lobby is full: this {game} table takes at most {max} players.",
    "too_few_players": "{game} needs at least {min} players; there are {count}. "
    "Ask friends to press Join, or add computer players.",
    "host_cannot_leave": "The host cannot leave the lobby; press Cancel to close it.",
    "not_started": "The game has not started yet: the host presses Start in the lobby.",
    "not_playing": "You are not playing in this game.",
    "board_changed": "The board has changed since that button was shown. Here is the current one.",
    "duplicate": "That move was already made.",
    "not_offered": "That choice is not on the menu any more. Open the panel again to see "
    "what you can do now.",
    "unknown_button": "That button no longer works: it belongs to a game or a version of the "
    "bot that is gone. `/game status` shows the current game.",
    "wrong_game_button": "That button belongs to another game. `/game status` shows the game "
    "in this channel.",
    "wrong_game": "This channel is playing {game}, not {wanted}.",
    "bad_options": "`{word}` is not an option setting: write options as name=value words, "
    "e.g. `first_player=0`.",
    "not_a_player_here": "That member is not playing in this channel's game.",
    "managers_only": "On this server only members who can manage channels may start games.",
    "not_admin": "Only members with Manage Server can change the server's settings.",
    "guild_only": "Games are played in server channels and threads, not in direct messages.",
    "islant_race_over": "That race is over. `/islant standings` and `/islant sheet` still show "
    "how it ended.",
    "islant_round_over": "Round {round} is already closed.",
    "islant_name_later": "You can name your islands while your turn is open: after the next roll.",
    "daily_not_yours": "That is not your Islant of the day. `/islant daily` opens yours.",
    "daily_future": "That day has not come yet: its rolls are secret until it is played.",
    "daily_bad_day": "`{day}` is not a date: write it as YYYY-MM-DD, e.g. `2026-11-24`.",
    "daily_sheet_later": "Sheets of the day stay hidden until the day is over (midnight UTC).",
    "islands_left": "You have left this game, so you have no cards to play.",
    "islands_not_your_trick": "{who} is {doing} now. You will be pinged when a trick of "
    "yours is waiting.",
    "islands_no_trick": "No trick is waiting to be split right now: the next slot is revealed "
    "with **Reveal next**.",
    "islands_not_yet": "The next slot cannot be revealed yet. {waiting}",
    "islands_board_moved": "Someone was quicker: the game has moved on since that button was "
    "shown. The newest board message is the current one.",
}


class UserError(Exception):
    """Something the user can fix; the message says what was wrong and what is allowed."""

    def __init__(self, code: str, **details: Any) -> None:
        self.code = code
        self.message = MESSAGES[code].format(**details)
        super().__init__(self.message)
