"""RULES.md A5: chips, the supply, automatic exchanges and lapses."""

from __future__ import annotations

import pytest

from geodeck import Accept, Challenge, Game, Place

from . import scenario as sc
from .scenario import east

CARDS = {
    "s": east("Start", 0.0),
    "a": east("A", 10.0),
    "b": east("B", 50.0),
    "c": east("C", 20.0),
    "d": east("D", 30.0),
    "e": east("E", -40.0),
    "x1": east("X1", -60.0),
    "x2": east("X2", -70.0),
    "x3": east("X3", 5.0),
    "y": east("Y", 1.0),
    "r": east("R", 2.0),
}


def two_seats(draw: list[str], chips: tuple[int, int]) -> Game:
    return sc.scenario(CARDS, start="s", draw=draw, reserve=["r"], seats=2, chips=chips)


def test_a5_payer_without_chips_receiver_takes_from_supply() -> None:
    """RULES.md A5: a wrong placer with no chips pays nothing; the challenger takes 1 chip
    from the supply instead."""
    game = two_seats(["x1", "y"], chips=(0, 10))
    events = sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    assert sc.of_kind(events, "pay") == [{"event": "pay", "from": None, "to": 1, "amount": 1}]
    assert sc.hands(game) == [0, 1]
    assert sc.supply(game) == 9
    assert sc.removed(game) == ["x1"]


def test_a5_challenger_without_chips_placer_takes_from_supply() -> None:
    """RULES.md A5: a wrong challenger with no chips pays nothing; the placer takes 1 chip
    from the supply instead."""
    game = two_seats(["a", "y"], chips=(0, 10))
    events = sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    assert sc.of_kind(events, "pay") == [{"event": "pay", "from": None, "to": 0, "amount": 1}]
    assert sc.hands(game) == [1, 0]
    assert sc.supply(game) == 9


def test_a5_payer_with_chips_pays_even_when_supply_is_empty() -> None:
    """RULES.md A4.3, A5: a payment between players never touches the supply."""
    game = two_seats(["x1", "y"], chips=(5, 10))
    events = sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    assert sc.of_kind(events, "pay") == [{"event": "pay", "from": 0, "to": 1, "amount": 1}]
    assert sc.of_kind(events, "exchange") == []
    assert sc.hands(game) == [4, 6]
    assert sc.supply(game) == 0


def test_a5_supply_short_triggers_exchange_during_a_challenge() -> None:
    """RULES.md A5: seat 1 placed wrongly with no chips and the supply is empty. Seats 0
    and 2 hold the most chips (6 each); the tie goes to the first in turn order from the
    active player, the placer seat 1, so seat 2 (not seat 0) returns 5 chips and takes the
    top removed card. The challenger is then paid from the supply."""
    game = sc.scenario(
        CARDS, start="s", draw=["a", "b", "c", "d", "e", "y"], seats=3, chips=(4, 12)
    )
    sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    assert sc.hands(game) == [5, 3, 4]
    sc.play(game, Place(1, "west-east", 0), Challenge(2, "s"))
    assert sc.hands(game) == [5, 2, 5]
    assert sc.removed(game) == ["b"]
    sc.play(game, Place(2, "west-east", 2), Accept(0), Challenge(1, "a"))
    assert sc.hands(game) == [5, 1, 6]
    sc.play(game, Place(0, "west-east", 3), Challenge(1, "c"))
    assert sc.hands(game) == [6, 0, 6]
    assert sc.supply(game) == 0
    assert sc.lines(game)["west-east"] == ["s", "a", "c", "d"]

    events = sc.play(game, Place(1, "west-east", 4), Challenge(2, "d"))
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse", "remove")] == [
        {"event": "pay", "from": 2, "to": None, "amount": 5},
        {"event": "exchange", "seat": 2, "card": "b"},
        {"event": "pay", "from": None, "to": 2, "amount": 1},
        {"event": "remove", "cards": ["e"]},
    ]
    assert sc.hands(game) == [6, 0, 2]
    assert sc.supply(game) == 4
    assert sc.exchanged(game) == [[], [], ["b"]]
    assert sc.removed(game) == ["e"]
    assert [seat["score"] for seat in game.view(None)["seats"]] == [6, 0, 7]


