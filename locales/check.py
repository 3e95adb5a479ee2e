"""What is wrong with a catalog: untranslated texts, texts left in English, placeholders
that differ from the source's. ``python -m locales.update`` prints these; the tests fail on
them."""

from __future__ import annotations

from string import Formatter

from babel.messages.catalog import Catalog

from . import FOLDER


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a text."""
    return {field for _, field, _, _ in Formatter().parse(text) if field is not None}


def same_words(lang: str) -> set[str]:
    """Message ids whose translation may equal the English text (``same_words.txt``)."""
    path = FOLDER / lang / "same_words.txt"
    if not path.exists():
        return set()
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line and not line.startswith("#")}


def problems(catalog: Catalog, lang: str) -> list[str]:
    """Every problem of ``catalog`` (the translations into ``lang``), one line each."""
    allowed = same_words(lang)
    found = []
    for message in catalog:
        if not message.id:
            continue
        text, translation = str(message.id), str(message.string or "")
        if not translation:
            found.append(f"{lang}: untranslated: {text!r}")
        elif translation == text and text not in allowed:
            found.append(f"{lang}: same as English (translate, or list in same_words): {text!r}")
        elif placeholders(translation) != placeholders(text):
            found.append(f"{lang}: placeholders differ: {text!r} → {translation!r}")
    return found
