"""Game pages through the real bot: a page per game behind an unguessable link, the public
board and the moves in words, escaped names, strict headers, 404 for a server without pages."""

from __future__ import annotations

import pytest

from .flow_helpers import latest_game, open_lobby
from .web_helpers import (
    fetch,
    game_link,
    pages,  # noqa: F401  (a fixture)
    simcord_bot,  # noqa: F401  (a fixture)
)

pytestmark = pytest.mark.usefixtures("pages")


async def start_tiger_game(world) -> int:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return (await latest_game(world)).id


async def test_a_game_page_shows_the_board_players_and_whose_turn(world) -> None:
    game_id = await start_tiger_game(world)
    url = await game_link(world, game_id)
    status, body, headers = await fetch(url)
    assert status == 200
    text = body.decode()
    assert "tiggar islanote" in text and "alice" in text and "bob" in text
    assert "To move" in text
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "<script>" not in text
    status, png, headers = await fetch(url + "/board.png")
    assert status == 200 and png.startswith(b"\x89PNG") and headers["Content-Type"] == "image/png"
