"""Reading facts out of one CIA World Factbook country record (the JSON the package ships).

The Factbook writes its figures as text ("357,022 sq km", "84,012,284 (2025 est.)"); these
functions turn the fields the cards and questions use into numbers and names. Each raises
``FactbookError`` naming the field when the text does not have the expected shape.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

NUMBER = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?")
SCALED = re.compile(r"\s*(million|billion)\b", re.IGNORECASE)
SCALE = {"million": 1_000_000, "billion": 1_000_000_000}
TAG = re.compile(r"<[^>]+>")
BORDER = re.compile(r"([^;,\d]+?)\s+\d[\d,.]*\s*km")
YEAR = re.compile(r"\((\d{4})(?:\s*est\.)?\)")


class FactbookError(ValueError):
    """A Factbook field is missing or not in the expected form."""


def clean(text: str) -> str:
    """Plain text: HTML entities decoded, tags and repeated spaces removed."""
    plain = TAG.sub(" ", html.unescape(text)).replace("\u00a0", " ")
    return " ".join(plain.split())


def node(record: Mapping[str, Any], *path: str) -> Any:
    """The value at ``path``; keys match without case and surrounding spaces."""
    here: Any = record
    for key in path:
        if not isinstance(here, Mapping):
            return None
        wanted = key.strip().lower()
        here = next((v for k, v in here.items() if k.strip().lower() == wanted), None)
    return here


def text(record: Mapping[str, Any], *path: str) -> str | None:
    """The cleaned ``text`` at ``path``, or None where the Factbook has no such field."""
    value = node(record, *path)
    if isinstance(value, Mapping):
        value = value.get("text")
    return clean(value) if isinstance(value, str) else None


def need(record: Mapping[str, Any], *path: str) -> str:
    """Like ``text`` but the field must exist."""
    value = text(record, *path)
    if value is None:
        raise FactbookError(f"no field {' > '.join(path)}")
    return value


def number(value: str) -> float:
    """The first number in a Factbook text ("4,810", "196.8 km (excludes ...)"), scaled by
    a "million" or "billion" right after it ("1.267 million sq km" is 1,267,000)."""
    match = NUMBER.search(value)
    if match is None:
        raise FactbookError(f"no number in {value!r}")
    found = float(match.group().replace(",", ""))
    scaled = SCALED.match(value, match.end())
    if scaled is not None:
        found = round(found * SCALE[scaled.group(1).lower()], 6)
    return found


def whole(value: float) -> int | float:
    """An int where the value is whole, else the value rounded to two decimals."""
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


def area(record: Mapping[str, Any]) -> int | float:
    """Total area in km²; where the total reads 0 (the Holy See) the land area."""
    total = number(need(record, "Geography", "Area", "total"))
    if total <= 0:
        total = number(need(record, "Geography", "Area", "land"))
    if total <= 0:
        raise FactbookError("area is not positive")
    return whole(total)


def population(record: Mapping[str, Any]) -> tuple[int, int | None]:
    """Population and the year of the estimate."""
    value = need(record, "People and Society", "Population", "total")
    year = YEAR.search(value)
    return int(number(value)), int(year.group(1)) if year else None


def coastline(record: Mapping[str, Any]) -> int | float:
    """Coastline in km; 0 for a landlocked country."""
    return whole(number(need(record, "Geography", "Coastline")))


def highest_point(record: Mapping[str, Any]) -> tuple[str, int | float]:
    """The highest point's name (parentheses dropped) and its height in metres."""
    value = need(record, "Geography", "Elevation", "highest point")
    numbers = list(NUMBER.finditer(value))
    if not numbers:
        raise FactbookError(f"no height in {value!r}")
    last = numbers[-1]
    name = re.sub(r"\s*\([^)]*\)", "", value[: last.start()]).strip(" ,;")
    return name, whole(float(last.group().replace(",", "")))


def border_names(record: Mapping[str, Any]) -> list[str]:
    """Names of the neighbours the Factbook lists, parentheses dropped, first mention kept.

    Every "border ..." entry of Land boundaries counts ("border countries", "border
    sovereign base areas"); deciding which of them are states is the caller's job.
    """
    boundaries = node(record, "Geography", "Land boundaries")
    if not isinstance(boundaries, Mapping):
        raise FactbookError("no field Geography > Land boundaries")
    names: list[str] = []
    for key, value in boundaries.items():
        if not key.strip().lower().startswith("border") or not isinstance(value, Mapping):
            continue
        body = re.sub(r"\([^)]*\)", "", clean(str(value.get("text", ""))))
        for match in BORDER.finditer(body):
            name = re.sub(r"^(and|,)\s+", "", match.group(1).strip()).strip()
            if name and name not in names:
                names.append(name)
    return names


def split_top(value: str) -> list[str]:
    """Split at commas and semicolons that are not inside parentheses."""
    parts: list[str] = []
    depth = 0
    start = 0
    for i, char in enumerate(value):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char in ",;" and depth == 0:
            parts.append(value[start:i])
            start = i + 1
    parts.append(value[start:])
    return [p.strip() for p in parts if p.strip()]


def languages(record: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The languages listed, in the Factbook's order, each with its whole entry in lower case
    (which says "official", "minority", "official in ..." and the share).

    A note after the list ("note - ...") is left out.
    """
    value = text(record, "People and Society", "Languages", "Languages") or need(
        record, "People and Society", "Languages"
    )
    value = re.split(r"[;,]?\s*\bnote\b", value, maxsplit=1)[0]
    out: list[tuple[str, str]] = []
    for part in split_top(value):
        name = re.split(r"\s*[\d(<]", part, maxsplit=1)[0].strip()
        if not name or not name[0].isupper() or name.lower() in {"other", "unspecified"}:
            continue
        out.append((name, part.lower()))
    return out


def memberships(record: Mapping[str, Any]) -> list[str]:
    """The organisations listed under International organization participation."""
    value = text(record, "Government", "International organization participation") or ""
    return split_top(value)


def short_name(record: Mapping[str, Any]) -> str | None:
    """The conventional short form of the country's name."""
    value = text(record, "Government", "Country name", "conventional short form")
    return value if value and value.lower() != "none" else None


def capital(record: Mapping[str, Any]) -> str:
    """The capital as the Factbook writes it (may carry other spellings in parentheses)."""
    return need(record, "Government", "Capital", "name")


def government_type(record: Mapping[str, Any]) -> str:
    return need(record, "Government", "Government type")


def rivers(record: Mapping[str, Any]) -> str:
    """The major rivers text, or an empty text where the Factbook lists none."""
    return text(record, "Geography", "Major rivers (by length in km)") or ""


def flag(record: Mapping[str, Any]) -> str:
    """The flag description, without the history that follows it."""
    value = need(record, "Government", "Flag")
    value = re.sub(r"^description:\s*", "", value)
    return re.split(r"\s*(history|note|meaning):", value, maxsplit=1)[0]
