"""Drawing a deck's map: outlines, dots coloured by kind, labels that do not collide."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geodeck.cross.cards import KINDS
from geodeck.maps.geometry import (
    Atlas,
    Azimuthal,
    EqualEarth,
    Point,
    Projection,
    atlas,
    atlases_for,
    box_ring,
    inner_edges,
    project_ring,
    unwrapped,
)

OCEAN = "#dce9f2"
LAND = "#e9e5dc"
HOME = "#faf7f0"
BORDER = "#a59e92"
INK = "#1f2a33"
MUTED = "#5f6b75"

KIND_STYLE: dict[str, tuple[str, str]] = {
    "place": ("#24527a", "o"),
    "sight": ("#c2412d", "D"),
    "landmark": ("#c2412d", "D"),
    "attraction": ("#c2412d", "D"),
    "mountain": ("#7a5a2b", "^"),
}
OTHER_KIND = ("#6d6d6d", "s")
CAPITAL_COLOUR = "#0d2c4a"

CREDIT = "Outlines: Natural Earth (public domain)."
SUFFIXES = (".png", ".svg")
WORLD_SPAN = 150.0
"""A deck whose places span more longitude than this is drawn on the whole world."""


@dataclass(frozen=True, slots=True)
class Dot:
    lon: float
    lat: float
    kind: str
    label: str
    weight: float = 0.0
    """Population, for the dot's size and which labels come first."""
    capital: bool = False
    country: str = ""


@dataclass(slots=True)
class Picture:
    """What a map shows; ``render`` draws it."""

    title: str
    subtitle: str
    dots: list[Dot]
    credit: str = CREDIT
    home: set[str] = field(default_factory=set)
    """Countries the deck is about: their land is drawn lighter."""
    fills: dict[str, str] = field(default_factory=dict)
    """Country code to fill colour (the Undercover colour groups)."""
    groups: list[tuple[str, str]] = field(default_factory=list)
    """Legend entries for the fills: (label, colour)."""
    country_labels: dict[str, str] = field(default_factory=dict)
    """Country code to the name written on it."""
    short_labels: dict[str, str] = field(default_factory=dict)
    """Country code to a short name, used where the full one does not fit."""
    label_points: dict[str, Point] = field(default_factory=dict)
    """Where a country's name goes, where not at the atlas' label point."""


# -- from decks ---------------------------------------------------------------------------


def _name(card: Mapping[str, Any], lang: str) -> str:
    return str(card.get(f"name_{lang}") or card.get("name") or "")


def deck_picture(deck: Mapping[str, Any], lang: str = "en") -> Picture:
    """The picture of a place deck file (``deck``, ``title``, ``cards``)."""
    cards: Mapping[str, Mapping[str, Any]] = deck["cards"]
    dots = [
        Dot(
            lon=float(c["lon"]),
            lat=float(c["lat"]),
            kind=str(c["kind"]),
            label=_name(c, lang),
            weight=float(c.get("population") or 0),
            capital=bool(c.get("capital")),
        )
        for c in cards.values()
    ]
    counts = Counter(d.kind for d in dots)
    ordered = sorted(counts, key=lambda k: (KINDS.index(k) if k in KINDS else len(KINDS), k))
    summary = ", ".join(f"{counts[k]} {k}{'s' if counts[k] != 1 else ''}" for k in ordered)
    title = str(deck.get("title") or deck.get("deck") or "deck")
    home = {str(c["country"]) for c in cards.values() if c.get("country")}
    credit = CREDIT
    if any("geonames" in str(v) for c in cards.values() for v in (c.get("sources") or {}).values()):
        credit += " Places: GeoNames (geonames.org), CC BY 4.0."
    return Picture(
        title=title,
        subtitle=f"{len(dots)} cards: {summary}",
        dots=dots,
        credit=credit,
        home=home,
    )


