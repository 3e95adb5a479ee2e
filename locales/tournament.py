"""Tournaments' words, for the standings picture, the page and the bot's texts alike: format
names, tiebreak titles and the sentence that explains each (in the current language)."""

from __future__ import annotations

from . import N_, tr

FORMAT_NAMES: dict[str, str] = {
    "swiss": N_("Swiss"),
    "round-robin": N_("Round robin"),
    "knockout": N_("Knockout"),
}

TIEBREAK_TITLES: dict[str, str] = {
    "buchholz": N_("Buchholz"),
    "sonneborn_berger": N_("Sonneborn–Berger"),
    "placings": N_("Placings"),
    "opponents": N_("Opponents"),
    "reached": N_("Rounds won"),
}
"""Column titles (short)."""

TIEBREAK_SHORT: dict[str, str] = {
    "buchholz": N_("Bu"),
    "sonneborn_berger": N_("SB"),
    "placings": N_("Pl"),
    "opponents": N_("Opp"),
    "reached": N_("Rd"),
}
"""Column titles narrow enough for a phone."""

TIEBREAK_EXPLANATIONS: dict[str, str] = {
    "buchholz": N_("the points of everyone you played, added up (a bye counts nothing)"),
    "sonneborn_berger": N_(
        "the points of each opponent you beat, plus half the points of each you drew with"
    ),
    "placings": N_("your places at your tables, added up (lower is better)"),
    "opponents": N_("the points of everyone who sat at your tables, added up"),
    "reached": N_("the rounds you went on from (a bye counts)"),
}


def format_name(fmt: str) -> str:
    return tr(FORMAT_NAMES.get(fmt, fmt))


def tiebreak_title(name: str) -> str:
    return tr(TIEBREAK_TITLES.get(name, name))


def tiebreak_short(name: str) -> str:
    return tr(TIEBREAK_SHORT.get(name, name))


def tiebreak_explanation(name: str) -> str:
    return tr(TIEBREAK_EXPLANATIONS.get(name, name))


def tiebreak_text(value: float) -> str:
    """A tiebreak as people write it: whole numbers plainly, quarters as ¼ ½ ¾."""
    whole = int(value)
    marks = {0.25: "¼", 0.5: "½", 0.75: "¾"}
    for part, mark in marks.items():
        if abs(value - whole - part) < 1e-9:
            return f"{whole}{mark}" if whole else mark
    return f"{value:g}"


def points_text(points: float) -> str:
    """½ points as people write them: ``3½``, ``½``, ``4``."""
    whole = int(points)
    half = points - whole >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)
