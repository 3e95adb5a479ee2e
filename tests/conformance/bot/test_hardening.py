"""Hostile and unlucky input through the real bot, for every registered game: a move that was
saved is announced. (The rest of the hardening, on one game's flows and forged components, is
in tests/bot/flows/test_hardening.py.)"""

from __future__ import annotations

from engine import find_game
from tests.bot.faces import last_card, visible_text
from tests.bot.flow_helpers import latest_game
from tests.bot.flows.test_hardening import said
from tests.bot.forge import errors_logged

from ..registry import each_name
from .tables import start_table


@each_name
async def test_resign_typed_as_a_move_is_saved_and_announced(world, caplog, name) -> None:
    await start_table(world, world.channel, name)
    result = await world.alice.slash(world.channel, "game move", move="resign")
    record = await latest_game(world)
    log = await world.env.bot.store.actions(record.id)
    assert [a.notation for a in log if a.user_id == world.alice.id][-1] == "RESIGN"
    answer = said(result)
    assert "resign" in answer.lower()
    assert "unchanged" not in answer and "went wrong" not in answer
    over = find_game(name).is_over(world.env.bot.service.state_of(record))
    assert (record.status == "finished") == over
    if over:  # the others do not play on (in a race they may)
        assert record.result["code"] == "resigned"
        assert "Game over" in visible_text(last_card(world.channel))
    assert errors_logged(caplog) == []
