"""Ratings: players per game family, the bots' fixed ratings, and card difficulty
(docs/ratings.md). Pure: no IO but reading the shipped calibration."""

from __future__ import annotations

from geodeck.ratings.bots import bot_rating, bot_ratings, nearest_level
from geodeck.ratings.cards import CardRatings, on_printed_scale, prior
from geodeck.ratings.players import (
    MODEL,
    Rating,
    family,
    ranks,
    rating_families,
    rating_family,
    update,
    win_odds,
)

__all__ = [
    "MODEL",
    "CardRatings",
    "Rating",
    "bot_rating",
    "bot_ratings",
    "family",
    "nearest_level",
    "on_printed_scale",
    "prior",
    "ranks",
    "rating_families",
    "rating_family",
    "update",
    "win_odds",
]
