"""Areas of the Earth a custom deck may be asked for (``geodeck deck build --bbox``), and
the disputed areas no deck takes a place from."""

from __future__ import annotations

import math

from geodeck.decks.cards import BuildError
from geodeck.decks.spacing import EARTH_KM

DISPUTED_AREAS: tuple[tuple[float, float, float, float], ...] = ((44.3, 32.4, 46.3, 36.7),)
"""Boxes (south, west, north, east) whose country is disputed (Crimea): no deck has a
place there."""


Box = tuple[float, float, float, float]
"""south, west, north, east in degrees; west > east crosses the 180th meridian."""


def parse_bbox(text: str) -> Box:
    """``"S,W,N,E"`` in degrees, checked: ``"45.8,5.9,47.8,10.5"``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 4:
        raise BuildError(f"--bbox takes four numbers S,W,N,E (south, west, north, east): {text!r}")
    try:
        south, west, north, east = (float(p) for p in parts)
    except ValueError:
        raise BuildError(f"--bbox takes four numbers S,W,N,E, not {text!r}") from None
    if not all(math.isfinite(v) for v in (south, west, north, east)):
        raise BuildError(f"--bbox takes finite numbers, not {text!r}")
    for value, name in ((south, "south"), (north, "north")):
        if not -90 <= value <= 90:
            raise BuildError(f"--bbox: the {name} edge {value:g} is not a latitude (-90 to 90)")
    for value, name in ((west, "west"), (east, "east")):
        if not -180 <= value <= 180:
            raise BuildError(f"--bbox: the {name} edge {value:g} is not a longitude (-180 to 180)")
    if south >= north:
        raise BuildError(f"--bbox: the south edge {south:g} must be below the north edge {north:g}")
    if west == east:
        raise BuildError("--bbox: the west and east edges are the same longitude")
    return (south, west, north, east)


def in_box(box: Box, lat: float, lon: float) -> bool:
    south, west, north, east = box
    if not south <= lat <= north:
        return False
    return west <= lon <= east if west < east else lon >= west or lon <= east


def box_area_km2(box: Box) -> float:
    """The area of a box on the sphere."""
    south, west, north, east = box
    width = (east - west) % 360 or 360.0
    band = math.sin(math.radians(north)) - math.sin(math.radians(south))
    return EARTH_KM**2 * math.radians(width) * band


def describe_box(box: Box) -> str:
    south, west, north, east = box

    def lat(v: float) -> str:
        return f"{abs(v):g}° {'S' if v < 0 else 'N'}"

    def lon(v: float) -> str:
        return f"{abs(v):g}° {'W' if v < 0 else 'E'}"

    return f"{lat(south)} to {lat(north)}, {lon(west)} to {lon(east)}"


def disputed(lat: float, lon: float) -> bool:
    return any(s <= lat <= n and w <= lon <= e for s, w, n, e in DISPUTED_AREAS)
