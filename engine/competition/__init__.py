"""Island competition (Inseln toppen!): a trick-taking card game with 128 real islands.

Players secretly place their hand in twelve slots (six categories, highest and lowest), the
slots are revealed one by one, the best value takes each trick, and tricks are split between
a face-down pile and face-up sea piles that score for the player with the most cards of a sea.

Besides the game, this face offers what the bot and the pictures read: the typed view
(:func:`parse_table` and its records), the deck's cards and seas, the slots, and the game's
words for values.
"""

from engine.core import register

from .actions import DOWN, SEA
from .cards import CARD_TOKEN_PREFIX
from .deck import CATEGORIES, SEAS, Category, IslandCard, Sea, card_by_id
from .game import CompetitionGame
from .numbers import format_value, format_with_unit
from .scoring import ScoreBreakdown, SeaScore, final_scoring, score_breakdown
from .slots import SLOTS, Slot
from .table import (
    BLIND,
    Entry,
    Job,
    Own,
    Play,
    Player,
    Scores,
    SeaRow,
    Table,
    Trick,
    card_of,
    entry_of,
    parse_table,
    slot_parts,
)

GAME = register(CompetitionGame())

__all__ = [
    "BLIND",
    "CARD_TOKEN_PREFIX",
    "CATEGORIES",
    "DOWN",
    "GAME",
    "SEA",
    "SEAS",
    "SLOTS",
    "Category",
    "CompetitionGame",
    "Entry",
    "IslandCard",
    "Job",
    "Own",
    "Play",
    "Player",
    "ScoreBreakdown",
    "Scores",
    "Sea",
    "SeaRow",
    "SeaScore",
    "Slot",
    "Table",
    "Trick",
    "card_by_id",
    "card_of",
    "entry_of",
    "final_scoring",
    "format_value",
    "format_with_unit",
    "parse_table",
    "score_breakdown",
    "slot_parts",
]
