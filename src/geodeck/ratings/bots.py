"""The bots' fixed ratings, one per family and level, calibrated by bot games.

``data/bots.json`` is written by ``benchmarks/calibrate_ratings.py`` (docs/ratings.md
says how to recompute it): per family, each level's ``mu`` and ``sigma`` fitted with the
players' model from many games among the levels, with the number of games and the date.
A bot's rating never changes with the games it plays against people; a person's does.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import TypedDict

from geodeck.ratings.players import Rating, family

STAND_IN = {"learned": "expert"}
"""A level without a calibrated rating of its own in a family is rated as this one (the
learned bot plays Undercover as expert)."""


class FamilyCalibration(TypedDict):
    """One family's fitted levels: each level's ``{"mu", "sigma"}``, from ``games``
    games of ``game`` with ``seats`` seats."""

    game: str
    seats: int
    games: int
    levels: dict[str, dict[str, float]]


class Calibration(TypedDict):
    date: str
    families: dict[str, FamilyCalibration]


@cache
def calibration() -> Calibration:
    """The shipped calibration: ``{"date": ..., "families": {family: {"game", "seats",
    "games", "levels": {level: {"mu", "sigma"}}}}}``."""
    text = files("geodeck.ratings").joinpath("data/bots.json").read_text("utf-8")
    data: Calibration = json.loads(text)
    return data


def bot_rating(game: str, level: str) -> Rating:
    """The fixed rating of a bot of ``level`` in ``game``'s family. Raises ``ValueError``
    for a game or level without one."""
    levels = calibration()["families"][family(game)]["levels"]
    entry = levels.get(level) or levels.get(STAND_IN.get(level, ""))
    if entry is None:
        raise ValueError(f"no calibrated rating for a {level!r} bot in {game!r}")
    return Rating.from_json(entry)


def bot_ratings(game: str) -> dict[str, Rating]:
    """Every calibrated level's rating in ``game``'s family, strongest first."""
    levels = calibration()["families"][family(game)]["levels"]
    rated = {level: Rating.from_json(entry) for level, entry in levels.items()}
    return dict(sorted(rated.items(), key=lambda item: -item[1].ordinal))


def nearest_level(game: str, rating: Rating) -> str:
    """The bot level whose displayed rating is nearest a player's: an opponent of their
    strength."""
    rated = bot_ratings(game)
    return min(rated, key=lambda level: abs(rated[level].ordinal - rating.ordinal))
