"""Category values as people read them: the engine's own formatting (one place for both)."""

from engine.competition.numbers import UNITS, format_value, format_with_unit

__all__ = ["UNITS", "format_value", "format_with_unit"]
