"""Every kind of picture: render + encode beside encoding a flat image of its size and mode.

The baseline is Pillow's PNG encoding (with the renderers' own settings) of a one-colour image
as large as the picture and of the same mode, measured in the same run, in turns with the
picture; the budget is at most 4× that baseline and at most 300 KB per picture. Each time is
the fastest of the runs: on a shared machine the slower ones measure the neighbours. Palette
pictures are also set beside a flat RGB image (what the drawing canvas costs to encode), and
the encoding of each finished picture alone (no drawing) is timed too: how much of a picture's
cost is the encoding of its content, which no flat image has. Last, a player's Islant sheet
stage by stage, as drawn beside the same sheet drawn at its design's width (1000 px).
"""

from __future__ import annotations

import gc
import io
import time
from collections.abc import Callable
from functools import partial

from PIL import Image

from engine.islant import SheetView, sheet_view
from render import render_view
from render.common import DEFAULT_THEME
from render.common.png import palette_for, to_png
from render.competition import render_board as competition_board
from render.competition import render_hand
from render.islant import DEFAULT_PALETTE, render_sheet, render_standings, sheet_image
from render.islant import render_board as islant_board
from render.islant.parts import DESIGN, Scale
from render.islant.sheet import SCALE
from tests.render import competition_views, tigerisland_views, wars_views
from tests.render.islant_states import NAMES, crowd_view, played

REPEAT = 15
Picture = tuple[str, Callable[[], bytes]]
PictureRow = tuple[str, str, str, str, str, str, str, str]
SHEET_STAGES = ("draw", "palette", "quantize", "encode")


def pictures() -> list[Picture]:
    """Every kind of picture the bot sends, at its largest ordinary size."""
    two = ["Alice", "Bob"]
    six = [f"Captain {k}" for k in range(6)]
    five = [f"Islander {k}" for k in range(5)]
    sheet_state = played(5, 6, players=2, seed=3)
    sheet = sheet_view(sheet_state, 0)
    race = crowd_view(99)
    finished_race = crowd_view(99, over=True)
    placing = competition_views.view(competition_views.placing(5, seed=7, placed=5), 0)
    table = competition_views.view(competition_views.mid_reveal(5, seed=7))
    final = competition_views.view(competition_views.finished(5, seed=7))
    tiger_mid, tiger_big = tigerisland_views.mid_view(), tigerisland_views.big_view()
    tiger_end = tigerisland_views.finished_view()
    wars_mid, wars_end = wars_views.mid_view(6), wars_views.finished_view(6)
    return [
        ("tigerisland board, 20 tiles", lambda: render_view(tiger_mid, two)),
        ("tigerisland board, 48 tiles", lambda: render_view(tiger_big, two)),
        ("tigerisland board, finished", lambda: render_view(tiger_end, two)),
        ("islant sheet (level 5, roll)", lambda: render_sheet(sheet, "Alice", roll=(1, 2, 3))),
        ("islant race board, 99 players", lambda: islant_board(race, NAMES)),
        ("islant standings, all 99", lambda: render_standings(finished_race, NAMES)),
        (
            "islant standings, top 10 + you",
            lambda: render_standings(race, NAMES, highlight=50, top=10),
        ),
        ("wars board, 6 players, mid-game", lambda: render_view(wars_mid, six)),
        ("wars board, 6 players, finished", lambda: render_view(wars_end, six)),
        ("competition hand, 5 players", lambda: render_hand(placing, five)),
        ("competition table, 5 players", lambda: competition_board(table, five)),
        ("competition final table", lambda: competition_board(final, five)),
    ]


def fastest_ms(*works: Callable[[], object]) -> list[float]:
    """The fastest of ``REPEAT`` runs of each of ``works``, in milliseconds of this process's
    processor time, run in turns (so that all see the same load), the garbage collector
    paused."""
    for work in works:
        work()
    gc.collect()
    gc.disable()
    times: list[list[float]] = [[] for _ in works]
    try:
        for _ in range(REPEAT):
            for work, out in zip(works, times, strict=True):
                start = time.process_time()
                work()
                out.append((time.process_time() - start) * 1000)
    finally:
        gc.enable()
    return [min(t) for t in times]


