"""One board publisher for every game: each game's public message, kept current.

Every saved change that players should see goes through :meth:`Publisher.show`. Per game it
holds a lock and the last version shown (an older change arriving late is dropped), and asks
the game's :class:`Presentation` whether the change deserves a new message (someone to ping,
a new round) or an edit of the current one. A new message retires the previous one (each game
says how: its buttons taken off, a line of history). Edits are debounced: at most one per
``edit_interval`` per game, always with the latest change, so a burst of 99 submissions makes
a bounded number of edits; a change that asks for a new message is never held back. When
Discord answers 429, the change waits ``retry_after`` in the game's worker (a newer change
replaces it meanwhile) and is shown then: nobody's interaction waits for it, and the last
state is always the one shown in the end.

Every saved change also has an entry in the store's outbox, written with the change: a post
or an edit Discord accepted ends the entries up to the version it shows (a post remembers its
message id in the same transaction). What the publisher could not show (a failed request, a
process stopped in between) is shown later from the outbox by :mod:`bot.delivery`; when Discord
was unavailable (5xx, no answer), the publisher hands the game to :attr:`Publisher.failed` at
once, which shows it within seconds of Discord's return.

Every game's final board gets the publisher's ``final_item`` (the Rematch button) besides
its own controls. A game without a presentation of its own gets :class:`PlainBoard`: every
change posts a new board with its buttons, as the answer to the interaction that made it
when there is one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import discord

from engine import find_game
from engine.core import Event
from locales import _, current, speaking

from .cards import Card
from .channel_messages import edit_message, post_message
from .discord_requests import NOT_TAKEN, answer_privately, defer, edit_answer, unavailable
from .i18n import Phrase, game_language, in_words
from .presenter import Ping, board_message, own_move_line
from .service import GameService, MoveResult
from .store import REMIND, GameRecord, Notice

log = logging.getLogger(__name__)
Channel = discord.abc.Messageable


@dataclass(slots=True)
class Board:
    """One public board message: the card to post, or to edit the current message to."""

    card: Card
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    """The card's buttons and selects (laid out in rows inside the card)."""
    pings: list[Ping] = field(default_factory=list)
    """Plain messages posted after a new card: the calls to act (a mention inside a card
    notifies nobody), over several messages when they do not fit in one."""


class Presentation(Protocol):
    """How one game shows itself in public."""

    edit_interval: float
    """Seconds between two edits of one board (0: edit at once)."""
    answers_with_board: bool
    """Whether a move's own interaction is answered with the new board (else privately)."""

    def fresh(self, result: MoveResult, actor: int | None) -> bool:
        """Whether ``result`` deserves a new message rather than an edit of the current one."""
        ...

    async def board(self, service: GameService, result: MoveResult, headline: str | None) -> Board:
        """The public message for ``result`` (public information only)."""
        ...

    async def retire(
        self, service: GameService, record: GameRecord, message: Any, shown: Card | None
    ) -> None:
        """Turn the previous board message into history once a new one is posted; ``shown``
        is the card it shows when this process posted it (None: unknown, or from before
        cards)."""
        ...


FinalItem = Callable[[int], discord.ui.Item[Any]]
"""A component added under every game's final board, for a game id (Rematch)."""

Controls = Callable[[int, int], discord.ui.View]
"""The buttons under a plain board, for a game id and version."""

WatchLink = Callable[[GameRecord], Awaitable[str | None]]
"""The address of a game's web page (None: it has none), for the Watch button."""


class PlainBoard:
    """Turn-based games: every turn posts the board anew, with its buttons. An action after
    which the same player still has to act (a tiggar islanote placement typed on its own)
    edits the board in place; the turn's last action posts it anew."""

    edit_interval = 0.0
    answers_with_board = True

    def __init__(self, controls: Controls) -> None:
        self._controls = controls

    def fresh(self, result: MoveResult, actor: int | None) -> bool:
        game = find_game(result.record.game)
        return actor is None or result.finished or actor not in game.to_move(result.state)

    async def board(self, service: GameService, result: MoveResult, headline: str | None) -> Board:
        card, file, pings = await board_message(service, result, headline=headline)
        record = result.record
        view = None if result.finished else self._controls(record.id, record.version)
        return Board(card=card, files=[file], view=view, pings=pings)

    async def retire(
        self, service: GameService, record: GameRecord, message: Any, shown: Card | None
    ) -> None:
        """Older boards keep their buttons: a click there is answered with the current board."""


