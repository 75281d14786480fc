"""RULES.md A3: order along a line ("right or wrong"), judged through challenges."""

from __future__ import annotations

from typing import Any

import pytest

from geodeck import Challenge, Game, Place

from . import scenario as sc
from .scenario import CardData, card

LONDON = card("London", 51.5085, -0.1257, 8961989)
PARIS = card("Paris", 48.8534, 2.3488, 2138551)
LIBREVILLE = card("Libreville", 0.3901, 9.4544, 703904)
QUITO = card("Quito", -0.2299, -78.5249, 1399814)
TAVEUNI = card("Taveuni", -16.85, 179.0, 9000)
SAMOA = card("Apia", -13.8333, -179.0, 40000)


def verdict(
    start: CardData,
    placed: CardData,
    line: str,
    at: int,
    *,
    variant: str = "geo",
    game: str = "uppsala",
) -> bool:
    """Place ``placed`` next to the start card, have it challenged against the start card
    and return the verdict (True: right). Checks that the chip went the right way."""
    played = sc.scenario(
        {"s": start, "x": placed},
        start="s",
        draw=["x"],
        seats=2,
        variant=variant,
        game=game,
    )
    events = sc.play(played, Place(0, line, at), Challenge(1, "s"))
    (judged,) = sc.of_kind(events, "judge")
    assert judged["card"] == "x"
    assert judged["against"] == "s"
    right: bool = judged["right"]
    assert sc.hands(played) == ([5, 3] if right else [3, 5])
    assert ("x" in sc.lines(played)[line]) is right
    return right


def test_a3_west_coordinate_is_west_of_any_east_coordinate() -> None:
    """RULES.md A3: signed longitude makes the printed 'arrow reverses at the prime
    meridian' automatic: Paris (2° 20' E) is east of London (0° 07' W)."""
    assert verdict(LONDON, PARIS, "west-east", 1) is True
    assert verdict(LONDON, PARIS, "west-east", 0) is False
    assert verdict(PARIS, LONDON, "west-east", 0) is True
    assert verdict(PARIS, LONDON, "west-east", 1) is False


def test_a3_south_coordinate_is_south_of_any_north_coordinate() -> None:
    """RULES.md A3: the World rulebook's example, Quito (0° 13' S) lies south of
    Libreville (0° 23' N)."""
    assert verdict(LIBREVILLE, QUITO, "north-south", 0) is True
    assert verdict(LIBREVILLE, QUITO, "north-south", 1) is False
    assert verdict(QUITO, LIBREVILLE, "north-south", 1) is True
    assert verdict(QUITO, LIBREVILLE, "north-south", 0) is False


def test_a3_west_increases_westward_and_south_southward() -> None:
    """RULES.md A3: in the western hemisphere a larger W value lies further west; in the
    southern one a larger S value lies further south."""
    lima = card("Lima", -12.0432, -77.0282, 7737002)
    santiago = card("Santiago", -33.4569, -70.6483, 4837295)
    assert verdict(santiago, lima, "west-east", 0) is True
    assert verdict(santiago, lima, "west-east", 1) is False
    assert verdict(lima, santiago, "north-south", 0) is True
    assert verdict(lima, santiago, "north-south", 1) is False


def test_a3_no_wrap_around_at_180_degrees() -> None:
    """RULES.md A3: a place at 179° W lies west of a place at 179° E, as printed, though
    the two are only 2° apart across the date line."""
    assert verdict(TAVEUNI, SAMOA, "west-east", 0) is True
    assert verdict(TAVEUNI, SAMOA, "west-east", 1) is False
    assert verdict(SAMOA, TAVEUNI, "west-east", 1) is True
    assert verdict(SAMOA, TAVEUNI, "west-east", 0) is False


@pytest.mark.parametrize("at", [0, 1])
def test_a3_equal_longitude_is_right_on_either_side(at: int) -> None:
    """RULES.md A3: equal values are always right."""
    same = card("Same", 50.0, -0.1257, 1)
    assert verdict(LONDON, same, "west-east", at) is True


