"""Drawing a picture with matplotlib: sea, land, graticule, dots, legend and names."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from geodeck.decks.cards import KINDS
from geodeck.maps.framing import View, figure_size, globe_outline, ring_area, view_of
from geodeck.maps.geometry import (
    Atlas,
    Point,
    box_ring,
    inner_edges,
    project_ring,
    unwrapped,
)
from geodeck.maps.labels import country_names, dot_boxes, place_labels
from geodeck.maps.picture import Dot, Picture
from geodeck.maps.style import (
    BORDER,
    CAPITAL_COLOUR,
    HOME,
    INK,
    KIND_STYLE,
    LAND,
    MUTED,
    OCEAN,
    OTHER_KIND,
)

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D
    from matplotlib.patches import Polygon

SUFFIXES = (".png", ".svg")
DPI = 120


def render(picture: Picture, path: Path) -> None:
    """Draw the picture to a PNG or SVG file (by its suffix)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import patheffects
    from matplotlib.patches import Patch

    if not picture.dots:
        raise ValueError("a map needs at least one card")
    check_suffix(path)
    view = view_of(picture)
    with plt.rc_context({"svg.fonttype": "none", "font.family": "DejaVu Sans"}):
        fig, ax = plt.subplots(figsize=figure_size(view), dpi=DPI)
        try:
            clip = _frame(ax, view)
            _graticule(ax, view, clip)
            _land(ax, picture, view, clip)
            fig.canvas.draw()
            renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
            taken = dot_boxes(ax, picture, view)
            legend_items = _dots(ax, picture, view)
            if picture.fills:
                _small_countries(ax, picture, view)
                legend_items = [
                    Patch(facecolor=colour, edgecolor="white", label=label)
                    for label, colour in picture.groups
                ] + legend_items
                country_names(ax, renderer, picture, view, taken)
            else:
                halo = [patheffects.withStroke(linewidth=2.6, foreground="white", alpha=0.9)]
                place_labels(ax, renderer, picture, view, taken, halo)
            _furniture(ax, picture, legend_items)
            path.parent.mkdir(parents=True, exist_ok=True)
            fig.savefig(path, dpi=DPI, facecolor="white", bbox_inches="tight", pad_inches=0.3)
        finally:
            plt.close(fig)


def _frame(ax: Axes, view: View) -> Polygon | None:
    """The map's extent, sea and frame; on the world map the globe's outline, returned
    for clipping what lies outside it."""
    from matplotlib.patches import Polygon

    ax.set_xlim(*view.xlim)
    ax.set_ylim(*view.ylim)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_facecolor(OCEAN)
    for spine in ax.spines.values():
        spine.set_edgecolor(BORDER)
        spine.set_linewidth(0.8)
    if not view.world:
        return None
    ax.set_facecolor("white")
    for spine in ax.spines.values():
        spine.set_visible(False)
    globe = Polygon(
        globe_outline(view.projection),
        closed=True,
        facecolor=OCEAN,
        edgecolor=BORDER,
        linewidth=0.8,
        zorder=0.5,
    )
    ax.add_patch(globe)
    return globe


def _furniture(ax: Axes, picture: Picture, legend_items: Sequence[Artist]) -> None:
    """Title, subtitle, credit and legend around the map."""
    ax.annotate(
        picture.title,
        xy=(0, 1),
        xycoords="axes fraction",
        xytext=(0, 26),
        textcoords="offset points",
        fontsize=18,
        fontweight="bold",
        color=INK,
        va="bottom",
    )
    ax.annotate(
        picture.subtitle,
        xy=(0, 1),
        xycoords="axes fraction",
        xytext=(0, 8),
        textcoords="offset points",
        fontsize=11,
        color=MUTED,
        va="bottom",
    )
    columns = 3 if picture.groups else len(legend_items)
    legend = ax.legend(
        handles=legend_items,
        loc="upper left",
        bbox_to_anchor=(0.0, -0.012),
        ncol=max(1, columns),
        fontsize=9.5,
        frameon=False,
        handletextpad=0.4,
        columnspacing=1.8,
        borderaxespad=0.0,
    )
    legend.set_zorder(10)
    rows = math.ceil(len(legend_items) / max(1, columns))
    ax.annotate(
        picture.credit,
        xy=(0, 0),
        xycoords="axes fraction",
        xytext=(2, -(14 + 19 * rows)),
        textcoords="offset points",
        fontsize=7.5,
        color=MUTED,
        ha="left",
        va="top",
    )


