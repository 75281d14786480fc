"""Player ratings against openskill's own Plackett-Luce values (docs/ratings.md)."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from geodeck.ratings import Rating, family, ranks, update, win_odds


def reference(ratings: list[Rating], order: list[int]) -> list[tuple[float, float]]:
    model = PlackettLuce()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = model.rate(teams, ranks=[float(k) for k in order])
    return [(t[0].mu, t[0].sigma) for t in rated]


def test_two_new_players_by_hand() -> None:
    # Plackett-Luce, two new players, the first wins. With tau added first:
    # s2 = (25/3)^2 + (25/300)^2, c^2 = 2 (s2 + (25/6)^2); each wins with p = 1/2.
    s2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * (s2 + (25 / 6) ** 2))
    shift = s2 / c * 0.5
    gamma = math.sqrt(s2) / c
    sigma = math.sqrt(s2 * (1 - gamma * s2 / c**2 * 0.25))
    winner, loser = update([Rating(), Rating()], [7, 3])
    assert winner.mu == pytest.approx(25 + shift)
    assert loser.mu == pytest.approx(25 - shift)
    assert winner.sigma == pytest.approx(sigma)
    assert loser.sigma == pytest.approx(sigma)
    assert winner.mu == pytest.approx(27.6354, abs=1e-4)
    assert winner.sigma == pytest.approx(8.0659, abs=1e-4)


def test_many_seats_match_the_library() -> None:
    seats = [Rating(30.0, 4.0), Rating(), Rating(18.5, 6.2), Rating(25.0, 2.0)]
    scores = [3, 11, 7, 5]
    got = update(seats, scores)
    want = reference(seats, [3, 0, 1, 2])
    for rating, (mu, sigma) in zip(got, want, strict=True):
        assert rating.mu == pytest.approx(mu)
        assert rating.sigma == pytest.approx(sigma)


def test_equal_scores_are_a_tie() -> None:
    seats = [Rating(27.0, 5.0), Rating(22.0, 7.0), Rating()]
    got = update(seats, [9, 9, 4])
    want = reference(seats, [0, 0, 2])
    assert [r.mu for r in got] == pytest.approx([mu for mu, _ in want])
    untied = reference(seats, [0, 1, 2])
    assert got[1].mu != pytest.approx(untied[1][0])


def test_ranks_count_the_seats_that_scored_more() -> None:
    assert ranks([5, 9, 5, 1]) == [1, 0, 1, 3]
    assert ranks([2, 2]) == [0, 0]


def test_the_winner_rises_and_the_shown_rating_is_the_ordinal() -> None:
    new = Rating()
    assert new.shown() == 0
    winner, loser = update([new, new], [1, 0])
    assert winner.ordinal == pytest.approx(winner.mu - 3 * winner.sigma)
    assert winner.shown() > new.shown() > loser.shown()


def test_one_seat_changes_nothing_and_lengths_must_agree() -> None:
    assert update([Rating(30.0, 3.0)], [4]) == [Rating(30.0, 3.0)]
    with pytest.raises(ValueError, match="2 ratings for 1 scores"):
        update([Rating(), Rating()], [1])


def test_families() -> None:
    assert {family(g) for g in ("uppsala", "buxtehude", "italia", "world")} == {"cross"}
    assert family("undercover") == "undercover"
    with pytest.raises(ValueError, match="no rating family"):
        family("chess")


def test_ratings_round_trip_and_refuse_nonsense() -> None:
    rating = Rating(31.25, 2.5)
    assert Rating.from_json(rating.to_json()) == rating
    for bad in ({"mu": 1.0, "sigma": 0.0}, {"mu": float("nan"), "sigma": 1.0}):
        with pytest.raises(ValueError, match="not a rating"):
            Rating.from_json(bad)


def test_win_odds_favour_the_stronger() -> None:
    strong, weak = win_odds([Rating(35.0, 2.0), Rating(20.0, 2.0)])
    assert strong > 0.5 > weak
    assert strong + weak == pytest.approx(1.0)
