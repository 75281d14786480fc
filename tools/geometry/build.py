"""Make the browser's map data from Natural Earth country shapes.

Reads the TopoJSON of the npm package ``world-atlas`` (Natural Earth, public domain) and
the ISO code table of ``i18n-iso-countries`` from ``tools/geometry/node_modules`` (the command
runs ``npm ci`` there when they are missing) and writes two files into
``src/geodeck/web/geo/``:

- ``world.json``: every country at the 1:110m scale;
- ``europe.json``: the countries at the 1:50m scale, cut to a box around Europe (the
  Undercover board, and the maps of the European cross decks).

Each country has its ISO 3166-1 alpha-2 code, its Natural Earth name, a label point and
its rings. A ring is a flat list of whole numbers in units of ``unit`` degrees: the first
point's longitude and latitude, then each further point as the difference from the one
before. Borders that two countries share are simplified once, so they still meet.

The output depends only on the input files: running this again gives the same bytes.

    python -m tools geometry            # write the files
    python -m tools geometry --check    # build into a temporary folder; exit 1 if a
                                        # shipped file differs
"""

from __future__ import annotations

import itertools
import json
import math
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools import npm

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MODULES = HERE / "node_modules"
OUT = ROOT / "src" / "geodeck" / "web" / "geo"

Point = tuple[int, int]
Ring = list[Point]

MERGED = {
    "N. Cyprus": "CY",
    "Somaliland": "SO",
    "Kosovo": "XK",
    "Åland": "FI",
    "Ashmore and Cartier Is.": "AU",
    "Indian Ocean Ter.": "AU",
}
"""Shapes without a code of their own, or shown as part of a country (RULES.md B1 and
the country data's political choices: Cyprus is the whole island, Kosovo is ``XK``)."""

DROPPED = {"Siachen Glacier"}

NAMES = {"XK": "Kosovo"}


@dataclass(frozen=True)
class Cut:
    """One output file: which TopoJSON, how much detail, and which part of the world."""

    name: str
    source: str
    tolerance: float
    """Douglas-Peucker tolerance, in degrees."""
    unit: float
    """Grid the coordinates are rounded to, in degrees."""
    min_area: float
    """Rings smaller than this (square degrees) are left out, except a country's largest."""
    box: tuple[float, float, float, float] | None
    """west, south, east, north; ``None`` for the whole world."""


CUTS = (
    Cut("world", "countries-110m.json", 0.08, 0.05, 0.05, None),
    Cut("europe", "countries-50m.json", 0.012, 0.01, 0.002, (-32.0, 26.0, 75.0, 90.0)),
)


# -- reading ---------------------------------------------------------------------------------


def iso_codes() -> dict[str, str]:
    """ISO 3166-1 numeric code (as world-atlas spells it) to alpha-2."""
    rows = json.loads((MODULES / "i18n-iso-countries" / "codes.json").read_text("utf-8"))
    return {numeric: alpha2 for alpha2, _alpha3, numeric, *_rest in rows}