def _graticule(ax: Axes, view: View, clip: Polygon | None) -> None:
    """Thin lines every 10 degrees (30 on the world map)."""
    step = 30 if view.world else 10
    for lon in range(-180, 181, step):
        _polyline(ax, [view.projection(float(lon), lat / 2) for lat in range(-180, 181)], clip)
    for lat in range(-90 + step, 90, step):
        _polyline(ax, [view.projection(lon / 2, float(lat)) for lon in range(-360, 361)], clip)


def _polyline(ax: Axes, points: Sequence[Point | None], clip: Polygon | None) -> None:
    run: list[Point] = []
    for p in [*points, None]:
        if p is not None:
            run.append(p)
            continue
        if len(run) > 1:
            (line,) = ax.plot(
                [q[0] for q in run], [q[1] for q in run], color="white", lw=0.7, alpha=0.8, zorder=1
            )
            if clip is not None:
                line.set_clip_path(clip)
        run = []


def _land(ax: Axes, picture: Picture, view: View, clip: Polygon | None) -> None:
    """The countries: the base outlines (outside the detailed ones' box where both are
    drawn), then the detailed outlines without the lines where they were cut."""
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.path import Path as MplPath

    fill_only = picture.fills or view.detail is not None
    edge_colour, edge_width = ("white", 0.7) if picture.fills else (BORDER, 0.45)
    if view.base is not None:
        polygons, codes = _shapes(view.base, view)
        base = PolyCollection(
            polygons,
            facecolors=[_face(picture, c) for c in codes],
            edgecolors=edge_colour,
            linewidths=edge_width,
            zorder=2,
        )
        ax.add_collection(base)
        if clip is not None:
            base.set_clip_path(clip)
        if view.detail is not None:
            x0, x1 = view.xlim
            y0, y1 = view.ylim
            hole = project_ring(view.projection, box_ring(view.detail.box))
            if hole is not None:
                if ring_area(hole) > 0:
                    hole.reverse()
                frame = [(x0 - 1, y0 - 1), (x1 + 1, y0 - 1), (x1 + 1, y1 + 1), (x0 - 1, y1 + 1)]
                points = [*frame, frame[0], *hole, hole[0]]
                kinds = [MplPath.MOVETO] + [MplPath.LINETO] * 3 + [MplPath.CLOSEPOLY]
                kinds += [MplPath.MOVETO] + [MplPath.LINETO] * (len(hole) - 1)
                kinds += [MplPath.CLOSEPOLY]
                base.set_clip_path(MplPath(points, kinds), ax.transData)
    if view.detail is None:
        return
    polygons, codes = _shapes(view.detail, view)
    ax.add_collection(
        PolyCollection(
            polygons,
            facecolors=[_face(picture, c) for c in codes],
            edgecolors="none" if fill_only else edge_colour,
            linewidths=0.0,
            zorder=2.1,
        )
    )
    lines: list[list[Point]] = []
    for country in view.detail.countries.values():
        for ring in country.rings:
            for line in inner_edges(ring, view.detail.box):
                projected = project_ring(view.projection, line)
                if projected is not None:
                    lines.append(projected)
    ax.add_collection(LineCollection(lines, colors=edge_colour, linewidths=edge_width, zorder=2.2))


def _face(picture: Picture, code: str) -> str:
    if picture.fills:
        return picture.fills.get(code, LAND)
    return HOME if code in picture.home else LAND


def _shapes(outlines: Atlas, view: View) -> tuple[list[list[Point]], list[str]]:
    """Every ring projected, largest first (so that enclaves are drawn over their host)."""
    shapes = []
    for code, country in outlines.countries.items():
        for ring in country.rings:
            whole = unwrapped(ring) if view.world else None
            pieces = [ring] if whole is None else [whole, [(x - 360, y) for x, y in whole]]
            for piece in pieces:
                projected = project_ring(view.projection, piece)
                if projected is not None:
                    shapes.append((abs(ring_area(projected)), code, projected))
    shapes.sort(key=lambda s: -s[0])
    return [s[2] for s in shapes], [s[1] for s in shapes]


