"""Deck files: ``geodeck.decks.files.deck_cards`` checks parsed JSON and returns the cards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck.core.errors import SetupError
from geodeck.decks.files import DeckError, deck_cards

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "sample-europe.json"
BERLIN = {"name": "Berlin", "kind": "place", "lat": 52.5244, "lon": 13.4105, "population": 3426354}


def test_the_sample_deck_loads_every_card() -> None:
    data = json.loads(SAMPLE.read_text("utf-8"))
    cards = deck_cards(data)
    assert len(cards) == 60
    assert cards["berlin"]["name"] == "Berlin"
    assert str(cards["berlin"]["source"]).startswith("geonames")


def test_a_list_of_cards_with_ids_is_the_same_deck() -> None:
    cards = deck_cards([{"id": "berlin", **BERLIN}, {"id": "rome", **BERLIN, "name": "Rome"}])
    assert list(cards) == ["berlin", "rome"]
    assert cards["berlin"] == BERLIN
    assert "id" not in cards["rome"]


def test_cards_may_also_be_a_list_inside_the_object() -> None:
    assert deck_cards({"cards": [{"id": "berlin", **BERLIN}]}) == {"berlin": BERLIN}


def test_a_loaded_deck_deals_a_game() -> None:
    cards = deck_cards(json.loads(SAMPLE.read_text("utf-8")))
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=1, deck=cards)
    assert game.view(None)["draw_left"] == 44


def test_deck_errors_are_setup_errors_with_their_own_code() -> None:
    with pytest.raises(SetupError) as caught:
        deck_cards([])
    assert isinstance(caught.value, DeckError)
    assert caught.value.code == "deck/invalid"
    assert "no cards" in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("cards", "not a string"),
        (17, "not a number"),
        (None, "not null"),
        ({"note": "x"}, 'needs a "cards" field'),
        ({"cards": "berlin"}, '"cards" must be an object or a list'),
        ({"cards": {}}, "no cards"),
        ([BERLIN], 'card #1: a card in a list needs an "id"'),
        (["berlin"], "card #1: must be an object"),
        ([{"id": "", **BERLIN}], "the id must be a non-empty string"),
        ([{"id": 7, **BERLIN}], "the id must be a non-empty string"),
        ([{"id": "b", **BERLIN}, {"id": "b", **BERLIN}], "'b' is used twice"),
        ({"cards": {"intermezzo": BERLIN}}, "reserved"),
        ({"cards": {"b": "Berlin"}}, "card 'b': must be an object"),
        ({"cards": {"b": {**BERLIN, "name": ""}}}, "'name' must be a non-empty string"),
        ({"cards": {"b": {k: v for k, v in BERLIN.items() if k != "kind"}}}, "'kind'"),
        ({"cards": {"b": {**BERLIN, "lat": 91}}}, "'lat' must be a number from -90 to 90"),
        ({"cards": {"b": {**BERLIN, "lat": "52"}}}, "'lat' must be a number"),
        ({"cards": {"b": {**BERLIN, "lon": -180.5}}}, "'lon' must be a number from -180 to 180"),
        ({"cards": {"b": {**BERLIN, "lon": True}}}, "'lon' must be a number"),
        ({"cards": {"b": {**BERLIN, "lon": float("nan")}}}, "'lon' must be a number"),
        ({"cards": {"b": {**BERLIN, "population": -1}}}, "'population' must be a number"),
        ({"cards": {"b": {**BERLIN, "area": "big"}}}, "'area' must be a number"),
        ({"cards": {"b": {**BERLIN, "altitude": -600}}}, "'altitude' must be a number of at"),
        ({"cards": {"b": {**BERLIN, "difficulty": 4}}}, "'difficulty' must be 1, 2 or 3"),
        ({"cards": {"b": {**BERLIN, "difficulty": 2.0}}}, "'difficulty' must be 1, 2 or 3"),
        ({"cards": {"b": {**BERLIN, "population_year": 2024.5}}}, "'population_year' must be"),
        ({"cards": {"b": {**BERLIN, "population_year": "2024"}}}, "'population_year' must be"),
        ({"cards": {"b": {**BERLIN, "area_year": 12}}}, "'area_year' must be a year"),
    ],
)
def test_bad_decks_are_refused_with_a_clear_message(data: Any, message: str) -> None:
    with pytest.raises(DeckError) as caught:
        deck_cards(data)
    assert message in str(caught.value)


def test_a_year_is_kept_with_its_figure() -> None:
    cards = deck_cards(
        {"cards": {"b": {**BERLIN, "population": 3_685_265, "population_year": 2024}}}
    )
    assert cards["b"]["population_year"] == 2024


def test_optional_fields_may_be_null_or_absent() -> None:
    cards = deck_cards({"cards": {"b": {**BERLIN, "population": None, "difficulty": 2}}})
    assert cards["b"]["population"] is None
    assert cards["b"]["difficulty"] == 2
