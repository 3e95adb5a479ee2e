"""A deadline's timeout to the end: the absent players are played for, or removed, until the
game is over, in one saved change shown once; skipping alone never ends a game, so there the
computer plays; the game being over, a second run finds nothing to do."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.i18n import Phrase, say
from bot.service import GameService
from engine import find_game

from .conftest import ALICE, CHANNEL, Sink, open_table

GAME = find_game("tigerisland")
TAG = 1 << 60


def headline(names: list[str]) -> Phrase:
    return say("{names} timed out", names=", ".join(names))


@pytest.mark.parametrize("policy", ["computer", "skip", "remove"])
async def test_a_game_is_decided_in_one_change(
    service: GameService, sink: Sink, policy: str
) -> None:
    await open_table(service)
    started = await service.start(CHANNEL, ALICE)
    (mover,) = GAME.to_move(started.state)
    result = await service.act_for_absent(CHANNEL, policy, TAG, headline, to_the_end=True)
    assert result is not None and result.record.status == "finished"
    assert result.record.version == started.record.version + 1
    if policy == "remove":  # the first to move forfeits: the other wins
        assert result.record.result["winners"] == [1 - mover]
        names = [started.record.players[mover].name]
    else:
        names = [started.record.players[mover].name, started.record.players[1 - mover].name]
    assert sink.shown == [(result, headline(names))]
    with pytest.raises(UserError):
        await service.act_for_absent(CHANNEL, policy, TAG, headline, to_the_end=True)
