"""Autocomplete: legal moves filtered by what the player has typed, word by whole word, and
the note offered instead while the game's storage is not answering."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import discord
from discord import app_commands

from engine import find_game
from engine.core import fill_names
from locales import N_, SOURCE, translate

from .components import service_of
from .errors import UserError
from .i18n import engine_text, user_language
from .service.navigator import SavedState, read_state
from .store import StorageTimeout

MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
MAX_TYPED = 100  # characters of the typed text that are matched (Discord allows 6,000)
MAX_WORDS = 8  # distinct words of it that must all match
WORD = re.compile(r"[\w+−-]+")
STORAGE_NOTE = N_("The game's storage is not answering — try again in a moment")
NOTE_VALUE = "-"
"""The note's value: no move, no cell (picked anyway, it is refused as such)."""


def storage_note(interaction: discord.Interaction) -> list[app_commands.Choice[str]]:
    """What autocomplete offers while the database does not answer: one note saying so."""
    note = translate(user_language(interaction), STORAGE_NOTE)
    return [app_commands.Choice(name=_clip(note), value=NOTE_VALUE)]


@dataclass(frozen=True, slots=True)
class Prefix:
    """Which legal moves a command offers: those whose notation starts with ``text`` (or,
    ``keep=False``, those that do not). A value, so that it goes to a worker process."""

    text: str = ""
    keep: bool = True

    def __call__(self, notation: str) -> bool:
        return notation.startswith(self.text) == self.keep


async def legal_move_choices(
    interaction: discord.Interaction, typed: str, offered: Prefix = Prefix()
) -> list[app_commands.Choice[str]]:
    """Up to 25 of the user's legal moves that every typed word names (see
    :func:`matching_moves`), found in the worker pool: the moves of a big game are many, and
    the event loop must stay free to acknowledge other interactions meanwhile."""
    service = service_of(interaction)
    try:
        record = await service.running_record(interaction.channel_id or 0)
    except UserError:
        return []
    except StorageTimeout:
        return storage_note(interaction)
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        return []
    saved = service.saved_state(record)
    lang = user_language(interaction)
    found = await service.pictures.run(
        matching_moves, saved, seat, typed, lang, offered, record.names
    )
    return [app_commands.Choice(name=name, value=notation) for notation, name in found]


def matching_moves(
    saved: SavedState,
    seat: int,
    typed: str,
    lang: str,
    offered: Prefix,
    names: Sequence[str],
) -> list[tuple[str, str]]:
    """Up to 25 of ``seat``'s legal moves that every typed word names, as (notation, name in
    ``lang``).

    A typed word must be a whole word of the move's search text (its notation, description and
    menu words: "eruption", "totoro", "expand grass", a hex's coordinates in any order), in
    English or in the user's language ("Ausbruch"); the word still being typed may be the start
    of one. Cost: one pass over the legal moves, each matched against at most ``MAX_WORDS``
    words of at most ``MAX_TYPED`` characters.
    """
    game = find_game(saved.game)
    state = read_state(saved)
    if game.is_over(state) or seat not in game.to_move(state):
        return []
    typed = typed[:MAX_TYPED].lower()
    words = list(dict.fromkeys(WORD.findall(typed)))[:MAX_WORDS]
    typing = words.pop() if words and not typed.endswith(" ") else None
    picked = []
    for action in game.legal_actions(state, seat):
        notation = game.format(action)
        if len(notation) > MAX_CHOICE_TEXT or not offered(notation):
            continue  # (a choice's value holds at most 100 characters)
        known = _search_words(game.search_text(action, state), lang)
        if lang != SOURCE:  # the move's description in the member's words ("legt", "Fläche")
            known |= _search_words(game.describe(action, state), lang)
        if all(word in known for word in words) and (
            typing is None or any(word.startswith(typing) for word in known)
        ):
            picked.append((notation, action))
            if len(picked) == MAX_CHOICES:
                break
    return [
        (notation, _clip(fill_names(engine_text(lang, game.describe(action, state)), names)))
        for notation, action in picked
    ]


def _search_words(text: str, lang: str) -> set[str]:
    """The lower-case words of a move's search text, in English and in ``lang``."""
    words = set(WORD.findall(text.lower()))
    if lang != SOURCE:
        words.update(WORD.findall(engine_text(lang, text).lower()))
    return words


def _clip(label: str) -> str:
    """A choice label within Discord's 100 characters, capitalised."""
    label = label[:1].upper() + label[1:]
    return label if len(label) <= MAX_CHOICE_TEXT else label[: MAX_CHOICE_TEXT - 1] + "…"
