"""Page markup from Jinja2 templates (``bot/web/templates``) that escape every value they are
given (autoescape): names, island names and every text reach a page as text.

Names are players' own words: the ``isolated`` filter also wraps them in ``<bdi>`` (their
own isolate marks dropped), so a right-to-left mark inside a name cannot reorder the text
around it. Pages load ``/static/`` files only (the Content-Security-Policy allows nothing
else); without JavaScript they still show everything, and refresh themselves now and then.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, PackageLoader
from markupsafe import Markup

from locales import LANGUAGES

from ..i18n import ISOLATES

NO_SCRIPT_REFRESH_SECONDS = 30
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
"""Each language in its own words."""


def isolated(text: object) -> Markup:
    """A player's or an island's name: escaped and isolated from the text around it."""
    return Markup("<bdi>{}</bdi>").format(str(text).translate(ISOLATES))


TEMPLATES = Environment(
    loader=PackageLoader("bot.web", "templates"), autoescape=True, trim_blocks=True
)
TEMPLATES.filters["isolated"] = isolated


def link(path: str, query: Mapping[str, object] | None = None) -> str:
    """A path with its query (the template escapes it where it is put)."""
    given = {k: v for k, v in (query or {}).items() if v is not None}
    return path + ("?" + urlencode(given) if given else "")


def languages(
    path: str, lang: str, query: Mapping[str, object] | None = None
) -> list[dict[str, str]]:
    """The same page in each other language (``languages.html`` lists them)."""
    return [
        {
            "href": link(path, {**(query or {}), "lang": other}),
            "lang": other,
            "name": LANGUAGE_NAMES[other],
        }
        for other in LANGUAGES
        if other != lang
    ]


def fragment(template: str, **values: Any) -> Markup:
    """A part of a page (a game's live part), from its template."""
    return Markup(TEMPLATES.get_template(template).render(**values))


def page(
    template: str,
    *,
    title: str,
    lang: str,
    scripts: Iterable[str] = (),
    live: bool = False,
    classes: str = "",
    **values: Any,
) -> str:
    """A whole page from its template (which extends ``base.html``); ``live`` pages reload
    themselves where JavaScript cannot update them."""
    return TEMPLATES.get_template(template).render(
        title=title,
        lang=lang,
        scripts=list(scripts),
        live=live,
        refresh=NO_SCRIPT_REFRESH_SECONDS,
        classes=classes,
        **values,
    )
