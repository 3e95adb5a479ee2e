"""``python -m locales.update`` honours a game's own catalog: the texts only a game's package
marks are that catalog's, never the shared one's, and what is left to translate names the file
to edit."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog

from locales import po_path
from locales.update import (
    ROOT,
    owned_template,
    owner,
    refresh,
    shared_template,
    template,
    where_to_translate,
)

GAME = Path("engine/reef")
OWN = ROOT / GAME / "locales" / "de.po"


def sources() -> Catalog:
    """An in-tree game's texts (its code and its declared words), one shared with the bot, one
    of the bot alone."""
    pot = Catalog(locale=None)
    pot.add("The reef grows.", locations=[(str(GAME / "game.py"), 12)])
    pot.add("Reef: a game of corals.", locations=[(str(GAME), 0)])
    pot.add("Round {round}", locations=[(str(GAME / "game.py"), 40), ("bot/cards.py", 9)])
    pot.add("Game over.", locations=[("bot/presenter.py", 3)])
    return pot


def test_texts_only_a_games_package_marks_go_to_its_own_catalog() -> None:
    pot, catalogs = sources(), {GAME: OWN}
    assert owner(pot["The reef grows."], catalogs) == OWN
    assert owner(pot["Round {round}"], catalogs) is None  # the bot marks it too: shared
    shared = {str(m.id) for m in shared_template(pot, "de", catalogs) if m.id}
    owned = {str(m.id) for m in owned_template(pot, OWN, catalogs) if m.id}
    assert shared == {"Round {round}", "Game over."}
    assert owned == {"The reef grows.", "Reef: a game of corals."}


def test_what_is_left_names_the_file_to_edit(tmp_path, capsys) -> None:
    catalogs = {GAME: OWN}
    own = tmp_path / GAME / "locales" / "de.po"
    left = refresh(owned_template(sources(), OWN, catalogs), "de", own)
    assert left and all(line.startswith(f"{own}: de: untranslated: ") for line in left)
    assert "'The reef grows.'" in capsys.readouterr().out
    shared = tmp_path / "messages.po"
    left = refresh(shared_template(sources(), "de", catalogs), "de", shared)
    assert not any("reef" in line for line in left)


def test_a_test_only_games_texts_are_translated_in_its_own_catalog() -> None:
    pot = template()
    pearls = where_to_translate("How deep do you dive?", "de", pot)
    assert pearls == ROOT / "tests" / "pearl_game" / "locales" / "de.po"
    assert where_to_translate("Game over after {total} moves: {reason}", "de", pot) == po_path("de")
