"""Whose language a text is in: the user's for private answers, the server's for public posts.

Private (ephemeral) answers and pictures follow ``interaction.locale``. Public messages and
pictures follow the server: its ``/settings language`` if an admin chose one, else Discord's
``guild_locale`` (the server's community language). Texts built before their reader is known
(a headline passed to the publisher) are :class:`Phrase` values, put in words when sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import discord

from engine import find_game
from engine.core import Event, Name, Number, Words
from locales import LANGUAGES, SOURCE, current, engine_words, language, translate

from .store import GameRecord

FOLLOW_DISCORD = "discord"
HOST_LANGUAGE = "language"
"""The table setting of a game without a server (direct messages): its host's language."""
LANGUAGE_CHOICES = (FOLLOW_DISCORD, *LANGUAGES)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A catalog text and its placeholders, not yet in any language."""

    msgid: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        """The phrase in ``lang`` (values that are an engine's words in ``lang`` too)."""
        params = {
            key: engine_words(lang, value) if isinstance(value, Words | Name | Number) else value
            for key, value in self.params.items()
        }
        return translate(lang, self.msgid, **params)

    def to_json(self) -> dict[str, object]:
        """The phrase as JSON, to be put in words later: values as their text, an engine's
        words as their template and values (still to translate)."""
        return {"msgid": self.msgid, "params": {k: _plain(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Phrase:
        params = data.get("params")
        values = dict(params) if isinstance(params, Mapping) else {}
        return cls(str(data["msgid"]), {k: _read(v) for k, v in values.items()})


WORDS_KEY = "words"
"""How a value that is an engine's words is kept in a phrase's JSON."""


def _plain(value: object) -> object:
    if isinstance(value, Words):
        return {WORDS_KEY: value.to_json()}
    return value if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


def _read(value: object) -> object:
    if isinstance(value, Mapping) and isinstance(value.get(WORDS_KEY), Mapping):
        return Words.from_json(value[WORDS_KEY])
    return value


@lru_cache(maxsize=4096)
def as_written(name: str) -> str:
    """A user-supplied name for message text: its Markdown shown, not applied, and no
    mention in it (``@everyone``, ``<@id>``) read as one (kept for names seen lately: a
    race's panels write its 99 names at every tap)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
"""The bidirectional isolate marks, taken out of a name before it is isolated itself."""


def isolated(name: str) -> str:
    """A name for message text (:func:`as_written`) between the first-strong-isolate and
    pop-isolate marks: a right-to-left mark or override inside a name reorders nothing
    around it (a leaderboard line, a history line). Isolate marks inside the name are
    dropped, so that the name cannot end its own isolation early."""
    return f"\u2068{as_written(name.translate(ISOLATES))}\u2069"


def written(names: Sequence[str]) -> list[str]:
    """Players' names for message text (:func:`as_written`); pictures and the labels of
    buttons and menus, which Discord shows as they are, take the names unchanged."""
    return [as_written(name) for name in names]


def say(msgid: str, **params: object) -> Phrase:
    """A :class:`Phrase` (marked for extraction like ``_``)."""
    return Phrase(msgid, params)


def in_words(text: str | Phrase | None, lang: str) -> str | None:
    """A text given either way, in ``lang``."""
    return text.text(lang) if isinstance(text, Phrase) else text


engine_text = engine_words
"""An engine's text in ``lang``: a :class:`~engine.core.Words` by its template, its values in
``lang`` too; any other text where the catalog has its exact English text."""


def event_text(lang: str, event: Event) -> str:
    """An engine event's sentence in ``lang``: by its template, the values filled in (each
    value a word the catalog knows, such as a colour, in ``lang`` too), else by its text."""
    if not event.template:
        return engine_text(lang, event.text)
    return engine_text(lang, Words(event.template, event.params))


def user_language(interaction: discord.Interaction) -> str:
    """The language of private answers to ``interaction``: its user's Discord language."""
    return language(interaction.locale)


def chosen_language(settings: Mapping[str, object], guild_locale: object | None) -> str:
    """A server's public language: its ``language`` setting, else its Discord locale."""
    choice = str(settings.get("language", FOLLOW_DISCORD))
    return choice if choice in LANGUAGES else language(guild_locale)


async def server_language(client: discord.Client, guild_id: int | None) -> str:
    """The public language of the server ``guild_id`` (English outside any server)."""
    if not guild_id:
        return SOURCE
    service = getattr(client, "service", None)
    settings = await service.store.guild_settings(guild_id) if service is not None else {}
    guild = client.get_guild(guild_id)
    return chosen_language(settings, guild.preferred_locale if guild is not None else None)


async def game_language(client: discord.Client, record: GameRecord) -> str:
    """The language of a game's public posts: its server's, or for a game in direct messages
    with the bot (no server), the language its host opened it in."""
    if record.guild_id is None:
        return language(record.table_options.get(HOST_LANGUAGE))
    return await server_language(client, record.guild_id)


async def public_language(interaction: discord.Interaction) -> str:
    """The language of public posts in the server of ``interaction``."""
    if interaction.guild_id is None:
        return user_language(interaction)
    service = getattr(interaction.client, "service", None)
    settings = (
        await service.store.guild_settings(interaction.guild_id) if service is not None else {}
    )
    return chosen_language(settings, interaction.guild_locale)


def game_title(game: str, lang: str | None = None) -> str:
    """A game's name in ``lang`` (the current language by default): one name for it in
    every command, text and picture of that language (German: "Inseln toppen!")."""
    return translate(lang or current(), find_game(game).info.title)
