"""The altitude of an Italian city card: the altitude of the comune's seat (ISTAT's
"altitudine del centro", measured at the town hall), checked against a second source.

The first source is GeoNames' elevation of the seat, which for Italian comuni carries the
seat's altitude; a curated row of ``it-altitudes.csv`` (with a reason and its source)
replaces it where GeoNames has none or has a wrong one. The second source is the terrain
model GeoNames gives for the same point (SRTM, ``dem``): a card whose altitude lies more
than ``SEAT_DEM`` metres from it, or that has no DEM value, needs a curated row that says
which figure is the seat's. The DEM itself is never printed: it is the ground at a map
point, not the seat's altitude.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tools.places import curated, sources

SEAT_DEM = 50
"""Metres between a seat's altitude and the terrain model at the place's point beyond which
the card needs a curated row (Giarre: 210 m in GeoNames, 102 m in the DEM, 81 m at the seat)."""

TAG_CURATED = curated.tag("it-altitudes")


def check_seat_altitudes(
    deck: str, cards: Mapping[str, Mapping[str, Any]], dem: Mapping[str, int]
) -> list[str]:
    """Each Italian city's altitude is a seat's altitude that the DEM confirms within
    ``SEAT_DEM`` metres, or a curated one."""
    out = []
    for key, card in sorted(cards.items()):
        if card.get("kind") != "place" or card.get("altitude") is None:
            continue
        tag = card.get("sources", {}).get("altitude")
        if tag == TAG_CURATED:
            continue
        where = f"{deck}/{key}"
        if tag != sources.TAG_GEONAMES_2019:
            out.append(f"{where}: the altitude ({tag}) is not a seat's altitude; add a curated row")
            continue
        ground = dem.get(str(card.get("istat")))
        if ground is None:
            out.append(f"{where}: no terrain model checks the altitude; add a curated row")
        elif abs(int(card["altitude"]) - ground) > SEAT_DEM:
            out.append(
                f"{where}: altitude {card['altitude']} m lies {abs(card['altitude'] - ground)} m "
                f"from the terrain model ({ground} m): settle the seat's altitude in "
                f"{curated.CURATED.name}/it-altitudes.csv"
            )
    return out
