"""Small text maps: a grid of characters over a box of latitudes and longitudes, for the
places of an answer and for a player's weak areas (docs/practice.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from geodeck.practice.boxes import Progress

Extent = tuple[float, float, float, float]
"""south, west, north, east in degrees."""

BACKDROP = "·"
MARGIN = 0.04


def extent_of(points: Iterable[tuple[float, float]]) -> Extent:
    """A box around ``(lat, lon)`` points, a little wider than they are."""
    lats, lons = zip(*points, strict=True)
    south, north, west, east = min(lats), max(lats), min(lons), max(lons)
    pad_lat = max(0.5, (north - south) * MARGIN)
    pad_lon = max(0.5, (east - west) * MARGIN)
    return (south - pad_lat, west - pad_lon, north + pad_lat, east + pad_lon)


def text_map(
    marks: Sequence[tuple[float, float, str]],
    extent: Extent,
    *,
    backdrop: Iterable[tuple[float, float]] = (),
    width: int = 48,
    height: int = 12,
) -> list[str]:
    """Rows of a map ``width`` by ``height`` characters in a frame: each ``(lat, lon,
    character)`` of ``marks`` at its place (a later mark wins a shared cell), the
    ``backdrop`` places as dots (the deck's shape)."""
    grid = [[" "] * width for _ in range(height)]
    for lat, lon in backdrop:
        row, col = _cell(lat, lon, extent, width, height)
        grid[row][col] = BACKDROP
    for lat, lon, mark in marks:
        row, col = _cell(lat, lon, extent, width, height)
        grid[row][col] = mark
    top = "┌" + "─" * width + "┐"
    bottom = "└" + "─" * width + "┘"
    return [top, *("│" + "".join(row) + "│" for row in grid), bottom]


def _cell(lat: float, lon: float, extent: Extent, width: int, height: int) -> tuple[int, int]:
    south, west, north, east = extent
    x = (lon - west) / (east - west) if east > west else 0.5
    y = (north - lat) / (north - south) if north > south else 0.5
    col = min(width - 1, max(0, round(x * (width - 1))))
    row = min(height - 1, max(0, round(y * (height - 1))))
    return row, col


@dataclass(frozen=True, slots=True)
class AreaStat:
    """A player's answers about the cards of one area."""

    area: str
    cards: int
    right: int
    wrong: int
    weak: int
    """Cards whose last answer was wrong."""

    @property
    def share_wrong(self) -> float:
        answers = self.right + self.wrong
        return self.wrong / answers if answers else 0.0


def weak_areas(progress: Progress) -> list[AreaStat]:
    """The areas of the cards answered, weakest first: most cards still weak, then the
    largest share of wrong answers, then by code."""
    areas: dict[str, list[int]] = {}
    for memory in progress.cards.values():
        counts = areas.setdefault(memory.area or "?", [0, 0, 0, 0])
        counts[0] += 1
        counts[1] += memory.right
        counts[2] += memory.wrong
        counts[3] += memory.box == 1
    stats = [AreaStat(area, *counts) for area, counts in areas.items()]
    return sorted(stats, key=lambda s: (-s.weak, -s.share_wrong, s.area))


def weak_map(
    progress: Progress,
    *,
    backdrop: Sequence[tuple[float, float]] = (),
    width: int = 48,
    height: int = 12,
) -> list[str]:
    """The cards answered on a map: ``X`` still weak, ``o`` once wrong and now right, ``+``
    never wrong; over the ``backdrop`` places (the deck's), where given."""
    cards = list(progress.cards.values())
    if not cards:
        return []
    extent = extent_of([*backdrop, *((m.lat, m.lon) for m in cards)])
    order = sorted(cards, key=lambda m: (m.box == 1, m.wrong > 0))
    marks = [(m.lat, m.lon, "X" if m.box == 1 else "o" if m.wrong else "+") for m in order]
    return text_map(marks, extent, backdrop=backdrop, width=width, height=height)