def test_a5_exchange_ties_go_first_in_turn_order_from_the_active_player() -> None:
    """RULES.md A5, A6.3: at the intermezzo on seat 1's turn both seats guessed right and
    hold 5 chips with an empty supply. Seat 1 is paid first and, as the first of the tied
    seats from the active player, exchanges; it takes ``x2``, the card removed last, not
    ``x1``."""
    game = two_seats(["x1", "x2", "x3", "intermezzo", "y"], chips=(5, 10))
    sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    sc.play(game, Place(1, "west-east", 1), Challenge(0, "s"))
    assert sc.removed(game) == ["x1", "x2"]
    sc.play(game, Place(0, "west-east", 1), Accept(1))
    assert sc.hands(game) == [5, 5]
    assert game.expects() == ((0, 1), "guess")

    events = sc.guess_all(game, 0, 0)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse")] == [
        {"event": "pay", "from": 1, "to": None, "amount": 5},
        {"event": "exchange", "seat": 1, "card": "x2"},
        {"event": "pay", "from": None, "to": 1, "amount": 2},
        {"event": "pay", "from": None, "to": 0, "amount": 2},
    ]
    assert sc.hands(game) == [7, 2]
    assert sc.supply(game) == 1
    assert sc.exchanged(game) == [[], ["x2"]]
    assert sorted(sc.removed(game)) == ["s", "x1", "x3"]


def test_a5_most_chips_exchanges_before_turn_order() -> None:
    """RULES.md A5: the exchange falls to the player with the most chips: seat 1 with 6,
    although seat 2 (5 chips) comes first in turn order from the active seat 2."""
    game = sc.scenario(
        CARDS, start="s", draw=["x1", "a", "intermezzo", "y"], reserve=["r"], chips=(5, 15)
    )
    sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    sc.play(game, Place(1, "west-east", 1), Accept(2), Accept(0))
    assert sc.hands(game) == [4, 6, 5]
    assert game.expects() == ((0, 1, 2), "guess")
    events = sc.guess_all(game, 0, 1, 1)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse")] == [
        {"event": "pay", "from": 1, "to": None, "amount": 5},
        {"event": "exchange", "seat": 1, "card": "x1"},
        {"event": "pay", "from": None, "to": 0, "amount": 2},
    ]
    assert sc.hands(game) == [6, 1, 5]
    assert sc.supply(game) == 3


def test_a5_nobody_with_five_chips_payout_lapses() -> None:
    """RULES.md A5: the supply is empty, the removed pile is not, but nobody holds 5 chips:
    each payout lapses and the history records it, in payout order from seat 1."""
    game = two_seats(["x1", "intermezzo", "y"], chips=(2, 4))
    sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    assert sc.hands(game) == [1, 3]
    assert sc.removed(game) == ["x1"]
    events = sc.guess_all(game, 0, 0)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse")] == [
        {"event": "lapse", "seat": 1, "amount": 2},
        {"event": "lapse", "seat": 0, "amount": 2},
    ]
    assert sc.hands(game) == [1, 3]
    assert sc.supply(game) == 0
    assert sc.exchanged(game) == [[], []]
    for seat in (0, 1, None):
        assert {"event": "lapse", "seat": 0, "amount": 2} in sc.history(game, seat)


def test_a5_empty_removed_pile_payout_lapses() -> None:
    """RULES.md A5: both players hold 5 chips, but no card has been removed yet: nothing
    can be exchanged, and both payouts lapse."""
    game = two_seats(["a", "intermezzo", "y"], chips=(5, 10))
    sc.play(game, Place(0, "west-east", 1), Accept(1))
    events = sc.guess_all(game, 0, 0)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse")] == [
        {"event": "lapse", "seat": 1, "amount": 2},
        {"event": "lapse", "seat": 0, "amount": 2},
    ]
    assert sc.hands(game) == [5, 5]
    assert sc.exchanged(game) == [[], []]


def test_a5_only_the_remainder_of_a_payout_lapses() -> None:
    """RULES.md A5: with 1 chip in the supply and no exchange possible, seat 0 gets that
    chip and 1 of its 2 lapses; seat 1's payout lapses whole."""
    game = two_seats(["intermezzo", "y"], chips=(4, 9))
    assert game.expects() == ((0, 1), "guess")
    events = sc.guess_all(game, 0, 0)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse")] == [
        {"event": "pay", "from": None, "to": 0, "amount": 1},
        {"event": "lapse", "seat": 0, "amount": 1},
        {"event": "lapse", "seat": 1, "amount": 2},
    ]
    assert sc.hands(game) == [5, 4]
    assert sc.supply(game) == 0


