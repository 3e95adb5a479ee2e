"""Games driven straight through the game service, for tests that run several processes."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from bot.service import GameService, MoveResult
from engine import find_game

START = datetime(2026, 3, 1, tzinfo=UTC)


class Clock:
    """A service clock that tests move forward by hand."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def user_of(channel_id: int, seat: int) -> int:
    """The Discord user id seated at ``seat`` of the game in ``channel_id``."""
    return channel_id * 100 + seat + 1


async def start_game(
    service: GameService,
    channel_id: int,
    game: str = "tigerisland",
    *,
    guild_id: int | None = None,
    players: int = 2,
    options: dict[str, str] | None = None,
) -> MoveResult:
    """A started game of ``players`` people in a channel (users from :func:`user_of`)."""
    await service.open_lobby(
        guild_id=guild_id,
        channel_id=channel_id,
        game_name=game,
        host_id=user_of(channel_id, 0),
        host_name="P1",
        options=options or {},
    )
    for seat in range(1, players):
        await service.join(channel_id, user_of(channel_id, seat), f"P{seat + 1}")
    return await service.start(channel_id, user_of(channel_id, 0))


async def play_moves(service: GameService, channel_id: int, moves: int, seed: int = 1) -> int:
    """The players to move make ``moves`` legal moves (the computer's choices); returns how
    many were made before the game ended."""
    rnd = random.Random(seed)
    for made in range(moves):
        record = await service.to_show(channel_id)
        if record.status != "active":
            return made
        state = service.state_of(record)
        game = find_game(record.game)
        seat = min(game.to_move(state))
        action = game.format(game.choose_ai_action(state, seat, rnd))
        await service.play(channel_id, user_of(channel_id, seat), action)
    return moves
