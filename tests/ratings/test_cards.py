"""Card difficulty from placements and practice answers (docs/ratings.md)."""

from __future__ import annotations

from typing import Any

import pytest
from openskill.models import PlackettLuce

from geodeck.ratings import CardRatings, Rating, on_printed_scale, prior
from geodeck.ratings.cards import PRACTICE_SHIFT
from geodeck.ratings.placements import placements


def record(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The example of RECORDS.md (cross family), with other actions."""
    return {
        "format": "geodeck/1",
        "game": "uppsala",
        "variant": "geo",
        "seats": ["Ann", "Ben", "Cem"],
        "cards": {
            "uppsala": {"name": "Uppsala", "kind": "place", "lat": 59.8586, "lon": 17.6389},
            "berlin": {"name": "Berlin", "kind": "place", "lat": 52.5244, "lon": 13.4105},
            "lisbon": {"name": "Lisbon", "kind": "place", "lat": 38.7167, "lon": -9.1333},
            "eiffel": {"name": "Eiffel Tower", "kind": "sight", "lat": 48.8583, "lon": 2.2945},
            "rome": {"name": "Rome", "kind": "place", "lat": 41.8919, "lon": 12.5113},
        },
        "setup": {
            "start": "uppsala",
            "draw": ["berlin", "lisbon", "intermezzo", "eiffel"],
            "reserve": ["rome"],
        },
        "actions": actions,
    }


# Ann puts Berlin east of Uppsala (wrong: 13.4° E is west of 17.6° E, RULES.md A3) and Cem
# challenges it away; Ben puts Lisbon west of Uppsala (right).
WRONG_THEN_RIGHT = [
    {"seat": 0, "act": "place", "line": "west-east", "at": 1},
    {"seat": 1, "act": "accept"},
    {"seat": 2, "act": "challenge", "against": "uppsala"},
    {"seat": 1, "act": "place", "line": "west-east", "at": 0},
    {"seat": 2, "act": "accept"},
    {"seat": 0, "act": "accept"},
]


def test_placements_are_judged_against_the_neighbours() -> None:
    assert placements(record(WRONG_THEN_RIGHT)) == [
        ("Ann", "berlin", False),
        ("Ben", "lisbon", True),
    ]


def test_an_undercover_record_has_no_placements() -> None:
    assert placements({"game": "undercover"}) == []


def test_the_prior_is_the_printed_difficulty() -> None:
    assert prior({"difficulty": 1}).mu < prior({"difficulty": 2}).mu < prior({"difficulty": 3}).mu
    for printed in (1, 2, 3):
        assert on_printed_scale(prior({"difficulty": printed})) == pytest.approx(printed)
    assert on_printed_scale(prior({})) == pytest.approx(2.0)
    assert on_printed_scale(prior({"difficulty": True})) == pytest.approx(2.0)


def test_a_card_placed_wrong_is_harder() -> None:
    ratings = CardRatings(record([])["cards"])
    assert ratings.ingest_record(record(WRONG_THEN_RIGHT)) == 2
    assert ratings.difficulty("berlin") > 2.0 > ratings.difficulty("lisbon")
    assert ratings.difficulty("rome") == pytest.approx(2.0)
    assert ratings.answers("berlin") == 1
    assert ratings.answers("rome") == 0
    assert set(ratings.difficulties()) == {"berlin", "lisbon"}


def test_one_answer_is_the_libraries_duel() -> None:
    ratings = CardRatings({"x": {"difficulty": 3}})
    ratings.answer("Ann", "x", right=False)
    model = PlackettLuce()
    player, card = model.rate(
        [[model.rating()], [model.rating(mu=30.0, sigma=4.0)]], ranks=[1.0, 0.0]
    )
    assert ratings.rating("x").mu == pytest.approx(card[0].mu)
    assert ratings.rating("x").sigma == pytest.approx(card[0].sigma)
    assert ratings.players["Ann"].mu == pytest.approx(player[0].mu)


def test_beating_a_strong_player_counts_more() -> None:
    weak, strong = CardRatings(), CardRatings()
    strong.players["Ann"] = Rating(40.0, 2.0)
    weak.players["Ann"] = Rating(10.0, 2.0)
    for r in (weak, strong):
        r.answer("Ann", "x", right=False)
    assert strong.difficulty("x") > weak.difficulty("x") > 2.0


def test_an_answer_with_a_bound_moves_the_card_no_further() -> None:
    """A server's practice answer moves its card by at most ``PRACTICE_SHIFT``, also
    where the duel alone would move it further (a surprising answer about an uncertain
    card against a sure answerer)."""
    free, bound = CardRatings(), CardRatings()
    for r in (free, bound):
        r.players["practice"] = Rating(80.0, 0.5)
        r.cards["x"] = Rating(25.0, 8.0)
    free.answer("practice", "x", right=False)
    bound.answer("practice", "x", right=False, most=PRACTICE_SHIFT)
    assert free.rating("x").mu - 25.0 > 2 * PRACTICE_SHIFT
    assert bound.rating("x").mu == pytest.approx(25.0 + PRACTICE_SHIFT)
    assert bound.rating("x").sigma == free.rating("x").sigma
    assert bound.players == free.players
    gentle = CardRatings()
    gentle.answer("practice", "x", right=True, most=PRACTICE_SHIFT)
    unbound = CardRatings()
    unbound.answer("practice", "x", right=True)
    assert gentle.to_json() == unbound.to_json()  # within the bound: the duel as it is


def test_practice_memories_count_every_answer() -> None:
    memories = {"a": {"right": 6, "wrong": 0}, "b": {"right": 1, "wrong": 5}, "c": {"box": 1}}
    ratings = CardRatings()
    assert ratings.ingest_practice("Ann", memories) == 12
    assert ratings.difficulty("b") > ratings.difficulty("a")
    assert ratings.answers("b") == 6
    assert ratings.answers("c") == 0
    again = CardRatings()
    again.ingest_practice("Ann", memories)
    assert again.to_json() == ratings.to_json()


def test_malformed_practice_counts_are_no_answers() -> None:
    ratings = CardRatings()
    assert ratings.ingest_practice("Ann", {"a": {"right": "lots", "wrong": -3}}) == 0


def test_the_state_round_trips() -> None:
    ratings = CardRatings(record([])["cards"])
    ratings.ingest_record(record(WRONG_THEN_RIGHT))
    ratings.ingest_practice("Ben", {"rome": {"right": 2, "wrong": 1}})
    back = CardRatings.from_json(ratings.to_json())
    assert back.to_json() == ratings.to_json()
    assert back.answers("rome") == 3
