"""The browser's map data (``src/geodeck/web/geo/*.json``, made by python -m tools geometry)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tools.geometry import build

GEO = Path(__file__).resolve().parents[2] / "src" / "geodeck" / "web" / "geo"

Ring = list[tuple[float, float]]


def rings_of(name: str) -> dict[str, list[Ring]]:
    data = json.loads((GEO / f"{name}.json").read_text("utf-8"))
    unit = data["unit"]
    out: dict[str, list[Ring]] = {}
    for country in data["countries"]:
        rings: list[Ring] = []
        for flat in country["rings"]:
            x = y = 0
            ring: Ring = []
            for i in range(0, len(flat), 2):
                x += flat[i]
                y += flat[i + 1]
                ring.append((x * unit, y * unit))
            rings.append(ring)
        out[country["id"]] = rings
    return out


def longest_step(rings: list[Ring]) -> float:
    """The largest jump in longitude between two neighbouring points of any ring."""
    return max(abs(ring[i][0] - ring[i - 1][0]) for ring in rings for i in range(len(ring)))


def test_no_europe_ring_jumps_across_the_map() -> None:
    # Straight desert borders run up to 16°; a ring clipped to the Europe box after
    # jumping from 180° to -180° came back with an edge along the whole box (the band
    # across the top of the Undercover board and the scoring maps).
    rings = rings_of("europe")
    worst = {code: longest_step(r) for code, r in rings.items()}
    assert max(worst.values()) < 45, sorted(worst.items(), key=lambda kv: -kv[1])[:3]


def test_europe_keeps_the_micro_states() -> None:
    rings = rings_of("europe")
    for code in ("VA", "SM", "MC", "LI", "AD", "MT"):
        assert rings.get(code), code


def test_a_ring_across_the_antimeridian_is_clipped_as_one_piece() -> None:
    # A made-up island from 170° E across 180° to 170° W, between 60° and 70° N.
    ring = [(170.0, 60.0), (180.0, 60.0), (-170.0, 60.0), (-170.0, 70.0), (170.0, 70.0)]
    box = (-32.0, 26.0, 75.0, 90.0)
    assert build.clip_across(ring, box) == []
    # Clipped plainly it leaves a band along the box's west edge and across its width.
    band = build.clip(ring, box)
    assert max(abs(band[i][0] - band[i - 1][0]) for i in range(len(band))) > 100
    east = build.clip_across(ring, (160.0, 50.0, 200.0, 80.0))
    assert len(east) == 1
    assert abs(build.area(east[0])) == pytest.approx(200.0)


def test_a_tiny_ring_inside_the_box_is_kept() -> None:
    ring = [(12.45, 41.90), (12.46, 41.90), (12.46, 41.91)]
    assert build.clip_across(ring, (-32.0, 26.0, 75.0, 90.0)) == [ring]
