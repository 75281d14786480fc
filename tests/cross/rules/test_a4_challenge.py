"""RULES.md A4: asking the other players, challenges and their verdicts."""

from __future__ import annotations

import pytest

from geodeck import (
    Accept,
    Challenge,
    Game,
    Guess,
    IllegalAction,
    NotYourTurn,
    Place,
    WrongKind,
)

from . import scenario as sc
from .scenario import east

CARDS = {
    "s": east("Start", 0.0),
    "w": east("West", -20.0),
    "e": east("East", 20.0),
    "x": east("X", 30.0),
    "y": east("Y", 5.0),
    "z": east("Z", -5.0),
}


def four_seats() -> Game:
    return sc.scenario(CARDS, start="s", draw=["w", "e", "x", "y", "z"], seats=4)


def three_cards_out(seats: int = 3) -> Game:
    """West-east line ``w s e`` after two accepted placements; seat 2 holds ``x``."""
    game = sc.scenario(CARDS, start="s", draw=["w", "e", "x", "y"], seats=seats)
    sc.play(game, Place(0, "west-east", 0))
    sc.accept_all(game)
    sc.play(game, Place(1, "west-east", 2))
    sc.accept_all(game)
    assert sc.lines(game)["west-east"] == ["w", "s", "e"]
    return game


def test_a4_asked_clockwise_starting_left_of_the_placer() -> None:
    """RULES.md A4.1: after seat 2 places in a four-player game, seats 3, 0 and 1 are
    asked in that order; then seat 3 draws."""
    game = four_seats()
    sc.play(game, Place(0, "west-east", 0), Accept(1), Accept(2), Accept(3))
    sc.play(game, Place(1, "west-east", 2), Accept(2), Accept(3), Accept(0))
    sc.play(game, Place(2, "west-east", 3))
    asked = []
    while game.expects().kind == "respond":
        seat = game.expects().seats[0]
        asked.append(seat)
        assert game.view(None)["placed"]["to_ask"][0] == seat
        sc.play(game, Accept(seat))
    assert asked == [3, 0, 1]
    assert game.expects() == ((3,), "place")
    assert game.view(3)["current"] == "y"


def test_a4_placer_is_not_asked() -> None:
    """RULES.md A4.1: only the other players are asked; the placer cannot answer."""
    game = four_seats()
    sc.play(game, Place(0, "west-east", 0))
    assert game.view(None)["placed"]["to_ask"] == [1, 2, 3]
    before = sc.snapshot(game)
    for action in (Accept(0), Challenge(0, "s")):
        with pytest.raises(NotYourTurn) as caught:
            game.apply(action)
        assert caught.value.code == "action/not_your_turn"
        assert caught.value.rule == "A4.1"
    assert sc.snapshot(game) == before


def test_a4_first_challenger_takes_it_and_nobody_after_is_asked() -> None:
    """RULES.md A4.1: seat 1 accepts, seat 2 challenges: the challenge is settled at once
    and seat 3 is never asked; seat 1 draws next."""
    game = four_seats()
    events = sc.play(game, Place(0, "west-east", 1), Accept(1), Challenge(2, "s"))
    assert [e["event"] for e in events] == [
        "place",
        "accept",
        "challenge",
        "reveal",
        "judge",
        "pay",
        "remove",
        "draw",
    ]
    assert sc.hands(game) == [3, 4, 5, 4]
    assert game.expects() == ((1,), "place")
    responders = [e["seat"] for e in sc.history(game) if e["event"] in ("accept", "challenge")]
    assert responders == [1, 2]


def test_a4_later_seat_cannot_answer_before_an_earlier_one() -> None:
    """RULES.md A4.1: while seat 1 decides, a challenge (or accept) from seat 2 or 3 is
    refused and does not override seat 1's pending decision."""
    game = four_seats()
    sc.play(game, Place(0, "west-east", 0))
    before = sc.snapshot(game)
    for action in (Challenge(3, "s"), Challenge(2, "s"), Accept(3)):
        with pytest.raises(NotYourTurn) as caught:
            game.apply(action)
        assert caught.value.rule == "A4.1"
        assert sc.snapshot(game) == before
    assert game.legal_actions(2) == []
    assert game.legal_actions(3) == []
    assert game.expects() == ((1,), "respond")


def test_a4_responder_may_accept_or_challenge_a_neighbour() -> None:
    """RULES.md A4.2: the challenger names one neighbour on the placed card's line, the
    card directly before or after it."""
    game = three_cards_out()
    sc.play(game, Place(2, "west-east", 2))
    assert sc.lines(game)["west-east"] == ["w", "s", "x", "e"]
    assert game.view(None)["placed"]["neighbours"] == ["s", "e"]
    assert game.legal_actions(0) == [Accept(0), Challenge(0, "s"), Challenge(0, "e")]


