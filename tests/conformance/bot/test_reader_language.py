"""Every word in the reader's language: every registered game, played through the real bot in
a German server by German members (and in an English one by English members), sends no
sentence of the other language in any text, card, button, alt text or picture.

The flow: the lobby (a computer added at each level), the start, turns tapped on the panel
(with "Show my turn" on an idle panel), the board's buttons, the game's end by resigning (or
by the host, in a race), then /help, /settings, /stats and /leaderboard. Everything the bot
sent Discord is read from simcord's request log; the words of the pictures are those the
renderers drew (pictures are drawn in the test's process).

A sentence is of the other language when, once names, typed notation, mentions and links are
left out, it holds one of that language's own words (:func:`vocabulary`: the words only its
side of the catalog uses), one of its telltale words (:data:`STRONG`) or two of its commonest
short words (:data:`MARKERS`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from functools import cache
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord.interactions
from PIL import ImageDraw

from bot.service import AI_NAMES
from engine import find_game
from engine.core import Budget
from locales import SOURCE, catalog
from tests.bot.faces import controls
from tests.bot.flow_helpers import new_game
from tests.bot.flows.test_panel import MAX_TAPS_PER_ACTION, tap_once

from ..registry import each_name
from .tables import open_panel

LANGUAGES = {"de": "en", "en-US": "de"}
"""A reader's Discord language, and the language whose sentences they must not get."""
MARKERS = {
    "en": frozenset(
        [
            "the",
            "your",
            "you",
            "is",
            "are",
            "and",
            "of",
            "to",
            "with",
            "has",
            "have",
            "every",
            "this",
            "that",
            "from",
            "its",
            "for",
            "by",
            "be",
            "not",
            "it",
            "cannot",
            "no",
            "was",
            "were",
            "their",
            "them",
            "they",
            "there",
            "here",
        ]
    ),
    "de": frozenset(
        [
            "der",
            "das",
            "und",
            "nicht",
            "ist",
            "dein",
            "deine",
            "deinen",
            "du",
            "ein",
            "eine",
            "einen",
            "mit",
            "zu",
            "auf",
            "für",
            "wird",
            "sind",
            "noch",
            "kein",
            "keine",
            "hat",
            "bei",
            "im",
            "vom",
            "zum",
        ]
    ),
}
STRONG = {
    "en": frozenset({"the", "your", "every", "you"}),
    "de": frozenset({"und", "nicht", "dein", "deine", "der"}),
}
"""Words that alone make a sentence of their language."""
SPELLINGS = {"en": ("(computer)",), "de": ("(Computer)",)}
"""How a computer player is named in each language (both spell the word alike)."""
OTHER = "de"
MIN_WORD = 3
PLACEHOLDER = re.compile(r"\{[^}]*\}")
CUT = re.compile(r"[^\W\d_]+…")
"""A word cut short by an ellipsis (it may be any language's)."""
SKIPPED = re.compile(r"`[^`]*`|<[@#!&:][^>]*>|https?://\S+|\*\*|__|~~|\|\|")
WORD = re.compile(r"[^\W\d_]+")
TEXT_KEYS = ("content", "title", "description", "label", "placeholder", "text", "name", "value")
MAX_ACTIONS = 10
"""Turns tapped by each person (enough to see the game's panels and move lines)."""
LEVELS = ("easy", "normal", "hard")
QUICK_HARD = Budget(think_ms=20, playouts=2)
"""The hard computer's budget here: it is there for its words, not to play well."""


def foreign(text: str, lang: str, names: Iterable[str]) -> list[str]:
    """The sentences of ``text`` that read as ``lang`` (see the module's note)."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = SKIPPED.sub(" ", text)
    found = []
    only, spelled = vocabulary(lang), vocabulary(lang, exact=True)
    for sentence in re.split(r"(?<=[.!?:;])\s+|\n|•|·", text):
        words = WORD.findall(CUT.sub(" ", sentence))
        marked = {
            word
            for i, word in enumerate(words)
            if word in MARKERS[lang] and not _in_a_name(words, i)
        }
        theirs = {
            w
            for i, w in enumerate(words)
            if len(w) >= MIN_WORD
            and (w.lower() in only or w in spelled)
            and not _in_a_name(words, i)
        }
        spelled_out = any(phrase in sentence for phrase in SPELLINGS[lang])
        if len(marked) >= 2 or marked & STRONG[lang] or theirs or spelled_out:
            found.append(sentence.strip())
    return found


@cache
def vocabulary(lang: str, *, exact: bool = False) -> frozenset[str]:
    """The words that only ``lang``'s side of the catalogs uses: an English word no German
    text has (say "options"), or the other way round; lower case, or as written with
    ``exact`` (the English "computer" beside the German "Computer")."""
    texts: dict[str, set[str]] = {SOURCE: set(), OTHER: set()}
    for message in catalog(OTHER):
        if not message.id:
            continue
        for side, value in ((SOURCE, message.id), (OTHER, message.string)):
            for text in value if isinstance(value, tuple) else (value,):
                words = WORD.findall(PLACEHOLDER.sub(" ", text or ""))
                texts[side] |= {w if exact else w.lower() for w in words if len(w) >= MIN_WORD}
    other = OTHER if lang == SOURCE else SOURCE
    return frozenset(texts[lang] - texts[other])


def _in_a_name(words: list[str], i: int) -> bool:
    """Whether word ``i`` joins two capitalised words, as in a place's name ("Isle of Man")."""
    return 0 < i < len(words) - 1 and words[i - 1][:1].isupper() and words[i + 1][:1].isupper()


