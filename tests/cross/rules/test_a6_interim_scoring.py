"""RULES.md A6: interim scoring at each intermezzo and after the last card."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from geodeck import Accept, Challenge, Game, Guess, IllegalAction, NotYourTurn, Place, WrongKind
from geodeck.cli.summary import summary_of
from tests.support import RECORDS_EXAMPLE, RECORDS_EXAMPLE_SUMMARY

from . import scenario as sc
from .scenario import CardData, card, east, north, pop


def build(game: Game, placements: Sequence[tuple[str, int]]) -> None:
    """Each ``(line, at)`` placed in turn and accepted by everyone."""
    for line, at in placements:
        seats, kind = game.expects()
        assert kind == "place"
        sc.play(game, Place(seats[0], line, at))
        sc.accept_all(game)


def check_of(events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    (check,) = sc.of_kind(events, "check")
    return check


SMALL = {
    "s": card("Start", 10.0, 10.0, 500),
    "a": east("A", 20.0),
    "b": east("B", 0.0),
    "c": east("C", 30.0),
    "d": east("D", 40.0),
    "e": east("E", 50.0),
    "r": card("R", 1.0, 1.0, 1),
    "r2": card("R2", 2.0, 2.0, 2),
}


def one_wrong(draw: Sequence[str], *, chips: tuple[int, int] | None = None) -> Game:
    """Three seats; seat 0 puts ``a`` (20° E) right, east of the start card (10° E); seat 1
    puts ``b`` (0°) wrong, east of ``a``; any further cards before the first intermezzo go
    right at the east end. Nobody challenges, so the answer is 1."""
    game = sc.scenario(SMALL, start="s", draw=draw, reserve=["r", "r2"], seats=3, chips=chips)
    first = [*draw, "intermezzo"].index("intermezzo")
    build(game, [("west-east", at) for at in range(1, first + 1)])
    return game


def test_a6_play_stops_when_the_next_card_is_an_intermezzo() -> None:
    """RULES.md A6.1: when the next card to draw is an intermezzo, play stops and every
    player is to guess; nobody may place."""
    game = one_wrong(["a", "b", "intermezzo", "c"])
    assert game.expects() == ((0, 1, 2), "guess")
    view = game.view(2)
    assert view["current"] is None
    assert view["guessing"] == {"final": False, "most": 2, "done": [], "mine": None}
    assert sc.history(game)[-1] == {"event": "scoring", "final": False}
    assert summary_of(game)["next"] == {"seats": [0, 1, 2], "expects": "guess"}
    before = sc.snapshot(game)
    with pytest.raises(WrongKind) as caught:
        game.apply(Place(2, "west-east", 0))
    assert caught.value.code == "action/wrong_kind"
    assert caught.value.rule == "A6.1"
    assert sc.snapshot(game) == before


def test_a6_play_stops_after_the_last_cards_challenge() -> None:
    """RULES.md A6.1: the final scoring comes once the last card's challenge is settled,
    not before."""
    cards = {"s": east("S", 0.0), "a": east("A", 10.0)}
    game = sc.scenario(cards, start="s", draw=["a"], seats=3)
    sc.play(game, Place(0, "west-east", 1))
    assert game.expects() == ((1,), "respond")
    sc.play(game, Accept(1))
    assert game.expects() == ((2,), "respond")
    sc.play(game, Challenge(2, "s"))
    assert game.expects() == ((0, 1, 2), "guess")
    assert game.view(None)["guessing"]["final"] is True
    assert sc.history(game)[-1] == {"event": "scoring", "final": True}


def test_a6_guess_ranges_from_zero_to_the_non_start_cards_out() -> None:
    """RULES.md A6.1: with one card on each line of the cross (two non-start cards), a
    guess is 0, 1 or 2; 3 and -1 are refused and change nothing."""
    cards = {"s": card("S", 0.0, 0.0, 1), "a": east("A", 10.0), "n": north("N", 10.0)}
    game = sc.scenario(cards, start="s", draw=["a", "n"], seats=2)
    build(game, [("west-east", 1), ("north-south", 1)])
    assert game.legal_actions(1) == [Guess(1, 0), Guess(1, 1), Guess(1, 2)]
    before = sc.snapshot(game)
    for bad in (3, -1, 99):
        with pytest.raises(IllegalAction) as caught:
            game.apply(Guess(1, bad))
        assert caught.value.code == "action/illegal"
        assert caught.value.rule == "A6.1"
        assert "0 to 2" in caught.value.message
    assert sc.snapshot(game) == before
    sc.play(game, Guess(1, 2))


def test_a6_guesses_are_secret_until_all_are_in() -> None:
    """RULES.md A6.1: a guess is secret: other seats and spectators see that seat 1 has
    guessed, not the number; only when all guesses are in are they shown together."""
    game = one_wrong(["a", "b", "intermezzo", "c"])
    sc.play(game, Guess(1, 2))
    own = sc.of_kind(sc.history(game, 1), "guess")
    assert own == [{"event": "guess", "seat": 1, "wrong": 2}]
    for seat in (0, 2, None):
        assert sc.of_kind(sc.history(game, seat), "guess") == [{"event": "guess", "seat": 1}]
        view = game.view(seat)
        assert view["guessing"]["done"] == [1]
        assert view["guessing"]["mine"] is None
        assert sc.of_kind(view["history"], "check") == []
    assert game.view(1)["guessing"]["mine"] == 2
    assert game.expects() == ((0, 2), "guess")

    sc.play(game, Guess(2, 0))
    assert sc.of_kind(sc.history(game, 0), "guess") == [
        {"event": "guess", "seat": 1},
        {"event": "guess", "seat": 2},
    ]
    sc.play(game, Guess(0, 1))
    for seat in (0, 1, 2, None):
        assert check_of(sc.history(game, seat))["guesses"] == [1, 2, 0]


def test_a6_a_guess_cannot_be_changed() -> None:
    """RULES.md A6.1: each player submits one guess."""
    game = one_wrong(["a", "b", "intermezzo", "c"])
    sc.play(game, Guess(0, 1))
    before = sc.snapshot(game)
    with pytest.raises(NotYourTurn) as caught:
        game.apply(Guess(0, 2))
    assert caught.value.rule == "A6.1"
    assert sc.snapshot(game) == before
    assert game.legal_actions(0) == []


def test_a6_table_is_revealed_and_checked_when_all_guesses_are_in() -> None:
    """RULES.md A6.1, A6.2: after the last guess every card on the table is revealed."""
    game = one_wrong(["a", "b", "intermezzo", "c"])
    events = sc.guess_all(game, 1, 1, 1)
    assert sc.of_kind(events, "reveal") == [{"event": "reveal", "cards": ["s", "a", "b"]}]
    assert check_of(events) == {
        "event": "check",
        "guesses": [1, 1, 1],
        "wrong": 1,
        "set_aside": ["b"],
    }
    for cid in ("s", "a", "b"):
        assert "lon" in game.view(0)["cards"][cid]


CROSS: dict[str, CardData] = {
    "s": card("Start", 10.0, 10.0, 500),
    "w1": east("W1", -20.0),
    "w2": east("W2", 15.0),
    "w3": east("W3", -30.0),
    "e1": east("E1", 50.0),
    "e2": east("E2", 20.0),
    "e3": east("E3", 30.0),
    "s1": north("S1", 12.0),
    "s2": north("S2", 11.0),
    "n1": north("N1", 40.0),
    "n2": north("N2", 30.0),
    "n3": north("N3", 45.0),
}
CROSS_DRAW = ["w1", "w2", "w3", "e1", "e2", "e3", "s1", "s2", "n1", "n2", "n3"]
CROSS_PLACES = [
    ("west-east", 0),
    ("west-east", 0),
    ("west-east", 0),
    ("west-east", 4),
    ("west-east", 5),
    ("west-east", 6),
    ("north-south", 0),
    ("north-south", 0),
    ("north-south", 3),
    ("north-south", 4),
    ("north-south", 5),
]


def test_a6_sequential_check_of_all_four_arms() -> None:
    """RULES.md A6.2: walking out from the start card (10° E, 10° N), each card is compared
    with the nearest card toward the start that was not set aside.
    West arm -20, 15, -30: 15 is set aside, -30 is right against -20 (1).
    East arm 50, 20, 30: 50 becomes the reference, so 20 and 30 are both set aside (2),
    though only one neighbouring pair (50, 20) is out of order.
    South arm 12, 11: 12 is set aside, so 11 is compared with the start card and set
    aside too (2), though it lies south of 12.
    North arm 40, 30, 45: 30 is set aside (1). The answer is 6; a count of neighbouring
    pairs out of order would give 4."""
    game = sc.scenario(CROSS, start="s", draw=CROSS_DRAW, seats=2)
    build(game, CROSS_PLACES)
    assert sc.lines(game) == {
        "west-east": ["w3", "w2", "w1", "s", "e1", "e2", "e3"],
        "north-south": ["s2", "s1", "s", "n1", "n2", "n3"],
    }
    assert game.expects() == ((0, 1), "guess")
    assert game.view(0)["guessing"]["most"] == 11
    events = sc.guess_all(game, 6, 4)
    assert check_of(events) == {
        "event": "check",
        "guesses": [6, 4],
        "wrong": 6,
        "set_aside": ["w2", "e2", "e3", "s1", "s2", "n2"],
    }
    assert sc.hands(game) == [6, 4]


def test_a6_set_aside_card_is_no_reference() -> None:
    """RULES.md A6.2: start 10° E, east arm 5, 8: 5 is set aside at once, so 8 is compared
    with the start card and set aside too (2, not 1)."""
    cards = {"s": east("S", 10.0), "a": east("A", 5.0), "b": east("B", 8.0)}
    game = sc.scenario(cards, start="s", draw=["a", "b"], seats=2)
    build(game, [("west-east", 1), ("west-east", 2)])
    events = sc.guess_all(game, 1, 2)
    assert check_of(events)["wrong"] == 2
    assert check_of(events)["set_aside"] == ["a", "b"]
    assert sc.hands(game) == [4, 6]


def test_a6_far_out_card_makes_later_cards_wrong() -> None:
    """RULES.md A6.2: start 0°, west arm -50, -10, -20: -50 is right and becomes the
    reference; -10 and -20 both lie east of it and are set aside (2)."""
    cards = {
        "s": east("S", 0.0),
        "a": east("A", -50.0),
        "b": east("B", -10.0),
        "c": east("C", -20.0),
    }
    game = sc.scenario(cards, start="s", draw=["a", "b", "c"], seats=2)
    build(game, [("west-east", 0), ("west-east", 0), ("west-east", 0)])
    assert sc.lines(game)["west-east"] == ["c", "b", "a", "s"]
    events = sc.guess_all(game, 1, 2)
    assert check_of(events)["set_aside"] == ["b", "c"]


def test_a6_equal_values_are_not_set_aside() -> None:
    """RULES.md A3, A6.2: equal values are right in the check too."""
    cards = {
        "s": card("S", 10.0, 10.0, 1),
        "a": east("A", 10.0),
        "b": east("B", 10.0),
        "n": card("N", 10.0, 99.0, 1),
    }
    game = sc.scenario(cards, start="s", draw=["a", "b", "n"], seats=2)
    build(game, [("west-east", 0), ("west-east", 2), ("north-south", 0)])
    events = sc.guess_all(game, 0, 1)
    assert check_of(events)["wrong"] == 0
    assert sc.hands(game) == [6, 4]


def test_a6_column_check_has_two_arms() -> None:
    """RULES.md A6.2: a column has two arms. Start 500; down 400, 600, 300: 600 is set
    aside. Up 900, 700, 800, 1000: 900 is the reference for 700 and 800, both set aside."""
    cards = {
        "s": pop("S", 500),
        "d1": pop("D1", 400),
        "d2": pop("D2", 600),
        "d3": pop("D3", 300),
        "u1": pop("U1", 900),
        "u2": pop("U2", 700),
        "u3": pop("U3", 800),
        "u4": pop("U4", 1000),
    }
    game = sc.scenario(
        cards,
        start="s",
        draw=["d1", "d2", "d3", "u1", "u2", "u3", "u4"],
        seats=2,
        variant="population",
    )
    build(
        game,
        [("column", 0), ("column", 0), ("column", 0), *(("column", at) for at in range(4, 8))],
    )
    assert sc.lines(game) == {"column": ["d3", "d2", "d1", "s", "u1", "u2", "u3", "u4"]}
    events = sc.guess_all(game, 3, 3)
    assert check_of(events)["set_aside"] == ["d2", "u2", "u3"]
    assert sc.hands(game) == [6, 6]


def test_a6_card_judged_right_in_a_challenge_can_still_be_set_aside() -> None:
    """RULES.md A4.2, A6.2: ``x`` (3° W) east of ``a`` (5° W) is judged right against its
    only neighbour ``a``; in the check ``a`` is set aside (west of the start card at 0°),
    so ``x`` is compared with the start card and set aside as well."""
    cards = {"s": east("S", 0.0), "a": east("A", -5.0), "x": east("X", -3.0)}
    game = sc.scenario(cards, start="s", draw=["a", "x"], seats=2)
    sc.play(game, Place(0, "west-east", 1), Accept(1))
    events = sc.play(game, Place(1, "west-east", 2), Challenge(0, "a"))
    assert sc.of_kind(events, "judge")[0]["right"] is True
    assert sc.hands(game) == [3, 5]
    events = sc.guess_all(game, 2, 1)
    assert check_of(events)["set_aside"] == ["a", "x"]
    assert sc.hands(game) == [5, 5]


def test_a6_exact_guesses_earn_two_chips_each() -> None:
    """RULES.md A6.3: every exact guess earns 2 chips from the supply; nobody else gets
    anything."""
    game = one_wrong(["a", "b", "intermezzo", "c"])
    sc.guess_all(game, 1, 1, 2)
    assert sc.hands(game) == [6, 6, 4]
    assert sc.supply(game) == 35 - 12 - 4


def test_a6_closest_guesses_earn_one_chip_each_when_nobody_is_exact() -> None:
    """RULES.md A6.3: the answer is 1; guesses 0, 3, 3 miss it; 0 is closest (1 away)."""
    game = one_wrong(["a", "b", "c", "d", "intermezzo", "e"])
    assert game.view(0)["guessing"]["most"] == 4
    events = sc.guess_all(game, 0, 3, 3)
    assert check_of(events)["wrong"] == 1
    assert sc.hands(game) == [5, 4, 4]
    assert sc.supply(game) == 22


def test_a6_closest_ties_all_earn_one_chip() -> None:
    """RULES.md A6.3: guesses 0 and 2 are both 1 away from the answer 1: both earn 1."""
    game = one_wrong(["a", "b", "c", "d", "intermezzo", "e"])
    sc.guess_all(game, 0, 2, 4)
    assert sc.hands(game) == [5, 5, 4]
    assert sc.supply(game) == 21


def test_a6_payout_order_starts_with_the_active_player_when_supply_is_short() -> None:
    """RULES.md A6.3, A5: the intermezzo came up on seat 2's turn; all guessed exactly but
    the supply holds 1 chip and nothing can be exchanged: seat 2 gets it and the rest
    lapses, then seat 0's and seat 1's payouts lapse."""
    game = one_wrong(["a", "b", "intermezzo", "c"], chips=(4, 13))
    assert sc.supply(game) == 1
    events = sc.guess_all(game, 1, 1, 1)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse")] == [
        {"event": "pay", "from": None, "to": 2, "amount": 1},
        {"event": "lapse", "seat": 2, "amount": 1},
        {"event": "lapse", "seat": 0, "amount": 2},
        {"event": "lapse", "seat": 1, "amount": 2},
    ]
    assert sc.hands(game) == [4, 4, 5]


def test_a6_table_cleared_and_new_start_card_from_the_reserve() -> None:
    """RULES.md A6.4: all cards on the table, the start card and the wrong card included,
    go to the removed pile; the next reserve card is the new start card."""
    game = one_wrong(["a", "b", "intermezzo", "c"])
    events = sc.guess_all(game, 1, 1, 1)
    assert sc.of_kind(events, "remove") == [{"event": "remove", "cards": ["s", "a", "b"]}]
    assert sc.of_kind(events, "start") == [{"event": "start", "card": "r"}]
    assert sc.lines(game) == {"west-east": ["r"], "north-south": ["r"]}
    assert sorted(sc.removed(game)) == ["a", "b", "s"]
    view = game.view(None)
    assert view["start"] == "r"
    assert view["reserve_left"] == 1


def test_a6_turn_kept_by_the_player_on_whom_the_intermezzo_came_up() -> None:
    """RULES.md A6.4: the intermezzo came up on seat 2's turn: seat 2 draws next."""
    game = one_wrong(["a", "b", "intermezzo", "c"])
    events = sc.guess_all(game, 0, 1, 2)
    assert events[-1] == {"event": "draw", "seat": 2, "card": "c"}
    assert game.expects() == ((2,), "place")
    assert game.view(2)["current"] == "c"


