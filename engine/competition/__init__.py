"""Island competition (Inseln toppen!): a trick-taking card game with 128 real islands.

Players secretly place their hand in twelve slots (six categories, highest and lowest), the
slots are revealed one by one, the best value takes each trick, and tricks are split between
a face-down pile and face-up sea piles that score for the player with the most cards of a sea.
"""

from engine.core import register

from .game import CompetitionGame
from .scoring import ScoreBreakdown, SeaScore, final_scoring, score_breakdown

GAME = register(CompetitionGame())

__all__ = [
    "GAME",
    "CompetitionGame",
    "ScoreBreakdown",
    "SeaScore",
    "final_scoring",
    "score_breakdown",
]
