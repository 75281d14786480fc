"""RULES.md B2.4: placing guess stones after each answer."""

from __future__ import annotations

import pytest

from geodeck import (
    Answer,
    Hide,
    IllegalAction,
    NotYourTurn,
    Pass,
    Stone,
    UndercoverGame,
    WrongKind,
)
from geodeck.cli.summary import summary_of
from tests.undercover import support as sc
from tests.undercover.support import SALT


def answered(seats: int = 4, hide: str = "ES") -> UndercoverGame:
    game = sc.scenario(seats=seats)
    sc.play(game, Hide(0, hide, SALT), Answer(0, "no"))
    return game


def order(game: UndercoverGame) -> list[int]:
    seats = []
    while game.expects().kind == "stone":
        seat = game.expects().seats[0]
        seats.append(seat)
        sc.play(game, Pass(seat))
    return seats


def test_b2_4_guessing_starts_with_the_reader_and_goes_clockwise_over_seekers() -> None:
    """RULES.md B2.4: the question's reader places first, then the seekers clockwise;
    the undercover player is skipped."""
    game = sc.scenario(seats=5)
    sc.play(game, Hide(0, "ES", SALT))
    sc.play(game, Answer(0, "no"))
    assert game.view(None)["to_place"] == [1, 2, 3, 4]
    assert order(game) == [1, 2, 3, 4]
    sc.play(game, Answer(0, "no"))
    assert order(game) == [2, 3, 4, 1]
    sc.play(game, Answer(0, "no"))
    assert order(game) == [3, 4, 1, 2]


def test_b2_4_after_the_guessing_the_next_question_follows() -> None:
    """RULES.md B2.4, B2.5: when every seeker had the chance, the next question is turned."""
    game = answered()
    sc.all_pass(game)
    assert summary_of(game)["asked"] == 2
    assert game.expects() == ((0,), "answer")


def test_b2_4_a_seeker_may_pass() -> None:
    """RULES.md B2.4: placing is optional."""
    game = answered()
    assert Pass(1) in game.legal_actions(1)
    events = sc.play(game, Pass(1))
    assert events == [{"event": "pass", "seat": 1}]
    assert summary_of(game)["stones"] == {}


def test_b2_4_one_stone_per_seeker_per_answer() -> None:
    """RULES.md B2.4: each seeker places one stone, then the next seeker is due."""
    game = answered()
    sc.play(game, Stone(1, "ES", "small"))
    assert game.expects() == ((2,), "stone")
    with pytest.raises(NotYourTurn):
        game.apply(Stone(1, "PT", "small"))


def test_b2_4_stones_may_share_a_country_several_from_one_player_too() -> None:
    """RULES.md B2.4: any number of stones on one country, several from the same player."""
    game = answered()
    sc.guesses(game, ("PT", "small"), ("PT", "large"), ("PT", "small"))
    sc.play(game, Answer(0, "no"))
    sc.guesses(game, None, ("PT", "small"), ("PT", "small"))
    assert summary_of(game)["stones"] == {
        "PT": [
            {"seat": 1, "size": "small"},
            {"seat": 2, "size": "large"},
            {"seat": 3, "size": "small"},
            {"seat": 3, "size": "small"},
            {"seat": 1, "size": "small"},
        ]
    }


def test_b2_4_small_or_large_while_one_has_any() -> None:
    """RULES.md B2.4: one large stone each; once placed, only small stones are left."""
    game = answered()
    assert {a.size for a in game.legal_actions(1) if isinstance(a, Stone)} == {"small", "large"}
    sc.guesses(game, ("IT", "large"), None, None)
    sc.play(game, Answer(0, "no"))
    sc.play(game, Pass(2), Pass(3))
    assert {a.size for a in game.legal_actions(1) if isinstance(a, Stone)} == {"small"}
    with pytest.raises(IllegalAction) as err:
        game.apply(Stone(1, "IT", "large"))
    assert err.value.rule == "B2.4"
    summary = summary_of(game)["seats"][1]
    assert (summary["small"], summary["large"]) == (5, 0)


def test_b2_4_with_no_stone_left_a_seeker_can_only_pass() -> None:
    """RULES.md B2.4: a seeker with no stones left still has their turn, and passes."""
    game = sc.scenario(seats=3)
    sc.play(game, Hide(0, "ES", SALT))
    for _ in range(6):
        sc.play(game, Answer(0, "no"))
        while game.expects().kind == "stone":
            seat = game.expects().seats[0]
            size = "large" if summary_of(game)["seats"][seat]["large"] else "small"
            sc.play(game, Stone(seat, "IT", size) if seat == 1 else Pass(seat))
    assert summary_of(game)["seats"][1] == {"name": "Ben", "score": 0, "small": 0, "large": 0}
    sc.play(game, Answer(0, "no"))
    assert game.expects() == ((1,), "stone")
    assert game.legal_actions(1) == [Pass(1)]
    with pytest.raises(IllegalAction):
        game.apply(Stone(1, "IT", "small"))
    sc.play(game, Pass(1))
    assert game.expects() == ((2,), "stone")


def test_b2_4_only_on_a_laid_out_country() -> None:
    """RULES.md B2.4: a stone goes on a laid-out country."""
    game = answered()
    with pytest.raises(IllegalAction) as err:
        game.apply(Stone(1, "EE", "small"))
    assert err.value.rule == "B2.4"
    with pytest.raises(IllegalAction):
        game.apply(Stone(1, "ES", "medium"))
    stones = [a for a in game.legal_actions(1) if isinstance(a, Stone)]
    assert len(stones) == 32
    assert {a.country for a in stones} == set(sc.LAYOUT)


def test_b2_4_the_undercover_player_places_no_stone() -> None:
    """RULES.md B2.4: only seekers guess."""
    game = answered()
    with pytest.raises(NotYourTurn):
        game.apply(Stone(0, "PT", "small"))
    with pytest.raises(WrongKind):
        game.apply(Answer(1, "yes"))
    seen = order(game)
    assert 0 not in seen


def test_b2_4_stones_stay_until_the_round_ends_then_everyone_has_six_again() -> None:
    """RULES.md B2.4: stones stay where they are until the round ends; every player
    starts each round with all six stones."""
    game = answered(hide="ES")
    sc.guesses(game, ("PT", "large"), ("IT", "small"), None)
    for _ in range(11):
        assert len(summary_of(game)["stones"]["PT"]) == 1
        sc.question_round(game)
    summary = summary_of(game)
    assert summary["round"] == 2
    assert summary["stones"] == {}
    assert [(s["small"], s["large"]) for s in summary["seats"]] == [(5, 1)] * 4
