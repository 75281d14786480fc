"""RULES.md A7: end of the game, scores and winners."""

from __future__ import annotations

import pytest

from geodeck import Accept, Challenge, Game, GameOver, Guess, Outcome, Place
from geodeck.cli.summary import summary_of

from . import scenario as sc
from .scenario import east

CARDS = {
    "s": east("Start", 0.0),
    "a": east("A", 10.0),
    "b": east("B", 50.0),
    "c": east("C", 20.0),
    "d": east("D", 30.0),
    "e": east("E", -40.0),
    "y": east("Y", 1.0),
}


def exchange_game() -> Game:
    """The game of test_a5_supply_short_triggers_exchange_during_a_challenge: after five
    turns seat 2 has exchanged 5 chips for ``b``; hands 6, 0, 2; seat 2 holds ``y``."""
    game = sc.scenario(
        CARDS, start="s", draw=["a", "b", "c", "d", "e", "y"], seats=3, chips=(4, 12)
    )
    sc.play(game, Place(0, "west-east", 1), Challenge(1, "s"))
    sc.play(game, Place(1, "west-east", 0), Challenge(2, "s"))
    sc.play(game, Place(2, "west-east", 2), Accept(0), Challenge(1, "a"))
    sc.play(game, Place(0, "west-east", 3), Challenge(1, "c"))
    sc.play(game, Place(1, "west-east", 4), Challenge(2, "d"))
    assert sc.hands(game) == [6, 0, 2]
    assert sc.exchanged(game) == [[], [], ["b"]]
    return game


def simple_game() -> Game:
    """Three seats, one card placed right and accepted; then the final scoring."""
    game = sc.scenario(CARDS, start="s", draw=["a"], seats=3)
    sc.play(game, Place(0, "west-east", 1), Accept(1), Accept(2))
    return game


def test_a7_score_is_chips_plus_five_per_exchanged_card() -> None:
    """RULES.md A7: seat 2 ends with 3 chips and one exchanged card (8); seat 0 has more
    chips (7) but a lower score, and seat 2 wins."""
    game = exchange_game()
    sc.play(game, Place(2, "west-east", 1), Accept(0), Accept(1))
    assert sc.lines(game)["west-east"] == ["s", "y", "a", "c", "d"]
    events = sc.guess_all(game, 2, 2, 2)
    assert sc.of_kind(events, "check")[0]["wrong"] == 0
    assert sc.hands(game) == [7, 1, 3]
    assert game.outcome() == Outcome(scores=(7, 1, 8), winners=(2,))
    assert [seat["score"] for seat in game.view(None)["seats"]] == [7, 1, 8]
    assert summary_of(game)["seats"] == [
        {"name": "Ann", "chips": 7, "exchanged": 0, "score": 7},
        {"name": "Ben", "chips": 1, "exchanged": 0, "score": 1},
        {"name": "Cem", "chips": 3, "exchanged": 1, "score": 8},
    ]
    assert summary_of(game)["winners"] == [2]


def test_a7_highest_score_wins() -> None:
    """RULES.md A7: the one exact guesser ends with 6 chips, the others with 4."""
    game = simple_game()
    events = sc.guess_all(game, 1, 0, 1)
    assert events[-1] == {"event": "end", "scores": [4, 6, 4], "winners": [1]}
    assert game.outcome() == Outcome(scores=(4, 6, 4), winners=(1,))


def test_a7_ties_share_the_win() -> None:
    """RULES.md A7: seats 0 and 2 both reach 6: both win."""
    game = simple_game()
    sc.guess_all(game, 0, 1, 0)
    assert game.outcome() == Outcome(scores=(6, 4, 6), winners=(0, 2))
    assert summary_of(game)["winners"] == [0, 2]
    assert game.view(1)["outcome"] == {"scores": [6, 4, 6], "winners": [0, 2]}


def test_a7_everybody_tied_everybody_wins() -> None:
    """RULES.md A7: all three guessed exactly and end on 6."""
    game = simple_game()
    sc.guess_all(game, 0, 0, 0)
    assert game.outcome() == Outcome(scores=(6, 6, 6), winners=(0, 1, 2))


def test_a7_outcome_is_none_until_the_game_is_finished() -> None:
    """RULES.md A6.4, A7: there is no outcome before the final scoring is settled."""
    game = sc.scenario(CARDS, start="s", draw=["a", "intermezzo", "y"], reserve=["c"], seats=2)
    steps = [
        Place(0, "west-east", 1),
        Accept(1),
        Guess(0, 0),
        Guess(1, 1),
        Place(1, "west-east", 0),
        Accept(0),
        Guess(1, 0),
    ]
    for action in steps:
        assert game.outcome() is None
        assert game.view(None)["outcome"] is None
        summary = summary_of(game)
        assert summary["finished"] is False
        assert summary["winners"] == []
        sc.play(game, action)
    assert game.outcome() is None
    assert game.expects() == ((0,), "guess")
    sc.play(game, Guess(0, 0))
    assert game.outcome() == Outcome(scores=(8, 6), winners=(0,))
    assert game.view(None)["phase"] == "finished"
    assert summary_of(game)["finished"] is True
    assert summary_of(game)["next"] == {"seats": [], "expects": None}


@pytest.mark.parametrize(
    "action",
    [
        Place(0, "west-east", 0),
        Place(1, "west-east", 0),
        Accept(1),
        Challenge(2, "s"),
        Guess(0, 0),
        Guess(2, 1),
    ],
)
def test_a7_actions_after_the_end_raise_game_over(
    action: Place | Accept | Challenge | Guess,
) -> None:
    """RULES.md A6.4, A7: after the final scoring the game is over; any action raises
    GameOver and changes nothing; no seat has a legal action."""
    game = simple_game()
    sc.guess_all(game, 0, 0, 0)
    before = sc.snapshot(game)
    with pytest.raises(GameOver) as caught:
        game.apply(action)
    assert caught.value.code == "action/game_over"
    assert sc.snapshot(game) == before
    assert game.expects() == ((), None)
    assert [game.legal_actions(seat) for seat in range(3)] == [[], [], []]


def test_a7_a_whole_dealt_game_ends_after_the_third_scoring() -> None:
    """RULES.md A6, A7: a standard deal has two interim scorings and a final one; then the
    outcome's scores equal the seats' scores in the view."""
    game = sc.deal(seats=4, seed=21)
    sc.autoplay(game, challenge_every=4)
    scorings = sc.of_kind(sc.history(game), "scoring")
    assert scorings == [
        {"event": "scoring", "final": False},
        {"event": "scoring", "final": False},
        {"event": "scoring", "final": True},
    ]
    assert len(sc.of_kind(sc.history(game), "start")) == 3  # the first and one per intermezzo
    outcome = game.outcome()
    assert outcome is not None
    scores = [seat["score"] for seat in game.view(None)["seats"]]
    assert list(outcome.scores) == scores
    assert list(outcome.winners) == [i for i, s in enumerate(scores) if s == max(scores)]
    assert game.view(None)["draw_left"] == 0
