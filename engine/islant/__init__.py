"""Islant: an island-building roll-and-write for 1 to 99 players, five levels.

What the bot may use besides the engine contract (``GAME.menu``, ``GAME.describe_action``,
``GAME.view``, whose players carry their scores):

- ``GAME.describe_for(state, seat, action)``: an action in the words of that seat's turn;
- :func:`seat_summary` (the panel's lines: roll, dice, what was drawn, what is left, score),
  :func:`race_title`, :func:`roll_text`, :func:`progress_text`, :func:`score_breakdown`,
  :func:`view_totals`;
- :func:`sheet_view`, :func:`draft_summary`, :func:`legal_cells`;
- the state type and its statuses, the actions, and the level settings;
- the typed view the pictures and the bot read: :class:`IslantView` (the race) and
  :class:`SheetView` (one player's sheet), with their records.
"""

from engine.core import register

from .actions import Action, Assign, Close, Cross, Draw, End, Name, Stop, Submit, Undo, Wild
from .game import IslantGame
from .geometry import (
    COLUMN,
    LAND_SLOTS,
    LEVELS,
    SHIPS,
    SLOT_ORDER,
    WAVES,
    WILD_FACE,
    WILD_VALUES,
    LevelSpec,
)
from .queries import draft_summary, legal_cells
from .state import ENDED, PLAYING, STATUSES, STOPPED, STUCK, SUBMITTED, IslantState, Player
from .summary import (
    SeatSummary,
    progress_text,
    race_title,
    roll_text,
    score_breakdown,
    seat_summary,
)
from .typed_view import (
    DraftView,
    IslantView,
    ScoreView,
    SheetCell,
    SheetIsland,
    SheetView,
    Standing,
)
from .views import sheet_view
from .words import (
    SLOT_TITLES,
    assignment_label,
    describe_step,
    die_text,
    placed_label,
    placed_shape,
    shape_glyph,
    shape_name,
    value_text,
)

GAME = register(IslantGame())

__all__ = [
    "COLUMN",
    "ENDED",
    "GAME",
    "LAND_SLOTS",
    "LEVELS",
    "PLAYING",
    "SHIPS",
    "SLOT_ORDER",
    "SLOT_TITLES",
    "STATUSES",
    "STOPPED",
    "STUCK",
    "SUBMITTED",
    "WAVES",
    "WILD_FACE",
    "WILD_VALUES",
    "Action",
    "Assign",
    "Close",
    "Cross",
    "DraftView",
    "Draw",
    "End",
    "IslantGame",
    "IslantState",
    "IslantView",
    "LevelSpec",
    "Name",
    "Player",
    "ScoreView",
    "SeatSummary",
    "SheetCell",
    "SheetIsland",
    "SheetView",
    "Standing",
    "Stop",
    "Submit",
    "Undo",
    "Wild",
    "assignment_label",
    "describe_step",
    "die_text",
    "draft_summary",
    "legal_cells",
    "placed_label",
    "placed_shape",
    "progress_text",
    "race_title",
    "roll_text",
    "score_breakdown",
    "seat_summary",
    "shape_glyph",
    "shape_name",
    "sheet_view",
    "value_text",
]
