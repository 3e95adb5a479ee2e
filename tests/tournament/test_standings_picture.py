"""The standings picture: every tiebreak column and its explanation, long names and emoji,
the largest field shortened with a note, within the pictures' size budget."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.tournaments.standings import standings_view
from locales import speaking
from render.tournament import MAX_ROWS, draw_standings
from tournament import Format, Settings, join, new, start

from .helpers import play_out, random_results

LONG = "🏝️ Ünïcödé Islander Number {n:03d} 🌋🌊"  # 32 characters and more, with emoji


def _finished(players: int, settings: Settings):
    rnd = random.Random(players)
    tournament = new(settings)
    for player in range(1, players + 1):
        tournament = join(tournament, player, rating=float(rnd.randint(900, 1100)))
    return play_out(start(tournament), random_results(rnd))


def _picture(players: int, settings: Settings, lang: str = "en") -> Image.Image:
    tournament = _finished(players, settings)
    names = {p: LONG.format(n=p) for p in range(1, players + 1)}
    with speaking(lang):
        png = draw_standings(standings_view(tournament, names, "A tournament", "tiggar islanote"))
    assert len(png) < 300_000
    return Image.open(io.BytesIO(png))


def test_a_swiss_standings_picture_is_phone_width_and_lists_everyone() -> None:
    picture = _picture(9, Settings(Format.SWISS, rounds=4))
    assert picture.width == 640 and 400 < picture.height < 900


def test_the_largest_field_is_shortened_with_a_note() -> None:
    picture = _picture(99, Settings(Format.SWISS, table_size=6, rounds=3), "de")
    rows = MAX_ROWS + 1  # the header, the rows shown and the note
    assert picture.height < 72 + 34 * (rows + 1) + 300


def test_the_view_carries_the_formats_tiebreaks() -> None:
    knockout = _finished(6, Settings(Format.KNOCKOUT))
    view = standings_view(knockout, {}, "T", "G")
    assert view.data["tiebreaks"] == ["reached", "buchholz", "sonneborn_berger"]
    assert view.data["rows"][0]["rank"] == 1 and view.data["subtitle"].endswith("final standings")
