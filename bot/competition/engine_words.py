"""The Island competition engine's words that carry no values (menu labels and questions, slot
names, end reasons), marked for the catalog: the bot finds them by their exact English text
(``engine_text``). Texts with values come from the engine as ``Words`` and are extracted from
the engine itself; ``tests/bot/languages/test_competition_languages.py`` walks the menus in
German to catch a word missing here."""

from __future__ import annotations

from locales import N_

SLOT_NAMES = (
    N_("Area: largest"),
    N_("Area: smallest"),
    N_("Peak: highest"),
    N_("Peak: lowest"),
    N_("Temperature: warmest"),
    N_("Temperature: coldest"),
    N_("Precipitation: wettest"),
    N_("Precipitation: driest"),
    N_("Inhabitants: most"),
    N_("Inhabitants: fewest"),
    N_("Density: highest"),
    N_("Density: lowest"),
)
"""The slots in players' words (menus)."""

SLOT_LABELS = (
    N_("area above (highest)"),
    N_("area below (lowest)"),
    N_("highest peak above (highest)"),
    N_("highest peak below (lowest)"),
    N_("temperature above (highest)"),
    N_("temperature below (lowest)"),
    N_("precipitation above (highest)"),
    N_("precipitation below (lowest)"),
    N_("inhabitants above (highest)"),
    N_("inhabitants below (lowest)"),
    N_("population density above (highest)"),
    N_("population density below (lowest)"),
)
"""The slots in move descriptions and refusals."""

CATEGORIES = (
    N_("area"),
    N_("highest peak"),
    N_("temperature"),
    N_("precipitation"),
    N_("inhabitants"),
    N_("population density"),
)
"""The categories inside sentences."""

MENU_WORDS = (
    N_("Another slot"),
    N_("Change a slot"),
    N_("Take a card back"),
    N_("Confirm my placement"),
    N_("Fills the empty slots as listed; change any before you confirm"),
    N_("Suggested for the rest:"),
    N_("Lock your cards for this round"),
    N_("Which slot?"),
    N_("Which card goes back to your hand?"),
    N_("Empty"),
    N_("Blind card"),
    N_("a blind card"),
    N_("nothing"),
    N_("All cards are placed. Turn over the next slot?"),
    N_("Everyone's card there is shown; the best value takes the trick"),
    N_("Which cards go face up on their sea piles? The rest go face down."),
    N_("Face down"),
    N_("Another card of this pile"),
    N_("The cards of a pile score alike"),
    N_("Which card?"),
    N_("Which pile do you take from?"),
    N_("Whose pile do you take a face-up card from? (1 card)"),
    N_("Which pile do you take a face-up card from? (1 card)"),
    N_("Done stealing"),
    N_("Leave the steals unused"),
    N_("Leave the steal unused"),
)
"""Labels, questions and hints of the menus."""

MOVE_WORDS = (
    N_("confirms the placement"),
    N_("reveals the next slot"),
    N_("stops stealing"),
    N_("1 steal left unused"),
    N_("final scoring"),
    N_("the other players resigned"),
)
"""Move descriptions and end reasons without values."""
