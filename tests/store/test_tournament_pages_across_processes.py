"""A tournament's page served by a process of its own (as ``islandbot web`` is) follows a
result another process records: on SQLite by looking at the watched tournaments, on
PostgreSQL through the store's NOTIFY."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import aiohttp

from bot.service import GameService
from bot.store import Store, TournamentSave
from bot.web import RateLimit, WebConfig, WebPages
from tournament import Format, Result, Settings, join, new, record, start

PUBLIC = "https://pages.example.org"
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


async def test_a_tournament_page_of_one_process_shows_a_result_recorded_by_another(
    database,
) -> None:
    here, there = await Store.open(database), await Store.open(database)
    pages = WebPages(GameService(here), WebConfig(PUBLIC, 0), RateLimit(100, 100))
    await pages.start()
    try:
        running = start(join(join(new(Settings(Format.SWISS, rounds=1)), 7), 8))
        made = await there.create_tournament(
            guild_id=1,
            channel_id=10,
            host_id=7,
            game="tigerisland",
            options={},
            state=running.to_json(),
            names={7: "Alice", 8: "Bob"},
            now=NOW,
        )
        found = await there.save_tournament(
            made, made.state, made.names, NOW, TournamentSave("running")
        )
        url = (await pages.tournament_link(found)).replace(PUBLIC, f"http://127.0.0.1:{pages.port}")
        async with aiohttp.ClientSession() as session:
            async with session.get(url) as page:
                assert page.status == 200 and "being played" in await page.text()
            async with session.get(f"{url}/events?lang=en") as stream:
                assert stream.headers["Content-Type"] == "text/event-stream"
                await asyncio.sleep(0.2)  # the page is watching
                seats = running.rounds[0].tables[0].seats
                done = record(running, 1, 0, Result((10.0, 4.0), (seats[0],)))
                await there.save_tournament(found, done.to_json(), found.names, NOW)
                seen = b""
                async with asyncio.timeout(10):
                    while b"10 : 4" not in seen:
                        seen += await stream.content.readline()
                assert (
                    b"event: change" in seen
                    and b"being played" not in seen.split(b"event: change")[-1]
                )
    finally:
        await pages.stop()
        await here.close()
        await there.close()
