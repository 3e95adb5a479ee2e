"""Every picture of every registered game, in both languages, keeps its words and marks where
they belong: drawn from random games and from the extremes (the most players, 32-character
names with emoji), no text leaves the canvas, no text is cut short unless it is a player's
name (alone or in a list of names), and no lettered mark of a panel picture leaves the board
the renderer reports (``Image.info["board"]``) for the header, the score table or the key,
or lies over another mark. A text that ends with "…" is cut only if the renderer cut it
(:func:`cuts_made`): an ellipsis the words themselves end with ("3 of 6 have chosen…") is
deliberate. (Cards, captions and one game's marks are checked in
tests/render/test_picture_cases.py with the helpers here.)"""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import pytest
from PIL import Image, ImageDraw

from engine.core import Game, IllegalAction, Level, Menu, View, lettered
from locales import LANGUAGES, speaking
from render import final_pictures, pictures_for, render_marked, render_view
from render import marks as marks_module
from render.common import BOARD, Box
from render.common import text as text_module
from render.common.text import ELLIPSIS, drawable
from tests.render.test_german_words import Drawn, drawn_words

from .registry import each_game

EMOJI_NAME = "Ünïcødé Ŵïñdsurfer 🏄‍♀️🌊🏝️ Extraordinaire"[:32]
PICTURES_PER_GAME = 14
PATHS = ((), ("0",), ("0", "0"), ("1",), ("1", "0"))
"""The menus drawn with their lettered places."""
Picture = Callable[[], bytes]
Drawing = tuple[str, Picture, list[str], int]
"""What, how to draw it, the names in it, and how many marks it ends with."""


def names(count: int) -> list[str]:
    """Long names with emoji, and a short one (cut texts beside a short name show)."""
    return ["Ada", *(f"{EMOJI_NAME[:28]} {i:02d}" for i in range(1, count))]


def states(game: Game) -> Iterator[object]:
    """The start with the most players, then random games with a few."""
    yield game.new(game.info.max_players, None, 1)
    for seed in (2, 3):
        rnd = random.Random(seed)
        players = min(game.info.max_players, max(game.info.min_players, 3 + seed % 2))
        state = game.new(players, None, seed)
        for step in range(400):
            if game.is_over(state):
                break
            if step < 4 or step % 40 == 0:
                yield state
            seat = rnd.choice(sorted(game.to_move(state)))
            state, _ = game.apply(
                state, seat, game.choose_ai_action(state, seat, rnd, Level.RANDOM)
            )
        yield state


def pictures(game: Game) -> Iterator[Drawing]:
    """Every picture of a wide sample of the game's states."""
    for number, state in enumerate(states(game)):
        seats = game.num_players(state)
        who = names(seats)
        for seat in (None, 0):
            draw = partial(render_view, game.view(state, seat), who)
            yield f"state {number} seat {seat}", draw, who, 0
        if pictures_for(game.info.name).final and game.is_over(state):
            draw = partial(_joined, game.view(state, None), who)
            yield f"state {number} final", draw, who, 0
        movers = sorted(game.to_move(state))
        if pictures_for(game.info.name).hex_image and movers and seats <= 6:
            yield from marked(game, state, movers[0], who, f"state {number}")


def _joined(view: View, who: list[str]) -> bytes:
    return b"".join(final_pictures(view, who).values())


def marked(game: Game, state, seat: int, who: list[str], what: str) -> Iterator[Drawing]:
    """The seat's panel pictures with lettered places, down its first menus (from each of
    the first two choices: tiggar islanote's new tile leads to "Which way?")."""
    for path in PATHS:
        try:
            menu = game.menu(state, seat, path)
        except IllegalAction:  # a menu with one choice has no second
            continue
        if not isinstance(menu, Menu):
            continue
        marks = lettered(menu)[1]
        if marks:
            flat = tuple((letter, tuple((h.q, h.r) for h in at)) for letter, at in marks)
            draw = partial(render_marked, game.view(state, seat), who, flat)
            yield f"{what} marks {path}", draw, who, len(flat)


