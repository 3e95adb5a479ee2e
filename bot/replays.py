"""Animated replays of finished games: which game, what each frame shows, and the GIF cache.

A replay is rebuilt from the stored action log: the game is dealt again from its seed and
options and every logged line applied in order. Games played in rounds (Islant) get a frame
per round, the others a frame per move; every frame is the public view, so hidden hands are
shown only where the game's own public view shows them (once it is over). Drawing happens in
the picture workers (:meth:`Pictures.run`), never in the event loop's interpreter: the
functions that draw import the renderer where they run.

The cache is in memory, bounded by bytes, keyed by game id, version and the language of the
captions and pictures' words: a finished game never
changes, so a key stays valid for as long as the game exists, and a restart (or a player's
``/forget-me``) leaves no copy of anyone's name behind on disk.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import find_game
from engine.core import Event, Game, Resign, fill_names
from locales import N_, SOURCE, _, current, engine_words, speaking

from .errors import UserError
from .rendering import Pictures
from .store import GameRecord, LoggedAction, Store

if TYPE_CHECKING:
    from render.replay import ReplayFrame

CACHE_BYTES = 64 * 1024 * 1024
START_CAPTION = N_("Starting position")


@dataclass(frozen=True, slots=True)
class ReplayJob:
    """Everything a worker needs to draw a game's replay (it pickles)."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    log: tuple[tuple[int | None, str], ...]
    names: tuple[str, ...]
    lang: str = SOURCE
    """The language of the captions and the pictures' words."""

    @classmethod
    def of(cls, record: GameRecord, log: Sequence[LoggedAction], lang: str = SOURCE) -> ReplayJob:
        with speaking(lang):  # the names as that language's reader sees them
            names = tuple(record.names)
        return cls(
            record.game,
            len(record.players),
            record.options,
            record.seed,
            tuple((action.seat, action.notation) for action in log),
            names,
            lang,
        )


def shows_nothing(game: Game, state: Any, seat: int | None, action: Any) -> bool:
    """Whether ``action`` of ``seat`` on ``state`` shows nothing to anybody else
    (:meth:`Game.disclosure` answers ``""``: a step of a turn in progress): no replay frame,
    no line on a page, as if it had not been played yet."""
    return (
        seat is not None
        and not isinstance(action, Resign)
        and game.disclosure(state, seat, action) == ""
    )


def public_events(
    game: Game, state: Any, seat: int | None, action: Any, events: Sequence[Event]
) -> list[Event]:
    """What everybody may read of ``action`` (played on ``state``, with ``events``): the
    game's events, which it writes for everybody, except those of a step that shows nothing
    to anybody else. Every public list of moves (a page's, a replay's) reads moves this way."""
    return [] if shows_nothing(game, state, seat, action) else list(events)


def replay_frames(job: ReplayJob) -> list[ReplayFrame]:
    """The frames of a replay: the start, each move (each round in a game of rounds), the end.

    A step that shows nothing to anyone else (:meth:`Game.disclosure`: a step of a turn in
    progress) gets no frame of its own: the move that ends the turn shows it."""
    from render.replay import ReplayFrame

    game = find_game(job.game)
    state = game.new(job.players, job.options, job.seed)
    by_round = game.round_number(state) is not None
    frames = [ReplayFrame(game.view(state, None), _(START_CAPTION))]
    total = len(job.log)
    for number, (seat, text) in enumerate(job.log, start=1):
        before, action = game.round_number(state), game.parse(text)
        unseen = shows_nothing(game, state, seat, action)
        state, _events = game.apply(state, seat, action)
        outcome = game.outcome(state)
        if outcome is not None:
            reason = fill_names(engine_words(current(), outcome.reason), job.names)
            caption = _("Game over after {total} moves: {reason}", total=total, reason=reason)
        elif not by_round and not unseen:
            caption = _("Move {number} of {total}", number=number, total=total)
        elif game.round_number(state) != before:
            caption = _("Round {number}", number=game.round_number(state))
        else:
            continue
        frames.append(ReplayFrame(game.view(state, None), caption))
    return frames


def draw_replay(job: ReplayJob) -> bytes:
    """The animated GIF of a game in ``job.lang`` (run in a worker process); ReplayTooLarge
    (:mod:`render.replay`) if even its smallest frames do not fit the size limit."""
    from render.replay import render_replay

    with speaking(job.lang):
        return render_replay(replay_frames(job), job.names)


