"""What a map shows: a deck's or the Undercover countries' dots, fills and names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from geodeck.decks.cards import KINDS
from geodeck.maps.geometry import Point

CREDIT = "Outlines: Natural Earth (public domain)."


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


def _name(card: Mapping[str, object], lang: str) -> str:
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
