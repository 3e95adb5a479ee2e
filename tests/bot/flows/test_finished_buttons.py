"""A finished game's buttons answer about that game, whatever the channel holds next."""

from __future__ import annotations

from ..faces import rows_of, text_of
from ..flow_helpers import latest_game, open_lobby
from .test_islant_flow import choose, labels


def first_choice(panel) -> str:
    return labels(panel)[0]


async def test_a_finished_games_my_moves_shows_its_end_not_the_next_lobby(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    board = next(m for m in reversed(world.channel.history()) if m.components and m.attachments)
    opened = await world.bob.click(board, label="My moves")
    await world.bob.slash(world.channel, "game resign")
    assert (await latest_game(world)).status == "finished"
    await open_lobby(world, world.carol, "wars")  # the channel's next game, not started
    shown = await world.bob.click(board, label="My moves")
    assert "This game is over." in text_of(shown.response) and shown.response.attachments
    for label in ("My view", "Resign"):
        answer = (await world.bob.click(board, label=label)).response
        assert "This game is over." in text_of(answer), label
    panel = opened.response
    await choose(world.bob, panel, first_choice(panel))  # a tap on the old panel
    assert "This game is over." in text_of(panel) and not rows_of(panel.components)
    assert (await latest_game(world)).id != record.id
