"""Hostile and unlucky input through the real bot: every answer is clear, nothing half-done.

- A move that was saved is announced, even when showing it fails.
- Forged or outdated custom ids, values never offered and ids naming another kind of game get
  a private answer and change nothing.
- An interaction Discord delivers twice is answered once.
"""

from __future__ import annotations

import pytest

from bot import answers, publisher
from engine import find_game

from ..faces import face, last_card, last_plain, visible_text
from ..flow_helpers import expect_refusal, latest_game, open_lobby
from ..forge import Deliveries, errors_logged, forge_click, forge_select, panel_select


async def start(world, game: str, *joiners) -> object:
    """A running game hosted by alice; returns the lobby message."""
    lobby = await open_lobby(world, world.alice, game)
    for member in joiners:
        await member.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return lobby


async def mover(world):
    """The member whose turn it is (the first of several in a simultaneous game)."""
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(find_game(record.game).to_move(state))
    return next(m for m in (world.alice, world.bob) if m.id == record.players[seat].user_id)


def said(result) -> str:
    """Everything the bot answered to one interaction."""
    parts = [visible_text(result.response) if result.response else ""]
    parts += [visible_text(f) for f in result.followups]
    return "\n".join(parts)


async def snapshot(world) -> tuple[int, object]:
    record = await latest_game(world)
    return record.version, record.state


# ----- a saved move is always announced (for every game: tests/conformance/bot) ----------
async def test_the_final_board_can_be_shown_again_after_the_end(world) -> None:
    await start(world, "tigerisland", world.bob)
    await world.alice.slash(world.channel, "game move", move="RESIGN")
    shown = await world.carol.slash(world.channel, "game status")
    assert shown.ephemeral and "Game over" in said(shown)
    files = [a.filename for m in (shown.response, *shown.followups) for a in m.attachments]
    assert files == ["board.png"]


@pytest.mark.parametrize("command", ["tiger place", "tiger build"])
async def test_resign_typed_into_a_tiger_command_ends_the_game_publicly(
    world, caplog, command
) -> None:
    await start(world, "tigerisland", world.bob)
    actor = await mover(world)
    if command == "tiger build":
        offered = await actor.autocomplete(world.channel, "tiger place", "placement", "")
        safe = next(c for c in offered if "no build" not in c["name"])
        await actor.slash(world.channel, "tiger place", placement=safe["value"])
    option = command.split()[1].replace("place", "placement")
    result = await actor.slash(world.channel, command, **{option: "RESIGN"})
    assert not result.ephemeral and "resigned" in said(result)
    record = await latest_game(world)
    assert record.status == "finished" and record.result["code"] == "resigned"
    assert errors_logged(caplog) == []


async def test_a_failure_after_the_save_says_saved_and_the_board_still_follows(
    world, caplog, monkeypatch
) -> None:
    await start(world, "tigerisland", world.bob)
    actor = await mover(world)
    offered = await actor.autocomplete(world.channel, "tiger place", "placement", "")
    await actor.slash(world.channel, "tiger place", placement=offered[0]["value"])
    await world.env.bot.publisher.settle()  # a placement edits the board; the build posts it
    real = publisher.board_message
    calls: list[int] = []

    async def fails_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the picture could not be drawn")
        return await real(*args, **kwargs)

    monkeypatch.setattr(publisher, "board_message", fails_once)
    version, _ = await snapshot(world)
    offered = await actor.autocomplete(world.channel, "tiger build", "build", "")
    result = await actor.slash(world.channel, "tiger build", build=offered[0]["value"])
    assert "was saved" in said(result) and "unchanged" not in said(result)
    record = await latest_game(world)
    assert record.version == version + 1
    board = last_card(world.channel)
    assert face(board).image.url.endswith("board.png")
    assert len(calls) == 2
    assert errors_logged(caplog)[0].getMessage().startswith("interaction failed")
    assert "could not be drawn" in str(world.env.errors[-1].__cause__)


async def test_when_no_board_can_be_drawn_a_line_of_text_announces_the_change(
    world, caplog, monkeypatch
) -> None:
    await start(world, "tigerisland", world.bob)
    actor = await mover(world)
    offered = await actor.autocomplete(world.channel, "tiger place", "placement", "")
    await actor.slash(world.channel, "tiger place", placement=offered[0]["value"])
    await world.env.bot.publisher.settle()  # a placement edits the board; the build posts it

    async def always_fails(*args, **kwargs):
        raise RuntimeError("the picture could not be drawn")

    monkeypatch.setattr(publisher, "board_message", always_fails)
    offered = await actor.autocomplete(world.channel, "tiger build", "build", "")
    result = await actor.slash(world.channel, "tiger build", build=offered[0]["value"])
    assert "was saved" in said(result)
    assert last_plain(world.channel).content == answers.UNDRAWN_BOARD
    assert "could not be drawn" in str(world.env.errors[-1].__cause__)


