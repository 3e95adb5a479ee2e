"""From a request to what it may see: the language, and the game or server its token names.

A token nobody was given, a game of a server that turned its pages off, anything malformed:
all answer the same 404, so a link tells nothing about what it does not name.
"""

from __future__ import annotations

from aiohttp import web

from locales import LANGUAGES, SOURCE, language

from ..service import GameService
from ..store import GameRecord
from .links import pages_on


def page_language(request: web.Request) -> str:
    """``?lang=`` if it names a language, else the browser's first one we speak."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("Accept-Language", "").split(",")[:10]:
        tag = part.split(";", 1)[0].strip().lower()
        if tag.split("-")[0] in LANGUAGES:
            return language(tag)
    return SOURCE


async def game_of(service: GameService, token: str) -> GameRecord:
    """The game ``token`` names, if its server has pages; else 404."""
    linked = await service.store.linked(token)
    record = None
    if linked is not None and linked.game_id is not None:
        record = await service.store.get_game(linked.game_id)
    if record is None or not await pages_on(service, record.guild_id):
        raise web.HTTPNotFound()
    return record


async def guild_of(service: GameService, token: str) -> int:
    """The server ``token`` names, if it has pages; else 404."""
    linked = await service.store.linked(token)
    if linked is None or linked.guild_id is None or not await pages_on(service, linked.guild_id):
        raise web.HTTPNotFound()
    return linked.guild_id
