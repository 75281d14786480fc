"""Distance from a point to the nearest coastline of Natural Earth's land polygons.

``world-atlas`` ships Natural Earth's land as quantised TopoJSON; every arc of the land
object is a stretch of coast. Distances use an equirectangular projection centred on the
point, which is accurate to well under one percent at the few tens of kilometres that
matter here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

KM_PER_DEGREE_LAT = 110.574
KM_PER_DEGREE_LON = 111.320


@dataclass(frozen=True, slots=True)
class Arc:
    """One decoded arc and its bounding box, in degrees."""

    points: tuple[tuple[float, float], ...]
    west: float
    south: float
    east: float
    north: float


class Coastline:
    """The arcs of a TopoJSON land topology, decoded once."""

    def __init__(self, topology: Mapping[str, Any]) -> None:
        transform = topology.get("transform")
        if not isinstance(transform, Mapping):
            raise ValueError("the land topology has no quantisation transform")
        sx, sy = transform["scale"]
        tx, ty = transform["translate"]
        arcs: list[Arc] = []
        for raw in topology["arcs"]:
            x = y = 0
            points: list[tuple[float, float]] = []
            for dx, dy in raw:
                x += dx
                y += dy
                points.append((x * sx + tx, y * sy + ty))
            lons = [p[0] for p in points]
            lats = [p[1] for p in points]
            arcs.append(Arc(tuple(points), min(lons), min(lats), max(lons), max(lats)))
        self.arcs = arcs

    def distance_km(self, lat: float, lon: float) -> float:
        """Kilometres to the nearest coast, looking ever further out until one is found."""
        for reach_km in (100.0, 500.0, 2_000.0, 20_000.0):
            found = self._within(lat, lon, reach_km)
            if found < reach_km:
                return found
        raise ValueError(f"no coast found from {lat}, {lon}")

    def _within(self, lat: float, lon: float, reach_km: float) -> float:
        """Kilometres to the nearest coast, or ``reach_km`` when none lies within it."""
        kx = KM_PER_DEGREE_LON * math.cos(math.radians(lat))
        ky = KM_PER_DEGREE_LAT
        dlat = reach_km / ky
        dlon = reach_km / max(kx, 1e-6)
        best = reach_km
        for arc in self.arcs:
            if (
                arc.north < lat - dlat
                or arc.south > lat + dlat
                or arc.east < lon - dlon
                or arc.west > lon + dlon
            ):
                continue
            best = min(best, _to_polyline(arc.points, lat, lon, kx, ky))
        return best


def _to_polyline(
    points: tuple[tuple[float, float], ...], lat: float, lon: float, kx: float, ky: float
) -> float:
    best = math.inf
    previous: tuple[float, float] | None = None
    for plon, plat in points:
        here = ((plon - lon) * kx, (plat - lat) * ky)
        if previous is not None:
            best = min(best, _to_segment(previous, here))
        previous = here
    if previous is not None and best == math.inf:
        best = math.hypot(*previous)
    return best


def _to_segment(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from the origin to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, -(a[0] * dx + a[1] * dy) / length))
    return math.hypot(a[0] + t * dx, a[1] + t * dy)
