"""Texts in the reader's language: gettext catalogs read with Babel, numbers per locale.

English is the source language: a message id is the English text, with ``{name}``
placeholders. ``locales/<lang>/LC_MESSAGES/messages.po`` holds the other languages; the
catalogs are read once, when a language is first asked for (no compiled ``.mo`` files).

The bot says which language a text is for (:func:`translate`); the renderers draw in the
language set around them by :func:`speaking` (:func:`_` reads it), so that a picture drawn
in a worker process needs no catalog argument threaded through every drawing helper.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from engine.core.game import Game
from engine.core.registry import all_games, game_count
from engine.core.texts import game_catalog
from engine.core.words import Name, Number, Words, counted

SOURCE = "en"
LANGUAGES = ("en", "de")
DOMAIN = "messages"
FOLDER = Path(__file__).resolve().parent

_current: ContextVar[str] = ContextVar("language", default=SOURCE)


def language(locale: object | None) -> str:
    """One of :data:`LANGUAGES` for a Discord locale (``"de"``, ``"en-US"``) or ``None``."""
    text = str(getattr(locale, "value", locale) or "").lower()
    code = text.replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else SOURCE


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` lives."""
    return FOLDER / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog(lang: str) -> Catalog | None:
    """The catalog of ``lang`` (None for the source language): the shared one, with the
    catalogs that registered games carry beside their code merged in."""
    if lang == SOURCE:
        return None
    return _merged_catalog(lang, game_count())


@cache
def _merged_catalog(lang: str, games: int) -> Catalog:
    """The catalog of ``lang`` once ``games`` games are registered (a game registered later
    brings its own catalog into a new one)."""
    with po_path(lang).open("rb") as handle:
        merged = read_po(handle, locale=lang)
    for message in games_own_messages(lang, all_games()[:games]):
        merged[message.id] = message
    return merged


def games_own_messages(lang: str, games: Iterable[Game] | None = None) -> Iterator[Message]:
    """The translated messages of the catalogs ``games`` (default: every registered one) carry
    beside their code (``<game>/locales/<lang>.po``)."""
    for game in all_games() if games is None else games:
        own = game_catalog(game, lang)
        if own is not None:
            with own.open("rb") as handle:
                yield from (m for m in read_po(handle, locale=lang) if m.id and m.string)


def gettext(lang: str, msgid: str) -> str:
    """``msgid`` in ``lang``; the English text where no translation exists."""
    found = catalog(lang)
    if found is None:
        return msgid
    message = found.get(msgid)
    return message.string if message is not None and message.string else msgid


def translate(lang: str, msgid: str, **params: object) -> str:
    """``msgid`` in ``lang`` with its placeholders filled."""
    text = gettext(lang, msgid)
    return text.format(**params) if params else text


def engine_words(lang: str, text: str) -> str:
    """An engine's text in ``lang``: a :class:`~engine.core.Words` by its template, its values
    in ``lang`` too (a value the catalog knows, such as a colour, is translated); a
    :class:`~engine.core.Name` in its form for ``lang``; a :class:`~engine.core.Number` with
    ``lang``'s separators; any other text where the catalog has it exactly."""
    if isinstance(text, Name):
        return text.forms.get(lang, str(text))
    if isinstance(text, Number):
        return written_number(lang, text)
    if not isinstance(text, Words):
        return gettext(lang, text)
    params = {
        key: engine_words(lang, value) if isinstance(value, str) else value
        for key, value in text.params.items()
    }
    return translate(lang, text.template, **params)


def current() -> str:
    """The language set by the innermost :func:`speaking` (English outside any)."""
    return _current.get()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Texts looked up with :func:`_` inside this block are in ``lang``."""
    token = _current.set(language(lang))
    try:
        yield
    finally:
        _current.reset(token)


def _(msgid: str, **params: object) -> str:
    """``msgid`` in the current language (see :func:`speaking`)."""
    return translate(current(), msgid, **params)


tr = _
"""The same as :func:`_`, for modules that use ``_`` as a throwaway name (the renderers)."""


def tr_counted(count: int, one: str, many: str, **params: object) -> str:
    """``one`` when ``count`` is 1, else ``many``, in the current language, with ``{count}``
    and ``params`` filled in: a counted noun stays inside its sentence, so each language
    gives it the case the sentence needs (German: "mit 27 Punkten")."""
    return engine_words(current(), counted(count, one, many, **params))


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction where it is translated later (tables of texts)."""
    return msgid


def number(value: float, lang: str | None = None, digits: int = 0) -> str:
    """``value`` as ``lang`` writes it: ``1,234.5`` in English, ``1.234,5`` in German."""
    pattern = "#,##0" + ("." + "#" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=Locale.parse(lang or current()))


DECIMAL_COMMA = frozenset({"de"})
"""Languages that write ``1.234,5`` where English writes ``1,234.5``."""
SWAPPED_SEPARATORS = str.maketrans({",": ".", ".": ","})


def written_number(lang: str, text: str) -> str:
    """A number written the English way (``1,234.5 km²``) as ``lang`` writes it."""
    return text.translate(SWAPPED_SEPARATORS) if lang in DECIMAL_COMMA else text


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of ``seat``, or "Player N" in the current language when none was
    given."""
    if seat < len(names) and names[seat]:
        return names[seat]
    return _("Player {number}", number=seat + 1)


def join_names(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the current language."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


__all__ = [
    "LANGUAGES",
    "N_",
    "SOURCE",
    "_",
    "catalog",
    "current",
    "engine_words",
    "gettext",
    "join_names",
    "language",
    "number",
    "po_path",
    "seat_name",
    "speaking",
    "tr",
    "tr_counted",
    "translate",
    "written_number",
]
