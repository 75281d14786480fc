"""RULES.md B2.6: scoring the stones on the undercover country."""

from __future__ import annotations

from geodeck import Answer, Game, Hide, Pass, Stone
from geodeck.cli.summary import summary_of
from geodeck.undercover import commit
from tests.undercover import support as sc
from tests.undercover.support import SALT


def scores(game: Game) -> list[int]:
    return [seat["score"] for seat in summary_of(game)["seats"]]


def test_b2_6_the_rulebook_example_turkey() -> None:
    """RULES.md B2.6 and the rulebook's example: Türkiye is right; Red scores 3 (large and
    small), Yellow and Black 2 each, Green 1."""
    game = sc.scenario(seats=5)  # Ann is undercover; Ben red, Cem yellow, Dan black, Eve green
    sc.play(game, Hide(0, "TR", SALT), Answer(0, "probably"))
    sc.guesses(game, ("TR", "large"), ("TR", "large"), ("TR", "small"), ("TR", "small"))
    sc.play(game, Answer(0, "no"))
    events = sc.guesses(game, ("GR", "small"), ("TR", "small"), None, ("TR", "small"))
    reveal = sc.of_kind(events, "reveal")[0]
    assert reveal["country"] == "TR"
    assert reveal["points"] == [0, 3, 2, 2, 1]
    assert scores(game) == [0, 3, 2, 2, 1]


def test_b2_6_small_one_large_two_only_on_the_right_country() -> None:
    """RULES.md B2.6: each stone on the undercover country scores small 1, large 2;
    stones elsewhere score nothing."""
    game = sc.scenario(seats=4)
    sc.play(game, Hide(0, "IT", SALT), Answer(0, "yes"))
    sc.guesses(game, ("IT", "large"), ("ES", "large"), ("IT", "small"))
    sc.play(game, Answer(0, "yes"))
    sc.guesses(game, ("IT", "small"), ("IT", "small"), ("PT", "small"))
    for _ in range(10):
        sc.question_round(game)
    assert scores(game) == [0, 2, 1, 2]


def test_b2_6_the_undercover_player_scores_nothing_in_the_round() -> None:
    """RULES.md B2.6: the undercover player scores nothing, even when undiscovered."""
    game = sc.scenario(seats=3)
    sc.play(game, Hide(0, "IT", SALT))
    for _ in range(12):
        sc.question_round(game)
    assert sc.of_kind(game.view(None)["history"], "reveal")[0]["points"] == [0, 0, 0]
    assert scores(game) == [0, 0, 0]


def test_b2_6_scores_add_up_over_the_rounds() -> None:
    """RULES.md B2.6, B3: the points are totalled after each round."""
    game = sc.scenario(seats=3)
    sc.play(game, Hide(0, "IT", SALT), Answer(0, "yes"))
    sc.guesses(game, ("IT", "large"), ("IT", "small"))
    for _ in range(11):
        sc.question_round(game)
    assert scores(game) == [0, 2, 1]
    country = summary_of(game)["layout"][5]
    sc.play(game, Hide(1, country, SALT))
    sc.answer(game)
    assert game.expects() == ((2,), "stone")
    sc.play(game, Stone(2, country, "large"), Stone(0, country, "small"))
    for _ in range(11):
        sc.question_round(game)
    assert scores(game) == [1, 2, 3]
    assert [r["points"] for r in game.view(None)["results"]] == [[0, 2, 1], [1, 0, 2]]


def test_b2_6_points_are_shown_per_round() -> None:
    """RULES.md B2.6: the reveal and the round results show what each seat scored."""
    game = sc.scenario(seats=3)
    sc.play(game, Hide(0, "IT", SALT), Answer(0, "yes"))
    sc.play(game, Stone(1, "IT", "small"), Pass(2))
    for _ in range(11):
        sc.question_round(game)
    (result,) = game.view(2)["results"]
    assert result == {
        "event": "reveal",
        "round": 1,
        "undercover": 0,
        "country": "IT",
        "salt": SALT,
        "commitment": commit("IT", SALT),
        "discovered": False,
        "asked": 12,
        "points": [0, 1, 0],
    }
