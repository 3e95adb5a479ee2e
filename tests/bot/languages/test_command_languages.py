"""Slash commands in German: the synced schema carries ``de`` names and descriptions that obey
Discord's rules (names lowercase, no spaces, at most 32 characters; texts at most 100)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.commands_i18n import CatalogTranslator
from locales.update import command_tree

NAME = re.compile(r"^[-_'\w]{1,32}$")
CHAT_INPUT = 1


@pytest.fixture(scope="module")
def payloads() -> list[dict[str, Any]]:
    """What ``tree.sync()`` sends to Discord, with the bot's translator."""
    tree = command_tree()
    translator = CatalogTranslator()

    async def translated() -> list[dict[str, Any]]:
        return [
            await command.get_translated_payload(tree, translator)
            for command in tree._get_all_commands()
        ]

    return asyncio.run(translated())


def named_parts(payload: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every command, subcommand and option below (and including) ``payload``."""
    yield payload
    for option in payload.get("options", []):
        yield from named_parts(option)


def test_every_name_and_description_has_a_german_version_within_discords_rules(payloads):
    parts = [part for payload in payloads for part in named_parts(payload)]
    assert len(parts) > 40
    for part in parts:
        german_name = part.get("name_localizations", {}).get("de")
        assert german_name, f"no German name for {part['name']!r}"
        assert NAME.match(german_name) and german_name == german_name.lower(), german_name
        if part.get("type", CHAT_INPUT) == CHAT_INPUT or part.get("description"):
            german = part.get("description_localizations", {}).get("de")
            assert german and len(german) <= 100, (part["name"], german)


def test_every_choice_has_a_german_name(payloads):
    choices = [
        choice
        for payload in payloads
        for part in named_parts(payload)
        for choice in part.get("choices", [])
    ]
    assert len(choices) > 5
    for choice in choices:
        german = choice.get("name_localizations", {}).get("de")
        assert german and len(german) <= 100, choice


def test_the_german_commands_read_as_a_german_server_expects(payloads):
    names = {p["name"]: p["name_localizations"]["de"] for p in payloads}
    assert names["help"] == "hilfe" and names["game"] == "spiel"
    game = next(p for p in payloads if p["name"] == "game")
    subcommands = {o["name"]: o["name_localizations"]["de"] for o in game["options"]}
    assert subcommands["new"] == "neu" and subcommands["rules"] == "regeln"


def test_other_languages_get_no_localisation(payloads):
    help_command = next(p for p in payloads if p["name"] == "help")
    assert set(help_command["name_localizations"]) == {discord.Locale.german.value}
