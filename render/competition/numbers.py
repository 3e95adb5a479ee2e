"""Category values as people read them: the engine's own formatting (one place for both),
with the separators of the current language (``1.234,5`` in German)."""

from engine.competition.numbers import UNITS, format_value, format_with_unit
from locales import current

SWAP_SEPARATORS = str.maketrans({",": ".", ".": ","})


def local_number(text: str) -> str:
    """A number written by the engine (``1,234.5``) as the current language writes it."""
    return text.translate(SWAP_SEPARATORS) if current() == "de" else text


__all__ = ["UNITS", "format_value", "format_with_unit", "local_number"]
