"""Distances on the sphere and country shapes from Natural Earth TopoJSON."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from geodeck.decks.spacing import EARTH_KM

Ring = list[tuple[float, float]]
"""A closed ring of (lon, lat) points."""


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(h)))


@dataclass(frozen=True, slots=True)
class Box:
    south: float
    west: float
    north: float
    east: float

    def contains(self, lat: float, lon: float, margin: float = 0.0) -> bool:
        return (
            self.south - margin <= lat <= self.north + margin
            and self.west - margin <= lon <= self.east + margin
        )

    def to_list(self) -> list[float]:
        return [self.south, self.west, self.north, self.east]

    @classmethod
    def around(cls, points: Sequence[tuple[float, float]]) -> Box:
        """The smallest box holding every (lat, lon) point."""
        lats = [p[0] for p in points]
        lons = [p[1] for p in points]
        return cls(min(lats), min(lons), max(lats), max(lons))


@dataclass(frozen=True, slots=True)
class Shape:
    """A country as polygons (outer ring first, then holes) with its bounding box."""

    polygons: list[list[Ring]]
    box: Box

    def merged(self, other: Shape) -> Shape:
        """One shape holding both (Natural Earth splits some countries into several units)."""
        a, b = self.box, other.box
        box = Box(
            min(a.south, b.south), min(a.west, b.west), max(a.north, b.north), max(a.east, b.east)
        )
        return Shape(self.polygons + other.polygons, box)

    def contains(self, lat: float, lon: float) -> bool:
        return any(
            _in_ring(lat, lon, poly[0]) and not any(_in_ring(lat, lon, h) for h in poly[1:])
            for poly in self.polygons
        )

    def distance_km(self, lat: float, lon: float) -> float:
        """Zero inside, else the distance to the nearest edge (good to a few metres)."""
        if self.contains(lat, lon):
            return 0.0
        best = math.inf
        kx = math.cos(math.radians(lat)) * 111.195
        ky = 111.195
        for poly in self.polygons:
            for ring in poly:
                for (x1, y1), (x2, y2) in itertools.pairwise(ring):
                    ax, ay = (x1 - lon) * kx, (y1 - lat) * ky
                    bx, by = (x2 - lon) * kx, (y2 - lat) * ky
                    dx, dy = bx - ax, by - ay
                    length = dx * dx + dy * dy
                    t = 0.0 if length == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / length))
                    px, py = ax + t * dx, ay + t * dy
                    best = min(best, px * px + py * py)
        return math.sqrt(best)


def _in_ring(lat: float, lon: float, ring: Ring) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in itertools.pairwise(ring):
        if (y1 > lat) != (y2 > lat):
            cross = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if lon < cross:
                inside = not inside
    return inside


def decode_topojson(topo: Mapping[str, Any], layer: str) -> dict[str, Shape]:
    """Shapes of a TopoJSON layer, keyed by the geometry's id (or its name when it has none)."""
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs: list[Ring] = []
    for arc in topo["arcs"]:
        x = y = 0
        points: Ring = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)

    def ring(indexes: Sequence[int]) -> Ring:
        out: Ring = []
        for i in indexes:
            part = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(part if not out else part[1:])
        return out

    shapes: dict[str, Shape] = {}
    for geom in topo["objects"][layer]["geometries"]:
        kind = geom.get("type")
        if kind == "Polygon":
            polys = [[ring(r) for r in geom["arcs"]]]
        elif kind == "MultiPolygon":
            polys = [[ring(r) for r in poly] for poly in geom["arcs"]]
        else:
            continue
        points = [(lat, lon) for poly in polys for lon, lat in poly[0]]
        key = str(geom.get("id") or geom["properties"]["name"])
        shape = Shape(polys, Box.around(points))
        shapes[key] = shapes[key].merged(shape) if key in shapes else shape
    return shapes