def test_a6_second_intermezzo_uses_the_next_reserve_card() -> None:
    """RULES.md A6.4: each intermezzo takes the next reserve card, in order."""
    game = one_wrong(["a", "b", "intermezzo", "c", "intermezzo", "d"])
    sc.guess_all(game, 1, 1, 1)
    build(game, [("north-south", 1)])
    assert game.expects() == ((0, 1, 2), "guess")
    sc.guess_all(game, 0, 0, 0)
    assert sc.lines(game) == {"west-east": ["r2"], "north-south": ["r2"]}
    assert game.expects() == ((0,), "place")
    assert sorted(sc.removed(game)) == ["a", "b", "c", "r", "s"]


def test_a6_final_scoring_ends_the_game() -> None:
    """RULES.md A6.4: after the final scoring the table is cleared and the game ends."""
    game = one_wrong(["a", "b"])
    assert game.view(0)["guessing"]["final"] is True
    events = sc.guess_all(game, 1, 0, 0)
    assert sc.of_kind(events, "start") == []
    assert events[-1] == {"event": "end", "scores": [6, 4, 4], "winners": [0]}
    assert game.expects() == ((), None)
    assert sorted(sc.removed(game)) == ["a", "b", "s"]


def test_a6_records_example_replays_to_the_documented_summary() -> None:
    """RECORDS.md (the cross-family example, RULES.md A4 and A6): the record replays to
    exactly the summary shown under Replaying (``removed`` is in no particular order)."""
    record = json.loads(RECORDS_EXAMPLE.read_text("utf-8"))
    game = Game.from_record(record)
    summary = summary_of(game)
    unordered = {**summary, "removed": sorted(summary["removed"])}
    expected = RECORDS_EXAMPLE_SUMMARY
    assert unordered == {**expected, "removed": sorted(expected["removed"])}
    assert game.to_record() == record