def undercover_picture(document: Mapping[str, Any], lang: str = "en") -> Picture:
    """The picture of the Undercover countries: each filled in its colour group's colour."""
    colours: Mapping[str, Mapping[str, Any]] = document["colours"]
    countries: Mapping[str, Mapping[str, Any]] = document["countries"]
    counts = Counter(str(c["colour"]) for c in countries.values())
    dots = [
        Dot(
            lon=float(c["capital_lon"]),
            lat=float(c["capital_lat"]),
            kind="capital",
            label=str(c.get(f"capital_{lang}") or c["capital"]),
            weight=float(c["population"]),
            capital=True,
            country=code,
        )
        for code, c in countries.items()
    ]
    return Picture(
        title="Undercover in Europa",
        subtitle=f"{len(countries)} countries in {len(colours)} colours",
        dots=dots,
        credit=CREDIT + " Capitals: GeoNames, CC BY 4.0.",
        home=set(countries),
        fills={code: str(colours[str(c["colour"])]["hex"]) for code, c in countries.items()},
        groups=[
            (f"{g.get(f'name_{lang}') or g['name']} ({counts[key]})", str(g["hex"]))
            for key, g in sorted(colours.items(), key=lambda kv: _group_order(kv[0], countries))
        ],
        country_labels={
            code: str(c.get(f"name_{lang}") or c["name"]) for code, c in countries.items()
        },
        short_labels={code: str(c.get("vehicle") or code) for code, c in countries.items()},
    )


def _group_order(key: str, countries: Mapping[str, Mapping[str, Any]]) -> float:
    """Colour groups from west to east: by the mean longitude of their capitals."""
    lons = [float(c["capital_lon"]) for c in countries.values() if c["colour"] == key]
    return sum(lons) / len(lons) if lons else 0.0


# -- drawing ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _View:
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


def _view(picture: Picture) -> _View:
    lats = [d.lat for d in picture.dots]
    south, north = min(lats), max(lats)
    west, span = _longitudes([d.lon for d in picture.dots])
    if span > WORLD_SPAN:
        globe = EqualEarth()
        left, right = globe.xy(-180.0, 0.0), globe.xy(180.0, 0.0)
        low, high = globe.xy(0.0, max(-90.0, south - 8)), globe.xy(0.0, 90.0)
        pad = (right[0] - left[0]) * 0.01
        return _View(
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
    return _View(projection, detail, base, (x0, x1), (y0, y1), False)


def _longitudes(lons: Sequence[float]) -> tuple[float, float]:
    """The western edge and the width of the narrowest band of longitude holding all of
    them, which may cross the 180th meridian."""
    ordered = sorted(lons)
    gaps = [(ordered[0] + 360 - ordered[-1], ordered[0])]
    gaps += [(b - a, b) for a, b in itertools.pairwise(ordered)]
    widest, west = max(gaps)
    return west, 360 - widest


def _figure_size(view: _View) -> tuple[float, float]:
    width = view.xlim[1] - view.xlim[0]
    height = view.ylim[1] - view.ylim[0]
    longest = 12.0
    if width >= height:
        return longest, max(4.0, longest * height / width)
    return max(5.0, longest * width / height), longest


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
    view = _view(picture)
    with plt.rc_context({"svg.fonttype": "none", "font.family": "DejaVu Sans"}):
        fig, ax = plt.subplots(figsize=_figure_size(view), dpi=DPI)
        try:
            clip = _frame(ax, view)
            _graticule(ax, view, clip)
            _land(ax, picture, view, clip)
            fig.canvas.draw()
            renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
            taken = _dot_boxes(ax, picture, view)
            legend_items = _dots(ax, picture, view)
            if picture.fills:
                _small_countries(ax, picture, view)
                legend_items = [
                    Patch(facecolor=colour, edgecolor="white", label=label)
                    for label, colour in picture.groups
                ] + legend_items
                _country_names(ax, renderer, picture, view, taken)
            else:
                halo = [patheffects.withStroke(linewidth=2.6, foreground="white", alpha=0.9)]
                _labels(ax, renderer, picture, view, taken, halo)
            _furniture(ax, picture, legend_items)
            path.parent.mkdir(parents=True, exist_ok=True)
            fig.savefig(path, dpi=DPI, facecolor="white", bbox_inches="tight", pad_inches=0.3)
        finally:
            plt.close(fig)


DPI = 120


def _frame(ax: Any, view: _View) -> Any:
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
        _globe_outline(view.projection),
        closed=True,
        facecolor=OCEAN,
        edgecolor=BORDER,
        linewidth=0.8,
        zorder=0.5,
    )
    ax.add_patch(globe)
    return globe


def _furniture(ax: Any, picture: Picture, legend_items: list[Any]) -> None:
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


def _globe_outline(projection: Projection) -> list[Point]:
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


def _graticule(ax: Any, view: _View, clip: Any) -> None:
    """Thin lines every 10 degrees (30 on the world map)."""
    step = 30 if view.world else 10
    for lon in range(-180, 181, step):
        _polyline(ax, [view.projection(float(lon), lat / 2) for lat in range(-180, 181)], clip)
    for lat in range(-90 + step, 90, step):
        _polyline(ax, [view.projection(lon / 2, float(lat)) for lon in range(-360, 361)], clip)


