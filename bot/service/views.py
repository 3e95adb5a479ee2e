"""Pictures of saved games: a seat's or the public view, drawn in the worker pool."""

from __future__ import annotations

from functools import partial
from typing import Any

from locales import current

from ..rendering import Drawer, PictureKey, Pictures, ViewSource, drawer_name, game_view
from ..store import GameRecord
from .loading import Loading
from .navigator import SavedState, Seated, preview_view, seated


class Views:
    """The pictures of a game's versions, once per viewer, picture and language."""

    def __init__(self, loading: Loading, pictures: Pictures) -> None:
        """What it uses: the state cache of ``loading``; ``pictures``, the worker pool that
        draws."""
        self._cached, self.reader = loading.cached, loading.reader
        self.pictures = pictures

    async def render(
        self,
        record: GameRecord,
        state: Any,
        seat: int | None = None,
        drawer: Drawer | None = None,
        name: str = "",
    ) -> bytes:
        """The PNG of ``seat``'s view (None: the public one) of the saved ``state``, drawn by
        the game's renderer or by ``drawer`` (another picture of that view); ``name`` tells
        apart pictures of one version and viewer (default: the drawer's name).

        Drawn outside the event loop's interpreter, once per game version, viewer, drawer and
        language (the current one: the reader's, see :mod:`bot.i18n`).
        """
        view: ViewSource = partial(game_view, record.game, state, seat)
        if record.state_text is not None and self._cached(record) is state:
            view = partial(preview_view, self.saved_state(record), seat, ())  # read per version
        return await self.render_view(seated(record, self.reader), view, seat, drawer, name)

    def saved_state(self, record: GameRecord) -> SavedState:
        """``record``'s saved state as the worker pool reads it."""
        return seated(record, self.reader).saved

    async def render_view(
        self,
        seated: Seated,
        view: ViewSource,
        seat: int | None,
        drawer: Drawer | None = None,
        name: str = "",
    ) -> bytes:
        """Like :meth:`render`, of a view source (e.g. :meth:`PanelStep.preview`)."""
        picture = name or (drawer_name(drawer) if drawer is not None else "")
        key = PictureKey(seated.id, seated.version, seat, picture, current())
        return await self.pictures.draw(key, view, seated.names, drawer)