def decode_arcs(topology: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """The arcs as absolute longitude and latitude."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs: list[list[tuple[float, float]]] = []
    for arc in topology["arcs"]:
        x = y = 0
        points: list[tuple[float, float]] = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


# -- simplifying -----------------------------------------------------------------------------


def simplify(points: Sequence[tuple[float, float]], tolerance: float) -> list[tuple[float, float]]:
    """Douglas-Peucker, keeping both ends (so arcs still meet)."""
    if len(points) <= 2:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        worst, at = -1.0, -1
        for i in range(first + 1, last):
            px, py = points[i]
            if length == 0:
                d = math.hypot(px - ax, py - ay)
            else:
                d = abs(dx * (ay - py) - dy * (ax - px)) / length
            if d > worst:
                worst, at = d, i
        if at >= 0 and worst > tolerance:
            keep[at] = True
            stack.append((first, at))
            stack.append((at, last))
    return [p for p, k in zip(points, keep, strict=True) if k]


# -- rings -----------------------------------------------------------------------------------


def arc_points(arcs: list[list[tuple[float, float]]], index: int) -> list[tuple[float, float]]:
    return list(reversed(arcs[~index])) if index < 0 else arcs[index]


def polygons_of(geometry: dict[str, Any]) -> list[list[list[int]]]:
    kind = geometry["type"]
    if kind == "Polygon":
        return [geometry["arcs"]]
    if kind == "MultiPolygon":
        return list(geometry["arcs"])
    return []


def merged_rings(geometries: Iterable[dict[str, Any]]) -> list[list[int]]:
    """The rings (as signed arc indices) of several shapes joined into one: an arc that
    one shape uses forwards and another backwards is an inner border and disappears."""
    used: list[int] = []
    for geometry in geometries:
        for polygon in polygons_of(geometry):
            for ring in polygon:
                used.extend(ring)
    present = set(used)
    kept = [a for a in used if ~a not in present]
    rings: list[list[int]] = []
    starts: dict[int, list[int]] = {}
    for a in kept:
        starts.setdefault(_end(a, first=True), []).append(a)
    done: set[int] = set()
    for a in kept:
        if a in done:
            continue
        ring = [a]
        done.add(a)
        while True:
            nxt = [b for b in starts.get(_end(ring[-1], first=False), []) if b not in done]
            if not nxt:
                break
            ring.append(nxt[0])
            done.add(nxt[0])
        rings.append(ring)
    return rings


_ENDS: dict[int, tuple[int, int]] = {}
"""Arc index to (first point id, last point id), filled by ``index_ends``."""


def index_ends(topology: dict[str, Any]) -> None:
    _ENDS.clear()
    ids: dict[tuple[int, int], int] = {}
    for i, arc in enumerate(topology["arcs"]):
        x = y = 0
        first: tuple[int, int] | None = None
        for dx, dy in arc:
            x += dx
            y += dy
            if first is None:
                first = (x, y)
        assert first is not None
        a = ids.setdefault(first, len(ids))
        b = ids.setdefault((x, y), len(ids))
        _ENDS[i] = (a, b)


def _end(index: int, *, first: bool) -> int:
    a, b = _ENDS[~index] if index < 0 else _ENDS[index]
    if index < 0:
        a, b = b, a
    return a if first else b


def ring_points(
    arcs: list[list[tuple[float, float]]], ring: Sequence[int]
) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for index in ring:
        part = arc_points(arcs, index)
        points.extend(part[1:] if points else part)
    return points


def clip(
    points: list[tuple[float, float]], box: tuple[float, float, float, float]
) -> list[tuple[float, float]]:
    """Sutherland-Hodgman against a rectangle; the ring may come back empty."""
    west, south, east, north = box
    out = list(points)
    for axis, limit, low in (
        (0, west, True),
        (0, east, False),
        (1, south, True),
        (1, north, False),
    ):
        if not out:
            break
        src, out = out, []
        prev = src[-1]
        for cur in src:
            if _inside(cur, axis, limit, low):
                if not _inside(prev, axis, limit, low):
                    out.append(_crossing(prev, cur, axis, limit))
                out.append(cur)
            elif _inside(prev, axis, limit, low):
                out.append(_crossing(prev, cur, axis, limit))
            prev = cur
    return out


def unwrapped(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The ring with its longitudes carried on past 180° where it crosses the
    antimeridian (Russia's Chukotka, Fiji), so that no edge jumps across the world."""
    out: list[tuple[float, float]] = []
    shift = 0.0
    for lon, lat in points:
        along = lon + shift
        if out and abs(along - out[-1][0]) > 180:
            turn = -360.0 if along > out[-1][0] else 360.0
            shift += turn
            along += turn
        out.append((along, lat))
    return out


def clip_across(
    points: Sequence[tuple[float, float]], box: tuple[float, float, float, float]
) -> list[list[tuple[float, float]]]:
    """The parts of a ring inside the box. The ring is unwrapped first and then clipped
    as it is and moved a whole turn either way: clipping a ring that jumps from 180° to
    -180° would draw its far end as a band along the box's edge."""
    ring = unwrapped(points)
    pieces = []
    for turn in (-360.0, 0.0, 360.0):
        moved = [(lon + turn, lat) for lon, lat in ring]
        piece = clip(moved, box)
        # A ring wholly inside is kept as it is (however small); a clipped one only if
        # something of it is left besides the box's edge.
        if piece == moved or (len(piece) >= 3 and abs(area(piece)) > 0):
            pieces.append(piece)
    return pieces


def _inside(p: tuple[float, float], axis: int, limit: float, low: bool) -> bool:
    return p[axis] >= limit if low else p[axis] <= limit


def _crossing(
    p: tuple[float, float], q: tuple[float, float], axis: int, limit: float
) -> tuple[float, float]:
    t = (limit - p[axis]) / (q[axis] - p[axis])
    other = 1 - axis
    value = p[other] + t * (q[other] - p[other])
    return (limit, value) if axis == 0 else (value, limit)


def area(points: Sequence[tuple[float, float]]) -> float:
    """Signed area in square degrees (shoelace)."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True):
        total += x0 * y1 - x1 * y0
    return total / 2


def centroid(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    a = area(points)
    if abs(a) < 1e-12:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True):
        f = x0 * y1 - x1 * y0
        cx += (x0 + x1) * f
        cy += (y0 + y1) * f
    return (cx / (6 * a), cy / (6 * a))


def encode(points: Sequence[tuple[float, float]], unit: float) -> list[int]:
    """Rounded to the grid, repeated points dropped, first point absolute then deltas."""
    grid: list[Point] = []
    for x, y in points:
        p = (round(x / unit), round(y / unit))
        if not grid or grid[-1] != p:
            grid.append(p)
    if len(grid) > 1 and grid[0] == grid[-1]:
        grid.pop()
    if len(grid) < 3:
        return []
    flat = [grid[0][0], grid[0][1]]
    for (x0, y0), (x1, y1) in itertools.pairwise(grid):
        flat.extend((x1 - x0, y1 - y0))
    return flat


# -- building --------------------------------------------------------------------------------


def build(cut: Cut) -> str:
    topology = json.loads((MODULES / "world-atlas" / cut.source).read_text("utf-8"))
    index_ends(topology)
    codes = iso_codes()
    arcs = [simplify(a, cut.tolerance) for a in decode_arcs(topology)]
    groups: dict[str, list[dict[str, Any]]] = {}
    names: dict[str, str] = {}
    for geometry in topology["objects"]["countries"]["geometries"]:
        name = geometry["properties"]["name"]
        if name in DROPPED:
            continue
        code = MERGED.get(name) or codes.get(geometry.get("id", ""))
        if code is None:
            raise SystemExit(f"no ISO code for {name!r} ({geometry.get('id')!r})")
        groups.setdefault(code, []).append(geometry)
        if name not in MERGED or code in NAMES:
            names.setdefault(code, NAMES.get(code, name))
    countries: list[dict[str, Any]] = []
    for code in sorted(groups):
        rings: list[list[tuple[float, float]]] = []
        group = groups[code]
        if len(group) == 1:
            arc_rings = [ring for polygon in polygons_of(group[0]) for ring in polygon]
        else:
            arc_rings = merged_rings(group)
        for ring in arc_rings:
            points = ring_points(arcs, ring)
            if cut.box is None:
                rings.append(points)
                continue
            for piece in clip_across(points, cut.box):
                if len(piece) >= 3:
                    rings.append(piece)
        if not rings:
            continue
        rings.sort(key=lambda r: -abs(area(r)))
        largest = rings[0]
        kept = [largest, *(r for r in rings[1:] if abs(area(r)) >= cut.min_area)]
        encoded = [e for e in (encode(r, cut.unit) for r in kept) if e]
        if not encoded:
            encoded = [_dot(largest, cut.unit)]
        lon, lat = centroid(largest)
        countries.append(
            {
                "id": code,
                "name": names.get(code, code),
                "label": [round(lon, 2), round(lat, 2)],
                "rings": encoded,
            }
        )
    head = {
        "format": "geodeck-geo/1",
        "source": f"Natural Earth (public domain), world-atlas 2.0.2 {cut.source}",
        "unit": cut.unit,
        "box": list(cut.box) if cut.box else [-180.0, -90.0, 180.0, 90.0],
    }
    lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in countries]
    body = json.dumps(head, separators=(",", ":"))[:-1]
    return body + ',"countries":[\n' + ",\n".join(lines) + "\n]}\n"


def _dot(points: Sequence[tuple[float, float]], unit: float) -> list[int]:
    """A ring too small for the grid: a tiny square around its middle."""
    x, y = centroid(points)
    gx, gy = round(x / unit), round(y / unit)
    return [gx, gy, 1, 0, 0, 1, -1, 0]


def same(built: Path, shipped: Path) -> bool:
    return shipped.is_file() and shipped.read_bytes() == built.read_bytes()


def run(*, check: bool, say: Callable[[str], None] = print) -> int:
    """Write the files (or, with ``check``, build them into a temporary folder and compare)."""
    npm.ensure(HERE, say)
    with tempfile.TemporaryDirectory(prefix="geodeck-geo-") as scratch:
        out = Path(scratch) if check else OUT
        out.mkdir(parents=True, exist_ok=True)
        for cut in CUTS:
            say(f"{cut.name}: {cut.source} at {cut.tolerance} degrees")
            path = out / f"{cut.name}.json"
            path.write_text(build(cut), "utf-8")
            say(f"  {path.name}: {path.stat().st_size // 1024} KiB")
        if not check:
            return 0
        stale = [path.name for path in sorted(out.iterdir()) if not same(path, OUT / path.name)]
    if stale:
        say(f"out of date in {OUT.relative_to(ROOT)}: {', '.join(stale)}")
        return 1
    say(f"the shipped files in {OUT.relative_to(ROOT)} match a fresh build")
    return 0


if __name__ == "__main__":
    from tools.__main__ import alias

    raise SystemExit(alias("geometry"))
