"""A panel's picture is drawn and uploaded only when it changes: a tap whose picture is the
one the panel shows (its file name carries the picture's fingerprint) edits the words and
buttons and keeps the message's attachment, which the card still shows; a changed picture
replaces it."""

from __future__ import annotations

import random

import pytest

import bot.rendering as rendering
from bot.panel import NEXT_LABEL, PICTURE_NAMED

from ..faces import controls, face, last_card
from .test_panel import start
from .test_show_my_turn import play_turn


@pytest.fixture
def drawings(monkeypatch) -> list[str]:
    """The pictures drawn during the test (by drawer)."""
    drawn: list[str] = []
    draw = rendering.draw_in

    def recorded(lang, drawer, view, names) -> bytes:
        drawn.append(rendering.drawer_name(drawer))
        return draw(lang, drawer, view, names)

    monkeypatch.setattr(rendering, "draw_in", recorded)
    return drawn


async def show_my_turn(world, member, panel) -> list:
    """``member`` taps **Show my turn** on ``panel``; the requests that edited it."""
    (show,) = [c for c in controls(panel.message) if c.label == NEXT_LABEL]
    seen = len(world.env.backend.http_requests)
    await member.click(panel.message, custom_id=show.custom_id)
    return [r for r in world.env.backend.http_requests[seen:] if r.method == "PATCH"]


async def test_an_unchanged_picture_is_neither_drawn_nor_uploaded_but_still_shown(
    world, drawings
) -> None:
    await start(world, "tigerisland", world.alice, world.bob)
    rnd = random.Random(2)
    await play_turn(world, world.alice, rnd)  # if she begins
    panel = (await world.alice.click(last_card(world.channel), label="My moves")).response
    (shown,) = panel.message.attachments
    assert PICTURE_NAMED.fullmatch(shown.filename)
    drawn = len(drawings)
    edits = await show_my_turn(world, world.alice, panel)  # still Bob's turn: the same picture
    assert edits and all("attachments" not in (edit.json or {}) for edit in edits)
    assert len(drawings) == drawn, "the picture the panel shows was drawn again"
    (kept,) = panel.message.attachments
    assert (kept.id, kept.filename) == (shown.id, shown.filename)
    assert face(panel.message).image.url == kept.url  # the card still shows it
    await play_turn(world, world.bob, rnd)  # the board changes
    edits = await show_my_turn(world, world.alice, panel)
    assert any(edit.json and edit.json.get("attachments") for edit in edits)
    (new,) = panel.message.attachments
    assert new.filename != shown.filename and PICTURE_NAMED.fullmatch(new.filename)
    assert face(panel.message).image.url == new.url
    assert len(drawings) > drawn
