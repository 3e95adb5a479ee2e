"""Data tests for the Island competition deck (engine/competition/data/islands.csv)."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from importlib import resources

import pytest

from engine.competition.deck import (
    BLIND_CARDS,
    CATEGORIES,
    DECK_SIZE,
    SEA_COUNTS,
    SEAS,
    IslandCard,
    Sea,
    card_by_id,
    load_deck,
)

NAMED_BY_THE_RULES: dict[str, Sea] = {
    "sylt": Sea.NORTH_BALTIC,
    "usedom": Sea.NORTH_BALTIC,
    "mallorca": Sea.MEDITERRANEAN,
    "lampedusa": Sea.MEDITERRANEAN,
    "djerba": Sea.MEDITERRANEAN,
    "iceland": Sea.ATLANTIC,
    "tenerife": Sea.ATLANTIC,
    "cape-verde": Sea.ATLANTIC,
    "great-britain": Sea.ATLANTIC,
    "tierra-del-fuego": Sea.ATLANTIC,
    "cuba": Sea.CARIBBEAN,
    "jamaica": Sea.CARIBBEAN,
    "bahamas": Sea.CARIBBEAN,
    "madagascar": Sea.INDIAN,
    "seychelles": Sea.INDIAN,
    "galapagos": Sea.PACIFIC,
    "tasmania": Sea.PACIFIC,
    "ellesmere": Sea.ARCTIC,
    "spitsbergen": Sea.ARCTIC,
    "greenland": Sea.ARCTIC,
    "alexander-island": Sea.ANTARCTIC,
    "ross-island": Sea.ANTARCTIC,
}
"""The 22 islands the rules or reviews name, with their sea."""

SHARED_BY_TWO_COUNTRIES = (
    "usedom",
    "ireland",
    "hispaniola",
    "timor",
    "new-guinea",
    "tierra-del-fuego",
    "saint-martin",
)


@pytest.fixture(scope="module")
def deck() -> tuple[IslandCard, ...]:
    return load_deck()


def test_deck_size_and_blind_cards(deck: tuple[IslandCard, ...]) -> None:
    assert len(deck) == DECK_SIZE == 128
    assert BLIND_CARDS == 20


def test_counts_per_sea(deck: tuple[IslandCard, ...]) -> None:
    counts = Counter(card.sea for card in deck)
    assert counts == SEA_COUNTS
    assert counts[Sea.NORTH_BALTIC] == 18
    assert sum(SEA_COUNTS.values()) == 128


def test_seas_in_scoring_order() -> None:
    assert [sea.value for sea in SEAS] == [
        "north-baltic",
        "mediterranean",
        "atlantic",
        "caribbean",
        "indian",
        "southeast-asian",
        "pacific",
        "arctic",
        "antarctic",
    ]
    assert [sea.display_name for sea in SEAS] == [
        "North & Baltic Sea",
        "Mediterranean Sea",
        "Atlantic Ocean",
        "Caribbean Sea",
        "Indian Ocean",
        "Southeast Asian Seas",
        "Pacific Ocean",
        "Arctic Ocean",
        "Antarctic Ocean",
    ]


def test_categories_in_reveal_order() -> None:
    assert [c.key for c in CATEGORIES] == [
        "area",
        "peak",
        "temperature",
        "precipitation",
        "inhabitants",
        "density",
    ]
    assert all(c.name for c in CATEGORIES)


def test_antarctic_is_alexander_and_ross(deck: tuple[IslandCard, ...]) -> None:
    antarctic = {card.id for card in deck if card.sea is Sea.ANTARCTIC}
    assert antarctic == {"alexander-island", "ross-island"}


def test_only_alexander_island_lacks_a_density(deck: tuple[IslandCard, ...]) -> None:
    without = [card.id for card in deck if card.density is None]
    assert without == ["alexander-island"]
    alexander = card_by_id("alexander-island")
    assert alexander.inhabitants == 0
    assert alexander.value("density") is None
    assert not alexander.has_value("density")


def test_borders(deck: tuple[IslandCard, ...]) -> None:
    assert all(card.borders in (0, 1, 2) for card in deck)
    assert [card.id for card in deck if card.borders == 2] == ["borneo"]
    for card_id in SHARED_BY_TWO_COUNTRIES:
        assert card_by_id(card_id).borders == 1, card_id
    assert sum(card.borders == 1 for card in deck) >= len(SHARED_BY_TWO_COUNTRIES)


def test_density_agrees_with_inhabitants_and_area(deck: tuple[IslandCard, ...]) -> None:
    for card in deck:
        if card.density is None:
            continue
        computed = card.inhabitants / card.area_km2
        tolerance = max(0.05 * computed, 1.0) if computed >= 1 else 0.05 * computed
        assert abs(card.density - computed) <= tolerance, (card.id, card.density, computed)


def _raw_rows() -> list[dict[str, str]]:
    """The data file's rows as printed (strings), to see how many decimals a value shows."""
    text = resources.files("engine.competition").joinpath("data", "islands.csv").read_text("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def test_density_is_inhabitants_over_area_rounded_as_printed() -> None:
    """Every printed density is inhabitants / area, rounded to the decimals it shows; small
    densities (below 10) show at least two significant digits."""
    rows = _raw_rows()
    assert len(rows) == DECK_SIZE
    for row in rows:
        printed = row["density"].strip()
        if not printed:
            continue
        decimals = len(printed.partition(".")[2])
        computed = int(row["inhabitants"]) / float(row["area_km2"])
        assert float(printed) == round(computed, decimals), (row["id"], printed, computed)
        if 0 < computed < 10:
            digits = printed.replace(".", "").lstrip("0")
            assert len(digits) >= 2, (row["id"], printed)


def test_no_permanent_inhabitants_means_zero(deck: tuple[IslandCard, ...]) -> None:
    """A card whose notes say it has no permanent inhabitants shows 0 inhabitants and a density
    of 0 (or none, Alexander Island); station staff are not counted. And every card with 0
    inhabitants says so in its notes."""
    for card in deck:
        uninhabited = "no permanent inhabitants" in card.notes
        assert uninhabited == (card.inhabitants == 0), card.id
        if uninhabited:
            assert card.density in (None, 0), card.id
    for card in deck:
        if card.sea is Sea.ANTARCTIC:
            assert card.inhabitants == 0, card.id
    assert card_by_id("ross-island").density == 0


SOURCE_MARKERS = (
    "Wikipedia",
    "as printed in the rules",
    "census",
    "Statistics",
    "INE",
    "INSEE",
    "ISTAT",
    "Environment Canada",
    "met.no",
    "Cool Antarctica",
    "List of islands by population",
)
FIELD_WORDS = re.compile(r"area|peak|inhabitants|climate|temperature|precipitation")


def test_notes_name_a_source_and_what_is_approximate(deck: tuple[IslandCard, ...]) -> None:
    """Every card's notes name where its values come from; every estimate ("approx.") sits in a
    clause that says which value it is."""
    for card in deck:
        assert any(marker in card.notes for marker in SOURCE_MARKERS), card.id
        for clause in card.notes.split(";"):
            if "approx" in clause:
                assert FIELD_WORDS.search(clause), (card.id, clause)


def test_island_groups_are_not_mixed_with_single_islands() -> None:
    """Luzon and Mindanao are the islands themselves: the island groups' inhabitants (64.3 and
    27.0 million) would not match the islands' areas."""
    assert card_by_id("luzon").inhabitants < 60_000_000
    assert card_by_id("mindanao").inhabitants < 27_000_000
    for card_id in ("luzon", "mindanao"):
        assert "island group" in card_by_id(card_id).notes


def test_ids_and_names_unique(deck: tuple[IslandCard, ...]) -> None:
    ids = [card.id for card in deck]
    names = [card.name_en for card in deck]
    assert len(set(ids)) == len(ids)
    assert len(set(names)) == len(names)
    assert all(card_id == card_id.strip().lower() and " " not in card_id for card_id in ids)


def test_text_fields_filled(deck: tuple[IslandCard, ...]) -> None:
    for card in deck:
        for text in (card.name_en, card.name_de, card.main_town, card.peak_name, card.notes):
            assert text.strip(), card.id


def test_values_in_plausible_ranges(deck: tuple[IslandCard, ...]) -> None:
    for card in deck:
        assert 0 < card.area_km2 < 2_200_000, card.id
        assert 0 <= card.peak_m <= 5_000, card.id
        assert -30 <= card.temp_c <= 30, card.id
        assert 0 < card.precip_mm <= 12_000, card.id
        assert 0 <= card.inhabitants < 300_000_000, card.id
        assert card.density is None or card.density >= 0, card.id


def test_every_category_has_a_value(deck: tuple[IslandCard, ...]) -> None:
    for card in deck:
        for category in CATEGORIES:
            value = card.value(category)
            if card.id == "alexander-island" and category.key == "density":
                assert value is None
            else:
                assert isinstance(value, int | float), (card.id, category.key)
            assert card.value(category.key) == value


def test_values_printed_in_the_rules() -> None:
    usedom = card_by_id("usedom")
    assert usedom.area_km2 == 445
    assert usedom.peak_m == 69
    assert usedom.temp_c == 9.7
    assert usedom.precip_mm == 716
    assert usedom.inhabitants == 76_500
    assert usedom.density == 172
    assert usedom.borders == 1
    assert card_by_id("mallorca").area_km2 == 3_604
    assert card_by_id("madagascar").area_km2 == 587_295
    assert card_by_id("cuba").area_km2 == 109_884
    assert card_by_id("sylt").inhabitants == 17_713
    assert card_by_id("iceland").inhabitants == 364_000
    assert card_by_id("tenerife").inhabitants == 928_604
    assert card_by_id("lampedusa").inhabitants == 4_500


def test_rules_example_tricks() -> None:
    area = [card_by_id(i).value("area") for i in ("mallorca", "madagascar", "cuba", "usedom")]
    assert max(area) == card_by_id("madagascar").area_km2
    people = [card_by_id(i).value("inhabitants") for i in ("sylt", "iceland", "tenerife")]
    assert min(people) > card_by_id("lampedusa").inhabitants


def test_named_islands_present_in_their_sea(deck: tuple[IslandCard, ...]) -> None:
    assert len(NAMED_BY_THE_RULES) == 22
    for card_id, sea in NAMED_BY_THE_RULES.items():
        assert card_by_id(card_id).sea is sea, card_id
    assert card_by_id("great-britain").area_km2 < 210_000  # the main island only


def test_card_by_id_unknown() -> None:
    with pytest.raises(KeyError):
        card_by_id("atlantis")


def test_load_deck_is_cached() -> None:
    assert load_deck() is load_deck()
