"""Refresh the catalogs from the source: ``python -m locales.update``.

Extracts every marked text (``_``, ``N_``, ``translate``/``t`` with the text second) from the
files listed in ``babel.cfg``, adds the slash commands' names, descriptions and choices, and
merges the result into each language's ``messages.po``: new texts arrive untranslated, gone
ones are dropped. A game that carries its own catalog (``<game>/locales/<lang>.po``) keeps
the texts only its package marks there: they are merged into that file, never into the
shared one. Then it lists what is still to do (untranslated texts, texts left in English,
placeholders that differ), each line naming the file to edit; ``tests/locales`` fails until
it is done.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from engine.core import Game, game_catalog, game_package

from . import LANGUAGES, SOURCE, games_own_messages, po_path
from .check import problems

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {
    "_": None,
    "tr": None,
    "N_": None,
    "say": None,
    "translate": (2,),
    "IllegalAction": (2,),
    "Event": (2,),
    "said": (2,),
    "Words": None,
    "counted": (2, 3),
    "tr_counted": (2, 3),
}
MARKED = {"Words": None, "N_": None, "counted": (2, 3)}
"""Keywords whose texts an engine marks on purpose: taken whole, even a single word."""


def source_texts() -> Iterable[tuple[str, str, int]]:
    """(text, file, line) of every marked text in the files ``babel.cfg`` names: an engine's
    texts only where they are whole (see :func:`whole`) or marked on purpose (``MARKED``)."""
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    yield from _marked(ROOT, method_map, options_map, lambda name: name.startswith("engine"))


def _marked(
    folder: Path, method_map: list, options_map: dict, engine_file: Callable[[str], bool]
) -> Iterable[tuple[str, str, int]]:
    """The marked texts of the files under ``folder``; an engine file's only where whole."""
    for keywords in (KEYWORDS, MARKED):
        for filename, line, message, _comments, _context in extract_from_dir(
            folder, method_map, options_map, keywords=keywords, comment_tags=()
        ):
            for text in (message,) if isinstance(message, str) else message:
                if isinstance(text, str) and (
                    keywords is MARKED or not engine_file(filename) or whole(text)
                ):
                    yield text, filename, line


def outside_games_texts() -> Iterable[tuple[str, str, int]]:
    """(text, file, line) of the marked texts of every registered game whose package lies
    outside the folders ``babel.cfg`` names (a game plugged in from elsewhere, its pictures
    beside it): every text its code marks is its own catalog's (its tests' are not)."""
    from engine import all_games

    with (ROOT / "babel.cfg").open() as handle:
        patterns = [pattern for pattern, _ in parse_mapping_cfg(handle)[0]]
    covered = {pattern.split("/")[0] for pattern in patterns}
    for game in all_games():
        folder = Path(sys.modules[game_package(game)].__file__ or "").resolve().parent
        inside = folder.is_relative_to(ROOT) and folder.relative_to(ROOT).parts[:1]
        if inside and inside[0] in covered:
            continue
        where = folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder
        for text, filename, line in _marked(folder, [("**.py", "python")], {}, lambda _: False):
            if not Path(filename).name.startswith(("test_", "conftest")):
                yield text, str(where / filename), line


def own_catalog_texts(lang: str) -> set[str]:
    """The texts the registered games' own catalogs translate: they stay out of the shared
    catalog."""
    return {str(message.id) for message in games_own_messages(lang)}


def whole(message: str) -> bool:
    """Whether an engine's text is a whole sentence (or an event's template with ``{name}``
    placeholders), not a piece of one built with values."""
    if "{" in message:
        return "  " not in message
    return message[:1].isupper() and message.endswith(".") and "  " not in message


def game_texts() -> Iterable[tuple[str, str]]:
    """Texts the engines and settings declare as data (game summaries and option hints), each
    with where it is declared: the game's package, or the settings."""
    from bot.settings import SERVER_ONLY, TABLE_OPTIONS
    from engine import all_games

    for game in all_games():
        place = str(shown_path(package_folder(game)))
        yield from ((text, place) for text in game.declared_words())
    yield from ((spec.description, "bot/settings.py") for spec in TABLE_OPTIONS + SERVER_ONLY)


def package_folder(game: Game) -> Path:
    """The folder of the package a game is defined in (its texts and catalog sit there)."""
    return Path(sys.modules[game_package(game)].__file__ or "").resolve().parent


def shown_path(path: Path) -> Path:
    """``path`` relative to the project when it lies inside it (as places are written)."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def own_catalogs(lang: str) -> dict[Path, Path]:
    """Per game package (as places are written) that carries a catalog for ``lang``, the
    catalog's file."""
    from engine import all_games

    found = {}
    for game in all_games():
        own = game_catalog(game, lang)
        if own is not None:
            found[shown_path(package_folder(game))] = Path(str(own))
    return found


