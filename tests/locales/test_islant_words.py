"""Islant's texts with values read in German: score breakdowns and end reasons, also once a
saved race is read back."""

from __future__ import annotations

from engine.core import EndReason
from engine.islant import score_breakdown
from engine.islant.state import end_words, rounds_over
from locales import engine_words

PARTS = {"land": 9, "sides": 10, "lakes": 1, "islands": 1, "colour": 3, "waves": 4, "ships": 2}


def test_a_score_breakdown_reads_in_german() -> None:
    said = engine_words("de", score_breakdown(PARTS, 5))
    assert said == ("Land 9 (Seiten 10 + Seen 1 − 2 × 1 Inseln) · Farbe 3 · Wellen 4 · Schiffe 2")


def test_an_end_reason_stays_german_after_a_save() -> None:
    saved = str(rounds_over(10))  # a saved race keeps the English sentence and the code
    reason = end_words(saved, EndReason.ROUNDS_OVER.value, 10)
    assert engine_words("de", reason) == "die letzte Runde (10) ist vorbei"
    assert end_words("something else", EndReason.ROUNDS_OVER.value, 10) == "something else"
