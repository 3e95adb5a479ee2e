"""Settings read lately, used again for a few seconds instead of read again: every post and
every saved move asks for its server's settings and its players' (their pings)."""

from __future__ import annotations

from time import monotonic
from typing import Any

SETTINGS_SECONDS = 5.0
"""How long settings read are used again (see :class:`KeptSettings`)."""
SETTINGS_KEPT = 1024
"""Owners whose settings are kept at most (the oldest read forgotten first)."""


class KeptSettings:
    """Each owner's settings (a server's, a user's) as last read or changed by this store:
    used again for :data:`SETTINGS_SECONDS`, so this store's own changes are seen at once and
    another process's within those seconds."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[float, dict[str, Any]]] = {}

    def get(self, owner: int) -> dict[str, Any] | None:
        """A copy of ``owner``'s settings if read lately (the caller may change it)."""
        kept = self._kept.get(owner)
        if kept is None or kept[0] <= monotonic():
            return None
        return dict(kept[1])

    def keep(self, owner: int, settings: dict[str, Any]) -> None:
        """Remember ``owner``'s settings as read or changed now (a copy of them)."""
        if owner not in self._kept and len(self._kept) >= SETTINGS_KEPT:
            self._kept.pop(next(iter(self._kept)))
        self._kept[owner] = (monotonic() + SETTINGS_SECONDS, dict(settings))