def owner(message: Message, catalogs: dict[Path, Path]) -> Path | None:
    """The game catalog ``message`` belongs to: the one of the package every place that marks
    it lies in (None: a shared text, or marked by no place known)."""
    places = {Path(filename) for filename, _ in message.locations}
    for folder, catalog in catalogs.items():
        if places and all(place == folder or place.is_relative_to(folder) for place in places):
            return catalog
    return None


def command_tree() -> app_commands.CommandTree:
    """The bot's command tree, built with its cogs but without connecting anywhere."""
    from bot.client import IslandBot, extensions

    async def build() -> app_commands.CommandTree:
        bot = IslandBot(":memory:")
        for extension in extensions():
            await bot.load_extension(extension)
        return bot.tree

    return asyncio.run(build())


def command_strings() -> Iterable[tuple[str, bool]]:
    """Every string of the slash commands as (text, is_name), once each."""
    from bot.commands_i18n import walk

    return dict.fromkeys(walk(command_tree().get_commands()))


def template() -> Catalog:
    """Every text to translate: the marked ones, game data and the slash commands' strings."""
    from bot.commands_i18n import NAME_CONTEXT

    pot = Catalog(locale=None, project="island-games-bot", fuzzy=False)
    for message, filename, line in source_texts():
        pot.add(message, locations=[(filename, line)])
    for message, filename, line in outside_games_texts():
        if message not in pot:  # a shared text keeps its own places
            pot.add(message, locations=[(filename, line)])
    for message, place in game_texts():
        if message not in pot:
            pot.add(message, locations=[(place, 0)])
    for message, is_name in command_strings():
        context = NAME_CONTEXT if is_name else None
        if pot.get(message, context=context) is None:
            pot.add(message, locations=[("bot/cogs", 0)], context=context)
    return pot


def shared_template(pot: Catalog, lang: str, catalogs: dict[Path, Path] | None = None) -> Catalog:
    """``pot`` without the texts the games' own catalogs keep in ``lang``: those only a game's
    package marks, and those only its catalog holds (a text the shared sources mark too
    stays shared)."""
    catalogs = own_catalogs(lang) if catalogs is None else catalogs
    own = own_catalog_texts(lang) - {text for text, _, _ in source_texts()}
    shared = Catalog(locale=None, project=pot.project, fuzzy=False)
    for message in pot:
        if message.id and str(message.id) not in own and owner(message, catalogs) is None:
            shared[message.id] = message
    return shared


def owned_template(pot: Catalog, catalog: Path, catalogs: dict[Path, Path]) -> Catalog:
    """The texts of ``pot`` that belong in the game catalog ``catalog``."""
    owned = Catalog(locale=None, project=pot.project, fuzzy=False)
    for message in pot:
        if message.id and owner(message, catalogs) == catalog:
            owned[message.id] = message
    return owned


def where_to_translate(msgid: str, lang: str, pot: Catalog | None = None) -> Path:
    """The file in which ``msgid`` is translated into ``lang``: its game's own catalog, or
    the shared one."""
    catalogs = own_catalogs(lang)
    message = (pot or template()).get(msgid)
    found = owner(message, catalogs) if message is not None else None
    return found or po_path(lang)


def merge(pot: Catalog, lang: str, path: Path | None = None) -> Catalog:
    """The catalog of ``lang`` at ``path`` (default: the shared one) brought in line with
    ``pot``."""
    path = path or po_path(lang)
    if path.exists():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
    else:
        catalog = Catalog(locale=lang, project="island-games-bot")
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    return catalog


def refresh(pot: Catalog, lang: str, path: Path) -> list[str]:
    """Write the catalog of ``lang`` at ``path`` in line with ``pot``; what is left to do
    there, each line naming the file."""
    catalog = merge(pot, lang, path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=True, include_lineno=False)
    found = [f"{shown_path(path)}: {problem}" for problem in problems(catalog, lang)]
    print("\n".join(found) or f"{lang}: {len(catalog)} texts, all translated ({shown_path(path)})")
    return found


def main() -> int:
    pot = template()
    missing = 0
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        catalogs = own_catalogs(lang)
        missing += len(refresh(shared_template(pot, lang, catalogs), lang, po_path(lang)))
        for catalog in catalogs.values():
            if catalog.is_relative_to(ROOT):  # a game's own file in this project
                missing += len(refresh(owned_template(pot, catalog, catalogs), lang, catalog))
    if missing:
        print("Translate each text in the file named before it, then run this again.")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