def test_a4_card_at_the_end_has_one_neighbour() -> None:
    """RULES.md A4.2: a card at the end of an arm has only its inner neighbour."""
    game = three_cards_out()
    sc.play(game, Place(2, "west-east", 0))
    assert game.legal_actions(0) == [Accept(0), Challenge(0, "w")]


@pytest.mark.parametrize("against", ["s", "w", "x", "y", "nowhere"])
def test_a4_challenge_against_a_non_neighbour_is_refused(against: str) -> None:
    """RULES.md A4.2: ``x`` placed at the east end (``w s e x``) has the single neighbour
    ``e``; the start card two away, ``w``, the placed card itself, a card not yet drawn
    and an unknown id are refused as IllegalAction citing A4.2, and nothing changes."""
    game = three_cards_out()
    sc.play(game, Place(2, "west-east", 3))
    before = sc.snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Challenge(0, against))
    assert caught.value.code == "action/illegal"
    assert caught.value.rule == "A4.2"
    assert sc.snapshot(game) == before
    assert game.legal_actions(0) == [Accept(0), Challenge(0, "e")]


def test_a4_neighbour_on_the_other_line_is_refused() -> None:
    """RULES.md A4.2: the neighbour is on the placed card's line; a card on the other line
    next to the start card is not a neighbour of a card placed beside the start card."""
    cards = {"s": east("S", 0.0), "n": east("N", 0.0), "x": east("X", 10.0)}
    game = sc.scenario(cards, start="s", draw=["n", "x"], seats=2)
    sc.play(game, Place(0, "north-south", 1), Accept(1), Place(1, "west-east", 1))
    before = sc.snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Challenge(0, "n"))
    assert caught.value.rule == "A4.2"
    assert sc.snapshot(game) == before
    assert game.legal_actions(0) == [Accept(0), Challenge(0, "s")]


def test_a4_start_card_can_be_the_neighbour() -> None:
    """RULES.md A4.2: the start card may be the neighbour named."""
    game = three_cards_out()
    events = sc.play(game, Place(2, "west-east", 2), Challenge(0, "s"))
    assert sc.of_kind(events, "judge") == [
        {"event": "judge", "card": "x", "against": "s", "right": True}
    ]


def test_a4_judged_against_the_chosen_neighbour_alone() -> None:
    """RULES.md A4.2: ``x`` (30° E) between the start card (0°) and ``e`` (20° E) is right
    against the start card but wrong against ``e``; the verdict depends on the choice."""
    against_start = three_cards_out()
    sc.play(against_start, Place(2, "west-east", 2), Challenge(0, "s"))
    assert sc.lines(against_start)["west-east"] == ["w", "s", "x", "e"]
    assert sc.hands(against_start) == [3, 4, 5]

    against_east = three_cards_out()
    sc.play(against_east, Place(2, "west-east", 2), Challenge(0, "e"))
    assert sc.lines(against_east)["west-east"] == ["w", "s", "e"]
    assert sc.removed(against_east) == ["x"]
    assert sc.hands(against_east) == [5, 4, 3]


def test_a4_challenge_reveals_both_cards_to_everyone() -> None:
    """RULES.md A4.2, A4.3: both cards are revealed; every seat and a spectator see their
    data and the reveal stays in the history; other cards stay hidden."""
    game = three_cards_out()
    sc.play(game, Place(2, "west-east", 2))
    for seat in (0, 1, 2, None):
        assert "lon" not in game.view(seat)["cards"]["x"]
        assert "lon" not in game.view(seat)["cards"]["e"]
    sc.play(game, Challenge(0, "e"))
    for seat in (0, 1, 2, None):
        view = game.view(seat)
        for cid, lon in (("x", 30.0), ("e", 20.0)):
            shown = view["cards"][cid]
            assert shown["lon"] == lon
            assert shown["lat"] == 0.0
            assert shown["population"] == 1000
            assert shown["printed"] == f"0° 00' N, {int(lon)}° 00' E"
        assert "lon" not in view["cards"]["w"]
        history = view["history"]
        assert {"event": "reveal", "cards": ["x", "e"]} in history
        assert {"event": "judge", "card": "x", "against": "e", "right": False} in history