def _sizes(dots: Sequence[Dot]) -> list[float]:
    weights = [d.weight for d in dots if d.weight > 0]
    if not weights:
        return [26.0] * len(dots)
    low, high = math.log10(min(weights)), math.log10(max(weights))
    span = high - low or 1.0
    return [
        8 + 62 * ((math.log10(d.weight) - low) / span) ** 1.3 if d.weight > 0 else 26 for d in dots
    ]


def _legend_marker(label: str, colour: str, marker: str, size: float) -> Line2D:
    from matplotlib.lines import Line2D

    return Line2D(
        [],
        [],
        linestyle="none",
        marker=marker,
        markersize=size,
        markerfacecolor=colour,
        markeredgecolor="white",
        label=label,
    )


def _dots(ax: Axes, picture: Picture, view: View) -> list[Artist]:
    """Draw the dots; returns their legend entries."""
    if picture.fills:
        _scatter(ax, view, picture.dots, [16.0] * len(picture.dots), INK, "o", 5)
        return [_legend_marker("capital", INK, "o", 6)]
    counts = Counter(d.kind for d in picture.dots)
    order = sorted(counts, key=lambda k: (KINDS.index(k) if k in KINDS else len(KINDS), k))
    sizes = dict(zip(picture.dots, _sizes(picture.dots), strict=True))
    entries: list[Artist] = []
    for kind in order:
        group = [d for d in picture.dots if d.kind == kind and not d.capital]
        colour, marker = KIND_STYLE.get(kind, OTHER_KIND)
        fixed = kind != "place"
        fixed_size = 60.0 if marker == "^" else 44.0
        _scatter(
            ax, view, group, [fixed_size if fixed else sizes[d] for d in group], colour, marker, 4
        )
        plural = "s" if counts[kind] != 1 else ""
        entries.append(_legend_marker(f"{counts[kind]} {kind}{plural}", colour, marker, 7))
    capitals = [d for d in picture.dots if d.capital]
    if capitals:
        _scatter(ax, view, capitals, [110.0] * len(capitals), CAPITAL_COLOUR, "*", 6)
        label = f"of which {len(capitals)} capital{'s' if len(capitals) != 1 else ''}"
        entries.insert(1, _legend_marker(label, CAPITAL_COLOUR, "*", 11))
    return entries


def _scatter(
    ax: Axes,
    view: View,
    dots: Sequence[Dot],
    sizes: Sequence[float],
    colour: str,
    marker: str,
    zorder: float,
) -> None:
    xy = [view.projection(d.lon, d.lat) for d in dots]
    keep = [(p, s) for p, s in zip(xy, sizes, strict=True) if p is not None]
    if not keep:
        return
    ax.scatter(
        [p[0] for p, _ in keep],
        [p[1] for p, _ in keep],
        s=[s for _, s in keep],
        c=colour,
        marker=marker,
        edgecolors="white",
        linewidths=0.7,
        zorder=zorder,
    )


def _small_countries(ax: Axes, picture: Picture, view: View) -> None:
    """Countries too small to see get a disc in their colour at the capital."""
    width = view.xlim[1] - view.xlim[0]
    height = view.ylim[1] - view.ylim[0]
    small = []
    capitals = {d.country: d for d in picture.dots if d.country}
    for code, colour in picture.fills.items():
        country = view.atlas.countries.get(code)
        area = 0.0
        if country is not None:
            for ring in country.rings:
                projected = project_ring(view.projection, ring)
                area += abs(ring_area(projected)) if projected else 0.0
        dot = capitals.get(code)
        if area < width * height * 2e-4 and dot is not None:
            p = view.projection(dot.lon, dot.lat)
            if p is not None:
                small.append((p, colour))
    if small:
        ax.scatter(
            [p[0] for p, _ in small],
            [p[1] for p, _ in small],
            s=70,
            c=[c for _, c in small],
            edgecolors=INK,
            linewidths=0.9,
            zorder=4.5,
        )


def check_suffix(path: Path) -> None:
    if path.suffix.lower() not in SUFFIXES:
        raise ValueError(
            f"the map is written as PNG or SVG: name the file .png or .svg, not {path}"
        )