def _polyline(ax: Any, points: Sequence[Point | None], clip: Any) -> None:
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


def _land(ax: Any, picture: Picture, view: _View, clip: Any) -> None:
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
                if _area(hole) > 0:
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


def _shapes(outlines: Atlas, view: _View) -> tuple[list[list[Point]], list[str]]:
    """Every ring projected, largest first (so that enclaves are drawn over their host)."""
    shapes = []
    for code, country in outlines.countries.items():
        for ring in country.rings:
            whole = unwrapped(ring) if view.world else None
            pieces = [ring] if whole is None else [whole, [(x - 360, y) for x, y in whole]]
            for piece in pieces:
                projected = project_ring(view.projection, piece)
                if projected is not None:
                    shapes.append((abs(_area(projected)), code, projected))
    shapes.sort(key=lambda s: -s[0])
    return [s[2] for s in shapes], [s[1] for s in shapes]


def _area(ring: Sequence[Point]) -> float:
    total = 0.0
    for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], ring[0]], strict=True):
        total += x0 * y1 - x1 * y0
    return total / 2


def _sizes(dots: Sequence[Dot]) -> list[float]:
    weights = [d.weight for d in dots if d.weight > 0]
    if not weights:
        return [26.0] * len(dots)
    low, high = math.log10(min(weights)), math.log10(max(weights))
    span = high - low or 1.0
    return [
        8 + 62 * ((math.log10(d.weight) - low) / span) ** 1.3 if d.weight > 0 else 26 for d in dots
    ]


def _legend_marker(label: str, colour: str, marker: str, size: float) -> Any:
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


def _dots(ax: Any, picture: Picture, view: _View) -> list[Any]:
    """Draw the dots; returns their legend entries."""
    if picture.fills:
        _scatter(ax, view, picture.dots, [16.0] * len(picture.dots), INK, "o", 5)
        return [_legend_marker("capital", INK, "o", 6)]
    counts = Counter(d.kind for d in picture.dots)
    order = sorted(counts, key=lambda k: (KINDS.index(k) if k in KINDS else len(KINDS), k))
    sizes = dict(zip(picture.dots, _sizes(picture.dots), strict=True))
    entries = []
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
    ax: Any,
    view: _View,
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


def _small_countries(ax: Any, picture: Picture, view: _View) -> None:
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
                area += abs(_area(projected)) if projected else 0.0
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


def _padded(box: Any) -> Any:
    """A label's box with room around it, in pixels."""
    from matplotlib.transforms import Bbox

    return Bbox.from_extents(box.x0 - 4, box.y0 - 1.5, box.x1 + 4, box.y1 + 1.5)


def _fits(box: Any, taken: Sequence[Any], frame: Any) -> bool:
    inside = (
        box.x0 >= frame.x0 + 2
        and box.x1 <= frame.x1 - 2
        and box.y0 >= frame.y0 + 2
        and box.y1 <= frame.y1 - 2
    )
    return inside and not any(box.overlaps(other) for other in taken)


def _dot_boxes(ax: Any, picture: Picture, view: _View) -> list[Any]:
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


def _labels(
    ax: Any, renderer: Any, picture: Picture, view: _View, dots: list[Any], halo: list[Any]
) -> None:
    """Names of the larger places (capitals count thrice), each only where it overlaps
    no other name and no dot (a capital's name may cover dots)."""
    names: list[Any] = []
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


def _country_names(ax: Any, renderer: Any, picture: Picture, view: _View, dots: list[Any]) -> None:
    """The countries' names on their land, largest first, at the atlas' label point or
    by the capital; a short name where the full one does not fit. A country left without
    a name then gets its short name where it covers no other name, if dots."""
    from matplotlib import patheffects

    frame = ax.get_window_extent(renderer)
    halo = [patheffects.withStroke(linewidth=2.4, foreground="white", alpha=0.65)]
    areas = {code: sum(abs(_area(r)) for r in c.rings) for code, c in view.atlas.countries.items()}
    capitals = {d.country: d for d in picture.dots if d.country}
    names: list[Any] = []
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
    ax: Any,
    renderer: Any,
    view: _View,
    frame: Any,
    blocked: tuple[list[Any], list[Any]],
    halo: list[Any],
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


def check_suffix(path: Path) -> None:
    if path.suffix.lower() not in SUFFIXES:
        raise ValueError(
            f"the map is written as PNG or SVG: name the file .png or .svg, not {path}"
        )
