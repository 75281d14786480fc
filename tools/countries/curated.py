"""The hand-curated tables in ``curated/``: CSV, UTF-8, one row per fact, a ``source`` each."""

from __future__ import annotations

import csv
from dataclasses import dataclass

from tools.countries.paths import CURATED

ANSWERS = ("yes", "no", "probably", "probably_not", "not_sure")

TABLES: dict[str, tuple[str, ...]] = {
    "colours": ("code", "colour"),
    "colour_groups": ("colour", "name_en", "name_de", "name_it", "hex"),
    "vehicle_codes": ("code", "vehicle"),
    "memberships": ("code", "eu", "euro", "schengen", "nato", "as_of"),
    "winter_sports": ("code", "answer", "basis"),
    "seas": ("code", "mediterranean", "baltic", "black_sea", "north_sea"),
    "flags": ("code", "colours", "red", "cross"),
    "history": ("code", "soviet_union", "yugoslavia"),
    "driving": ("code", "side"),
    "olympics": ("code", "answer", "basis", "games"),
    "german": ("code", "answer", "basis", "status"),
    "geography": ("code", "alps", "arctic_circle", "asia"),
    "capital_facts": ("code", "largest", "largest_city"),
    "names": ("code", "lang", "name"),
    "capitals": ("code", "lang", "name"),
    "supplement": ("code", "field", "value"),
    "crosscheck_exceptions": ("check", "code", "value"),
    "populations": ("code", "population", "year", "note"),
}
"""Every curated table and its columns before ``source``."""

ONE_ROW_PER_COUNTRY = (
    "colours",
    "vehicle_codes",
    "memberships",
    "winter_sports",
    "seas",
    "flags",
    "history",
    "driving",
    "olympics",
    "german",
    "geography",
    "capital_facts",
)
"""Tables that hold exactly one row for each of the 47 countries."""

CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("memberships", "eu"): ("yes", "no"),
    ("memberships", "euro"): ("euro_area", "agreement", "unilateral", "no"),
    ("memberships", "schengen"): ("member", "de_facto", "no"),
    ("memberships", "nato"): ("yes", "no"),
    ("winter_sports", "answer"): ANSWERS,
    ("seas", "mediterranean"): ANSWERS,
    ("seas", "baltic"): ANSWERS,
    ("seas", "black_sea"): ANSWERS,
    ("seas", "north_sea"): ANSWERS,
    ("flags", "red"): ANSWERS,
    ("flags", "cross"): ANSWERS,
    ("history", "soviet_union"): ANSWERS,
    ("history", "yugoslavia"): ANSWERS,
    ("driving", "side"): ("left", "right"),
    ("olympics", "answer"): ANSWERS,
    ("german", "answer"): ANSWERS,
    ("german", "basis"): ("official", "regional", "minority", "none"),
    ("geography", "alps"): ANSWERS,
    ("geography", "arctic_circle"): ANSWERS,
    ("geography", "asia"): ANSWERS,
    ("capital_facts", "largest"): ANSWERS,
    ("names", "lang"): ("en", "de", "it"),
    ("capitals", "lang"): ("en", "de", "it"),
}
"""Columns whose values come from a fixed list."""


class CuratedError(ValueError):
    """A curated table is malformed: the message names the file and line."""


@dataclass(frozen=True, slots=True)
class Row:
    """One curated row: its values by column, and where it sits."""

    table: str
    line: int
    values: dict[str, str]

    def __getitem__(self, column: str) -> str:
        return self.values[column]

    @property
    def source(self) -> str:
        return self.values["source"]

    @property
    def where(self) -> str:
        return f"curated/{self.table}.csv line {self.line}"


def read(table: str) -> list[Row]:
    """The rows of one curated table, checked for columns, sources and fixed choices."""
    columns = (*TABLES[table], "source")
    path = CURATED / f"{table}.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        if tuple(reader.fieldnames or ()) != columns:
            raise CuratedError(f"{path.name}: the columns must be {', '.join(columns)}")
        rows = [Row(table, n, dict(r)) for n, r in enumerate(reader, start=2)]
    for row in rows:
        if any(row.values.get(c) is None for c in columns) or None in row.values:
            raise CuratedError(f"{row.where}: expected {len(columns)} fields")
        if not row.source.strip():
            raise CuratedError(f"{row.where}: no source")
        for column in columns:
            allowed = CHOICES.get((table, column))
            if allowed is not None and row[column] not in allowed:
                raise CuratedError(
                    f"{row.where}: {column} must be one of {', '.join(allowed)}, "
                    f"got {row[column]!r}"
                )
    return rows


def by_code(rows: list[Row]) -> dict[str, Row]:
    """Rows keyed by their ``code``; a code twice is an error."""
    out: dict[str, Row] = {}
    for row in rows:
        if row["code"] in out:
            raise CuratedError(f"{row.where}: {row['code']} appears twice")
        out[row["code"]] = row
    return out
