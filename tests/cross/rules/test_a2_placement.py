"""RULES.md A2: lines and placement."""

from __future__ import annotations

import pytest

from geodeck import Accept, Challenge, Game, IllegalAction, Place

from . import scenario as sc
from .scenario import card, east, north, pop

GEO = {
    "s": card("Start", 10.0, 10.0, 500),
    "a": east("A", 20.0),
    "b": east("B", 30.0),
    "c": east("C", 0.0),
    "d": east("D", 25.0),
    "e": east("E", 5.0),
}


def geo_game(seats: int = 2) -> Game:
    return sc.scenario(GEO, start="s", draw=["a", "b", "c", "d", "e"], seats=seats)


def column_game() -> Game:
    cards = {"s": pop("S", 500), "a": pop("A", 100), "b": pop("B", 900)}
    return sc.scenario(cards, start="s", draw=["a", "b"], seats=2, variant="population")


def test_a2_geo_start_card_only_gives_four_choices() -> None:
    """RULES.md A2: with only the start card out there are four choices in geo: west,
    east (west-east at 0 and 1), south, north (north-south at 0 and 1)."""
    game = geo_game()
    assert game.legal_actions(0) == [
        Place(0, "west-east", 0),
        Place(0, "west-east", 1),
        Place(0, "north-south", 0),
        Place(0, "north-south", 1),
    ]
    assert game.legal_actions(1) == []


def test_a2_column_start_card_only_gives_two_choices() -> None:
    """RULES.md A2: a column variant has one line; with only the start card out there are
    two choices, below and above."""
    game = column_game()
    assert game.legal_actions(0) == [Place(0, "column", 0), Place(0, "column", 1)]
    assert sc.lines(game) == {"column": ["s"]}


def test_a2_geo_lines_cross_at_the_start_card() -> None:
    """RULES.md A2: the start card is on both lines."""
    game = geo_game()
    assert sc.lines(game) == {"west-east": ["s"], "north-south": ["s"]}


@pytest.mark.parametrize(
    ("line", "at", "expected"),
    [
        ("west-east", 0, {"west-east": ["a", "s"], "north-south": ["s"]}),
        ("west-east", 1, {"west-east": ["s", "a"], "north-south": ["s"]}),
        ("north-south", 0, {"west-east": ["s"], "north-south": ["a", "s"]}),
        ("north-south", 1, {"west-east": ["s"], "north-south": ["s", "a"]}),
    ],
)
def test_a2_first_card_on_each_side_of_the_start_card(
    line: str, at: int, expected: dict[str, list[str]]
) -> None:
    """RULES.md A2, RECORDS.md: ``at`` is the index the card gets, counting the start card;
    west-east index 0 is westmost, north-south index 0 is southmost."""
    game = geo_game()
    sc.play(game, Place(0, line, at))
    assert sc.lines(game) == expected


def test_a2_insert_at_any_gap_on_either_side_of_the_start_card() -> None:
    """RULES.md A2: a card goes before the first card, between any two neighbours, or after
    the last card, on either side of the start card; each line offers one gap more than it
    has cards."""
    game = geo_game()
    sc.play(game, Place(0, "west-east", 1), Accept(1))
    assert sc.lines(game)["west-east"] == ["s", "a"]
    sc.play(game, Place(1, "west-east", 2), Accept(0))
    assert sc.lines(game)["west-east"] == ["s", "a", "b"]
    sc.play(game, Place(0, "west-east", 0), Accept(1))
    assert sc.lines(game)["west-east"] == ["c", "s", "a", "b"]
    assert len(game.legal_actions(1)) == 5 + 2
    sc.play(game, Place(1, "west-east", 3), Accept(0))
    assert sc.lines(game)["west-east"] == ["c", "s", "a", "d", "b"]
    sc.play(game, Place(0, "west-east", 1))
    assert sc.lines(game) == {"west-east": ["c", "e", "s", "a", "d", "b"], "north-south": ["s"]}


def test_a2_legal_places_list_every_gap_of_both_lines() -> None:
    """RULES.md A2: with two cards west-east and one north-south, the gaps are 3 + 2."""
    game = geo_game()
    sc.play(game, Place(0, "west-east", 1), Accept(1), Place(1, "north-south", 0), Accept(0))
    assert game.legal_actions(0) == [
        Place(0, "west-east", 0),
        Place(0, "west-east", 1),
        Place(0, "west-east", 2),
        Place(0, "north-south", 0),
        Place(0, "north-south", 1),
        Place(0, "north-south", 2),
    ]


