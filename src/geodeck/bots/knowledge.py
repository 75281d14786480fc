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
  landmarks, attractions and mountains without a difficulty 1.0);
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

    def __init__(self, atlas: Mapping[str, Mapping[str, Any]], level: str, seed: int) -> None:
        if level not in SKILL:
            raise ValueError(f"no knowledge model for level {level!r}")
        self.level = level
        self.skill = SKILL[level]
        self.atlas = atlas
        self.seed = seed
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
            sigma = self.skill * obscurity(data or {}) * self.scale[quantity]
            noise = random.Random(_mix(self.seed, card, quantity)).gauss(0.0, 1.0)
            known = (truth + sigma * noise, sigma)
        self._beliefs[key] = known
        return known


def _mix(seed: int, card: str, quantity: str) -> int:
    return zlib.crc32(f"{seed}:{card}:{quantity}".encode()) ^ (seed * 0x9E3779B1)


def _values(atlas: Mapping[str, Mapping[str, Any]], quantity: str) -> list[float]:
    out = []
    for card in atlas.values():
        value = true_value(card, quantity)
        if value is not None:
            out.append(value)
    return out


def _spread(atlas: Mapping[str, Mapping[str, Any]], quantity: str) -> float:
    values = _values(atlas, quantity)
    return statistics.pstdev(values) if len(values) > 1 else 1.0


def _middle(atlas: Mapping[str, Mapping[str, Any]], quantity: str) -> float:
    values = _values(atlas, quantity)
    return statistics.median(values) if values else 0.0
