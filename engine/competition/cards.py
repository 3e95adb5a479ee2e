"""What the rules need to know about an island card, and how views refer to cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

CARD_TOKEN_PREFIX = "card:"
"""Views refer to island cards as ``card:<id>``; secrets use the same tokens."""


class Card(Protocol):
    """The facts of an island card the rules use (``deck.IslandCard`` provides them)."""

    @property
    def id(self) -> str: ...

    @property
    def sea(self) -> str: ...

    @property
    def name_en(self) -> str: ...

    @property
    def borders(self) -> int: ...

    def value(self, category: str) -> float | None: ...


CardIndex = Mapping[str, Card]


def token(card_id: str) -> str:
    """The view token of an island card, e.g. ``card:usedom``."""
    return f"{CARD_TOKEN_PREFIX}{card_id}"


def index_cards(cards: tuple[Card, ...]) -> dict[str, Card]:
    """Cards by id; refuses duplicate ids."""
    index = {card.id: card for card in cards}
    if len(index) != len(cards):
        raise ValueError("the deck holds duplicate card ids")
    return index
