"""The hand-curated tables in tools/places/curated/ (CSV, UTF-8, one ``source`` column each)."""

from __future__ import annotations

import csv
from pathlib import Path

CURATED = Path(__file__).resolve().parent / "curated"

TABLES = {
    "eu-sights": ("id", "name_en", "name_de", "name_it", "country", "lat", "lon", "difficulty"),
    "de-landmarks": ("id", "name_en", "name_de", "name_it", "land", "lat", "lon", "difficulty"),
    "it-attractions": (
        "id",
        "name_en",
        "name_de",
        "name_it",
        "region",
        "lat",
        "lon",
        "altitude",
        "difficulty",
    ),
    "it-mountains": (
        "id",
        "name_en",
        "name_de",
        "name_it",
        "region",
        "lat",
        "lon",
        "altitude",
        "difficulty",
        "border",
    ),
    "world-sights": ("id", "name_en", "name_de", "name_it", "country", "lat", "lon", "difficulty"),
    "de-areas": ("ags", "name", "area"),
    "it-areas": ("istat", "name", "area"),
    "it-altitudes": ("istat", "name", "altitude", "reason"),
    "names": ("geonameid", "local", "name_en", "name_de", "name_it"),
    "outdated-names": ("name", "lang", "current"),
    "populations": ("geonameid", "name", "population", "year", "unit", "note", "checked"),
}
"""Every curated table and its columns besides ``source``."""


class CuratedError(ValueError):
    """A curated table is malformed."""


def read(table: str) -> list[dict[str, str]]:
    """The rows of a curated table; every column present, every row with a source."""
    columns = (*TABLES[table], "source")
    path = CURATED / f"{table}.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        if tuple(reader.fieldnames or ()) != columns:
            raise CuratedError(f"{path.name}: columns must be {', '.join(columns)}")
        rows = list(reader)
    for n, row in enumerate(rows, start=2):
        if not (row.get("source") or "").strip():
            raise CuratedError(f"{path.name} line {n}: no source")
        if any(row.get(c) is None for c in columns):
            raise CuratedError(f"{path.name} line {n}: missing a column")
    return rows


def tag(table: str) -> str:
    """The source tag a card field taken from a curated table carries."""
    return f"curated:{table}"