@dataclass(frozen=True, slots=True)
class Posted:
    """A game's board message and the calls to act posted under it (None: no board)."""

    message_id: int | None
    calls: tuple[int, ...] = ()


@dataclass(slots=True)
class _Pending:
    result: MoveResult
    headline: str | Phrase | None
    fresh: bool = False


def private_answer(
    result: MoveResult,
    headline: str | Phrase | None,
    interaction: discord.Interaction,
    secret: bool,
) -> str:
    """The private answer to the interaction that made ``result``: the public headline, or
    for a secret choice the player's own move, which only they see."""
    if secret:
        user = interaction.user
        own = own_move_line(result, user.id, user.display_name).text(current())
        return "✓ " + _("Saved, only you see it: {move}", move=own)
    return "✓ " + (in_words(headline, current()) or _("Done."))


RATE_LIMITED = 429
DEFAULT_RETRY_SECONDS = 5.0


def retry_after(error: discord.HTTPException) -> float | None:
    """Seconds Discord asks to wait when ``error`` is a rate limit (429), else None."""
    if error.status != RATE_LIMITED:
        return None
    seconds = getattr(error, "retry_after", None)
    return float(seconds) if seconds else DEFAULT_RETRY_SECONDS


class Publisher:
    """Shows every game's saved changes in its channel, one game at a time."""

    def __init__(
        self,
        client: discord.Client,
        plain: Presentation,
        final_item: FinalItem | None = None,
        rounds: Presentation | None = None,
    ) -> None:
        """``plain`` shows turn-based games, ``rounds`` games whose seats choose at once
        (``GameInfo.simultaneous``; default: ``plain``), unless a game registers its own."""
        self.client = client
        self._plain = plain
        self._rounds = rounds or plain
        self._final_item = final_item
        self._styles: dict[str, Presentation] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._shown: dict[int, int] = {}
        self._last_edit: dict[int, float] = {}
        self._pending: dict[int, _Pending] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._not_before: dict[int, float] = {}
        self._cards: dict[int, Card] = {}
        """Per game, the card of its board message as this process last showed it."""
        self._posted: dict[int, Posted] = {}
        """Per game, its board message and calls to act as this process last posted them."""
        self._unposted: dict[int, list[Event]] = {}
        """Per game, the events of a change whose new message Discord refused: the game's
        next change is posted anew with them (its new round, its pings)."""
        self.edits = 0
        self.posts = 0
        self.rate_limits = 0
        self.watch_link: WatchLink | None = None
        """Where every board's Watch button leads (set when the bot serves web pages)."""
        self.failed: Callable[[int], None] | None = None
        """Told the game whose change Discord was unavailable to show (post, edit or answer):
        the bot shows it again once Discord answers (:meth:`bot.delivery.Delivery.recover`)."""
        self.then: Callable[[MoveResult], None] | None = None
        """Started once a change after which computers are to move is shown (or held back
        for an edit): the bot plays their moves, so they are shown after it."""

    @property
    def service(self) -> GameService:
        service = getattr(self.client, "service", None)
        assert isinstance(service, GameService)
        return service

    def register(self, game: str, presentation: Presentation) -> None:
        self._styles[game] = presentation

    def unregister(self, game: str) -> None:
        self._styles.pop(game, None)

    def presentation(self, game: str) -> Presentation:
        style = self._styles.get(game)
        if style is not None:
            return style
        return self._rounds if find_game(game).info.simultaneous else self._plain

    async def show(
        self,
        result: MoveResult,
        headline: str | Phrase | None = None,
        *,
        actor: int | None = None,
        interaction: discord.Interaction | None = None,
    ) -> None:
        """Show a saved change: a new message now, or an edit within ``edit_interval``.

        ``actor`` is the seat whose action it was (None: the system). With ``interaction``,
        the change's own interaction is answered: with the board itself for games that
        answer so, else with a private acknowledgement. Then :attr:`then` starts what
        comes next (computers to move).
        """
        try:
            await self._show(result, headline, actor, interaction)
        except Exception as error:
            self._unavailable(result.record.id, error)
            raise
        finally:
            if result.thinking and self.then is not None:
                self.then(result)

    async def _show(
        self,
        result: MoveResult,
        headline: str | Phrase | None,
        actor: int | None,
        interaction: discord.Interaction | None,
    ) -> None:
        style = self.presentation(result.record.game)
        result = self._owing(result)
        secret = interaction is not None and result.secret(interaction.user.id)
        answers = style.answers_with_board and not secret  # a secret is answered privately
        if interaction is not None and answers and style.fresh(result, actor):
            if not interaction.response.is_done():
                await defer(interaction, thinking=True)
            await self._post(style, result, headline, interaction)
            return
        if interaction is not None and not interaction.response.is_done():
            await answer_privately(
                interaction, private_answer(result, headline, interaction, secret)
            )
        fresh = style.fresh(result, actor) or result.record.board_message_id is None
        if fresh:
            try:
                await self._post(style, result, headline, None)
                return
            except discord.HTTPException as error:
                wait = retry_after(error)
                if wait is None:
                    raise
                self._rate_limited(result.record.id, wait)
        self._queue(style, _Pending(result, headline, fresh))

    async def show_saved(
        self, result: MoveResult, headline: str | Phrase | None, actor: int | None
    ) -> None:
        """Show a saved change from the outbox now (no debounce): a new message or an edit,
        as its own handler would have; nothing if this process showed that version already.
        Errors reach the caller, which tries again later."""
        record = result.record
        if self.shown_version(record.id) >= record.version:
            await self.service.store.board_shown(record.id, record.version)
            return
        style = self.presentation(record.game)
        result = self._owing(result)
        if style.fresh(result, actor) or record.board_message_id is None:
            await self._post(style, result, headline, None)
        else:
            await self._edit(style, _Pending(result, headline))

    def _owing(self, result: MoveResult) -> MoveResult:
        """``result`` with the events of its game's refused new message before its own."""
        owed = self._unposted.get(result.record.id)
        return replace(result, events=owed + result.events) if owed else result

    def shown_version(self, game_id: int) -> int:
        """The latest version of the game this process has shown (-1: none yet)."""
        return self._shown.get(game_id, -1)

    def busy(self, game_id: int) -> bool:
        """Whether a change of the game is being shown or waits to be (debounce, 429)."""
        return game_id in self._workers or self._lock(game_id).locked()

    def showing(self, game_id: int) -> bool:
        """Whether a change of the game is being shown right now (not merely held back)."""
        return self._lock(game_id).locked()

    async def settle(self) -> None:
        """Wait until every held-back edit is shown (tests, and a clean shutdown)."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    def close(self) -> None:
        for worker in self._workers.values():
            worker.cancel()

    # ----- the work -----------------------------------------------------------------------------
    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _outdated(self, record: GameRecord) -> bool:
        """Whether this version or a later one is shown already (panel moves saved together
        are one change, shown once whichever of their taps shows it first)."""
        return self.shown_version(record.id) >= record.version

    async def _post(
        self,
        style: Presentation,
        result: MoveResult,
        headline: str | Phrase | None,
        interaction: discord.Interaction | None,
    ) -> None:
        record = result.record
        async with self._lock(record.id):
            if self._outdated(record):
                return
            self._pending.pop(record.id, None)  # a new message shows everything held back
            board = await self._board(style, result, headline)
            previous = await self._posted_before(record)
            kwargs = board.card.send(board.view, board.files)
            try:
                message_id = await self._send(record, kwargs, interaction)
            except Exception:  # the next change of the game posts anew, with its pings
                self._unposted[record.id] = result.events
                raise
            self._unposted.pop(record.id, None)
            self.posts += 1
            shown = self._cards.pop(record.id, None)
            self._cards[record.id] = board.card
            await self._end_calls(record, previous.calls)
            calls, uncalled, refusal = await self._call(record, board.pings)
            await self.service.store.board_posted(
                record.id, record.version, message_id, calls, self._reminder(uncalled)
            )
            self._posted[record.id] = Posted(message_id, tuple(calls))
            self._shown[record.id] = record.version
            self._last_edit[record.id] = asyncio.get_running_loop().time()
            retired = previous.message_id
            if retired is not None and retired != message_id:
                old = self._channel(record).get_partial_message(retired)  # type: ignore[attr-defined]
                try:
                    with speaking(await game_language(self.client, record)):
                        await style.retire(self.service, record, old, shown)
                except NOT_TAKEN:
                    log.info("could not retire board message %s of game %s", retired, record.id)
        if refusal is not None:  # the card is up: the outbox reminds whom its calls missed
            log.warning("calls to act of game %s refused: %s", record.id, refusal)
            self._unavailable(record.id, refusal)

    def _reminder(self, uncalled: list[Ping]) -> Notice | None:
        """The outbox's reminder for the users the calls Discord refused would have pinged."""
        users = [
            user.id
            for _, mentions in uncalled
            if isinstance(mentions.users, list)
            for user in mentions.users
        ]
        return Notice(REMIND, self.service.now(), {"users": users}) if users else None

    async def _call(
        self, record: GameRecord, pings: list[Ping]
    ) -> tuple[list[int], list[Ping], Exception | None]:
        """Post the calls to act under a new card: the ids of those Discord took, those it
        did not (the one it refused and the rest, not tried), and why."""
        calls: list[int] = []
        for k, (text, mentions) in enumerate(pings):
            try:
                posted = post_message(
                    self.client, record.channel_id, content=text, allowed_mentions=mentions
                )
                calls.append(await posted)
            except NOT_TAKEN as error:
                return calls, pings[k:], error
        return calls, [], None

    async def _posted_before(self, record: GameRecord) -> Posted:
        """The game's board message and calls to act as this process last posted them, or
        else as stored (a game is shown by the one process serving its server)."""
        posted = self._posted.get(record.id)
        if posted is not None:
            return posted
        stored = await self.service.store.get_game(record.id)
        message_id = stored.board_message_id if stored else None
        return Posted(message_id, tuple(await self.service.store.board_calls(record.id)))

    async def _end_calls(self, record: GameRecord, calls: Sequence[int]) -> None:
        """The previous board's further calls to act (mentions that did not fit on it) no
        longer call anyone: a new board is up, with calls of its own, so they are deleted
        (a game leaves a board per turn in the channel, not a board and a spent call); the
        new board's record replaces theirs."""
        for call_id in calls:
            call = self._channel(record).get_partial_message(call_id)  # type: ignore[attr-defined]
            try:
                await call.delete()
            except NOT_TAKEN:
                log.info("could not end call %s of game %s", call_id, record.id)

    def _queue(self, style: Presentation, pending: _Pending) -> None:
        """Hold a change back for the game's worker, in place of the one held (the later of
        the two: a tap answered after a later one's must not hold back an older state); a
        change needing a new message stays so."""
        game_id = pending.result.record.id
        held = self._pending.get(game_id)
        if held is not None:
            fresh = pending.fresh or held.fresh
            if held.result.record.version > pending.result.record.version:
                pending = held
            pending.fresh = fresh
        self._pending[game_id] = pending
        if game_id not in self._workers:
            self._workers[game_id] = self._spawn(self._drain(game_id, style))

    def _rate_limited(self, game_id: int, seconds: float) -> None:
        """Discord asked to wait: the game's next edit or post waits that long."""
        self.rate_limits += 1
        self._not_before[game_id] = asyncio.get_running_loop().time() + seconds
        log.info("board of game %s rate limited for %.1f s", game_id, seconds)

    async def _drain(self, game_id: int, style: Presentation) -> None:
        loop = asyncio.get_running_loop()
        try:
            while game_id in self._pending:
                last = self._last_edit.get(game_id, -style.edit_interval)
                start = max(last + style.edit_interval, self._not_before.get(game_id, 0.0))
                if start > loop.time():
                    await asyncio.sleep(start - loop.time())
                pending = self._pending.pop(game_id, None)
                if pending is not None:
                    await self._guarded(style, pending)
        finally:
            self._workers.pop(game_id, None)

    async def _guarded(self, style: Presentation, pending: _Pending) -> None:
        """Show a held-back change; a rate limit puts it back (unless a newer one waits)."""
        try:
            if pending.fresh:
                await self._post(style, pending.result, pending.headline, None)
            else:
                await self._edit(style, pending)
        except discord.HTTPException as error:
            wait = retry_after(error)
            if wait is None:
                log.exception("showing the board of game %s failed", pending.result.record.id)
                self._unavailable(pending.result.record.id, error)
                return
            self._rate_limited(pending.result.record.id, wait)
            newer = self._pending.get(pending.result.record.id)
            if newer is None:
                self._pending[pending.result.record.id] = pending
            else:
                newer.fresh = newer.fresh or pending.fresh
        except Exception as error:  # a failed edit must not stop the game
            log.exception("showing the board of game %s failed", pending.result.record.id)
            self._unavailable(pending.result.record.id, error)

    def _unavailable(self, game_id: int, error: BaseException) -> None:
        """Hand the game to :attr:`failed` when Discord was unavailable to show its change."""
        if self.failed is not None and unavailable(error):
            self.failed(game_id)

    async def _edit(self, style: Presentation, pending: _Pending) -> None:
        record = pending.result.record
        async with self._lock(record.id):
            if self._outdated(record):
                return
            shown_id = (await self._posted_before(record)).message_id
            if shown_id is not None:
                board = await self._board(style, pending.result, pending.headline)
                try:
                    await edit_message(
                        self.client,
                        record.channel_id,
                        shown_id,
                        **board.card.edit(board.view, board.files),
                    )
                except discord.NotFound:
                    log.info("board %s of game %s is gone; posting anew", shown_id, record.id)
                except discord.HTTPException as refused:
                    if refused.status != 400:
                        raise
                    # e.g. a board from before cards that Discord will not turn into one
                    log.info(
                        "board %s of game %s refused the edit; posting anew", shown_id, record.id
                    )
                else:
                    self.edits += 1
                    self._cards[record.id] = board.card
                    await self.service.store.board_shown(record.id, record.version)
                    self._shown[record.id] = record.version
                    self._last_edit[record.id] = asyncio.get_running_loop().time()
                    return
        await self._post(style, pending.result, pending.headline, None)

    async def _board(
        self, style: Presentation, result: MoveResult, headline: str | Phrase | None
    ) -> Board:
        """The public message of ``result``, in its server's language (words and picture); a
        final board also gets the component every game ends with, and every board a Watch
        link to the game's page when there is one."""
        lang = await game_language(self.client, result.record)
        with speaking(lang):
            board = await style.board(self.service, result, in_words(headline, lang))
            if result.finished and self._final_item is not None:
                board.view = board.view or discord.ui.View(timeout=None)
                board.view.add_item(self._final_item(result.record.id))
            url = await self.watch_link(result.record) if self.watch_link else None
            if url is not None:
                board.view = board.view or discord.ui.View(timeout=None)
                board.view.add_item(discord.ui.Button(label=_("Watch"), url=url))
        return board

    async def _send(
        self,
        record: GameRecord,
        kwargs: dict[str, Any],
        interaction: discord.Interaction | None,
    ) -> int:
        """Post a card in the game's channel, or as the answer to ``interaction`` (after a
        "thinking" defer a card can only be shown by editing the original response, which
        needs no message read back): the new message's id."""
        if interaction is None:
            return await post_message(self.client, record.channel_id, **kwargs)
        if interaction.response.type == discord.InteractionResponseType.deferred_channel_message:
            return await edit_answer(interaction, view=kwargs["view"], attachments=kwargs["files"])
        return (await interaction.followup.send(**kwargs, wait=True)).id

    def _channel(self, record: GameRecord) -> Channel:
        return self.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        return asyncio.get_running_loop().create_task(work)
