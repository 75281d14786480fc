"""Names on a map, each where it covers no other name and no dot and stays inside the frame."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from geodeck.maps.framing import View, ring_area
from geodeck.maps.geometry import Point
from geodeck.maps.picture import Picture
from geodeck.maps.style import INK

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.backend_bases import RendererBase
    from matplotlib.patheffects import AbstractPathEffect
    from matplotlib.transforms import Bbox


def _padded(box: Bbox) -> Bbox:
    """A label's box with room around it, in pixels."""
    from matplotlib.transforms import Bbox

    return Bbox.from_extents(box.x0 - 4, box.y0 - 1.5, box.x1 + 4, box.y1 + 1.5)


def _fits(box: Bbox, taken: Sequence[Bbox], frame: Bbox) -> bool:
    inside = (
        box.x0 >= frame.x0 + 2
        and box.x1 <= frame.x1 - 2
        and box.y0 >= frame.y0 + 2
        and box.y1 <= frame.y1 - 2
    )
    return inside and not any(box.overlaps(other) for other in taken)


def dot_boxes(ax: Axes, picture: Picture, view: View) -> list[Bbox]:
    """Small boxes around the dots, in pixels, that no label may cover."""
    from matplotlib.transforms import Bbox

    boxes = []
    for d in picture.dots:
        p = view.projection(d.lon, d.lat)
        if p is not None:
            x, y = ax.transData.transform(p)
            boxes.append(Bbox.from_extents(x - 3, y - 3, x + 3, y + 3))
    return boxes


OFFSETS = (
    (5, 0, "left", "center"),
    (-5, 0, "right", "center"),
    (0, 5, "center", "bottom"),
    (0, -5, "center", "top"),
    (4, 4, "left", "bottom"),
    (-4, 4, "right", "bottom"),
    (4, -4, "left", "top"),
    (-4, -4, "right", "top"),
)
"""Where a label may go beside its dot, in points, in order of preference."""


def place_labels(
    ax: Axes,
    renderer: RendererBase,
    picture: Picture,
    view: View,
    dots: list[Bbox],
    halo: Sequence[AbstractPathEffect],
) -> None:
    """Names of the larger places (capitals count thrice), each only where it overlaps
    no other name and no dot (a capital's name may cover dots)."""
    names: list[Bbox] = []
    frame = ax.get_window_extent(renderer)
    ranked = sorted(
        (d for d in picture.dots if d.kind == "place"),
        key=lambda d: (-d.weight * (3 if d.capital else 1), d.label),
    )
    limit = 80 if view.world else 60
    placed = 0
    for dot in ranked:
        if placed >= limit:
            break
        p = view.projection(dot.lon, dot.lat)
        if p is None:
            continue
        for dx, dy, ha, va in OFFSETS:
            text = ax.annotate(
                dot.label,
                p,
                xytext=(dx, dy),
                textcoords="offset points",
                ha=ha,
                va=va,
                fontsize=8,
                color=INK,
                fontweight="bold" if dot.capital else "normal",
                path_effects=halo,
                zorder=8,
            )
            box = _padded(text.get_window_extent(renderer))
            if _fits(box, names if dot.capital else names + dots, frame):
                names.append(box)
                placed += 1
                break
            text.remove()


CAPITAL_OFFSETS: tuple[tuple[float, float], ...] = (
    (0, -10),
    (0, 10),
    (18, 0),
    (-18, 0),
    (14, 9),
    (-14, 9),
    (14, -9),
    (-14, -9),
)
"""Where a country's name may go around its capital, in points, when not on its land."""


def country_names(
    ax: Axes, renderer: RendererBase, picture: Picture, view: View, dots: list[Bbox]
) -> None:
    """The countries' names on their land, largest first, at the atlas' label point or
    by the capital; a short name where the full one does not fit. A country left without
    a name then gets its short name where it covers no other name, if dots."""
    from matplotlib import patheffects

    frame = ax.get_window_extent(renderer)
    halo = [patheffects.withStroke(linewidth=2.4, foreground="white", alpha=0.65)]
    areas = {
        code: sum(abs(ring_area(r)) for r in c.rings) for code, c in view.atlas.countries.items()
    }
    capitals = {d.country: d for d in picture.dots if d.country}
    names: list[Bbox] = []
    unnamed: list[tuple[list[tuple[Point, Sequence[tuple[float, float]]]], str]] = []
    for code in sorted(picture.country_labels, key=lambda c: -areas.get(c, 0.0)):
        country = view.atlas.countries.get(code)
        anchors: list[tuple[Point, Sequence[tuple[float, float]]]] = []
        if country is not None:
            anchors.append((country.label, [(0, 0), (0, 9), (0, -9), (16, 0), (-16, 0)]))
        if code in capitals:
            dot = capitals[code]
            anchors.append(((dot.lon, dot.lat), CAPITAL_OFFSETS))
        short = picture.short_labels.get(code, code)
        labels = [(picture.country_labels[code], 8.5), (short, 7.5)]
        if not _place_name(ax, renderer, view, frame, (names, dots), halo, anchors, labels):
            unnamed.append((anchors, short))
    for anchors, short in unnamed:
        _place_name(ax, renderer, view, frame, (names, []), halo, anchors, [(short, 7.5)])


def _place_name(
    ax: Axes,
    renderer: RendererBase,
    view: View,
    frame: Bbox,
    blocked: tuple[list[Bbox], list[Bbox]],
    halo: Sequence[AbstractPathEffect],
    anchors: Sequence[tuple[Point, Sequence[tuple[float, float]]]],
    labels: Sequence[tuple[str, float]],
) -> bool:
    """Write the first label that fits at the first free place; ``blocked`` holds the
    names written so far (the new one joins them) and the boxes it may not cover either."""
    names, others = blocked
    for label, size in labels:
        for where, offsets in anchors:
            p = view.projection(*where)
            if p is None:
                continue
            for dx, dy in offsets:
                text = ax.annotate(
                    label,
                    p,
                    xytext=(dx, dy),
                    textcoords="offset points",
                    ha="center",
                    va="center",
                    fontsize=size,
                    color=INK,
                    fontweight="bold",
                    path_effects=halo,
                    zorder=7,
                )
                box = _padded(text.get_window_extent(renderer))
                if _fits(box, names + others, frame):
                    names.append(box)
                    return True
                text.remove()
    return False
