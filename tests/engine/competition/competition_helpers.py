"""Hand-made island cards and states for the Island competition rule tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.competition import CompetitionGame
from engine.competition.deck import IslandCard, Sea
from engine.competition.state import (
    BLIND,
    EMPTY_PILES,
    STANDARD,
    CompetitionState,
    SeatState,
    with_pile_card,
)
from engine.core import Rng

B = BLIND


def island(
    card_id: str,
    sea: Sea = Sea.ATLANTIC,
    *,
    area: float = 100.0,
    peak: int = 100,
    temp: float = 10.0,
    precip: int = 500,
    inhabitants: int = 1000,
    density: float | None = 10.0,
    borders: int = 0,
) -> IslandCard:
    """An island card with the given values (the names are derived from the id)."""
    name = card_id.replace("-", " ").title()
    return IslandCard(
        id=card_id,
        sea=sea,
        name_en=name,
        name_de=name,
        main_town="Town",
        peak_name="Peak",
        area_km2=area,
        peak_m=peak,
        temp_c=temp,
        precip_mm=precip,
        inhabitants=inhabitants,
        density=density,
        borders=borders,
        notes="test card",
    )


def synthetic_deck(count: int = 128, seed: int = 1) -> tuple[IslandCard, ...]:
    """A full-size deck of made-up islands across all seas, with border cards and one card
    without density (like Alexander Island)."""
    rnd = random.Random(seed)
    seas = list(Sea)
    cards = []
    for i in range(count):
        cards.append(
            island(
                f"isle-{i:03d}x",
                seas[i % len(seas)],
                area=round(rnd.uniform(1, 1000), 1),
                peak=rnd.randrange(0, 3000),
                temp=round(rnd.uniform(-20, 30), 1),
                precip=rnd.randrange(0, 3000),
                inhabitants=rnd.randrange(0, 100_000),
                density=None if i == 0 else round(rnd.uniform(0, 500), 1),
                borders=2 if i == 1 else int(i % 10 == 5),
            )
        )
    return tuple(cards)


def placed_state(
    game: CompetitionGame,
    drafts: Sequence[Sequence[str | None]],
    *,
    variant: str = STANDARD,
    face_up: Sequence[Sequence[str]] = (),
    face_down: Sequence[Sequence[str]] = (),
    rounds: int = 1,
) -> CompetitionState:
    """A state in the reveal phase: seat ``i`` has confirmed ``drafts[i]`` (twelve entries in
    reveal order, ``B`` for a blind); ``face_up``/``face_down`` pre-fill the piles. Cards of
    the game's deck not mentioned are in the draw pile."""
    used = {c for group in (*drafts, *face_up, *face_down) for c in group if c != B}
    seats = []
    for index, draft in enumerate(drafts):
        assert len(draft) == 12
        piles = EMPTY_PILES
        for card in face_up[index] if index < len(face_up) else ():
            piles = with_pile_card(piles, game.cards[card].sea, card)
        downs = tuple(face_down[index]) if index < len(face_down) else ()
        seats.append(SeatState(draft=tuple(draft), confirmed=True, face_up=piles, face_down=downs))
    return CompetitionState(
        num_players=len(drafts),
        variant=variant,
        rounds=rounds,
        islands_per_hand=12 - list(drafts[0]).count(B),
        blinds_per_hand=list(drafts[0]).count(B),
        rng=Rng(0),
        round=1,
        draw_pile=tuple(c for c in game.cards if c not in used),
        seats=tuple(seats),
    )


def one_slot(card: str, index: int = 0) -> list[str]:
    """A draft with ``card`` in slot ``index`` and blinds everywhere else."""
    draft = [B] * 12
    draft[index] = card
    return draft


SMALL_DECK = (
    island("mallorca", Sea.MEDITERRANEAN, area=3604, temp=17.8, inhabitants=900_000),
    island("madagascar", Sea.INDIAN, area=587_295, inhabitants=28_000_000),
    island("cuba", Sea.CARIBBEAN, area=109_884, temp=25.6, inhabitants=11_000_000),
    island("usedom", Sea.NORTH_BALTIC, area=445, temp=9.7, inhabitants=76_500, borders=1),
    island("sylt", Sea.NORTH_BALTIC, area=99, inhabitants=17_713),
    island("iceland", Sea.ATLANTIC, area=103_000, inhabitants=364_000),
    island("tenerife", Sea.ATLANTIC, area=2034, inhabitants=928_604),
    island("lampedusa", Sea.MEDITERRANEAN, area=20, inhabitants=4500),
    island("borneo", Sea.SOUTHEAST_ASIAN, area=743_330, borders=2),
    island("timor", Sea.SOUTHEAST_ASIAN, area=30_777, temp=25.6, borders=1),
    island("jamaica", Sea.CARIBBEAN, area=10_991, temp=25.6),
    island("tasmania", Sea.PACIFIC, area=68_401),
    island("alexander-island", Sea.ANTARCTIC, area=49_070, inhabitants=0, density=None),
)
"""Real islands with the values printed in the rules (others made up where unused)."""