def test_a6_trailing_intermezzo_is_the_final_scoring() -> None:
    """RULES.md A6.1, RECORDS.md: the final scoring after the last card needs no marker;
    an intermezzo as the last entry of the draw pile is that same final scoring (one
    scoring, no new start card needed)."""
    cards = {"s": east("S", 0.0), "a": east("A", 10.0)}
    game = sc.scenario(cards, start="s", draw=["a", "intermezzo"], seats=2)
    build(game, [("west-east", 1)])
    assert game.view(0)["guessing"]["final"] is True
    events = sc.guess_all(game, 0, 1)
    assert sc.of_kind(sc.history(game), "scoring") == [{"event": "scoring", "final": True}]
    assert events[-1] == {"event": "end", "scores": [6, 4], "winners": [0]}


def test_a6_intermezzo_on_top_scores_the_start_card_alone() -> None:
    """RULES.md A6.1, A6.3: a draw pile that begins with an intermezzo stops play at once;
    no non-start card is out, so 0 is the only guess and it is exact."""
    cards = {"s": east("S", 0.0), "a": east("A", 10.0), "r": east("R", 5.0)}
    game = sc.scenario(cards, start="s", draw=["intermezzo", "a"], reserve=["r"], seats=2)
    assert game.expects() == ((0, 1), "guess")
    assert game.legal_actions(0) == [Guess(0, 0)]
    sc.guess_all(game, 0, 0)
    assert sc.hands(game) == [6, 6]
    assert sc.removed(game) == ["s"]
    assert game.expects() == ((0,), "place")