@pytest.mark.parametrize("at", [0, 1])
def test_a3_equal_latitude_is_right_on_either_side(at: int) -> None:
    """RULES.md A3: equal values are always right."""
    same = card("Same", -0.2299, 30.0, 1)
    assert verdict(QUITO, same, "north-south", at) is True


@pytest.mark.parametrize("at", [0, 1])
def test_a3_equal_printed_minutes_are_equal_values(at: int) -> None:
    """RULES.md A3: cards are compared as printed, in degrees and minutes: 13.4105° E and
    13.4160° E both read 13° 24' E, so either order is right."""
    berlin = card("Berlin", 52.5244, 13.4105, 3426354)
    near = card("Near", 40.0, 13.4160, 1)
    assert verdict(berlin, near, "west-east", at) is True


def test_a3_one_minute_apart_is_ordered() -> None:
    """RULES.md A3: 13° 25' E is east of 13° 24' E."""
    berlin = card("Berlin", 52.5244, 13.4105, 3426354)
    next_minute = card("Next", 40.0, 13.4170, 1)
    assert verdict(berlin, next_minute, "west-east", 1) is True
    assert verdict(berlin, next_minute, "west-east", 0) is False


COLUMN_CASES: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("uppsala", "population", {"population": 1000}, {"population": 2000}),
    ("world", "population", {"population": 1000}, {"population": 2000}),
    ("buxtehude", "area", {"area": 12.5}, {"area": 891.7}),
    ("italia", "area", {"area": 12.5}, {"area": 1287.4}),
    ("italia", "altitude", {"altitude": -2.0}, {"altitude": 4808.0}),
]


@pytest.mark.parametrize(("game", "variant", "small", "large"), COLUMN_CASES)
def test_a3_column_increases_upward(
    game: str, variant: str, small: dict[str, Any], large: dict[str, Any]
) -> None:
    """RULES.md A2, A3: a column is ordered by the variant's number, smallest at the
    bottom (index 0); a larger card above a smaller one is right, below it wrong."""
    low: CardData = {"name": "Low", "kind": "place", "lat": 80.0, "lon": 170.0, **small}
    high: CardData = {"name": "High", "kind": "place", "lat": -80.0, "lon": -170.0, **large}
    assert verdict(low, high, "column", 1, variant=variant, game=game) is True
    assert verdict(low, high, "column", 0, variant=variant, game=game) is False
    assert verdict(high, low, "column", 0, variant=variant, game=game) is True
    assert verdict(high, low, "column", 1, variant=variant, game=game) is False


@pytest.mark.parametrize("at", [0, 1])
def test_a3_equal_numbers_are_right_in_a_column(at: int) -> None:
    """RULES.md A3: equal values are always right, in a column too."""
    one = card("One", 10.0, 10.0, 5000)
    two = card("Two", 20.0, 20.0, 5000)
    assert verdict(one, two, "column", at, variant="population") is True


def test_a3_column_ignores_coordinates() -> None:
    """RULES.md A3: in a column only the variant's number counts; a card far east and
    north of the start card is still wrong above it when it is smaller."""
    start = card("Start", 0.0, 0.0, 5000, altitude=10.0)
    small = card("Small", 60.0, 60.0, 100, altitude=3000.0)
    assert verdict(start, small, "column", 1, variant="population") is False
    assert verdict(start, small, "column", 1, variant="altitude", game="italia") is True


@pytest.mark.parametrize(
    ("data", "printed"),
    [
        (card("Berlin", 52.5244, 13.4105, 1), "52° 31' N, 13° 24' E"),
        (QUITO, "0° 13' S, 78° 31' W"),
        (LIBREVILLE, "0° 23' N, 9° 27' E"),
        (LONDON, "51° 30' N, 0° 07' W"),
    ],
)
def test_a3_revealed_cards_show_coordinates_as_printed(data: CardData, printed: str) -> None:
    """RULES.md A3: cards are shown as printed, degrees and minutes with a hemisphere
    letter."""
    game: Game = sc.scenario(
        {"s": card("S", 0.0, 0.0, 1), "x": data}, start="s", draw=["x"], seats=2
    )
    sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    assert game.view(0)["cards"]["x"]["printed"] == printed
