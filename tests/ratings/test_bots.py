"""The bots' shipped, calibrated ratings (docs/ratings.md)."""

from __future__ import annotations

import datetime

import pytest

from geodeck.ratings import Rating, bot_rating, bot_ratings, nearest_level
from geodeck.ratings.bots import calibration


@pytest.mark.parametrize("game", ["uppsala", "undercover"])
def test_the_ladder_holds_in_the_calibration(game: str) -> None:
    shown = {level: r.ordinal for level, r in bot_ratings(game).items()}
    order = ["oracle", "expert", "casual", "novice", "random"]
    assert [level for level in shown if level in order] == order


def test_the_file_says_how_many_games_and_when() -> None:
    data = calibration()
    datetime.date.fromisoformat(data["date"])
    for entry in data["families"].values():
        assert entry["games"] > 0


def test_every_cross_edition_shares_the_family_rating() -> None:
    assert bot_rating("italia", "casual") == bot_rating("uppsala", "casual")


def test_learned_plays_undercover_as_expert() -> None:
    assert bot_rating("undercover", "learned") == bot_rating("undercover", "expert")
    with pytest.raises(ValueError, match="no calibrated rating"):
        bot_rating("uppsala", "grandmaster")


def test_nearest_level_picks_an_opponent_of_the_players_strength() -> None:
    for level, rating in bot_ratings("uppsala").items():
        assert nearest_level("uppsala", Rating(rating.mu + 0.1, rating.sigma)) == level
