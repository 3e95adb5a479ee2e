"""Steps that flow tests share: open a lobby, seat players, read the game's record."""

from __future__ import annotations

import simcord

from bot.errors import UserError
from bot.store import GameRecord
from engine.core import Budget, Game, IllegalAction, Level


async def new_game(
    host: simcord.MemberActor, channel, game: str, form: dict | None = None, **options
) -> simcord.InteractionResult:
    """Run /game new as a player would: without typed options it opens the set-up form, which
    is submitted with ``form`` (custom id → value; nothing: every default). Returns the answer
    that opened the lobby, or the refusal."""
    result = await host.slash(channel, "game new", game=game, **options)
    if result.modal is None:
        return result
    return await host.submit_modal(result, form or {})


async def open_lobby(world, host: simcord.MemberActor, game: str, **options) -> object:
    """Run /game new (its form at its defaults if no options are typed); the lobby message."""
    result = await new_game(host, world.channel, game, **options)
    assert not result.ephemeral, result.response.content if result.response else result
    return result.response.message


async def record(world) -> GameRecord:
    """The channel's open game, straight from the store."""
    found = await world.env.bot.store.open_game_in(world.channel.id)
    assert found is not None
    return found


async def latest_game(world) -> GameRecord:
    """The channel's most recent game, open or not."""
    found = await world.env.bot.store.last_game_in(world.channel.id)
    assert found is not None
    return found


async def finish_by_resigning(world, game: str) -> None:
    """Alice hosts, Bob joins, they start and Alice resigns (in an Islant race, where the
    others race on, Bob then stops too)."""
    lobby = await open_lobby(world, world.alice, game)
    await world.bob.click(lobby, label="Join")
    started = await world.alice.click(lobby, label="Start")
    assert started.acknowledged
    await world.alice.slash(world.channel, "game resign")
    if (await latest_game(world)).status == "active":
        await world.bob.slash(world.channel, "game resign")
    record = await latest_game(world)
    assert record.status == "finished", (game, record.status)


def expect_refusal(world, result, *fragments: str) -> str:
    """Assert a private refusal containing ``fragments``; return its text.

    Refusals travel through the command tree's error handler (the one table of wording), which
    simcord records; this checks that what it recorded were user errors, not crashes.
    """
    assert result.ephemeral, "refusals are private"
    text = result.response.content
    for fragment in fragments:
        assert fragment.lower() in text.lower(), text
    for error in world.env.errors:
        original = getattr(error, "original", error)
        assert isinstance(original, IllegalAction | UserError), repr(error)
    return text


HARD_IN_TESTS = Budget(think_ms=100, playouts=6)
"""A hard computer's budget in flow tests: small, and counted in playouts."""


async def think_quickly(bot, budget: Budget = HARD_IN_TESTS) -> None:
    """Give ``bot``'s hard computers ``budget`` and start their worker process now, outside
    any click: simcord waits for a click's work a bounded real time, which a process still
    starting (on a busy machine) or a search bounded by time alone could overrun."""
    bot.service.computers.budget = budget
    await bot.service.computers.start()


class InPlaceDecisions:
    """Records the level of every computer decision taken in the bot's own process."""

    def __init__(self, monkeypatch) -> None:
        self.levels: list[Level] = []
        decide = Game.choose_ai_action

        def recorded(game, state, seat, rnd, level=Level.NORMAL, budget=None):
            self.levels.append(Level(level))
            return decide(game, state, seat, rnd, level, budget)

        monkeypatch.setattr(Game, "choose_ai_action", recorded)


async def add_hard_computer(
    world, host: simcord.MemberActor, lobby, monkeypatch
) -> InPlaceDecisions:
    """Seat a hard computer from the lobby with a small budget; returns a record of the
    decisions taken in place (a hard one there would have run on the event loop)."""
    await think_quickly(world.env.bot)
    await host.click(lobby, label="Add computer")
    await host.click(lobby, label="Hard")
    return InPlaceDecisions(monkeypatch)


async def computer_actions(world, record: GameRecord) -> int:
    """How many actions the game's computer seats took."""
    computers = {p.seat for p in record.players if p.is_ai}
    return sum(a.seat in computers for a in await world.env.bot.store.actions(record.id))