def fitting_replay(job: ReplayJob) -> bytes | None:
    """:func:`draw_replay`'s GIF, or None if even its smallest frames do not fit (run in a
    worker process: the bot's own never imports the renderer, its errors included)."""
    from render.replay import ReplayTooLarge

    try:
        return draw_replay(job)
    except ReplayTooLarge:
        return None


Frames = tuple[tuple[bytes, str], ...]
"""A replay's frames one by one: each picture (PNG) with its caption."""


def draw_frames(job: ReplayJob) -> Frames:
    """The pictures the replay GIF is made of, each with its caption (in a worker process)."""
    from render import render_view

    with speaking(job.lang):
        return tuple(
            (render_view(frame.view, job.names), frame.caption) for frame in replay_frames(job)
        )


def check_replayable(record: GameRecord | None, game_id: int, guild_id: int | None) -> GameRecord:
    """The game ``game_id`` if it finished in this server (any server when ``guild_id`` is
    None), else a UserError saying why there is no replay."""
    if record is None or (guild_id is not None and record.guild_id != guild_id):
        raise UserError("replay_unknown", game_id=game_id)
    if record.status == "cancelled":
        raise UserError("replay_cancelled", game_id=game_id)
    if record.status != "finished":
        raise UserError("replay_unfinished", game_id=game_id)
    return record


async def replayable_game(
    store: Store, *, guild_id: int | None, channel_id: int, game_id: int | None
) -> GameRecord:
    """The game ``/game replay`` shows: the one asked for, or the channel's last finished one."""
    if game_id is not None:
        return check_replayable(await store.get_game(game_id), game_id, guild_id)
    record = await store.last_finished_in(channel_id)
    if record is None:
        raise UserError("replay_none")
    return record


Key = tuple[int, int, str, str, tuple[str, ...]]
"""A drawing's game id, version, language, kind (GIF or frames) and the names drawn."""


def size_of(drawn: bytes | Frames) -> int:
    return len(drawn) if isinstance(drawn, bytes) else sum(len(png) for png, _ in drawn)


class Replays:
    """Replay GIFs and frames drawn by the picture workers, the latest kept within
    ``cache_bytes``."""

    def __init__(self, store: Store, pictures: Pictures, cache_bytes: int = CACHE_BYTES) -> None:
        self._store = store
        self._pictures = pictures
        self._cache: OrderedDict[Key, bytes | Frames] = OrderedDict()
        self._cache_bytes = cache_bytes
        self._drawing: dict[Key, asyncio.Future[bytes | Frames]] = {}

    @property
    def cached_bytes(self) -> int:
        return sum(size_of(drawn) for drawn in self._cache.values())

    async def gif(self, record: GameRecord, lang: str = SOURCE) -> bytes:
        """The replay of a finished game in ``lang``: cached, being drawn (then shared), or
        drawn now."""
        drawn = await self._drawn(record, lang, "gif")
        assert isinstance(drawn, bytes)
        return drawn

    async def frames(self, record: GameRecord, lang: str = SOURCE) -> Frames:
        """The frames of a finished game's replay, one picture each, with their captions."""
        drawn = await self._drawn(record, lang, "frames")
        assert isinstance(drawn, tuple)
        return drawn

    async def _drawn(self, record: GameRecord, lang: str, kind: str) -> bytes | Frames:
        key = (record.id, record.version, lang, kind, tuple(record.names))
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = asyncio.ensure_future(self._draw(record, lang, kind))
            self._drawing[key] = drawing
            drawing.add_done_callback(lambda done: self._settle(key, done))
        return await asyncio.shield(drawing)

    async def _draw(self, record: GameRecord, lang: str, kind: str) -> bytes | Frames:
        job = ReplayJob.of(record, await self._store.actions(record.id), lang)
        if kind == "frames":
            return await self._pictures.run(draw_frames, job)
        gif = await self._pictures.run(fitting_replay, job)
        if gif is None:
            raise UserError("replay_too_large")
        return gif

    def _settle(self, key: Key, done: asyncio.Future[bytes | Frames]) -> None:
        del self._drawing[key]
        if done.cancelled() or done.exception() is not None:
            return
        self._cache[key] = done.result()
        while self.cached_bytes > self._cache_bytes and len(self._cache) > 1:
            self._cache.popitem(last=False)