def flat_of(png: bytes) -> Image.Image:
    """A one-colour image as large as ``png``'s picture and of its mode."""
    with Image.open(io.BytesIO(png)) as picture:
        size, mode = picture.size, picture.mode
    flat = Image.new("RGB", size, (23, 58, 82))
    return flat.quantize(2) if mode == "P" else flat.convert(mode)


def eight_bit(flat: Image.Image) -> Image.Image:
    """``flat`` with a full 256-colour palette, so that it is written 8 bits per pixel like a
    picture (one colour alone is written 1 bit per pixel)."""
    if flat.mode != "P":
        return flat
    wide = flat.copy()
    wide.putpalette(bytes(range(256)) * 3)
    return wide


def finished_of(png: bytes) -> Image.Image:
    """The picture itself, decoded: what encoding it costs with no drawing at all."""
    with Image.open(io.BytesIO(png)) as picture:
        picture.load()
        return picture.copy()


def bench_pictures() -> list[PictureRow]:
    """One row per picture: size, render + encode, flat encode (1 and 8 bits per pixel) and
    the ratios to them, encoding the finished picture alone, the ratio to a flat RGB image of
    the same size, bytes."""
    rows: list[PictureRow] = []
    for label, draw in pictures():
        png = draw()
        flat = flat_of(png)
        canvas = flat.convert("RGB")
        drawn, base, base8, rgb, alone = fastest_ms(
            draw,
            partial(to_png, flat),
            partial(to_png, eight_bit(flat)),
            partial(to_png, canvas),
            partial(to_png, finished_of(png)),
        )
        rows.append(
            (
                label,
                f"{flat.width}×{flat.height} {flat.mode}",
                f"{drawn:.1f}",
                f"{base:.2f} ({drawn / base:.1f}×)",
                f"{base8:.2f} ({drawn / base8:.1f}×)",
                f"{alone:.1f} ({alone / base8:.1f}×)",
                f"{drawn / rgb:.1f}×",
                f"{len(png) / 1024:.0f} KB",
            )
        )
    return rows


SHEET_HEADER = (
    "islant sheet, by stage",
    "size",
    *(f"{stage} ms" for stage in SHEET_STAGES),
    "total ms (÷ 1000 px)",
    "bytes (÷ 1000 px)",
)


def sheet_stages(data: dict, scale: Scale) -> tuple[list[Callable[[], object]], Image.Image, bytes]:
    """The stages of a sheet's PNG at ``scale`` (the view's sheet with a roll), the picture
    and its PNG."""

    def draw() -> Image.Image:
        sheet = SheetView.from_data(data)
        theme, palette = DEFAULT_THEME, DEFAULT_PALETTE
        image, _ = sheet_image(
            sheet, "Alice", roll=(1, 2, 3), theme=theme, palette=palette, scale=scale
        )
        return image

    image = draw()
    palette = palette_for(image)
    quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
    stages = [
        draw,
        partial(palette_for, image),
        partial(image.quantize, palette=palette, dither=Image.Dither.NONE),
        partial(to_png, quantized),
    ]
    return stages, image, to_png(quantized)


def bench_sheet_stages() -> list[tuple[str, ...]]:
    """A sheet early in a race, mid-race and near the end (level 5), drawn as sent and at the
    design's width in turns: each stage's time and the PNG's bytes."""
    states = {
        "level 1, round 2": played(1, 2),
        "level 5, round 6": played(5, 6, players=2, seed=3),
        "level 5, round 22": played(5, 22, players=2, seed=4),
    }
    rows: list[tuple[str, ...]] = []
    for label, state in states.items():
        data = sheet_view(state, 0)
        sent, image, png = sheet_stages(data, SCALE)
        design, big, big_png = sheet_stages(data, DESIGN)
        times = fastest_ms(*sent, *design)
        ours, theirs = times[: len(sent)], times[len(sent) :]
        for name, picture, ms, encoded in (
            (label, image, ours, png),
            (f"{label}, 1000 px", big, theirs, big_png),
        ):
            rows.append(
                (
                    name,
                    f"{picture.width}×{picture.height}",
                    *(f"{t:.2f}" for t in ms),
                    f"{sum(ms):.2f} ({sum(ms) / sum(theirs):.2f})",
                    f"{len(encoded) / 1024:.0f} KB ({len(encoded) / len(big_png):.2f})",
                )
            )
    return rows
