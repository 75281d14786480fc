"""RULES.md B3: how many rounds, and who wins."""

from __future__ import annotations

import pytest

from geodeck import Answer, GameOver, Hide, Pass, Stone, UndercoverGame
from geodeck.cli.summary import summary_of
from tests.undercover import support as sc
from tests.undercover.support import SALT


def quiet_round(game: UndercoverGame) -> None:
    """Play the round on: the undercover player hides in the first laid-out country if
    not hidden yet; every question passes."""
    summary = summary_of(game)
    if game.expects().kind == "hide":
        sc.play(game, Hide(summary["undercover"], summary["layout"][0], SALT))
    if game.expects().kind == "stone":
        sc.all_pass(game)
    while summary_of(game)["round"] == summary["round"] and not game.finished:
        sc.question_round(game)


@pytest.mark.parametrize(("seats", "rounds"), [(3, 6), (4, 8), (5, 5), (6, 6)])
def test_b3_rounds_by_player_count(seats: int, rounds: int) -> None:
    """RULES.md B3: with 5 or 6 players everyone is undercover once, with 3 or 4 twice;
    the role passes clockwise from seat 0."""
    game = sc.dealt(seats, seed=seats)
    undercover = []
    while not game.finished:
        undercover.append(summary_of(game)["undercover"])
        quiet_round(game)
    assert undercover == [i % seats for i in range(rounds)]
    assert game.view(None)["rounds"] == rounds
    assert len(game.view(None)["results"]) == rounds


def test_b3_the_highest_total_wins() -> None:
    """RULES.md B3: the highest total wins."""
    game = sc.scenario(seats=5)
    sc.play(game, Hide(0, "IT", SALT), Answer(0, "yes"))
    sc.play(game, Stone(1, "IT", "large"), Pass(2), Pass(3), Pass(4))
    while not game.finished:
        quiet_round(game)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 2, 0, 0, 0)
    assert outcome.winners == (1,)
    summary = summary_of(game)
    assert summary["finished"] is True
    assert summary["winners"] == [1]
    assert summary["next"] == {"seats": [], "expects": None}
    assert sc.of_kind(game.view(None)["history"], "end") == [
        {"event": "end", "scores": [0, 2, 0, 0, 0], "winners": [1]}
    ]


def test_b3_ties_share_the_win() -> None:
    """RULES.md B3: ties share the win."""
    game = sc.scenario(seats=5)
    sc.play(game, Hide(0, "IT", SALT), Answer(0, "yes"))
    sc.play(game, Stone(1, "IT", "small"), Pass(2), Pass(3), Stone(4, "IT", "small"))
    while not game.finished:
        quiet_round(game)
    assert summary_of(game)["winners"] == [1, 4]
    assert game.view(3)["outcome"] == {"scores": [0, 1, 0, 0, 1], "winners": [1, 4]}


def test_b3_nobody_scoring_is_a_tie_of_everyone() -> None:
    """RULES.md B3: with no points at all every player shares the win."""
    game = sc.dealt(5, seed=1)
    while not game.finished:
        quiet_round(game)
    assert summary_of(game)["winners"] == [0, 1, 2, 3, 4]


def test_b3_no_action_after_the_end() -> None:
    """RULES.md B3: a finished game takes no more actions."""
    game = sc.dealt(5, seed=2)
    while not game.finished:
        quiet_round(game)
    assert game.expects() == ((), None)
    assert all(game.legal_actions(seat) == [] for seat in range(5))
    with pytest.raises(GameOver):
        game.apply(Pass(1))