def inside(box: Box, area: Box) -> bool:
    return (
        area[0] - 1 <= box[0]
        and area[1] - 1 <= box[1]
        and box[2] <= area[2] + 1
        and (box[3] <= area[3] + 1)
    )


def cut_name(text: str, names: list[str]) -> bool:
    """Whether ``text`` was cut short inside a name: its last name, or the last of a list."""
    kept = text[: -len(ELLIPSIS)].rstrip()
    for start in [0, *(i + 1 for i, char in enumerate(kept) if char == " ")]:
        tail = kept[start:]
        if tail and any(n.startswith(tail) and len(tail) < len(n) for n in names):
            return start == 0 or kept[:start].rstrip().endswith((",", ":", "and", "und"))
    return False


@contextmanager
def cuts_made(monkeypatch) -> Iterator[set[str]]:
    """Every text the pictures' :func:`~render.common.text.ellipsize` cut short meanwhile
    (as cut, and as drawn), whichever module of a renderer called it."""
    cuts: set[str] = set()
    original = text_module.ellipsize

    def cutting(text: str, face, max_width: float) -> str:
        made = original(text, face, max_width)
        if made != text:
            cuts.update((made, drawable(made)))
        return made

    with monkeypatch.context() as patch:
        for module in list(sys.modules.values()):
            if getattr(module, "ellipsize", None) is original:
                patch.setattr(module, "ellipsize", cutting)
        yield cuts


def problems(
    words: list[Drawn],
    who: list[str],
    marks: int,
    board: Box | None,
    cuts: set[str] | None = None,
) -> list[str]:
    """What is wrong with the ``words`` a picture drew; ``cuts`` are the texts the renderer
    cut short (None: any text ending with an ellipsis counts as cut)."""
    found = []
    names_drawn = [drawable(n) for n in who]
    for text, box, (width, height) in words:
        if not inside(box, (0, 0, width, height)):
            found.append(f"{text!r} leaves the {width}×{height} canvas at {box}")
        was_cut = text.endswith(ELLIPSIS) and (cuts is None or text in cuts)
        if was_cut and not cut_name(text, names_drawn):
            found.append(f"{text!r} is cut short")
    drawn_marks = words[len(words) - marks :] if board else []
    for letter, box, _ in drawn_marks:
        if not inside(box, board):
            found.append(f"mark {letter} at {box} is off the board {board}")
    for (one, a, _), (other, b, _) in itertools.combinations(drawn_marks, 2):
        if overlap(a, b):
            found.append(f"marks {one} and {other} overlap")
    return found


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than a pixel's edge."""
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


@pytest.mark.parametrize("lang", LANGUAGES)
@each_game
def test_words_and_marks_stay_in_their_places(monkeypatch, game: Game, lang: str) -> None:
    found = []
    boards: list[Box] = []

    def draw_marks(image, layout, marks) -> None:  # the board the marks were drawn on
        boards.append(image.info[BOARD])
        original(image, layout, marks)

    original = marks_module.draw_marks
    monkeypatch.setattr(marks_module, "draw_marks", draw_marks)
    for what, draw, who, marks in pictures(game):
        with cuts_made(monkeypatch) as cuts, drawn_words(monkeypatch) as words, speaking(lang):
            draw()
        board = boards[-1] if marks else None
        told = problems(words, who, marks, board, cuts)
        found += [f"{what}: {problem}" for problem in told]
    assert found == []


def test_a_deliberate_ellipsis_is_no_cut_and_a_cut_is_found(monkeypatch) -> None:
    """Words that end with "…" themselves pass; the same words cut to fit are found."""
    face = text_module.font(16)
    wide = text_module.text_width("Waiting for the others…", face)
    for room, expected in ((wide + 10, []), (wide / 2, ["is cut short"])):
        with cuts_made(monkeypatch) as cuts, drawn_words(monkeypatch) as words:
            image = Image.new("RGB", (400, 40))
            line = text_module.ellipsize("Waiting for the others…", face, room)
            draw = ImageDraw.Draw(image)
            text_module.draw_text(draw, (4, 20), line, face, (255, 255, 255), anchor="lm")
        found = problems(words, [], 0, None, cuts)
        assert [problem.split("' ")[-1] for problem in found] == expected
