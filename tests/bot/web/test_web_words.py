"""Every page in the reader's language throughout: the German Island competition page's title,
move lines and island names (as the German picture names them), Island Wars' move list without
Markdown, and a malformed query or a missing page answered as a page should."""

from __future__ import annotations

import random
import re

import pytest

from bot.demo_page import CHANNEL, seat_players
from bot.service import GameService
from bot.store import Store
from bot.web import RateLimit, WebConfig, WebPages
from bot.web.guard import HEADERS
from engine import find_game
from engine.competition import card_by_id
from engine.core import Level
from locales import speaking
from locales.competition import island_name

from ..web_helpers import fetch

PUBLIC = "https://pages.example.org"


@pytest.fixture
async def served(tmp_path):
    store = await Store.open(tmp_path / "words.db")
    service = GameService(store, seed_source=lambda: 3)
    pages = WebPages(service, WebConfig(PUBLIC, 0), RateLimit(1000, 1000))
    await pages.start()
    yield service, pages
    await pages.stop()
    service.computers.close()
    service.pictures.close()
    await store.close()


async def played(service: GameService, pages: WebPages, game_name: str, moves: int) -> str:
    """A 2-player game some computer moves in; its page's local address."""
    record = await seat_players(service, game_name, 2)
    game, rnd = find_game(game_name), random.Random(1)
    for _ in range(moves):
        record = await service.store.get_game(record.id)
        state = service.state_of(record)
        seat = min(game.to_move(state))
        action = game.choose_ai_action(state, seat, rnd, Level.NORMAL)
        await service.play(CHANNEL, record.players[seat].user_id, game.format(action))
    link = await pages.link(record)
    return link.replace(PUBLIC, f"http://127.0.0.1:{pages.port}")


def moves_of(page: str) -> list[str]:
    listed = re.search(r'<ol class="moves"[^>]*>(.*?)</ol>', page, re.S)
    assert listed is not None
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r"<li>(.*?)</li>", listed[1])]


async def test_the_german_competition_page_is_german_throughout(served) -> None:
    service, pages = served
    url = await played(service, pages, "competition", 30)
    status, body, _ = await fetch(url + "?lang=de")
    page = body.decode()
    assert status == 200 and "<title>Inseln toppen!: live dabei</title>" in page
    lines = moves_of(page)
    assert lines and not any(" takes " in line or " lays " in line for line in lines)
    assert any("nimmt" in line for line in lines)
    record = await service.running_record(CHANNEL)
    view = find_game("competition").view(service.state_of(record), None)
    shown = [c for c in re.findall(r"card:[a-z_-]+", str(view.data))]
    assert shown  # islands are face up by now
    with speaking("de"):
        german = {island_name(card_by_id(c.removeprefix("card:"))) for c in shown}
    english = {card_by_id(c.removeprefix("card:")).name_en for c in shown}
    named = " ".join(lines)
    assert any(name in named for name in german)
    assert not any(name in named for name in english - german)  # never the English name


async def test_island_wars_moves_show_no_markdown(served) -> None:
    service, pages = served
    url = await played(service, pages, "wars", 6)
    for lang in ("en", "de"):
        page = (await fetch(f"{url}?lang={lang}"))[1].decode()
        lines = moves_of(page)
        assert lines and not any("**" in line for line in lines), lines


async def test_malformed_queries_and_missing_pages(served) -> None:
    service, pages = served
    url = await played(service, pages, "tigerisland", 2)
    base = url.split("/g/")[0]
    for query in ("?v=²", "?v=%C2%B2", "?frame=²", "?lang=xx", "?v=1&v=2", "?view=huge"):
        status, _body, headers = await fetch(url + query)
        assert status == 400, query
        assert headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    status, _body, _ = await fetch(url + "/replay?frame=٣")
    assert status == 400
    assert (await fetch(url + "?utm_source=x"))[0] == 200  # a link's tracking tag is ignored
    status, body, headers = await fetch(f"{base}/nothing/here", **{"Accept-Language": "de"})
    assert status == 404 and "Diese Seite gibt es nicht" in body.decode()
    assert "X-Frame-Options" in headers
