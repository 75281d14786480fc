"""Place decks from GeoNames records: ids, names, choice and difficulty.

The shipped decks' pipeline (``tools/places``) and ``geodeck deck build`` share these rules
(docs/data.md): ids are slugs of the English name, names in English, German and Italian
fall back to the local name, places are chosen by the spacing rule (``spacing.spread``) and
rated by the difficulty formula (``spacing.difficulty_levels``).

Everything here works on records already read; reading the sources is the caller's job.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from anyascii import anyascii

from geodeck.decks.areas import Box, disputed, in_box
from geodeck.decks.cards import STACK_SIZE, STACKS, BuildError
from geodeck.decks.spacing import EARTH_KM, Candidate, Spacing, difficulty_levels, spread

MIN_CARDS = STACKS * STACK_SIZE + STACKS
"""The fewest cards a cross-family game can be dealt from (three stacks and their starts)."""

MAX_CARDS = 500
"""The most places a custom deck may ask for."""

SMALL_COUNTRY_KM2 = 1000.0
"""A capital of a country smaller than this is in the deck but keeps no other place away."""

POOL_FACTOR = 5
"""A custom deck chooses from about this many candidates per place (the largest towns)."""

RADIUS_FACTOR = 0.8
"""The density radius r of a custom deck, relative to sqrt(area / places)."""

CAP_SHARE = 0.1
CAP_COUNTRIES = 10
"""A box over more than ``CAP_COUNTRIES`` countries gives each at most ``CAP_SHARE`` of
its places (as the uppsala and world decks do), where that still fills the deck."""

LANGUAGES = ("en", "de", "it")


# -- ids and names ------------------------------------------------------------------------


def spell_ascii(text: str) -> str:
    """Every letter in ASCII: diacritics dropped (``"Kraków"``: ``Krakow``), and the letters
    Unicode does not decompose spelled out by ``anyascii`` (ł: l, ø: o, đ: d, ß: ss, æ: ae,
    þ: th, the Turkish dotless i: i). Other marks and non-ASCII punctuation are dropped (the
    typographic apostrophe of ``Xi'an``)."""
    out: list[str] = []
    for char in unicodedata.normalize("NFKD", text):
        if char.isascii():
            out.append(char)
        elif unicodedata.category(char).startswith("L"):
            out.append(re.sub(r"[^A-Za-z0-9]", "", anyascii(char)))
    return "".join(out)


def slug(text: str) -> str:
    """Lower-case ASCII words joined by hyphens, every letter kept: ``"Frankfurt am Main"``:
    ``frankfurt-am-main``, ``"Łódź"``: ``lodz``, Balikesir with a dotless i: ``balikesir``."""
    return re.sub(r"[^a-z0-9]+", "-", spell_ascii(text).lower()).strip("-")


def fold(name: str) -> str:
    """A name without case, diacritics, spaces or punctuation, for comparing names; letters
    without a decomposition are spelled out as in ``slug`` (``"Wrocław"``: ``wroclaw``)."""
    return re.sub(r"[^a-z]", "", spell_ascii(name).lower())


def _spelled_out(name: str) -> str:
    for umlaut, spelled in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        name = name.replace(umlaut, spelled).replace(umlaut.upper(), spelled.capitalize())
    return fold(name)


def same_or_shorter(exonym: str, local: str) -> bool:
    """Whether an exonym is the local name without its diacritics or its qualifier."""
    if local.startswith(exonym + " "):
        return True
    return exonym != local and (fold(exonym) == fold(local) or fold(exonym) == _spelled_out(local))


def fuller(exonym: str, local: str) -> bool:
    """Whether an exonym is the local name spelled with letters the local name lacks: the same
    letters folded, more of them outside ASCII (``"Chișinău"`` for GeoNames' ``"Chisinau"``)."""

    def marked(name: str) -> int:
        return sum(not c.isascii() and c.isalpha() for c in name)

    return fold(exonym) == fold(local) and marked(exonym) > marked(local)


def choose_names(
    gid: int,
    local: str,
    local_tag: str,
    exonyms: Mapping[str, Mapping[int, str]],
    exonym_tag: str,
    home: str = "en",
) -> tuple[dict[str, str], dict[str, str]]:
    """Names in English, German and Italian, and the source of each.

    The exonym where the catalogue of a language has one, else the local name. A local
    name that lacks letters of the exonym in ``home`` (the place's own language where it is
    one of the three, else English) gives way to it first (GeoNames' "Chisinau" to
    "Chișinău", "Meissen" to "Meißen"). An exonym that only drops the local name's qualifier
    ("Neustadt" for "Neustadt an der Weinstraße") or its diacritics ("Loerrach", "Krakow",
    "Lodz") gives way to the local name. ``name`` is the English name.
    """
    names: dict[str, str] = {}
    tags: dict[str, str] = {}
    spelled = exonyms.get(home, {}).get(gid, "")
    if spelled and fuller(spelled, local):
        local, local_tag = spelled, exonym_tag
    for lang in LANGUAGES:
        table = exonyms.get(lang, {})
        key = f"name_{lang}"
        if gid in table and not same_or_shorter(table[gid], local):
            names[key], tags[key] = table[gid], exonym_tag
        else:
            names[key], tags[key] = local, local_tag
    names["name"], tags["name"] = names["name_en"], tags["name_en"]
    return names, tags


def unique_id(base: str, taken: Collection[str], suffixes: Iterable[str]) -> str:
    """``base``, or ``base-suffix`` with the first suffix that makes it unused."""
    if base not in taken:
        return base
    for suffix in suffixes:
        candidate = f"{base}-{slug(suffix)}"
        if candidate not in taken:
            return candidate
    raise ValueError(f"no free id for {base}")


# -- custom decks -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Town:
    """A GeoNames populated place."""

    gid: int
    name: str
    lat: float
    lon: float
    country: str
    population: int
    alternates: int
    """How many distinct alternate names GeoNames has for it (a measure of fame)."""


@dataclass(frozen=True, slots=True)
class Gazetteer:
    """The sources a custom deck is made from, already read."""

    towns: Sequence[Town]
    capitals: Collection[int]
    """GeoNames ids of the countries' capitals."""
    small_countries: Collection[str] = ()
    """Countries under ``SMALL_COUNTRY_KM2``."""
    exonyms: Mapping[str, Mapping[int, str]] = field(default_factory=dict)
    """Names by language (``en``, ``de``, ``it``) and GeoNames id."""
    geonames_tag: str = "geonames"
    exonym_tag: str = "geonames-exonyms"


@dataclass(frozen=True, slots=True)
class Request:
    """What deck to make: a country (ISO code) or a box, how many places, what to call it."""

    deck: str
    title: str
    attribution: str
    size: int
    area_km2: float
    where: str
    """How messages name the area: ``"NL (The Netherlands)"``."""
    country: str = ""
    box: Box | None = None

    def covers(self, town: Town) -> bool:
        if self.box is not None:
            return in_box(self.box, town.lat, town.lon)
        return town.country == self.country


DIFFICULTY_SOURCE = "formula:docs/data.md"


def candidates(gazetteer: Gazetteer, request: Request) -> list[Town]:
    """The places of the area a deck may take: outside disputed areas, one per name (the
    most populous), the largest ``POOL_FACTOR`` times the deck's size plus every capital."""
    inside = sorted(
        (t for t in gazetteer.towns if request.covers(t) and not disputed(t.lat, t.lon)),
        key=lambda t: (-t.population, t.gid),
    )
    named: dict[str, Town] = {}
    for town in inside:
        named.setdefault(slug(town.name) or str(town.gid), town)
    unique = sorted(named.values(), key=lambda t: (-t.population, t.gid))
    found = f"{len(unique)} place" + ("" if len(unique) == 1 else "s")
    if len(unique) < MIN_CARDS:
        raise BuildError(
            f"{request.where} has {found} in GeoNames, too few for a game: a game needs "
            f"{MIN_CARDS} cards"
        )
    if len(unique) < request.size:
        raise BuildError(
            f"{request.where} has {found} in GeoNames, fewer than the "
            f"{request.size} asked for: use --size {len(unique)} or less"
        )
    floor = unique[min(len(unique), POOL_FACTOR * request.size) - 1].population
    capitals = set(gazetteer.capitals)
    return [t for t in unique if t.population >= floor or t.gid in capitals]


def _farthest_km(towns: Sequence[Town]) -> float:
    """No two of the towns are farther apart than this: along a meridian across their
    latitudes, then along a parallel across their longitudes."""
    lats = [t.lat for t in towns]
    lons = [t.lon for t in towns]
    span = max(lats) - min(lats) + min(360.0, max(lons) - min(lons))
    return EARTH_KM * math.radians(span)


def build_deck(
    gazetteer: Gazetteer,
    request: Request,
    progress: Callable[[float], None] | None = None,
) -> tuple[dict[str, Any], float]:
    """A deck file of ``request.size`` places, and the spacing distance D it used (km)."""
    if not MIN_CARDS <= request.size <= MAX_CARDS:
        raise BuildError(
            f"--size must be from {MIN_CARDS} (what a game needs) to {MAX_CARDS}, "
            f"not {request.size}"
        )
    pool = candidates(gazetteer, request)
    capitals = {t.gid for t in pool if t.gid in set(gazetteer.capitals)}
    capital_tier = 0 if len(capitals) <= request.size // 4 else 1
    small = set(gazetteer.small_countries)
    rule = Spacing(
        radius_km=max(5.0, RADIUS_FACTOR * math.sqrt(request.area_km2 / request.size)),
        exponent=0.5,
        low=0.5,
        high=1.5,
    )
    cands = [
        Candidate(
            key=str(t.gid),
            lat=t.lat,
            lon=t.lon,
            population=t.population,
            tier=capital_tier if t.gid in capitals else 2,
            blocks=not (t.gid in capitals and t.country in small),
            group=t.country,
        )
        for t in pool
    ]
    high = min(5000.0, _farthest_km(pool) + 1.0)
    rules = [rule]
    if len({t.country for t in pool}) > CAP_COUNTRIES:
        rules.insert(0, replace(rule, cap=math.ceil(CAP_SHARE * request.size)))
    for tried in rules:
        try:
            chosen, distance = spread(cands, request.size, tried, high=high, progress=progress)
            break
        except ValueError:
            if tried is rules[-1]:
                raise

    by_gid = {t.gid: t for t in pool}
    cards: dict[str, dict[str, Any]] = {}
    fame: dict[str, int] = {}
    for cand in chosen:
        town = by_gid[int(cand.key)]
        key = unique_id(
            slug(_local_or_english(gazetteer, town)) or f"place-{town.gid}",
            cards,
            (town.country, str(town.gid)),
        )
        cards[key] = place_card(gazetteer, town, capital=town.gid in capitals)
        fame[key] = town.alternates
    keys = sorted(cards)
    levels = difficulty_levels(
        keys,
        [int(cards[k]["population"]) for k in keys],
        [fame[k] for k in keys],
        [bool(cards[k].get("capital")) for k in keys],
    )
    for key, level in levels.items():
        cards[key]["difficulty"] = level
        cards[key]["sources"]["difficulty"] = DIFFICULTY_SOURCE
    deck = {
        "deck": request.deck,
        "title": request.title,
        "attribution": request.attribution,
        "cards": {k: cards[k] for k in sorted(cards)},
    }
    return deck, distance


def _local_or_english(gazetteer: Gazetteer, town: Town) -> str:
    names, _ = choose_names(
        town.gid, town.name, gazetteer.geonames_tag, gazetteer.exonyms, gazetteer.exonym_tag
    )
    return names["name_en"]


def place_card(gazetteer: Gazetteer, town: Town, *, capital: bool) -> dict[str, Any]:
    """A place card: names, position, population, GeoNames id, each with its source."""
    tag = gazetteer.geonames_tag
    names, tags = choose_names(town.gid, town.name, tag, gazetteer.exonyms, gazetteer.exonym_tag)
    card: dict[str, Any] = {
        **names,
        "kind": "place",
        "country": town.country,
        "lat": round(town.lat, 5),
        "lon": round(town.lon, 5),
        "population": town.population,
        "geonameid": town.gid,
    }
    tags.update(dict.fromkeys(("country", "lat", "lon", "population", "geonameid"), tag))
    if capital:
        card["capital"] = True
        tags["capital"] = tag
    card["sources"] = tags
    return card
