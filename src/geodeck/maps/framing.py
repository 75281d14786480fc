"""Which part of the world a picture needs, in which projection, and how big to draw it."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from geodeck.maps.geometry import (
    Atlas,
    Azimuthal,
    EqualEarth,
    Point,
    Projection,
    atlas,
    atlases_for,
)
from geodeck.maps.picture import Picture

WORLD_SPAN = 150.0
"""A deck whose places span more longitude than this is drawn on the whole world."""


@dataclass(frozen=True, slots=True)
class View:
    """A picture's projection, outlines and extent."""

    projection: Projection
    detail: Atlas | None
    """Detailed outlines for part of the world (Europe), drawn over ``base``."""
    base: Atlas | None
    """Outlines for the rest of the map."""
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    world: bool

    @property
    def atlas(self) -> Atlas:
        """The outlines to look countries up in."""
        found = self.detail or self.base
        assert found is not None
        return found


def view_of(picture: Picture) -> View:
    lats = [d.lat for d in picture.dots]
    south, north = min(lats), max(lats)
    west, span = _longitudes([d.lon for d in picture.dots])
    if span > WORLD_SPAN:
        globe = EqualEarth()
        left, right = globe.xy(-180.0, 0.0), globe.xy(180.0, 0.0)
        low, high = globe.xy(0.0, max(-90.0, south - 8)), globe.xy(0.0, 90.0)
        pad = (right[0] - left[0]) * 0.01
        return View(
            globe,
            None,
            atlas("world"),
            (left[0] - pad, right[0] + pad),
            (low[1], high[1] + pad),
            True,
        )
    projection = Azimuthal((west + span / 2 + 180) % 360 - 180, (south + north) / 2)
    points = [p for d in picture.dots if (p := projection(d.lon, d.lat)) is not None]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    pad = max(width, height) * 0.05 + 0.004
    x0, x1 = min(xs) - pad, max(xs) + pad
    y0, y1 = min(ys) - pad, max(ys) + pad
    grid = [
        projection.inverse(x0 + (x1 - x0) * i / 40, y0 + (y1 - y0) * j / 40)
        for i in range(41)
        for j in range(41)
    ]
    detail, base = atlases_for(grid)
    return View(projection, detail, base, (x0, x1), (y0, y1), False)


def _longitudes(lons: Sequence[float]) -> tuple[float, float]:
    """The western edge and the width of the narrowest band of longitude holding all of
    them, which may cross the 180th meridian."""
    ordered = sorted(lons)
    gaps = [(ordered[0] + 360 - ordered[-1], ordered[0])]
    gaps += [(b - a, b) for a, b in itertools.pairwise(ordered)]
    widest, west = max(gaps)
    return west, 360 - widest


def figure_size(view: View) -> tuple[float, float]:
    width = view.xlim[1] - view.xlim[0]
    height = view.ylim[1] - view.ylim[0]
    longest = 12.0
    if width >= height:
        return longest, max(4.0, longest * height / width)
    return max(5.0, longest * width / height), longest


def globe_outline(projection: Projection) -> list[Point]:
    steps = 90
    edge: list[Point] = []
    for i in range(steps + 1):
        p = projection(180.0, -90 + 180 * i / steps)
        if p:
            edge.append(p)
    for i in range(steps + 1):
        p = projection(-180.0, 90 - 180 * i / steps)
        if p:
            edge.append(p)
    return edge


def ring_area(ring: Sequence[Point]) -> float:
    total = 0.0
    for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], ring[0]], strict=True):
        total += x0 * y1 - x1 * y0
    return total / 2
