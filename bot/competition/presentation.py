"""Island competition's public board: one message edited in place, a new one to ping someone.

Only public information is shown: the picture is drawn from the spectator view and the words
come from public events. A headline from a player's action is never shown (it may name a card
placed secretly, or one put face down); a headline of a change no player made (a timeout) is.
A change is shown by editing the board message, keeping the lines of what happened since it was
posted; when somebody must be pinged (a new round to place, a trick waiting for its taker, the
final scoring) a new message is posted and the previous one loses its buttons.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Collection, Sequence
from typing import Any

import discord

from engine.competition import Table
from locales import _

from ..cards import Card, fit
from ..i18n import written
from ..presenter import accent, board_alt, board_footer, result_text
from ..publisher import Board
from ..service import GameService, MoveResult
from ..store import GameRecord
from .scores import final_scoring_text
from .texts import event_lines, next_step, plural, table_of

BOARD_FILE = "board.png"
MAX_DESCRIPTION = 4000
MAX_BOARD_LINES = 16
"""Lines of what happened kept on one board message as it is edited (the newest ones)."""


Controls = Callable[[int, int, Table], discord.ui.View | None]
"""The buttons under a board (game id, version, public table), given by the cog."""


class CompetitionBoard:
    """The :class:`~bot.publisher.Presentation` of Island competition."""

    edit_interval = 0.0
    answers_with_board = False

    def __init__(self, controls: Controls) -> None:
        self._controls = controls
        self._told: dict[int, dict[int, list[str]]] = {}
        """Per game, the public lines of each version shown on the current board message."""

    def fresh(self, result: MoveResult, actor: int | None) -> bool:
        """Whether someone must be pinged now; files the change's public lines either way, so
        changes merged into one edit are all told."""
        record = result.record
        lines = event_lines(result.events, written(record.names))
        if actor is None:  # a change shown from the panel: its first action is the actor's
            actor = next((a.seat for a in result.applied if a.user_id is not None), None)
        new = needs_new_message(result, public_table(result), actor)
        told = self._told.setdefault(record.id, {})
        if new:
            for version in [v for v in told if v < record.version]:
                del told[version]
        told[record.version] = lines
        return new

    async def board(self, service: GameService, result: MoveResult, headline: str | None) -> Board:
        record = result.record
        table = public_table(result)
        told = self._told.setdefault(record.id, {})
        told.setdefault(record.version, event_lines(result.events, written(record.names)))
        by_system = headline and not any(action.user_id for action in result.applied)
        why = [headline] if headline and by_system else []
        lines = []
        for version in sorted(told):
            lines += [*why, *told[version]] if version == record.version else told[version]
        if table.outcome is not None:
            del self._told[record.id]
        content, mentions = call_line(record, table, await service.quiet_users(record))
        png = await service.render(record, result.state, None)
        card = board_card(record, result.state, table, lines[-MAX_BOARD_LINES:])
        if table.outcome is not None:  # the result is in the card; nobody to call
            card.text = fit(card.text + "\n\n" + content, MAX_DESCRIPTION)
        return Board(
            card=card,
            files=[discord.File(io.BytesIO(png), filename=BOARD_FILE)],
            view=self._controls(record.id, record.version, table),
            pings=[(content, mentions)] if content and table.outcome is None else [],
        )

    async def retire(
        self, service: GameService, record: GameRecord, message: Any, shown: Card | None
    ) -> None:
        """Take the buttons off an older board message (its picture and words stay when this
        process showed it; else it becomes a line of history)."""
        if shown is not None:
            await message.edit(**shown.edit())
            return
        older = Card(title=_("An older board"), text=_("The newest board is below."))
        await message.edit(**older.edit(files=[]))


def public_table(result: MoveResult) -> Table:
    """The spectator view of a result, read into typed records."""
    return table_of(result.record, result.state)


def needs_new_message(result: MoveResult, table: Table, actor: int | None) -> bool:
    """Whether a change deserves a new board message (someone to ping) rather than an edit."""
    if table.outcome is not None or any(event.kind == "deal" for event in result.events):
        return True
    if not table.pending:
        return False
    head = table.pending[0].seat
    return head != actor and result.record.players[head].user_id is not None


def board_card(record: GameRecord, state: object, table: Table, lines: Sequence[str]) -> Card:
    """What happened, what comes next (or the final scoring), and the board picture."""
    if table.outcome is not None:
        title = _("Island competition · final scoring")
        tail = final_scoring_text(table, written(record.names))
    else:
        title = _(
            "Island competition · round {round} of {rounds}", round=table.round, rounds=table.rounds
        )
        tail = next_step(table, written(record.names))
    kept = list(lines)
    while kept and len("\n".join(kept)) + len(tail) + 2 > MAX_DESCRIPTION:
        kept.pop(0)  # the oldest lines give way; what comes next always shows
    description = "\n\n".join(part for part in ("\n".join(kept), tail) if part)
    return Card(
        title=title,
        text=description,
        colour=accent(record.game, state),
        image=BOARD_FILE,
        alt=board_alt(record, state, lines[-1] if lines else None),
        footer=board_footer(record),
    )


def call_line(
    record: GameRecord, table: Table, quiet: Collection[int]
) -> tuple[str, discord.AllowedMentions]:
    """Who must act now, mentioned (pinged unless they opted out); the result once over."""
    if table.outcome is not None:
        outcome = table.outcome
        text = result_text(record, outcome.scores, outcome.winners, outcome.reason)
        return text, discord.AllowedMentions.none()
    if table.pending:
        job = table.pending[0]
        users = _humans(record, [job.seat])
        if job.kind == "split":
            what = _("your trick is waiting: press **My moves** to split it")
        else:
            what = _(
                "national borders: you may take {cards}: press **My moves**",
                cards=plural(job.remaining, "face-up card"),
            )
    elif table.phase == "place":
        users = _humans(record, [p.seat for p in table.players if p.active and not p.confirmed])
        what = _(
            "round {round} of {rounds} is dealt: press **My moves** to place your cards",
            round=table.round,
            rounds=table.rounds,
        )
    else:
        return "", discord.AllowedMentions.none()
    if not users:
        return "", discord.AllowedMentions.none()
    who = ", ".join(f"<@{user}>" for user in users)
    pinged = [discord.Object(id=user) for user in users if user not in quiet]
    return f"{who}: {what}.", discord.AllowedMentions(users=pinged)


def _humans(record: GameRecord, seats: Sequence[int]) -> list[int]:
    return [p.user_id for p in record.players if p.seat in seats and p.user_id is not None]
