"""Player ratings per game family, with ``openskill``'s Plackett-Luce model.

A rating is a belief about a player's skill: a mean ``mu`` and an uncertainty ``sigma``
(a new player: 25 and 25/3). After a finished game every seat's rating moves by the
game's ranking: the higher score ranks higher, and equal scores are a tie. The displayed
rating is the *ordinal* ``mu - 3 sigma``, a cautious figure (about 0 for a new player)
that rises as a player wins and as the system grows sure of them.

Plackett-Luce is the model chosen: it ranks any number of seats in one update (a game of
six is one match, not fifteen duels), handles ties, and is openskill's default and best
tested model. Its parameters are the library's defaults (``beta`` 25/6, ``tau`` 25/300).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from geodeck.core.errors import SetupError
from geodeck.core.family import families, family_of

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """The displayed rating: ``mu - 3 sigma``."""
        return self.mu - 3.0 * self.sigma

    def shown(self) -> int:
        """The displayed rating, rounded for a lobby or an end-of-game sheet."""
        return round(self.ordinal)

    def to_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rating:
        mu, sigma = float(data["mu"]), float(data["sigma"])
        if not (sigma > 0.0 and math.isfinite(sigma) and math.isfinite(mu)):
            raise ValueError(f"not a rating: mu {mu}, sigma {sigma}")
        return cls(mu, sigma)


def family(game: str) -> str:
    """The rating family of ``game``: its game family (``geodeck.core.family``), so that
    the four cross-family editions share one rating."""
    found = rating_family(game)
    if found is None:
        raise ValueError(f"no rating family for game {game!r}")
    return found


def rating_family(game: str) -> str | None:
    """The rating family of ``game``; ``None`` for a game geodeck does not know."""
    try:
        return family_of(game).id
    except SetupError:
        return None


def rating_families() -> dict[str, str]:
    """Each rating family with its first game (the one its bots are rated in)."""
    return {f.id: f.games[0].id for f in families() if f.games}


def ranks(scores: Sequence[float]) -> list[int]:
    """Each seat's rank from the scores, 0 the best: the number of seats that scored more,
    so that equal scores share a rank."""
    return [sum(1 for other in scores if other > score) for score in scores]


def update(ratings: Sequence[Rating], scores: Sequence[float]) -> list[Rating]:
    """The seats' ratings after a finished game with these final ``scores`` (one per seat,
    higher is better). One seat alone, or no seats, change nothing."""
    if len(ratings) != len(scores):
        raise ValueError(f"{len(ratings)} ratings for {len(scores)} scores")
    if len(ratings) < 2:
        return list(ratings)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    places = ranks(scores)
    if len(set(places)) < len(places):
        rated = MODEL.rate(teams, ranks=[float(r) for r in places])
        return [Rating(team[0].mu, team[0].sigma) for team in rated]
    # No tie: the teams go in their order of finish, which ``rate`` takes as their ranks.
    # Given ranks, it sorts the teams by them and back again with closures that hold each
    # other, garbage only the cyclic collector frees (and a busy server rates many games).
    order = sorted(range(len(places)), key=places.__getitem__)
    rated = MODEL.rate([teams[seat] for seat in order])
    after: list[Rating] = [Rating()] * len(ratings)
    for team, seat in zip(rated, order, strict=True):
        after[seat] = Rating(team[0].mu, team[0].sigma)
    return after


def win_odds(ratings: Sequence[Rating]) -> list[float]:
    """Each seat's chance to come first, by the model (sums to 1)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    return [float(p) for p in MODEL.predict_win(teams)]
