"""Games played in rounds of choices made at once, shown as rounds: the framework's face for
every simultaneous game that has no face of its own.

Each round has one public card: the round, what opened it (the reveal of the round before, as
one message), whose choice is still awaited with the progress ("2 of 3 have chosen"), the
board and its buttons. A choice edits that card (at most once per
:attr:`RoundBoard.edit_interval`); only a new round posts a new card, with one call to act
for the players to choose, and the previous card shrinks to a line of history. Nothing on
the card comes from a choice but what the game lets everybody learn of it
(:meth:`engine.core.Game.account`).
"""

from __future__ import annotations

import io
from typing import Any

import discord

from engine import find_game
from engine.core import Game
from locales import N_, _

from .cards import ALT_LIMIT, Card, fit, plain
from .i18n import game_title, written
from .presenter import (
    BOARD_FILE,
    accent,
    board_footer,
    event_lines,
    result_text,
    turn_line,
)
from .publisher import Board, Controls
from .service import GameService, MoveResult
from .store import GameRecord

EDIT_SECONDS = 3.0
ROUND_TITLE = N_("{game} · Round {round}")


def progress_line(record: GameRecord, game: Game, state: Any) -> str:
    """``"**2 of 3 have chosen.** Waiting for: **carol**"`` (names as written)."""
    playing = [s for s in range(len(record.players)) if game.still_playing(state, s)]
    waiting = [s for s in playing if s in game.to_move(state)]
    done = _("{done} of {count} have chosen.", done=len(playing) - len(waiting), count=len(playing))
    if not waiting:
        return f"**{done}**"
    names = written(record.names)
    who = ", ".join(f"**{names[s]}**" for s in waiting)
    return f"**{done}** " + _("Waiting for: {names}", names=who)


class RoundBoard:
    """One card per round, edited as players choose; a new card for a new round."""

    edit_interval = EDIT_SECONDS
    answers_with_board = False

    def __init__(self, controls: Controls) -> None:
        self._controls = controls
        self._openings: dict[tuple[int, int | None], list[str]] = {}
        """What opened each round's card (the reveal), kept for its edits."""

    def fresh(self, result: MoveResult, actor: int | None) -> bool:
        return result.finished or result.new_round

    async def board(self, service: GameService, result: MoveResult, headline: str | None) -> Board:
        record, state = result.record, result.state
        game = find_game(record.game)
        number = game.round_number(state)
        key = (record.id, number)
        new = self.fresh(result, None) or key not in self._openings
        told = {a.seat for a in result.applied if a.user_id is not None} if headline else ()
        said = [headline or "", *event_lines(result.events, written(record.names), told)]
        said = [line for line in said if line]
        if new:  # the round opens with what revealed the one before: kept for its edits
            self._openings = {k: v for k, v in self._openings.items() if k[0] != record.id}
            self._openings[key] = said
            lines = list(said)
        else:
            lines = [*self._openings[key], *said]
        outcome = game.outcome(state)
        if outcome is not None:
            self._openings.pop(key, None)  # no more edits of a finished game's card
            lines.append(result_text(record, outcome.scores, outcome.winners, outcome.reason))
        else:
            lines.append(progress_line(record, game, state))
        title = game_title(record.game)
        if outcome is None and number is not None:
            title = _(ROUND_TITLE, game=title, round=number)
        picture = _("Picture of the {game} board.", game=game_title(record.game))
        card = Card(
            title=title,
            text="\n".join(lines),
            colour=accent(record.game, state),
            image=BOARD_FILE,
            alt=fit(f"{picture} {plain(lines[-1])}", ALT_LIMIT),
            footer=board_footer(record),
        )
        png = await service.render(record, state, None)
        board = Board(card=card, files=[discord.File(io.BytesIO(png), filename=BOARD_FILE)])
        board.view = None if result.finished else self._controls(record.id, record.version)
        if new and outcome is None:
            content, mentions = turn_line(record, state, await service.quiet_users(record))
            board.pings = [(content, mentions)] if content else []
        return board

    async def retire(
        self, service: GameService, record: GameRecord, message: Any, shown: Card | None
    ) -> None:
        """The previous round's card becomes a line of history, its buttons gone."""
        game = find_game(record.game)
        state = service.state_of(record)
        number = game.round_number(state)
        over = number if game.is_over(state) or number is None else number - 1
        card = Card(
            title=_("{game} · Round {round} is over", game=game_title(record.game), round=over),
            footer=board_footer(record),
        )
        await message.edit(**card.edit(None, files=[]))
