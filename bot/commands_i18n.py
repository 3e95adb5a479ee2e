"""Slash commands in the reader's language: names, descriptions and choices from the catalogs.

Discord shows a client the ``name_localizations`` and ``description_localizations`` of its
language; :class:`CatalogTranslator` fills them when the commands are synced. Names are kept
apart from texts in the catalog (context ``command``), as Discord allows names only in
lowercase, without spaces and at most 32 characters long.
"""

from __future__ import annotations

from collections.abc import Iterator

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from locales import SOURCE, catalog, language

NAME_CONTEXT = "command"
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})


def lookup(lang: str, text: str, *, name: bool) -> str | None:
    """The translation of a command string, or None where the catalog has none."""
    found = catalog(lang)
    if found is None:
        return None
    message = found.get(text, context=NAME_CONTEXT if name else None)
    return message.string if message is not None and message.string else None


class CatalogTranslator(app_commands.Translator):
    """Looks command strings up in the gettext catalog of the client's language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language(locale)
        if lang == SOURCE or locale.value.split("-")[0] != lang:
            return None
        return lookup(lang, string.message, name=context.location in NAMES)


def walk(commands: list) -> Iterator[tuple[str, bool]]:
    """(text, is_name) of every name, description and choice under ``commands``."""
    for command in commands:
        yield command.name, True
        yield command.description, False
        if isinstance(command, app_commands.Group):
            yield from walk(command.commands)
            continue
        for parameter in command.parameters:
            yield parameter.name, True
            yield parameter.description, False
            for choice in parameter.choices:
                yield choice.name, False