def test_a5_challenge_payout_lapses_when_nobody_has_chips() -> None:
    """RULES.md A5: no chips anywhere: the challenger's chip lapses; the card still goes."""
    game = two_seats(["x1", "y"], chips=(0, 0))
    events = sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse", "remove")] == [
        {"event": "lapse", "seat": 1, "amount": 1},
        {"event": "remove", "cards": ["x1"]},
    ]
    assert sc.hands(game) == [0, 0]
    assert sc.supply(game) == 0


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_a5_chips_conserved_in_every_state_of_a_tight_game(players: int, seed: int) -> None:
    """RULES.md A5: chips in hands plus the supply equal the box total after every action
    of a whole game with 5 chips each and an empty supply, where exchanges happen."""
    dealt = sc.deal(seats=players, seed=seed).to_record()
    dealt["chips"] = {"each": 5, "box": 5 * players}
    game = Game.from_record(dealt)
    sc.autoplay(game, challenge_every=2)
    events = sc.history(game)
    exchanges = sc.of_kind(events, "exchange")
    assert exchanges
    outcome = game.outcome()
    assert outcome is not None
    view = game.view(None)
    assert sum(s["chips"] for s in view["seats"]) + view["supply"] == 5 * players
    assert sum(len(s["exchanged"]) for s in view["seats"]) == len(exchanges)
    assert sum(outcome.scores) == 5 * players - view["supply"] + 5 * len(exchanges)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a5_chips_conserved_in_every_state_of_a_standard_game(players: int) -> None:
    """RULES.md A5: the same invariant through a whole game with the Uppsala box of 35."""
    game = sc.deal(seats=players, seed=players)
    sc.autoplay(game, challenge_every=3)
    assert game.outcome() is not None
    view = game.view(None)
    assert sum(s["chips"] for s in view["seats"]) + view["supply"] == 35


def test_a5_wrong_card_is_paid_for_before_it_is_removed() -> None:
    """RULES.md A4.3, A5: the chip is paid first, then the wrong card leaves; so with an
    empty removed pile the card being removed cannot be exchanged and the chip lapses.
    Seat 1 has lost all its chips in five wrong challenges without a card being removed;
    seat 0 holds all 10 chips and the supply is empty."""
    cards = {f"c{i}": east(f"C{i}", float(i)) for i in range(1, 10)}
    cards.update(s=east("Start", 0.0), x=east("X", -50.0), y=east("Y", 60.0))
    draw = [*(f"c{i}" for i in range(1, 10)), "x", "y"]
    game = sc.scenario(cards, start="s", draw=draw, seats=2, chips=(5, 10))
    for i in range(1, 10):
        placer = (i - 1) % 2
        sc.play(game, Place(placer, "west-east", i))
        if placer == 0:
            sc.play(game, Challenge(1, f"c{i - 1}" if i > 1 else "s"))
        else:
            sc.play(game, Accept(0))
    assert sc.hands(game) == [10, 0]
    assert sc.removed(game) == []
    events = sc.play(game, Place(1, "west-east", 10), Challenge(0, "c9"))
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse", "remove")] == [
        {"event": "lapse", "seat": 0, "amount": 1},
        {"event": "remove", "cards": ["x"]},
    ]
    assert sc.hands(game) == [10, 0]
    assert sc.exchanged(game) == [[], []]
    assert sc.removed(game) == ["x"]


def test_a5_exchange_after_a_scoring_takes_the_last_card_cleared() -> None:
    """RULES.md A5, A6.4 (order of the cleared table as docs/rules.md fixes it: west-east
    from west to east, then north-south from south to north): at the first intermezzo the
    removed pile is still empty, so both payouts lapse; the table then goes to the pile.
    At the final scoring seat 1 (first from the active seat 1 among the tied) exchanges
    and takes ``no``, the north end of the cleared cross."""
    cards = {
        "s": sc.card("Start", 0.0, 0.0, 1),
        "w": east("W", -10.0),
        "e": east("E", 10.0),
        "so": sc.north("So", -10.0),
        "no": sc.north("No", 10.0),
        "y": east("Y", 1.0),
        "r": east("R", 2.0),
    }
    game = sc.scenario(
        cards,
        start="s",
        draw=["w", "e", "so", "no", "intermezzo", "y"],
        reserve=["r"],
        seats=2,
        chips=(5, 10),
    )
    sc.play(game, Place(0, "west-east", 0), Accept(1), Place(1, "west-east", 2), Accept(0))
    sc.play(game, Place(0, "north-south", 0), Accept(1), Place(1, "north-south", 2), Accept(0))
    events = sc.guess_all(game, 1, 1)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse", "remove")] == [
        {"event": "lapse", "seat": 0, "amount": 1},
        {"event": "lapse", "seat": 1, "amount": 1},
        {"event": "remove", "cards": ["w", "s", "e", "so", "no"]},
    ]
    assert sc.removed(game) == ["w", "s", "e", "so", "no"]
    sc.play(game, Place(0, "west-east", 0), Accept(1))
    events = sc.guess_all(game, 0, 1)
    assert [e for e in events if e["event"] in ("pay", "exchange", "lapse")] == [
        {"event": "pay", "from": 1, "to": None, "amount": 5},
        {"event": "exchange", "seat": 1, "card": "no"},
        {"event": "pay", "from": None, "to": 0, "amount": 2},
    ]
    assert sc.exchanged(game) == [[], ["no"]]
    assert sc.hands(game) == [7, 0]
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (7, 5)
