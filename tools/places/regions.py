"""Germany's and Italy's places: municipalities, their areas, populations and altitudes."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from geodeck.decks.places import fold
from tools.places import curated, populations, sources
from tools.places.cards import population_of
from tools.places.context import Context

LANDS = {
    "01": ("DE-SH", "Schleswig-Holstein"),
    "02": ("DE-HH", "Hamburg"),
    "03": ("DE-NI", "Niedersachsen"),
    "04": ("DE-HB", "Bremen"),
    "05": ("DE-NW", "Nordrhein-Westfalen"),
    "06": ("DE-HE", "Hessen"),
    "07": ("DE-RP", "Rheinland-Pfalz"),
    "08": ("DE-BW", "Baden-Württemberg"),
    "09": ("DE-BY", "Bayern"),
    "10": ("DE-SL", "Saarland"),
    "11": ("DE-BE", "Berlin"),
    "12": ("DE-BB", "Brandenburg"),
    "13": ("DE-MV", "Mecklenburg-Vorpommern"),
    "14": ("DE-SN", "Sachsen"),
    "15": ("DE-ST", "Sachsen-Anhalt"),
    "16": ("DE-TH", "Thüringen"),
}
"""The first two digits of the official municipality key (AGS) and the Land's ISO code."""

REGIONS = {
    "01": ("IT-21", "Piemonte"),
    "02": ("IT-23", "Valle d'Aosta"),
    "03": ("IT-25", "Lombardia"),
    "04": ("IT-32", "Trentino-Alto Adige"),
    "05": ("IT-34", "Veneto"),
    "06": ("IT-36", "Friuli-Venezia Giulia"),
    "07": ("IT-42", "Liguria"),
    "08": ("IT-45", "Emilia-Romagna"),
    "09": ("IT-52", "Toscana"),
    "10": ("IT-55", "Umbria"),
    "11": ("IT-57", "Marche"),
    "12": ("IT-62", "Lazio"),
    "13": ("IT-65", "Abruzzo"),
    "14": ("IT-67", "Molise"),
    "15": ("IT-72", "Campania"),
    "16": ("IT-75", "Puglia"),
    "17": ("IT-77", "Basilicata"),
    "18": ("IT-78", "Calabria"),
    "19": ("IT-82", "Sicilia"),
    "20": ("IT-88", "Sardegna"),
}
"""ISTAT region codes and the region's ISO code."""

SEATS = ("PPLC", "PPLA", "PPLA2", "PPLA3", "PPLA4", "PPLG")
"""GeoNames feature codes of towns that are the seat of a government or administration."""

PARTS = ("PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH")
"""GeoNames feature codes that are no town of their own: sections of a city (Wandsbek,
Kreuzberg), historical, abandoned or destroyed places. Every other populated place is a
candidate, whatever its feature code."""


def is_town(p: sources.GeoPlace) -> bool:
    return p.feature not in PARTS


def ags(p: sources.GeoPlace) -> str:
    return p.admin4 if len(p.admin4) == 8 and p.admin4.isdigit() else ""


@functools.cache
def de_areas() -> dict[str, tuple[float, str]]:
    return {r["ags"]: (float(r["area"]), r["name"]) for r in curated.read("de-areas")}


def kreisfrei(p: sources.GeoPlace, districts: Mapping[str, sources.District]) -> bool:
    key = ags(p)
    district = districts.get(key[:5])
    return bool(district and district.kind != "Landkreis" and key[5:] == "000")


def german_area(
    p: sources.GeoPlace, districts: Mapping[str, sources.District]
) -> tuple[float, str] | None:
    """A town's area: Destatis for the kreisfreie Städte, the curated table otherwise."""
    key = ags(p)
    if kreisfrei(p, districts):
        return districts[key[:5]].area, sources.TAG_DESTATIS
    if key in de_areas():
        return de_areas()[key][0], curated.tag("de-areas")
    return None


def german_population(
    p: sources.GeoPlace, districts: Mapping[str, sources.District]
) -> populations.Figure:
    """Destatis for the kreisfreie Städte (31.12.2018), else GeoNames; curated first."""
    if kreisfrei(p, districts):
        official = populations.figure(districts[ags(p)[:5]].population, sources.TAG_DESTATIS)
        return population_of(p, official)
    return population_of(p)


def german_towns(ctx: Context) -> list[sources.GeoPlace]:
    """One GeoNames place per municipality (AGS): the most populous that is a town."""
    best: dict[str, sources.GeoPlace] = {}
    for p in sorted(ctx.places.values(), key=lambda p: (-p.population, p.gid)):
        if p.country == "DE" and is_town(p) and ags(p) and ags(p)[:2] in LANDS:
            best.setdefault(ags(p), p)
    return sorted(best.values(), key=lambda p: p.gid)


@dataclass(frozen=True, slots=True)
class ItalianCity:
    comune: sources.Comune
    place: sources.GeoPlace
    population: int


def italian_cities(ctx: Context) -> list[ItalianCity]:
    """Comuni joined to their GeoNames seat (by ISTAT code, else by name) and population."""
    comuni = sources.comuni()
    population = sources.istat_population()
    rank = {f: i for i, f in enumerate(SEATS)}
    seats = sorted(
        (p for p in ctx.places.values() if p.country == "IT" and p.feature in SEATS),
        key=lambda p: (rank[p.feature], -p.population, p.gid),
    )
    by_code: dict[str, sources.GeoPlace] = {}
    by_name: dict[str, list[sources.GeoPlace]] = {}
    for p in seats:
        by_code.setdefault(p.admin3, p)
        by_name.setdefault(fold(p.name), []).append(p)
    out: list[ItalianCity] = []
    for code in sorted(comuni):
        c = comuni[code]
        place = by_code.get(code)
        if place is None:
            same = by_name.get(fold(c.name), [])
            place = same[0] if len(same) == 1 else None
        if place is None or code not in population:
            continue
        out.append(ItalianCity(c, place, population[code]))
    return out


@functools.cache
def it_table(table: str, column: str) -> dict[str, float]:
    return {r["istat"]: float(r[column]) for r in curated.read(table)}


def italian_altitude(comune: sources.Comune, p: sources.GeoPlace) -> tuple[int, str] | None:
    """A comune's altitude, that of its seat: the curated table, else GeoNames' elevation
    (never the terrain model, which is the ground at a map point; ``tools.places.altitudes``)."""
    code = comune.code
    if code in it_table("it-altitudes", "altitude"):
        return int(it_table("it-altitudes", "altitude")[code]), curated.tag("it-altitudes")
    if p.elevation is not None and p.elevation >= 0:
        return p.elevation, sources.TAG_GEONAMES_2019
    return None
