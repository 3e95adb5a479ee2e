"""The pages' parts on their own: configuration, the rate limit, the live fan-out, escaping."""

from __future__ import annotations

import asyncio

import pytest

from bot.web import RateLimit, WebConfig
from bot.web.html import TEMPLATES, isolated
from bot.web.live import Live, shows


def test_pages_are_served_only_with_an_address_and_a_port() -> None:
    assert WebConfig.of({}) is None
    assert WebConfig.of({"ISLANDBOT_WEB_URL": "https://games.example.org"}) is None
    config = WebConfig.of(
        {"ISLANDBOT_WEB_URL": "https://games.example.org/", "ISLANDBOT_WEB_PORT": "8080"}
    )
    assert config == WebConfig("https://games.example.org", 8080, "127.0.0.1", False)
    for wrong in ({"ISLANDBOT_WEB_PORT": "http"}, {"ISLANDBOT_WEB_URL": "games.example.org"}):
        values = {"ISLANDBOT_WEB_URL": "https://g.example", "ISLANDBOT_WEB_PORT": "80", **wrong}
        with pytest.raises(ValueError):
            WebConfig.of(values)


def test_the_rate_limit_allows_a_burst_then_a_steady_rate_per_address() -> None:
    now = [0.0]
    limit = RateLimit(per_second=2, burst=3, clock=lambda: now[0])
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b")  # another address has its own
    now[0] = 0.5
    assert limit.allow("a") and not limit.allow("a")


def test_a_name_is_escaped_and_isolated() -> None:
    assert isolated('<script>x</script>"') == "<bdi>&lt;script&gt;x&lt;/script&gt;&#34;</bdi>"
    assert isolated("\u2069\u202eevil") == "<bdi>\u202eevil</bdi>"  # cannot end its isolation


def test_every_template_escapes_by_default() -> None:
    assert TEMPLATES.autoescape is True
    names = TEMPLATES.list_templates()
    assert "base.html" in names and "live_game.html" in names
    hostile = '<img src=x onerror="alert(1)">'
    html = TEMPLATES.get_template("error.html").render(title=hostile, text=hostile, lang="en")
    assert hostile not in html and "&lt;img" in html


async def test_a_burst_of_changes_builds_one_fragment_at_a_time_ending_on_the_newest() -> None:
    versions = iter(range(1, 100))
    built: list[int] = []

    async def build(game_id: int, lang: str) -> str:
        version = next(versions)
        built.append(version)
        await asyncio.sleep(0.01)
        return f"<p>{version}</p>"

    live = Live(build)
    with live.watch(7, "en") as page:
        first = await page.next(1)
        for _ in range(10):
            live.changed(7)  # ten changes while one is being built
        await asyncio.sleep(0.1)
        newest = await page.next(1)
        live.changed(8)  # nobody watches game 8
    assert first == ("<p>1</p>", shows("<p>1</p>"))
    assert newest is not None and newest[0] == f"<p>{built[-1]}</p>"
    assert len(built) == 2  # the ten changes folded into one build
    assert live.open_pages == 0


async def test_a_change_that_shows_nothing_new_is_not_sent() -> None:
    shown = iter(["<p>a</p>", "<p>a</p>", "<p>b</p>"])  # the second: a private step

    async def build(game_id: int, lang: str) -> str:
        return f'<section data-version="1">{next(shown)}</section>'

    live = Live(build)
    with live.watch(7, "en") as page:
        first = await page.next(1)
        assert first is not None and "<p>a</p>" in first[0]
        live.changed(7)
        assert await page.next(0.1) is None  # shows what the page shows
        live.changed(7)
        last = await page.next(1)
        assert last is not None and "<p>b</p>" in last[0]


async def test_a_page_that_says_what_it_shows_is_sent_only_something_newer() -> None:
    async def build(game_id: int, lang: str) -> str:
        return "<p>a</p>"

    live = Live(build)
    with live.watch(7, "en", shows("<p>a</p>")) as page:  # a page reconnecting
        assert await page.next(0.1) is None


async def test_a_stopping_server_ends_streams_without_telling_pages_the_game_is_gone() -> None:
    async def build(game_id: int, lang: str) -> str | None:
        return None if game_id == 8 else "<p>a</p>"

    live = Live(build)
    with live.watch(7, "en") as stopped, live.watch(8, "en") as gone:
        await asyncio.sleep(0.05)
        live.close()
        assert stopped.closed and not stopped.gone
        assert gone.gone


def test_a_web_variable_without_its_partner_is_named() -> None:
    url, port = "ISLANDBOT_WEB_URL", "ISLANDBOT_WEB_PORT"
    assert WebConfig.partner_missing({}) is None
    assert WebConfig.partner_missing({url: "https://g.example", port: "80"}) is None
    assert "without ISLANDBOT_WEB_URL" in (WebConfig.partner_missing({port: "80"}) or "")
    only_url = WebConfig.partner_missing({url: "https://g.example"}) or ""
    assert "without ISLANDBOT_WEB_PORT" in only_url
    proxy = WebConfig.partner_missing({"ISLANDBOT_WEB_TRUST_PROXY": "1"}) or ""
    assert "ISLANDBOT_WEB_TRUST_PROXY is set without ISLANDBOT_WEB_URL" in proxy
    # the offline demonstration needs only a port
    assert WebConfig.local({port: "8080"}) == WebConfig("http://127.0.0.1:8080", 8080)


def test_an_address_keeps_a_bounded_number_of_streams_open() -> None:
    limit = RateLimit(streams=2)
    with limit.stream("a") as first, limit.stream("a") as second, limit.stream("a") as third:
        assert (first, second, third) == (True, True, False)
        with limit.stream("b") as other:
            assert other
    with limit.stream("a") as again:
        assert again  # closed streams no longer count
