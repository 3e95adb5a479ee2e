"""The daily game's service: open a player's attempt, follow its panel, rank its result.

An attempt is the player's own one-seat Islant, seeded from the day (see :mod:`.rolls`); the
engine reveals the next roll only when the turn is submitted. Every tap loads the attempt,
applies the engine's action and saves with the version it was loaded at (the database
refuses a save from an older version), so taps reaching different processes stay safe.
Attempts of earlier days still unfinished end as stopped the first time anyone asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import partial
from typing import Any

from engine.core import Path, View, joined
from engine.islant import ENDED, GAME, STOPPED, IslantState
from locales import current

from ..errors import UserError
from ..rendering import Drawer, PictureKey, drawer_name
from ..service import GameService, PanelStep, Seated
from ..service.navigator import LinesFor, SavedState, no_lines
from ..store import DailyAttempt, VersionConflict, encoded_state
from .rolls import FIRST_DAY, day_of, day_seed, new_secret

SEAT = 0
TOP = 10  # rows of each leaderboard


@dataclass(slots=True)
class DailyStep:
    """Where a tap on a daily panel led: the attempt as saved and its panel step;
    ``played`` describes the action the tap made, if it made one."""

    attempt: DailyAttempt
    panel: PanelStep
    played: str = ""


@dataclass(frozen=True, slots=True)
class Standing:
    """A rank among the day's finished attempts (ties share a rank) and how many finished."""

    rank: int
    of: int


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A finished attempt with its rank on its server and everywhere."""

    attempt: DailyAttempt
    server: Standing | None
    everywhere: Standing


@dataclass(frozen=True, slots=True)
class DailyBoard:
    """A day's leaderboard at a level, as one user sees it."""

    day: date
    level: int
    over: bool
    server: list[DailyAttempt]
    everywhere: list[DailyAttempt]
    mine: DailyResult | DailyAttempt | None
    streak: int
    best: dict[int, int]


def seat_view(state: Any) -> View:
    """The player's view of a saved attempt (a module-level function: it is built where its
    picture is drawn, in a worker process)."""
    return GAME.view(GAME.deserialize(state), SEAT)


def streak(days: list[str], today: date) -> int:
    """Days played in a row, up to today (or up to yesterday while today is not played)."""
    played = {date.fromisoformat(d) for d in days}
    day = today if today in played else today - timedelta(days=1)
    count = 0
    while day in played:
        count += 1
        day -= timedelta(days=1)
    return count