def test_a2_drawn_card_shows_its_front_and_hides_its_back() -> None:
    """RULES.md A2: the drawn card's name and kind are public; its data stays hidden from
    every seat, the drawer included."""
    cards = {
        "s": card("Start", 10.0, 10.0, 500),
        "tower": {**card("Tower", 48.8583, 2.2945, kind="sight"), "country": "FR"},
    }
    game = sc.scenario(cards, start="s", draw=["tower"], seats=3)
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        assert view["current"] == "tower"
        assert view["cards"]["tower"] == {"id": "tower", "name": "Tower", "kind": "sight"}
    draws = sc.of_kind(sc.history(game, 1), "draw")
    assert draws == [{"event": "draw", "seat": 0, "card": "tower"}]


def test_a2_placed_card_stays_face_down() -> None:
    """RULES.md A2, A4.3: placing does not reveal the card; while it is being answered,
    its back is still hidden."""
    game = geo_game(seats=3)
    sc.play(game, Place(0, "west-east", 1))
    for seat in (0, 1, 2, None):
        shown = game.view(seat)["cards"]["a"]
        assert "lat" not in shown
        assert "lon" not in shown
        assert "population" not in shown


def test_a2_placement_only_has_to_be_right_along_its_line() -> None:
    """RULES.md A2: a card far east of the start card but north of it, put on the
    north-south line to the north, is right: longitude does not count there."""
    cards = {"s": card("S", 10.0, 10.0, 1), "far": card("Far", 20.0, 170.0, 1)}
    game = sc.scenario(cards, start="s", draw=["far"], seats=2)
    events = sc.play(game, Place(0, "north-south", 1), Challenge(1, "s"))
    assert sc.of_kind(events, "judge") == [
        {"event": "judge", "card": "far", "against": "s", "right": True}
    ]
    assert sc.lines(game)["north-south"] == ["s", "far"]


BAD_GEO_PLACES = [
    ("column", 0),
    ("diagonal", 0),
    ("west-east", 2),
    ("west-east", -1),
    ("north-south", 2),
    ("north-south", -1),
    ("West-East", 0),
]


@pytest.mark.parametrize(("line", "at"), BAD_GEO_PLACES)
def test_a2_bad_line_or_position_is_refused_and_changes_nothing(line: str, at: int) -> None:
    """RULES.md A2: a line the variant does not have, or an index outside 0..len(line), is
    an IllegalAction citing A2; the game is left exactly as it was."""
    game = geo_game()
    before = sc.snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Place(0, line, at))
    assert caught.value.code == "action/illegal"
    assert caught.value.rule == "A2"
    assert sc.snapshot(game) == before
    assert game.version == 0
    sc.play(game, Place(0, "west-east", 1))
    assert sc.lines(game)["west-east"] == ["s", "a"]


def test_a2_bad_position_later_in_the_game_changes_nothing() -> None:
    """RULES.md A2: with three cards on the west-east line, index 4 is one past the end."""
    game = geo_game()
    sc.play(game, Place(0, "west-east", 1), Accept(1), Place(1, "west-east", 2), Accept(0))
    before = sc.snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Place(0, "west-east", 4))
    assert caught.value.rule == "A2"
    assert "0 to 3" in caught.value.message
    assert sc.snapshot(game) == before
    sc.play(game, Place(0, "west-east", 3))
    assert sc.lines(game)["west-east"] == ["s", "a", "b", "c"]


@pytest.mark.parametrize(("line", "at"), [("west-east", 0), ("north-south", 1), ("column", 2)])
def test_a2_column_variant_has_only_the_column(line: str, at: int) -> None:
    """RULES.md A2: a column variant has no cross."""
    game = column_game()
    before = sc.snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Place(0, line, at))
    assert caught.value.rule == "A2"
    assert sc.snapshot(game) == before


def test_a2_column_grows_from_the_start_card_both_ways() -> None:
    """RULES.md A2: the column is ordered bottom (index 0) to top, starting with the start
    card; cards go below or above it."""
    game = column_game()
    sc.play(game, Place(0, "column", 0), Accept(1), Place(1, "column", 2), Accept(0))
    assert sc.lines(game) == {"column": ["a", "s", "b"]}


def test_a2_geo_north_south_line_grows_both_ways() -> None:
    """RULES.md A2: the north-south line runs south (index 0) to north."""
    cards = {"s": north("S", 10.0), "n": north("N", 40.0), "south": north("South", -30.0)}
    game = sc.scenario(cards, start="s", draw=["n", "south"], seats=2)
    sc.play(game, Place(0, "north-south", 1), Accept(1), Place(1, "north-south", 0), Accept(0))
    assert sc.lines(game) == {"west-east": ["s"], "north-south": ["south", "s", "n"]}
