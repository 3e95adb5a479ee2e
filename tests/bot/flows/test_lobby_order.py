"""Joining and leaving a lobby through its buttons: the tap is answered and the lobby's
message shows the seats (in the lobbies' order: see :mod:`bot.lobby_edits` and its tests)."""

from __future__ import annotations

import asyncio

from bot.ui import lobby_edit

from ..faces import text_of
from ..flow_helpers import open_lobby

WAIT_SECONDS = 10.0


def now_showing(world, message) -> str:
    """The text of ``message`` as the channel shows it now."""
    return text_of(next(m for m in world.channel.history() if m.id == message.id))


async def until(check, seconds: float = WAIT_SECONDS) -> None:
    """Wait (by the loop's clock, a bounded number of turns) until ``check()`` holds."""
    for _ in range(int(seconds / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never held")


async def test_joining_and_leaving_answer_the_tap_and_show_the_seats(world) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    joined = await world.bob.click(lobby, label="Join")
    assert not joined.ephemeral
    await until(lambda: "Players (2/" in now_showing(world, lobby))
    await world.bob.click(lobby, label="Leave")
    await until(lambda: "Players (1/" in now_showing(world, lobby))
    assert world.bob.name not in now_showing(world, lobby)
    assert not world.env.errors


async def test_a_kick_is_shown_in_order_with_the_lobby_taps(world) -> None:
    lobby = await open_lobby(world, world.alice, "wars")
    await world.bob.click(lobby, label="Join")
    await until(lambda: "Players (2/" in now_showing(world, lobby))
    service = world.env.bot.service
    # carol's join is saved, its tap's edit of the lobby still on its way
    joined = await service.join(world.channel.id, world.carol.id, "carol")
    await world.alice.slash(world.channel, "game kick", player=world.bob)
    assert "Players (2/" in now_showing(world, lobby)  # alice and carol, without bob
    assert world.bob.name not in now_showing(world, lobby)
    late: list[dict[str, object]] = []

    async def edit(**kwargs: object) -> None:
        late.append(kwargs)

    await world.env.bot.lobby_edits.show(joined, edit, lobby_edit)
    assert late == []  # the seats saved before the kick are not shown after it
    assert world.bob.name not in now_showing(world, lobby)