def test_a4_right_card_stays_face_down_after_the_reveal() -> None:
    """RULES.md A4.3: a right card and its neighbour stay on the table (turned face down
    again); the history keeps the reveal, so their data stays known."""
    game = three_cards_out()
    sc.play(game, Place(2, "west-east", 3), Challenge(0, "e"))
    assert sc.lines(game)["west-east"] == ["w", "s", "e", "x"]
    assert game.view(1)["cards"]["x"]["lon"] == 30.0
    assert game.view(1)["cards"]["e"]["lon"] == 20.0
    assert {"event": "reveal", "cards": ["x", "e"]} in sc.history(game, 1)


def test_a4_wrong_placement_chip_to_challenger_card_removed() -> None:
    """RULES.md A4.3: wrong: the challenger gets 1 chip from the placer, the placed card
    goes to the removed pile; the supply is untouched and the next player draws."""
    game = three_cards_out()
    events = sc.play(game, Place(2, "west-east", 0), Challenge(0, "w"))
    assert sc.of_kind(events, "pay") == [{"event": "pay", "from": 2, "to": 0, "amount": 1}]
    assert sc.of_kind(events, "remove") == [{"event": "remove", "cards": ["x"]}]
    assert sc.hands(game) == [5, 4, 3]
    assert sc.supply(game) == 35 - 12
    assert sc.lines(game) == {"west-east": ["w", "s", "e"], "north-south": ["s"]}
    assert sc.removed(game) == ["x"]
    assert game.expects() == ((0,), "place")
    assert game.view(0)["current"] == "y"


def test_a4_right_placement_chip_to_placer_both_cards_stay() -> None:
    """RULES.md A4.3: right: the placer gets 1 chip from the challenger; both cards stay."""
    game = three_cards_out()
    events = sc.play(game, Place(2, "west-east", 3), Accept(0), Challenge(1, "e"))
    assert sc.of_kind(events, "pay") == [{"event": "pay", "from": 1, "to": 2, "amount": 1}]
    assert sc.hands(game) == [4, 3, 5]
    assert sc.supply(game) == 23
    assert sc.lines(game)["west-east"] == ["w", "s", "e", "x"]
    assert sc.removed(game) == []
    assert game.expects() == ((0,), "place")


def test_a4_nobody_challenges_next_players_turn() -> None:
    """RULES.md A4.4: when all others accept, no chips move and the next player draws."""
    game = three_cards_out()
    events = sc.play(game, Place(2, "west-east", 0), Accept(0), Accept(1))
    assert [e["event"] for e in events] == ["place", "accept", "accept", "draw"]
    assert sc.of_kind(events, "draw") == [{"event": "draw", "seat": 0, "card": "y"}]
    assert sc.hands(game) == [4, 4, 4]
    assert sc.lines(game)["west-east"] == ["x", "w", "s", "e"]
    assert game.expects() == ((0,), "place")


def test_a4_two_players_the_other_player_is_asked() -> None:
    """RULES.md A4.2: in a two-player game the single other player is asked and decides."""
    game = sc.scenario(CARDS, start="s", draw=["w", "e"], seats=2)
    sc.play(game, Place(0, "west-east", 1))
    assert game.expects() == ((1,), "respond")
    sc.play(game, Challenge(1, "s"))
    assert sc.hands(game) == [3, 5]
    assert game.expects() == ((1,), "place")


@pytest.mark.parametrize("seat", [1, 2, 5])
def test_a4_not_your_turn_to_place(seat: int) -> None:
    """RULES.md A2, A4.4: only the active player places; others get NotYourTurn."""
    game = four_seats()
    before = sc.snapshot(game)
    with pytest.raises(NotYourTurn) as caught:
        game.apply(Place(seat, "west-east", 0))
    assert caught.value.code == "action/not_your_turn"
    assert caught.value.rule == "A2"
    assert sc.snapshot(game) == before


def test_a4_placing_while_a_response_is_due_is_refused() -> None:
    """RULES.md A4.1: the asked seat must accept or challenge, not place or guess."""
    game = four_seats()
    sc.play(game, Place(0, "west-east", 0))
    before = sc.snapshot(game)
    for action in (Place(1, "west-east", 0), Guess(1, 0)):
        with pytest.raises(WrongKind) as caught:
            game.apply(action)
        assert caught.value.code == "action/wrong_kind"
        assert caught.value.rule == "A4.1"
        assert sc.snapshot(game) == before


def test_a4_responding_while_a_place_is_due_is_refused() -> None:
    """RULES.md A2, A4.1: there is nothing to answer before a card is placed."""
    game = four_seats()
    before = sc.snapshot(game)
    for action in (Accept(0), Challenge(0, "s"), Guess(0, 0)):
        with pytest.raises(WrongKind) as caught:
            game.apply(action)
        assert caught.value.code == "action/wrong_kind"
        assert caught.value.rule == "A2"
    assert sc.snapshot(game) == before
