"""What a bot believes about the cards: the knowledge model.

A bot knows geography the way a person does: from an atlas (the deck's card data, which
is public reference material, not the game's state) seen through its own imperfect memory.
For every card and every quantity (latitude, longitude, population, area, altitude) it
holds one believed value, drawn once from a normal distribution around the true value, and
it knows how unsure it is (the spread of that distribution). The spread

    sigma = SKILL[level] * obscurity(card) * scale(quantity)

grows with the card's obscurity and shrinks with skill:

- ``SKILL``: novice 0.30, casual 0.15, expert 0.06, oracle 0 (exact knowledge);
- ``obscurity``: from the card's difficulty (1 → 0.6, 2 → 1.0, 3 → 1.6); a card without
  one is judged by its population (≥ 1,000,000 → 0.6, ≥ 150,000 → 1.0, else 1.6; sights,
  landmarks, attractions and mountains without a difficulty 1.0); for the novice and
  casual levels, when a card's *rated* difficulty is given (``geodeck.ratings``: a float
  on the printed scale, from the placements and practice answers people made), it takes
  the printed one's place, the obscurity following the same line between the points
  (1 → 0.6, 2 → 1.0, 3 → 1.6, beyond 3 rising by 0.6 a step, below 1 falling by 0.4,
  never under 0.2): the harder people find a card, the less these bots know it;
- ``scale``: the deck's own spread of that quantity (its standard deviation), so that an
  expert's error is small for a Europe deck and for a Germany deck alike. Population and
  area are believed on a log10 scale.

Beliefs are seeded from the bot's seed and the card id, so a bot is deterministic and
consistent: it believes the same wrong thing every time it meets a card. Once a card is
revealed, the bot uses the revealed value exactly.
"""

from __future__ import annotations

import math
import random
import statistics
import zlib
from collections.abc import Mapping
from typing import Any

SKILL = {"novice": 0.30, "casual": 0.15, "expert": 0.06, "oracle": 0.0}
QUANTITIES = ("west-east", "north-south", "population", "area", "altitude")
LOG_SCALE = ("population", "area")


def true_value(card: Mapping[str, Any], quantity: str) -> float | None:
    """The value the check compares, on the scale beliefs use (log10 for counts)."""
    if quantity == "west-east":
        return float(card["lon"])
    if quantity == "north-south":
        return float(card["lat"])
    raw = card.get(quantity)
    if raw is None:
        return None
    value = float(raw)
    return math.log10(max(value, 1.0)) if quantity in LOG_SCALE else value


RATED_LEVELS = ("novice", "casual")
"""The levels whose knowledge follows the cards' rated difficulty when it is given."""


def rated_obscurity(difficulty: float) -> float:
    """The obscurity of a card of rated ``difficulty`` (printed scale, any real number)."""
    if difficulty <= 2.0:
        return max(0.2, 1.0 - 0.4 * (2.0 - difficulty))
    return 1.0 + 0.6 * (difficulty - 2.0)


def obscurity(card: Mapping[str, Any]) -> float:
    difficulty = card.get("difficulty")
    if isinstance(difficulty, int):
        return {1: 0.6, 2: 1.0, 3: 1.6}.get(difficulty, 1.0)
    population = card.get("population")
    if population is None:
        return 1.0
    if population >= 1_000_000:
        return 0.6
    return 1.0 if population >= 150_000 else 1.6


class Knowledge:
    """One bot's beliefs: a believed value and a spread per card and quantity."""

    def __init__(
        self,
        atlas: Mapping[str, Mapping[str, object]],
        level: str,
        seed: int,
        difficulty: Mapping[str, float] | None = None,
    ) -> None:
        """``difficulty``: the cards' rated difficulty by id, used by the novice and
        casual levels; without it (or for a card it lacks) the printed one."""
        if level not in SKILL:
            raise ValueError(f"no knowledge model for level {level!r}")
        self.level = level
        self.skill = SKILL[level]
        self.atlas = atlas
        self.seed = seed
        self.rated = dict(difficulty or {}) if level in RATED_LEVELS else {}
        self.scale = {q: _spread(atlas, q) for q in QUANTITIES}
        self._beliefs: dict[tuple[str, str], tuple[float, float]] = {}

    def belief(self, card: str, quantity: str) -> tuple[float, float]:
        """(believed value, sigma) of ``quantity`` for ``card``; unknown cards are believed
        to lie at the deck's middle with a wide spread."""
        key = (card, quantity)
        known = self._beliefs.get(key)
        if known is not None:
            return known
        data = self.atlas.get(card)
        truth = true_value(data, quantity) if data is not None else None
        if truth is None:
            middle, spread = _middle(self.atlas, quantity), self.scale[quantity]
            known = (middle, max(spread, 1e-9))
        else:
            sigma = self.skill * self.obscurity(card) * self.scale[quantity]
            noise = random.Random(_mix(self.seed, card, quantity)).gauss(0.0, 1.0)
            known = (truth + sigma * noise, sigma)
        self._beliefs[key] = known
        return known

    def obscurity(self, card: str) -> float:
        rated = self.rated.get(card)
        if rated is not None and math.isfinite(rated):
            return rated_obscurity(rated)
        return obscurity(self.atlas.get(card) or {})


def _mix(seed: int, card: str, quantity: str) -> int:
    return zlib.crc32(f"{seed}:{card}:{quantity}".encode()) ^ (seed * 0x9E3779B1)


def _values(atlas: Mapping[str, Mapping[str, object]], quantity: str) -> list[float]:
    out = []
    for card in atlas.values():
        value = true_value(card, quantity)
        if value is not None:
            out.append(value)
    return out


def _spread(atlas: Mapping[str, Mapping[str, object]], quantity: str) -> float:
    values = _values(atlas, quantity)
    return statistics.pstdev(values) if len(values) > 1 else 1.0


def _middle(atlas: Mapping[str, Mapping[str, object]], quantity: str) -> float:
    values = _values(atlas, quantity)
    return statistics.median(values) if values else 0.0
