"""Page markup: every text escaped, every name isolated, no inline script or style.

Names and island names are players' own words: :func:`esc` escapes them, and :func:`name`
also wraps them in ``<bdi>`` so a right-to-left mark inside a name cannot reorder the text
around it. Pages load ``/static/`` files only (the Content-Security-Policy allows nothing
else); without JavaScript they still show everything, and refresh themselves now and then.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from urllib.parse import urlencode

from locales import LANGUAGES

from ..i18n import ISOLATES

NO_SCRIPT_REFRESH_SECONDS = 30
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
"""Each language in its own words."""


def esc(text: object) -> str:
    """``text`` as HTML text (quotes too, so it is safe in attributes)."""
    return html.escape(str(text), quote=True)


def name(text: object) -> str:
    """A player's or an island's name: escaped and isolated from the text around it (its
    own isolate marks dropped: they could end the isolation early)."""
    return f"<bdi>{esc(str(text).translate(ISOLATES))}</bdi>"


def link(path: str, query: Mapping[str, object] | None = None) -> str:
    """A path with its query, escaped for an attribute."""
    given = {k: v for k, v in (query or {}).items() if v is not None}
    return esc(path + ("?" + urlencode(given) if given else ""))


def language_switch(path: str, lang: str, query: Mapping[str, object] | None = None) -> str:
    """Links to the same page in each other language."""
    others = [
        f'<a href="{link(path, {**(query or {}), "lang": other})}" hreflang="{other}">'
        f"{esc(LANGUAGE_NAMES[other])}</a>"
        for other in LANGUAGES
        if other != lang
    ]
    return f'<nav class="languages">{" · ".join(others)}</nav>'


def document(
    *,
    title: str,
    body: str,
    lang: str,
    scripts: Iterable[str] = (),
    live: bool = False,
    classes: str = "",
) -> str:
    """A whole page; ``live`` pages reload themselves where JavaScript cannot update them."""
    refresh = (
        f'<noscript><meta http-equiv="refresh" content="{NO_SCRIPT_REFRESH_SECONDS}"></noscript>'
        if live
        else ""
    )
    tags = "".join(f'<script src="/static/{esc(s)}" defer></script>' for s in scripts)
    return (
        f'<!DOCTYPE html><html lang="{esc(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        '<link rel="stylesheet" href="/static/style.css">'
        f"{refresh}{tags}</head>"
        f'<body class="{esc(classes)}">{body}</body></html>'
    )
