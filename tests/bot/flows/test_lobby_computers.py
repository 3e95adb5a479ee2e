"""Adding a computer in a lobby: the level buttons show only when a computer can be added."""

from __future__ import annotations

from ..faces import controls
from ..flow_helpers import expect_refusal, open_lobby


def labels(world, message) -> list[str]:
    """The buttons of ``message`` as the channel shows it now."""
    now = next(m for m in world.channel.history() if m.id == message.id)
    return [c.label for c in controls(now)]


async def test_add_computer_on_a_full_lobby_is_refused_and_the_lobby_keeps_its_buttons(
    world,
) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")  # two seats
    await world.bob.click(lobby, label="Join")
    before = labels(world, lobby)
    answer = await world.alice.click(lobby, label="Add computer")
    expect_refusal(world, answer, "full")
    assert labels(world, lobby) == before and "Easy" not in labels(world, lobby)


async def test_only_the_host_sees_the_levels_appear(world) -> None:
    lobby = await open_lobby(world, world.alice, "tigerisland")
    answer = await world.bob.click(lobby, label="Add computer")
    expect_refusal(world, answer, "host")
    assert "Easy" not in labels(world, lobby)
    await world.alice.click(lobby, label="Add computer")
    assert {"Easy", "Normal", "Hard", "Back"} <= set(labels(world, lobby))
