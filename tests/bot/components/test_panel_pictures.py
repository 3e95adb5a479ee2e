"""A panel's picture drawn with its menu: its fingerprint names what it is drawn from, and an
edit that keeps a picture the panel no longer shows uploads it instead. Its components laid
out with it (in the worker) are the card the event loop would build, in every language."""

from __future__ import annotations

import json
import pickle
from types import SimpleNamespace

import discord

import bot.panel as panel_module
from bot.panel import (
    PICTURE,
    PICTURE_NAMED,
    STALE_NOTE,
    laid_out,
    panel_card,
    panel_text,
    panel_view,
    picture_name,
    show_step,
)
from bot.rendering import BOARD, Drawn, picture_digest
from bot.service.navigator import (
    PanelStep,
    PictureOrder,
    SavedState,
    Seated,
    navigate_drawn,
)
from bot.store import encoded_state
from engine import find_game
from locales import speaking, translate

GAME = find_game("tigerisland")
NAMES = ("Alice", "Bob")


def seated_at_start() -> tuple[Seated, int]:
    state = GAME.new(2, None, 5)
    text = encoded_state(GAME.serialize(state))
    saved = SavedState(GAME.info.name, ("pictures", "game", 1), 1, text)
    return Seated(saved, NAMES), min(GAME.to_move(state))


def test_a_picture_is_drawn_with_its_menu_unless_the_panel_shows_it() -> None:
    seated, seat = seated_at_start()
    plan, drawn, _ = navigate_drawn(seated, seat, None, (), None, "en", PictureOrder())
    assert plan.menu is not None and drawn is not None and drawn.png
    assert PICTURE_NAMED.fullmatch(picture_name(drawn.digest))
    again = navigate_drawn(seated, seat, None, (), None, "en", PictureOrder(shown=drawn.digest))
    assert again == (plan, Drawn(drawn.digest), None)  # the same fingerprint: nothing drawn
    german = navigate_drawn(seated, seat, None, (), None, "de", PictureOrder())[1]
    assert german is not None and german.digest != drawn.digest  # the words differ
    assert pickle.loads(pickle.dumps(drawn)) == drawn  # it crosses back from a worker


def test_a_fingerprint_changes_with_everything_a_picture_is_drawn_from() -> None:
    view = GAME.view(GAME.new(2, None, 5), 0)
    first = picture_digest(BOARD, view, NAMES, "en")
    assert first == picture_digest(BOARD, view, list(NAMES), "en")
    other_view = GAME.view(GAME.new(2, None, 6), 0)
    assert first != picture_digest(BOARD, other_view, NAMES, "en")
    assert first != picture_digest(BOARD, view, ("Alice", "Carol"), "en")
    assert first != picture_digest(BOARD, GAME.view(GAME.new(2, None, 5), 1), NAMES, "en")


async def test_a_kept_picture_the_panel_no_longer_shows_is_uploaded_again(monkeypatch) -> None:
    """Discord refuses an edit naming a file the message no longer has (another tap on the
    panel changed its picture meanwhile): the picture is drawn and uploaded instead."""
    edits: list[dict] = []

    async def edit_answer(interaction, **edit) -> None:
        edits.append(edit)
        if "attachments" not in edit:
            response = SimpleNamespace(status=400, reason="Bad Request")
            raise discord.HTTPException(response, "attachment reference has no uploaded file")

    monkeypatch.setattr(panel_module, "edit_answer", edit_answer)
    seated, seat = seated_at_start()
    plan, drawn, _ = navigate_drawn(seated, seat, None, (), None, "en", PictureOrder())
    assert drawn is not None
    laid = [{"type": 17, "components": []}]  # laid out with the kept picture's name
    step = PanelStep(seated, plan, drawn=Drawn(drawn.digest), laid=laid)  # "the panel shows it"
    drawings: list[bytes] = []

    async def render_view(*_args) -> bytes:
        drawings.append(b"png")
        return b"png"

    service = SimpleNamespace(render_view=render_view)
    shows = await show_step(SimpleNamespace(), service, step, lambda: "Your turn")
    assert ["attachments" in edit for edit in edits] == [False, True]
    assert edits[0]["view"].to_components() == laid
    (upload,) = edits[1]["attachments"]
    assert upload.filename == PICTURE and drawings and shows == ""
    again = json.dumps(edits[1]["view"].to_components())  # built again, naming the upload
    assert "Your turn" in again and f"attachment://{PICTURE}" in again


def test_a_panel_laid_out_with_its_picture_is_the_card_the_loop_builds() -> None:
    seated, seat = seated_at_start()
    for lang in ("en", "de"):
        for version, said in ((None, ""), (None, "You placed a hut."), ("0" * 8, "")):
            order = PictureOrder(lay=laid_out, note=said)
            plan, drawn, laid = navigate_drawn(seated, seat, version, (), None, lang, order)
            assert drawn is not None and laid is not None
            assert plan.stale == (version is not None)  # a panel of another version
            step = PanelStep(seated, plan, drawn=drawn)
            with speaking(lang):
                note = said or (translate(lang, STALE_NOTE) if plan.stale else "")
                card = panel_card(step, panel_text(step, [], note), picture_name(drawn.digest))
                assert laid == card.layout(panel_view(step)).to_components()
            if note:
                assert note in json.dumps(laid, ensure_ascii=False)