class DailyService:
    """Islant of the day for every server, over the game service's store and pictures."""

    def __init__(self, games: GameService) -> None:
        self.games = games
        self.store = games.store
        self._secret: str | None = None

    def today(self) -> date:
        return day_of(self.games.now())

    async def _tidy(self) -> date:
        """End the unfinished attempts of earlier days; returns today."""
        today = self.today()
        await self.store.expire_daily(today.isoformat(), STOPPED, self.games.now())
        return today

    async def _seed(self, day: date, level: int) -> int:
        if self._secret is None:
            self._secret = await self.store.daily_secret(new_secret())
        return day_seed(self._secret, day, level)

    # ----- playing ----------------------------------------------------------------------
    async def open(
        self,
        user_id: int,
        user_name: str,
        guild_id: int | None,
        level: int,
        lines: LinesFor = no_lines,
    ) -> DailyStep:
        """The user's attempt of today at ``level``: started now, or as they left it."""
        today = await self._tidy()
        attempt = await self.store.daily_attempt(user_id, today.isoformat(), level)
        if attempt is None:
            state = GAME.new(1, {"level": level}, await self._seed(today, level))
            attempt = await self.store.start_daily(
                user_id=user_id,
                day=today.isoformat(),
                level=level,
                guild_id=guild_id,
                user_name=user_name,
                state=GAME.serialize(state),
                breakdown=self.score_parts(state),
                now=self.games.now(),
            )
        return DailyStep(attempt, await self.games.first(self._seated(attempt), SEAT, lines))

    async def choose(
        self,
        user_id: int,
        attempt_id: int,
        version: str | None,
        path: Path,
        lines: LinesFor = no_lines,
    ) -> DailyStep:
        """Follow a tap: the menu ``path`` leads to, or the action it completes, saved.

        A panel drawn for another seat version, a finished attempt, or a save that lost to
        another tap gets the attempt's current first menu, ``stale``. The menus are worked out
        in the worker pool.
        """
        await self._tidy()
        attempt = await self._own(user_id, attempt_id)
        if attempt.finished:
            return await self._stale(attempt, lines)
        panel = await self.games.plan(self._seated(attempt), SEAT, version, path, lines)
        if not panel.plan.play:
            return DailyStep(attempt, panel)
        played = joined([GAME.describe(action) for action in panel.plan.play], "; ")
        after = self.state_of(attempt)
        for action in panel.plan.play:
            after, _ = GAME.apply(after, SEAT, action)
        try:
            attempt = await self._save(attempt, after)
        except VersionConflict:
            return await self._stale(await self._own(user_id, attempt_id), lines)
        return DailyStep(
            attempt, await self.games.first(self._seated(attempt), SEAT, lines), played
        )

    async def _own(self, user_id: int, attempt_id: int) -> DailyAttempt:
        attempt = await self.store.daily_attempt_by_id(attempt_id)
        if attempt is None or attempt.user_id != user_id:
            raise UserError("daily_not_yours")
        return attempt

    async def _save(self, attempt: DailyAttempt, state: IslantState) -> DailyAttempt:
        parts = self.score_parts(state)
        status = state.players[SEAT].status
        await self.store.save_daily(
            attempt.id,
            expected_version=attempt.version,
            state=GAME.serialize(state),
            status=status if status in ENDED else "playing",
            score=parts["total"],
            breakdown=parts,
            now=self.games.now(),
        )
        saved = await self.store.daily_attempt_by_id(attempt.id)
        assert saved is not None
        return saved

    async def _stale(self, attempt: DailyAttempt, lines: LinesFor) -> DailyStep:
        """The attempt's first menu, for a tap from a panel that is out of date."""
        return DailyStep(
            attempt, await self.games.first(self._seated(attempt), SEAT, lines, stale=True)
        )

    def _seated(self, attempt: DailyAttempt) -> Seated:
        """The attempt as its panel's navigator sees it: a one-seat Islant (attempts have
        ids of their own, kept apart from games' in the worker pool)."""
        key = (self.games.reader, "daily", attempt.id)
        saved = SavedState(GAME.info.name, key, attempt.version, encoded_state(attempt.state))
        return Seated(saved, (attempt.user_name,), attempt.finished)

    # ----- states and pictures ----------------------------------------------------------
    def state_of(self, attempt: DailyAttempt) -> IslantState:
        state: IslantState = GAME.deserialize(attempt.state)
        return state

    @staticmethod
    def score_parts(state: IslantState) -> dict[str, int]:
        """The seat's score as of its last submitted turn, with its parts."""
        return dict(GAME.score_sheet(state)[SEAT])

    async def picture(
        self, attempt: DailyAttempt, drawer: Drawer, view: View | None = None, tag: str = ""
    ) -> bytes:
        """A picture of the attempt drawn in the worker pool: ``drawer`` of the seat's view
        (or of ``view``). Attempts use negative ids in picture keys, apart from games'."""
        name = f"{drawer_name(drawer)}{tag}"
        key = PictureKey(-attempt.id, attempt.version, SEAT, name, current())  # its reader's words
        source = view if view is not None else partial(seat_view, attempt.state)
        return await self.games.pictures.draw(key, source, [attempt.shown_name], drawer)

    # ----- results ----------------------------------------------------------------------
    async def result(self, attempt: DailyAttempt) -> DailyResult:
        """A finished attempt's ranks on the server it was started in and everywhere."""
        day, level, score = attempt.day, attempt.level, attempt.score
        server = None
        if attempt.guild_id is not None:
            server = Standing(*await self.store.daily_rank(day, level, score, attempt.guild_id))
        everywhere = Standing(*await self.store.daily_rank(day, level, score))
        return DailyResult(attempt, server, everywhere)

    async def board(
        self, user_id: int, guild_id: int | None, level: int, day: date | None = None
    ) -> DailyBoard:
        """The leaderboard of ``day`` (default today) at ``level``, with the user's own line,
        streak and best scores. Refuses a day still to come, or before the first."""
        today = await self._tidy()
        day = day or today
        if day > today:
            raise UserError("daily_future")
        if day < FIRST_DAY:
            raise UserError("daily_before_first", first=FIRST_DAY.isoformat())
        text = day.isoformat()
        server = await self.store.daily_top(text, level, TOP, guild_id) if guild_id else []
        everywhere = await self.store.daily_top(text, level, TOP)
        own = await self.store.daily_attempt(user_id, text, level)
        mine: DailyResult | DailyAttempt | None = own
        if own is not None and own.finished:
            mine = await self.result(own)
        days_in_a_row, best = await self.habit(user_id)
        return DailyBoard(day, level, day < today, server, everywhere, mine, days_in_a_row, best)

    async def habit(self, user_id: int) -> tuple[int, dict[int, int]]:
        """The user's streak of days played (up to today) and best finished score per level."""
        today = await self._tidy()
        days = await self.store.daily_days(user_id)
        return streak(days, today), await self.store.daily_best(user_id)

    async def past_sheet(self, attempt_id: int) -> DailyAttempt:
        """A finished attempt of a day that is over (sheets stay hidden until then)."""
        today = await self._tidy()
        attempt = await self.store.daily_attempt_by_id(attempt_id)
        if attempt is None:
            raise UserError("unknown_button")
        if date.fromisoformat(attempt.day) >= today:
            raise UserError("daily_sheet_later")
        return attempt


def card_view(result: DailyResult, number: int) -> View:
    """What the result card shows: the day, level, score, its parts and the ranks."""
    attempt = result.attempt
    data: dict[str, Any] = {
        "number": number,
        "level": attempt.level,
        "score": attempt.score,
        "parts": attempt.breakdown,
        "everywhere": [result.everywhere.rank, result.everywhere.of],
        "server": [result.server.rank, result.server.of] if result.server else None,
        "status": attempt.status,
    }
    return View("islant-daily", None, data)
