"""Every kind of picture as a phone shows it: shrunk to 400 px wide, in English and German.

``python -m tests.benchmarks.phone_pictures [folder]`` writes them to ``/tmp/seen-400`` (or
``folder``) for a person to look at: text too small, overlaps, clipped words, low contrast.
Besides the benchmark's pictures: each game's first board (what its lobby starts, with the
most players and long names; a lobby itself is a text card), each game's replay (its last
frame, with the end's caption), a leaderboard and a player's records card.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PIL import Image

import engine
from bot.ratings import Skill
from bot.records_texts import board_card, board_title, stats_card
from bot.replays import draw_replay
from bot.stats import PlayerStats
from bot.store.history import Standing
from locales import current, speaking
from render import render_view
from render.records import draw_card

from ..conformance.test_picture_bounds import EMOJI_NAME
from ..render.replay_games import random_job
from .pictures import pictures

PHONE_WIDTH = 400
FOLDER = Path("/tmp/seen-400")
REPLAY_PLAYERS = {"tigerisland": 2, "wars": 3, "competition": 3, "islant": 3}
Picture = tuple[str, Callable[[], bytes]]


def at_phone_width(picture_bytes: bytes) -> Image.Image:
    """The picture (an animation's last frame) scaled to the width a phone shows it at
    (never enlarged)."""
    with Image.open(io.BytesIO(picture_bytes)) as picture:
        picture.seek(getattr(picture, "n_frames", 1) - 1)
        image = picture.convert("RGB")
    if image.width <= PHONE_WIDTH:
        return image
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def first_boards() -> list[Picture]:
    """Each game's board as its lobby starts it: the most players, long names with emoji."""
    out = []
    for game in engine.all_games():
        players = game.info.max_players
        names = ["Ada", *(f"{EMOJI_NAME[:28]} {i:02d}" for i in range(1, players))]
        view = game.view(game.new(players, None, 1), None)
        out.append((f"{game.info.name} first board", lambda v=view, n=names: render_view(v, n)))
    return out


def replays() -> list[Picture]:
    """Each game's replay of a random game between computers, in the current language."""
    return [
        (
            f"{name} replay",
            lambda n=name, p=players: draw_replay(replace(random_job(n, p, 1), lang=current())),
        )
        for name, players in REPLAY_PLAYERS.items()
    ]


def records() -> list[Picture]:
    """A leaderboard of ten long names (the asker eleventh) and a player's records card."""
    rows = [
        Standing(place, f"p{place}", f"{EMOJI_NAME} {place}", Skill(30 - place, 2, 40, 20))
        for place in range(1, 11)
    ]
    mine = Standing(57, "me", "Ada", Skill(20, 3, 12, 3))
    ratings = {game.info.name: Skill(25, 3, 9, 4) for game in engine.all_games()}
    stats = PlayerStats(games=36, wins=16, longest_streak=4)
    return [
        (
            "leaderboard",
            lambda: draw_card(board_card(board_title("islant", "global", "month"), rows, mine)),
        ),
        ("records card", lambda: draw_card(stats_card(EMOJI_NAME, stats, ratings))),
    ]


def main(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "de"):
        with speaking(lang):
            for name, draw in [*pictures(), *first_boards(), *replays(), *records()]:
                slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
                at_phone_width(draw()).save(folder / f"{lang}-{slug}.png")
    print(f"wrote the pictures to {folder}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER)
