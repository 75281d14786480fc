"""Names of the place cards in English, German and Italian, and their ids (docs/data.md).

The rules, in order, for each language:

1. a row of the curated table ``names.csv`` for the place and language;
2. for an Italian comune: its ISTAT name, or in the province of Bolzano the ISTAT German
   name in German; GeoNames' names only where GeoNames' place is the comune's namesake
   (a merged comune's seat keeps its old name in GeoNames: Bazzano for Valsamoggia);
3. the name in Debian's GeoNames catalogue for the language, unless it is listed as
   outdated (``outdated-names.csv``: Nur-Sultan, Port Elizabeth) or only drops letters of
   the local name (``geodeck.decks.places.choose_names``);
4. the name in the Unicode CLDR's list of cities (via Babel) for the language;
5. the local name.

Every name loses the German town titles (``Hansestadt Stade``: Stade) and Romanian names
take the comma-below letters ș and ț where GeoNames has the cedilla forms.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

from geodeck.decks.places import LANGUAGES, choose_names, fold, same_or_shorter
from tools.places import curated, sources

TAG_CURATED = curated.tag("names")
TAG_OUTDATED = curated.tag("outdated-names")

BABEL = "2.19.0"
TAG_CLDR = f"cldr@babel-{BABEL}"

TITLE_PREFIXES = (
    "Hansestadt",
    "Lutherstadt",
    "Universitätsstadt",
    "Wissenschaftsstadt",
    "Kreisstadt",
    "Große Kreisstadt",
    "Stadt",
)
"""German town titles that are no part of the name a player knows: ``Hansestadt Stade``,
``Lutherstadt Wittenberg`` are Stade and Wittenberg on the cards."""

_TITLE = re.compile(rf"^(?:{'|'.join(TITLE_PREFIXES)})\s+(?=\S)")

ROMANIAN = ("RO", "MD")
_COMMA_BELOW = str.maketrans({"ş": "ș", "Ş": "Ș", "ţ": "ț", "Ţ": "Ț"})

HOME_LANGUAGE = {"DE": "de", "AT": "de", "LI": "de", "IT": "it", "SM": "it"}
"""Countries whose own language is German or Italian: that catalogue may spell out the
local name (GeoNames' "Meissen" is Meißen); elsewhere the English catalogue may."""

BOLZANO = "BZ"
"""The province whose ISTAT second names are German (Bozen, Meran, Bruneck)."""


def drop_title(name: str) -> str:
    """``Hansestadt Stade``: ``Stade``; a name that is only a title stays."""
    return _TITLE.sub("", name)


def tidy(name: str, country: str) -> str:
    """A name as the cards print it: no town title, Romanian comma-below letters."""
    name = drop_title(name)
    return name.translate(_COMMA_BELOW) if country in ROMANIAN else name


@dataclass(frozen=True, slots=True)
class Override:
    """A curated row: the names that replace the rules' (empty: the rules decide)."""

    gid: int
    local: str
    names: dict[str, str]
    source: str


@functools.cache
def overrides() -> dict[int, Override]:
    out: dict[int, Override] = {}
    for row in curated.read("names"):
        gid = int(row["geonameid"])
        names = {lang: row[f"name_{lang}"] for lang in LANGUAGES if row[f"name_{lang}"]}
        out[gid] = Override(gid, row["local"], names, row["source"])
    return out


@functools.cache
def outdated() -> dict[tuple[str, str], str]:
    """(language, outdated name) to the current name."""
    return {(r["lang"], r["name"]): r["current"] for r in curated.read("outdated-names")}


@functools.cache
def cldr_cities() -> dict[str, dict[tuple[str, str], str]]:
    """CLDR's names of the cities that name a time zone (``Europe/Warsaw``: Warschau,
    Varsavia), per language, keyed by country and the folded English or zone name."""
    sources.require_version("babel", BABEL)
    from babel import Locale
    from babel.core import get_global

    zones: Mapping[str, tuple[str, ...]] = get_global("territory_zones")
    english = Locale("en").time_zones
    out: dict[str, dict[tuple[str, str], str]] = {}
    for lang in LANGUAGES:
        local = Locale(lang).time_zones
        table: dict[tuple[str, str], str] = {}
        for country, names in sorted(zones.items()):
            for zone in names:
                root = zone.rsplit("/", 1)[-1].replace("_", " ")
                in_english = english.get(zone, {}).get("city", "")
                city = local.get(zone, {}).get("city") or (root if lang == "en" else "")
                city = city.replace("\u00ad", "")
                for key in (root, in_english):
                    if key and city:
                        table.setdefault((country, fold(key)), city)
        out[lang] = table
    return out


@dataclass(frozen=True, slots=True)
class Catalogues:
    """The name sources: Debian's GeoNames catalogues and CLDR's cities, by language."""

    geonames: Mapping[str, Mapping[int, str]]
    cldr: Mapping[str, Mapping[tuple[str, str], str]]
    """Per language: (country, folded English or zone name) to the city's name."""

    def cldr_name(self, lang: str, country: str, *names: str) -> str | None:
        table = self.cldr.get(lang, {})
        for name in (n for full in names for n in (full, full.removesuffix(" City"))):
            found = table.get((country, fold(name)))
            if found:
                return found
        return None


def place_names(
    cats: Catalogues,
    place: sources.GeoPlace,
    *,
    comune: sources.Comune | None = None,
    second: str = "",
) -> tuple[dict[str, str], dict[str, str]]:
    """``name``, ``name_en``, ``name_de``, ``name_it`` of a place and the source of each.

    ``comune`` and ``second`` (its ISTAT name in the other language) for Italian places.
    """
    if comune is not None:
        names, tags = _italian_names(cats, place, comune, second)
    else:
        names, tags = _names(cats, place, place.name, sources.TAG_GEONAMES)
    names = {k: tidy(v, place.country) for k, v in names.items()}
    for lang in LANGUAGES:
        key = f"name_{lang}"
        current = _current(lang, names[key])
        if current != names[key]:
            names[key], tags[key] = current, TAG_OUTDATED
    row = overrides().get(place.gid)
    if row is not None:
        for lang, name in row.names.items():
            names[f"name_{lang}"], tags[f"name_{lang}"] = name, TAG_CURATED
    names["name"], tags["name"] = names["name_en"], tags["name_en"]
    return names, tags


def _current(lang: str, name: str) -> str:
    """The catalogue's name unless it is listed as outdated: then the current one."""
    listed = outdated()
    return listed.get((lang, name)) or listed.get(("*", name)) or name


def _names(
    cats: Catalogues, place: sources.GeoPlace, local: str, local_tag: str
) -> tuple[dict[str, str], dict[str, str]]:
    home = HOME_LANGUAGE.get(place.country, "en")
    names, tags = choose_names(
        place.gid, local, local_tag, cats.geonames, sources.TAG_EXONYMS, home
    )
    english = names["name_en"]
    for lang in LANGUAGES:
        key = f"name_{lang}"
        if names[key] != local:
            continue
        found = cats.cldr_name(lang, place.country, english, local)
        if found and found != local and not same_or_shorter(found, local):
            names[key], tags[key] = found, TAG_CLDR
    return names, tags


def namesake(cats: Catalogues, place: sources.GeoPlace, comune: sources.Comune) -> bool:
    """Whether GeoNames' place bears the comune's name (in GeoNames or its Italian entry);
    a merged comune's seat does not (Bazzano in Valsamoggia)."""
    italian = cats.geonames.get("it", {}).get(place.gid, "")
    return fold(comune.name) in (fold(place.name), fold(italian))


def home_spelling(cats: Catalogues, place: sources.GeoPlace) -> str:
    """The name in the catalogue of the place's own language (English elsewhere)."""
    return cats.geonames.get(HOME_LANGUAGE.get(place.country, "en"), {}).get(place.gid, "")


def _italian_names(
    cats: Catalogues, place: sources.GeoPlace, comune: sources.Comune, second: str
) -> tuple[dict[str, str], dict[str, str]]:
    if namesake(cats, place, comune):
        names, tags = _names(cats, place, comune.name, sources.TAG_ISTAT_NAMES)
    else:
        names = {f"name_{lang}": comune.name for lang in LANGUAGES}
        tags = {f"name_{lang}": sources.TAG_ISTAT_NAMES for lang in LANGUAGES}
    names["name_it"], tags["name_it"] = comune.name, sources.TAG_ISTAT_NAMES
    if second and comune.province == BOLZANO:
        names["name_de"], tags["name_de"] = second, sources.TAG_ISTAT_NAMES
    return names, tags
