"""Country outlines for the maps, and the projections they are drawn in.

The outlines are the Natural Earth shapes geodeck ships for its browser table
(``geodeck/web/geo``, format ``geodeck-geo/1``): ``europe.json`` at 1:50m for a box around
Europe, ``world.json`` at 1:110m for the whole world. A ring there is a flat list of whole
numbers in units of ``unit`` degrees: the first point's longitude and latitude, then each
further point as the difference from the one before.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol

from geodeck.core.errors import GeodeckError

FORMAT = "geodeck-geo/1"
EUROPE = "europe"
WORLD = "world"

Point = tuple[float, float]
"""(lon, lat) in degrees."""


@dataclass(frozen=True, slots=True)
class Country:
    code: str
    name: str
    label: Point
    rings: list[list[Point]]


@dataclass(frozen=True, slots=True)
class Atlas:
    name: str
    source: str
    box: tuple[float, float, float, float]
    """west, south, east north: what the file covers."""
    countries: dict[str, Country]


@functools.cache
def atlas(name: str) -> Atlas:
    """One of the shipped outline files, decoded."""
    try:
        text = resources.files("geodeck").joinpath("web", "geo", f"{name}.json").read_text("utf-8")
    except OSError as err:
        raise GeodeckError(f"the package lacks its map outlines {name}.json: {err}") from err
    data: dict[str, Any] = json.loads(text)
    if data.get("format") != FORMAT:
        raise GeodeckError(f"{name}.json is not in the {FORMAT} format")
    unit = float(data["unit"])
    countries: dict[str, Country] = {}
    for raw in data["countries"]:
        rings = [_ring(flat, unit) for flat in raw["rings"]]
        countries[str(raw["id"])] = Country(
            code=str(raw["id"]),
            name=str(raw["name"]),
            label=(float(raw["label"][0]), float(raw["label"][1])),
            rings=[r for r in rings if len(r) >= 3],
        )
    west, south, east, north = (float(v) for v in data["box"])
    return Atlas(name, str(data["source"]), (west, south, east, north), countries)


def _ring(flat: Sequence[int], unit: float) -> list[Point]:
    x, y = flat[0], flat[1]
    points = [(x * unit, y * unit)]
    for i in range(2, len(flat) - 1, 2):
        x += flat[i]
        y += flat[i + 1]
        points.append((x * unit, y * unit))
    return points


def atlases_for(points: Iterable[Point]) -> tuple[Atlas | None, Atlas | None]:
    """The outlines a map that shows these (lon, lat) points needs: Europe's detailed ones
    where a point lies in their box, and the world's where a point outside it is on land
    (or where no point is in Europe's box). Either may be None."""
    europe, world = atlas(EUROPE), atlas(WORLD)
    west, south, east, north = europe.box
    inside = outside = False
    for lon, lat in points:
        if west <= lon <= east and south <= lat <= north:
            inside = True
        elif not outside and on_land(world, lon, lat):
            outside = True
    if not inside:
        return None, world
    return europe, world if outside else None


def box_ring(box: tuple[float, float, float, float], steps: int = 100) -> list[Point]:
    """The edge of a (west, south, east, north) box as a ring of points, counter-clockwise."""
    west, south, east, north = box
    ring: list[Point] = []
    for i in range(steps):
        ring.append((west + (east - west) * i / steps, south))
    for i in range(steps):
        ring.append((east, south + (north - south) * i / steps))
    for i in range(steps):
        ring.append((east - (east - west) * i / steps, north))
    for i in range(steps):
        ring.append((west, north - (north - south) * i / steps))
    return ring


def inner_edges(ring: Sequence[Point], box: tuple[float, float, float, float]) -> list[list[Point]]:
    """A ring's edges as lines, without the stretches that run along the box's edge (where
    the outlines were cut, not where a border or coast is)."""
    west, south, east, north = box

    def along(a: Point, b: Point) -> bool:
        return any(
            abs(a[i] - v) < 1e-6 and abs(b[i] - v) < 1e-6
            for i, v in ((0, west), (0, east), (1, south), (1, north))
        )

    lines: list[list[Point]] = []
    run: list[Point] = []
    for a, b in itertools.pairwise([*ring, ring[0]]):
        if along(a, b):
            if len(run) > 1:
                lines.append(run)
            run = []
            continue
        if not run:
            run = [a]
        run.append(b)
    if len(run) > 1:
        lines.append(run)
    return lines


def on_land(outlines: Atlas, lon: float, lat: float) -> bool:
    """Whether a point lies inside any ring of the outlines."""
    for ring, (w, s, e, n) in _boxed_rings(outlines.name):
        if w <= lon <= e and s <= lat <= n and _inside(ring, lon, lat):
            return True
    return False


@functools.cache
def _boxed_rings(name: str) -> list[tuple[list[Point], tuple[float, float, float, float]]]:
    out = []
    for country in atlas(name).countries.values():
        for ring in country.rings:
            lons = [p[0] for p in ring]
            lats = [p[1] for p in ring]
            out.append((ring, (min(lons), min(lats), max(lons), max(lats))))
    return out


def _inside(ring: Sequence[Point], lon: float, lat: float) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in itertools.pairwise([*ring, ring[0]]):
        if (y1 > lat) != (y2 > lat) and lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def unwrapped(ring: Sequence[Point]) -> list[Point] | None:
    """A ring that crosses the 180th meridian, with its western points moved east by 360
    degrees so that it is one piece; None for a ring that does not cross it."""
    if not any(abs(b[0] - a[0]) > 180 for a, b in itertools.pairwise(ring)):
        return None
    return [(lon + 360 if lon < 0 else lon, lat) for lon, lat in ring]


# -- projections --------------------------------------------------------------------------


class Projection(Protocol):
    def __call__(self, lon: float, lat: float) -> Point | None:
        """Map coordinates, or None for a point this projection does not show."""


@dataclass(frozen=True, slots=True)
class EqualEarth:
    """The Equal Earth projection (Šavrič, Patterson and Jenny, 2018), for the whole world."""

    def __call__(self, lon: float, lat: float) -> Point | None:
        return self.xy(lon, lat)

    def xy(self, lon: float, lat: float) -> Point:
        a1, a2, a3, a4 = 1.340264, -0.081106, 0.000893, 0.003796
        theta = math.asin(math.sqrt(3) / 2 * math.sin(math.radians(lat)))
        t2 = theta * theta
        t6 = t2 * t2 * t2
        y = theta * (a1 + a2 * t2 + t6 * (a3 + a4 * t2))
        x = (
            2
            * math.sqrt(3)
            * math.radians(lon)
            * math.cos(theta)
            / (3 * (a1 + 3 * a2 * t2 + t6 * (7 * a3 + 9 * a4 * t2)))
        )
        return (x, y)


@dataclass(frozen=True, slots=True)
class Azimuthal:
    """Lambert's azimuthal equal-area projection around a centre, for a region: areas keep
    their size and shapes near the centre look as on a globe."""

    lon0: float
    lat0: float
    limit: float = 150.0
    """Points farther than this (degrees of arc) from the centre are not shown."""

    def __call__(self, lon: float, lat: float) -> Point | None:
        phi, lam = math.radians(lat), math.radians(lon - self.lon0)
        phi0 = math.radians(self.lat0)
        cos_c = math.sin(phi0) * math.sin(phi) + math.cos(phi0) * math.cos(phi) * math.cos(lam)
        if cos_c < math.cos(math.radians(self.limit)):
            return None
        k = math.sqrt(2 / (1 + cos_c))
        x = k * math.cos(phi) * math.sin(lam)
        y = k * (math.cos(phi0) * math.sin(phi) - math.sin(phi0) * math.cos(phi) * math.cos(lam))
        return (x, y)

    def inverse(self, x: float, y: float) -> Point:
        """The (lon, lat) shown at map coordinates (x, y)."""
        rho = math.hypot(x, y)
        if rho == 0:
            return (self.lon0, self.lat0)
        c = 2 * math.asin(min(1.0, rho / 2))
        phi0 = math.radians(self.lat0)
        sin_phi = math.cos(c) * math.sin(phi0) + y * math.sin(c) * math.cos(phi0) / rho
        lat = math.degrees(math.asin(max(-1.0, min(1.0, sin_phi))))
        lam = math.atan2(
            x * math.sin(c), rho * math.cos(phi0) * math.cos(c) - y * math.sin(phi0) * math.sin(c)
        )
        lon = (self.lon0 + math.degrees(lam) + 180) % 360 - 180
        return (lon, lat)


def project_ring(projection: Projection, ring: Iterable[Point]) -> list[Point] | None:
    """A ring in map coordinates; None when part of it lies outside the projection."""
    out: list[Point] = []
    for lon, lat in ring:
        p = projection(lon, lat)
        if p is None:
            return None
        out.append(p)
    return out
