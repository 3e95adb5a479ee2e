"""A panel's picture drawn with its menu: its fingerprint names what it is drawn from, and an
edit that keeps a picture the panel no longer shows uploads it instead."""

from __future__ import annotations

import pickle
from types import SimpleNamespace

import discord

from bot.panel import PICTURE, PICTURE_NAMED, picture_name, show_step
from bot.rendering import Drawn, picture_digest
from bot.service.navigator import (
    PanelStep,
    PictureOrder,
    SavedState,
    Seated,
    navigate_drawn,
)
from engine import find_game
from render import render_view

GAME = find_game("tigerisland")
NAMES = ("Alice", "Bob")


def seated_at_start() -> tuple[Seated, int]:
    state = GAME.new(2, None, 5)
    saved = SavedState(GAME.info.name, ("pictures", "game", 1), 1, GAME.serialize(state))
    return Seated(saved, NAMES), min(GAME.to_move(state))


def test_a_picture_is_drawn_with_its_menu_unless_the_panel_shows_it() -> None:
    seated, seat = seated_at_start()
    plan, drawn = navigate_drawn(seated, seat, None, (), None, "en", PictureOrder())
    assert plan.menu is not None and drawn is not None and drawn.png
    assert PICTURE_NAMED.fullmatch(picture_name(drawn.digest))
    again = navigate_drawn(seated, seat, None, (), None, "en", PictureOrder(shown=drawn.digest))
    assert again == (plan, Drawn(drawn.digest))  # the same fingerprint: nothing drawn
    german = navigate_drawn(seated, seat, None, (), None, "de", PictureOrder())[1]
    assert german is not None and german.digest != drawn.digest  # the words differ
    assert pickle.loads(pickle.dumps(drawn)) == drawn  # it crosses back from a worker


def test_a_fingerprint_changes_with_everything_a_picture_is_drawn_from() -> None:
    view = GAME.view(GAME.new(2, None, 5), 0)
    first = picture_digest(render_view, view, NAMES, "en")
    assert first == picture_digest(render_view, view, list(NAMES), "en")
    other_view = GAME.view(GAME.new(2, None, 6), 0)
    assert first != picture_digest(render_view, other_view, NAMES, "en")
    assert first != picture_digest(render_view, view, ("Alice", "Carol"), "en")
    assert first != picture_digest(render_view, GAME.view(GAME.new(2, None, 5), 1), NAMES, "en")


class Panel:
    """An interaction whose message no longer has the picture an edit keeps."""

    def __init__(self) -> None:
        self.edits: list[dict] = []

    async def edit_original_response(self, **edit) -> None:
        self.edits.append(edit)
        if "attachments" not in edit:
            response = SimpleNamespace(status=400, reason="Bad Request")
            raise discord.HTTPException(response, "attachment reference has no uploaded file")


async def test_a_kept_picture_the_panel_no_longer_shows_is_uploaded_again() -> None:
    seated, seat = seated_at_start()
    plan, drawn = navigate_drawn(seated, seat, None, (), None, "en", PictureOrder())
    assert drawn is not None
    step = PanelStep(seated, plan, drawn=Drawn(drawn.digest))  # "the panel shows it"
    drawings: list[bytes] = []

    async def render_view(*_args) -> bytes:
        drawings.append(b"png")
        return b"png"

    panel = Panel()
    shows = await show_step(panel, SimpleNamespace(render_view=render_view), step, "Your turn")
    assert ["attachments" in edit for edit in panel.edits] == [False, True]
    (upload,) = panel.edits[1]["attachments"]
    assert upload.filename == PICTURE and drawings and shows == ""
