"""Choosing places so that a deck is spread out, and rating how hard a card is.

Spacing rule (docs/data.md): the places that must be in the deck (capitals) come first.
Every other candidate, largest population first, is taken only if it keeps a minimum
distance from every place already taken. That distance is ``D * s(c)``: ``s`` is larger
where few people live around the candidate and smaller where many do, so a crowded
region gets more cards, but fewer than its population alone would give it. ``D`` is the
largest distance that still yields the number of places the deck needs.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

EARTH_KM = 6371.0088
"""Mean radius of the Earth (IUGG), in km."""

Vector = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Candidate:
    key: str
    lat: float
    lon: float
    population: int
    tier: int = 2
    """0: always taken (no spacing); 1: preferred; 2: the rest. Lower tiers come first."""
    blocks: bool = True
    """Whether other places must keep their distance from this one once it is taken."""
    group: str = ""
    """The country (or Land, region) a per-group cap counts against."""

    @property
    def must(self) -> bool:
        return self.tier == 0


@dataclass(frozen=True, slots=True)
class Spacing:
    """Parameters of the spacing rule for one deck."""

    radius_km: float
    """Neighbourhood over which the population density around a candidate is measured."""
    exponent: float
    """How strongly density shrinks the distance: s = (median density / density) ** exponent."""
    low: float
    high: float
    """Bounds of the factor s."""
    cap: int = 0
    """At most this many places per group (0: no cap)."""


def _unit(lat: float, lon: float) -> Vector:
    la, lo = math.radians(lat), math.radians(lon)
    return (math.cos(la) * math.cos(lo), math.cos(la) * math.sin(lo), math.sin(la))


def _cos_of(km: float) -> float:
    """The dot product of two unit vectors ``km`` apart on the sphere."""
    return math.cos(min(km / EARTH_KM, math.pi))


def spacing_factors(cands: Sequence[Candidate], rule: Spacing) -> list[float]:
    """The factor s of every candidate (see the module's rule)."""
    xyz = [_unit(c.lat, c.lon) for c in cands]
    by_lat = sorted(range(len(cands)), key=lambda i: cands[i].lat)
    lats = [cands[i].lat for i in by_lat]
    band = math.degrees(rule.radius_km / EARTH_KM)
    limit = _cos_of(rule.radius_km)
    area = math.pi * rule.radius_km**2
    density = []
    for c, (x, y, z) in zip(cands, xyz, strict=True):
        lo = bisect.bisect_left(lats, c.lat - band)
        hi = bisect.bisect_right(lats, c.lat + band)
        total = 0
        for j in by_lat[lo:hi]:
            ox, oy, oz = xyz[j]
            if x * ox + y * oy + z * oz >= limit:
                total += cands[j].population
        density.append(total / area)
    ref = sorted(density)[len(density) // 2]
    return [round(min(rule.high, max(rule.low, (ref / d) ** rule.exponent)), 6) for d in density]


def order(cands: Sequence[Candidate]) -> list[Candidate]:
    """Priority: by tier, then by population, then by key."""
    return sorted(cands, key=lambda c: (c.tier, -c.population, c.key))


def _greedy(
    xyz: Sequence[Vector],
    factors: Sequence[float],
    ranked: Sequence[Candidate],
    distance: float,
    need: int,
    cap: int,
) -> list[int]:
    taken: list[int] = []
    blocking: list[Vector] = []
    per_group: dict[str, int] = {}
    for i, cand in enumerate(ranked):
        if not cand.must:
            if len(taken) >= need:
                break
            if cap and per_group.get(cand.group, 0) >= cap:
                continue
            limit = _cos_of(distance * factors[i])
            x, y, z = xyz[i]
            if any(x * bx + y * by + z * bz > limit for bx, by, bz in blocking):
                continue
        taken.append(i)
        per_group[cand.group] = per_group.get(cand.group, 0) + 1
        if cand.blocks:
            blocking.append(xyz[i])
    return taken


def spread(
    cands: Sequence[Candidate],
    need: int,
    rule: Spacing,
    *,
    high: float = 5000.0,
    progress: Callable[[float], None] | None = None,
) -> tuple[list[Candidate], float]:
    """``need`` candidates chosen by the spacing rule, and the distance D it used (km).

    D is found by bisection to a metre: the largest D below ``high`` for which the rule
    still takes ``need`` places. ``progress`` hears each distance tried.
    """
    ranked = order(cands)
    musts = sum(c.must for c in ranked)
    if musts > need:
        raise ValueError(f"{musts} places must be in a deck of {need}")
    factors = spacing_factors(ranked, rule)
    xyz = [_unit(c.lat, c.lon) for c in ranked]
    low = 0.0
    if len(_greedy(xyz, factors, ranked, low, need, rule.cap)) < need:
        raise ValueError(f"only {len(ranked)} candidates for {need} places")
    while high - low > 0.001:
        mid = (low + high) / 2
        if progress is not None:
            progress(mid)
        if len(_greedy(xyz, factors, ranked, mid, need, rule.cap)) >= need:
            low = mid
        else:
            high = mid
    chosen = _greedy(xyz, factors, ranked, low, need, rule.cap)
    return [ranked[i] for i in chosen[:need]], low


def difficulty_scores(
    populations: Sequence[int], fame: Sequence[int], capitals: Sequence[bool]
) -> list[float]:
    """Score in [0, 1.25]: mean of the population and fame percentiles, plus 0.25 for capitals.

    A percentile is the share of the deck's places ranked below (ties share the mean rank).
    """

    def percentile(values: Sequence[int]) -> list[float]:
        n = len(values)
        if n < 2:
            return [1.0] * n
        ranked = sorted(values)
        out = []
        for v in values:
            lo = bisect.bisect_left(ranked, v)
            hi = bisect.bisect_right(ranked, v) - 1
            out.append((lo + hi) / 2 / (n - 1))
        return out

    p = percentile(populations)
    f = percentile(fame)
    return [
        round((a + b) / 2 + (0.25 if cap else 0.0), 6)
        for a, b, cap in zip(p, f, capitals, strict=True)
    ]


def terciles(keys: Sequence[str], scores: Sequence[float]) -> dict[str, int]:
    """Difficulty 1 for the best-known third, 2 for the middle third, 3 for the rest."""
    ranked = sorted(zip(keys, scores, strict=True), key=lambda ks: (-ks[1], ks[0]))
    n = len(ranked)
    out: dict[str, int] = {}
    for i, (key, _) in enumerate(ranked):
        out[key] = 1 if i < math.ceil(n / 3) else 2 if i < math.ceil(2 * n / 3) else 3
    return out


def difficulty_levels(
    keys: Sequence[str],
    populations: Sequence[int],
    fame: Sequence[int],
    capitals: Sequence[bool],
) -> dict[str, int]:
    """Each place's difficulty 1-3: the terciles of its score (``difficulty_scores``)."""
    return terciles(keys, difficulty_scores(populations, fame, capitals))