# ----- forged, outdated and other games' components ------------------------------------------
async def test_forged_custom_ids_get_a_clear_private_answer_and_change_nothing(
    world, caplog
) -> None:
    lobby = await start(world, "tigerisland", world.bob)
    record = await latest_game(world)
    before = await snapshot(world)
    game, version = record.id, record.version
    forged = {
        f"lobby:{game}:explode": "no longer works",
        f"board:{game}:{version}:explode": "no longer works",
        "completely made up": "no longer works",
        f"isl-round:{game}:1:standings": "another game",
        f"isl-round:{game}:1:close": "another game",
        f"isl-round:{game + 50}:1:close": "no longer works",
        f"resign:{game + 50}": "over",
    }
    for custom_id, expected in forged.items():
        result = await forge_click(world.env, world.bob, world.channel, lobby, custom_id)
        assert result.acknowledged and result.ephemeral, custom_id
        assert expected in said(result), (custom_id, said(result))
    final = await forge_select(
        world.env, world.bob, world.channel, lobby, f"isl-final:{game}", ["0"], offered=["0"]
    )
    assert "another game" in said(final)
    assert await snapshot(world) == before
    assert errors_logged(caplog) == []


TOO_BIG = "9" * 20  # a game id that fits the id's 20 digits but no database integer


@pytest.mark.parametrize(
    "custom_id",
    [
        f"open:{TOO_BIG}",
        f"tap:{TOO_BIG}:0123abcd:0",
        f"resign:{TOO_BIG}",
        f"rematch:{TOO_BIG}",
        f"lobby:{TOO_BIG}:join",
        f"board:{TOO_BIG}:1:refresh",
        f"board:1:{TOO_BIG}:refresh",
        f"isl-round:{TOO_BIG}:1:close",
        f"isl-final:{TOO_BIG}",
        f"cmp:{TOO_BIG}:1:reveal",
        f"rec-h:all:{TOO_BIG}:0",
        f"rec-h:all:0:{TOO_BIG}",
        f"dshare:{TOO_BIG}",
        f"open:{2**63}",
    ],
)
async def test_a_number_no_database_holds_in_an_id_gets_the_unknown_button_answer(
    world, caplog, custom_id
) -> None:
    lobby = await start(world, "tigerisland", world.bob)
    before = await snapshot(world)
    result = await forge_click(world.env, world.bob, world.channel, lobby, custom_id)
    assert result.acknowledged and result.ephemeral, custom_id
    assert "That button no longer works" in said(result), said(result)
    assert await snapshot(world) == before
    assert errors_logged(caplog) == []


async def test_the_largest_id_a_database_holds_is_still_read(world, caplog) -> None:
    lobby = await start(world, "tigerisland", world.bob)
    result = await forge_click(world.env, world.bob, world.channel, lobby, f"resign:{2**63 - 1}")
    assert "over" in said(result), said(result)  # read, looked up, and not found
    assert errors_logged(caplog) == []


async def test_a_select_value_that_was_never_offered_is_refused(world, caplog) -> None:
    await start(world, "islant", world.bob)
    opened = await world.alice.click(last_card(world.channel), label="Play my turn")
    panel = opened.response
    custom_id, offered = panel_select(panel.components)
    before = await snapshot(world)
    for value in ("RESIGN", "STOP", "SUBMIT", "x" * 100):
        result = await forge_select(
            world.env,
            world.alice,
            world.channel,
            panel.message,
            custom_id,
            [value],
            offered=offered,
        )
        assert result.acknowledged and "not on the menu" in said(result)
    assert await snapshot(world) == before
    assert errors_logged(caplog) == []


# ----- Discord delivering the same interaction twice -----------------------------------------
async def test_an_interaction_delivered_twice_is_applied_and_answered_once(
    world, caplog, monkeypatch
) -> None:
    await start(world, "tigerisland", world.bob)
    actor = await mover(world)
    offered = await actor.autocomplete(world.channel, "tiger place", "placement", "")
    await actor.slash(world.channel, "tiger place", placement=offered[0]["value"])
    await world.env.bot.publisher.settle()  # a placement edits the board; the build posts it
    deliveries = Deliveries(world).install(monkeypatch)
    offered = await actor.autocomplete(world.channel, "tiger build", "build", "")
    result = await actor.slash(world.channel, "tiger build", build=offered[0]["value"])
    assert not result.ephemeral
    payload = deliveries.payloads[-1]
    version, state = await snapshot(world)
    await deliveries.deliver_again(payload)
    assert await snapshot(world) == (version, state)
    assert deliveries.answers_to(payload) == 1
    record = await latest_game(world)
    log = await world.env.bot.store.actions(record.id)
    assert sum(1 for a in log if a.interaction_id == int(payload["id"])) == 1
    assert errors_logged(caplog) == []


async def test_a_typed_game_number_no_game_has_is_not_found(world, caplog) -> None:
    largest = 2**53 - 1  # Discord refuses a larger typed integer
    result = await world.bob.slash(world.channel, "game replay", game_id=largest)
    expect_refusal(world, result, f"no game #{largest}")
    assert errors_logged(caplog) == []
    store = world.env.bot.store  # and any larger one that reached the store names nothing
    assert await store.get_game(10**20) is None and await store.get_game(-(10**20)) is None