def strings(data: Any, key: str | None = None) -> Iterator[str]:
    """The texts of a request's JSON: under the keys people read (not ids nor options)."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("custom_id", "url", "proxy_url", "filename", "id", "emoji"):
                continue
            if k == "value" and "label" in data:  # a select option's value: an id
                continue
            yield from strings(v, k)
    elif isinstance(data, list):
        for item in data:
            yield from strings(item, key)
    elif isinstance(data, str) and key in TEXT_KEYS:
        yield data


def sent_texts(env) -> Iterator[str]:
    """Every text the bot sent Discord but its commands' registration."""
    for request in env.http_requests:
        if "/commands" in request.path or request.json is None:
            continue
        yield from strings(request.json)


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """The words the renderers draw on pictures."""
    words: list[str] = []
    draw = ImageDraw.ImageDraw.text

    def noted(self, xy, text, *args, **kwargs):
        if isinstance(text, str):
            words.append(text)
        return draw(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", noted)
    return words


@pytest.fixture
def speaking_as(monkeypatch):
    """Sets every member's Discord language (a server's is given when it is created)."""
    chosen: list[str] = ["en-US"]
    build = simcord.interactions.base_payload

    def localized(backend, **fields):
        record, payload = build(backend, **fields)
        payload["locale"] = chosen[0]
        if fields.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(fields["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", localized)
    return chosen


def button(message, kind: str, action: str | None = None) -> discord.Button:
    """The button of ``message`` whose custom id is of ``kind`` (and ends in ``action``)."""
    for item in controls(message):
        custom = getattr(item, "custom_id", "") or ""
        if custom.startswith(kind + ":") and (action is None or custom.endswith(":" + action)):
            return item
    raise AssertionError(f"no {kind}:{action} button: {[c.custom_id for c in controls(message)]}")


def fresh(channel, message):
    return next(m for m in channel.history() if m.id == message.id)


async def play_some_turns(env, member, channel, game, rnd: random.Random) -> None:
    """``member`` taps through up to :data:`MAX_ACTIONS` of their turns on their panel (or
    taps "Show my turn" on an idle one)."""
    world = SimpleNamespace(env=env)
    for _ in range(MAX_ACTIONS):
        record = await env.bot.store.last_game_in(channel.id)
        if record.status != "active":
            return
        state = env.bot.service.state_of(record)
        if record.seat_of(member.id) not in game.to_move(state):
            panel = (await open_panel(world, member, channel)).response
            look = [c for c in controls(panel.message) if "!" in (c.custom_id or "")]
            if look:
                await member.click(panel.message, custom_id=look[0].custom_id)
            await env.advance_time(30)
            continue
        panel = (await open_panel(world, member, channel)).response
        for _tap in range(MAX_TAPS_PER_ACTION):
            await tap_once(member, panel.message, rnd)
            if (await env.bot.store.last_game_in(channel.id)).version != record.version:
                break


@each_name
@pytest.mark.parametrize("locale", sorted(LANGUAGES))
async def test_no_sentence_of_another_language_reaches_a_reader(
    simcord_env, speaking_as, drawn, name: str, locale: str
) -> None:
    env = simcord_env
    await env.bot.sync_commands()
    env.bot.service.computers.budget = QUICK_HARD
    speaking_as[0] = locale
    guild = env.create_guild(preferred_locale=locale)
    channel = guild.create_text_channel("islands")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(env.create_user("alice"), roles=[admins])
    bob = guild.add_member(env.create_user("bob"))
    game = find_game(name)
    lobby = (await new_game(alice, channel, name)).response.message
    if game.info.max_players > 2:
        await bob.click(lobby, custom_id=button(lobby, "lobby", "join").custom_id)
    people = [alice, bob] if game.info.max_players > 2 else [alice]
    seats = len(people)
    for level in LEVELS[: max(1, min(game.info.max_players - seats, len(LEVELS)))]:
        lobby = fresh(channel, lobby)
        await alice.click(lobby, custom_id=button(lobby, "lobby", "ai").custom_id)
        lobby = fresh(channel, lobby)
        await alice.click(lobby, custom_id=button(lobby, "lobbyai", level).custom_id)
    lobby = fresh(channel, lobby)
    await alice.click(lobby, custom_id=button(lobby, "lobby", "start").custom_id)
    rnd = random.Random(3)
    for member in people:
        await play_some_turns(env, member, channel, game, rnd)
    for member in people:
        if (await env.bot.store.last_game_in(channel.id)).status == "active":
            await member.slash(channel, "islant end" if name == "islant" else "game resign")
    await env.bot.publisher.settle()
    for command in ("help", "settings", "stats"):
        await alice.slash(channel, command)
    await alice.slash(channel, "leaderboard", game=name)
    names = {"alice", "bob", *AI_NAMES}
    lang = LANGUAGES[locale]
    found = {s for text in sent_texts(env) for s in foreign(text, lang, names)}
    found |= {f"[picture] {s}" for text in drawn for s in foreign(text, lang, names)}
    assert not found, "\n".join(sorted(found))


def test_the_check_finds_the_words_of_the_other_language() -> None:
    names = ["alice", "Ada"]
    for english in (
        "Rennen vorbei: every player has ended",
        "**Options**",
        "1. Ada (computer), leicht",
        "alice: confirms the placement.",
    ):
        assert foreign(english, "en", names), english
    for german in ("Rennen vorbei: alle haben ihr Spiel beendet", "1. Ada (Computer), leicht"):
        assert not foreign(german, "en", names), german
        assert foreign(german, "de", names), german
    assert not foreign("Trinidad and Tobago · Isle of Man `PLACE AT 0 0`", "en", names)
