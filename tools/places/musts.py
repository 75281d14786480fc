"""The places each deck must hold, whatever the spacing rule says (docs/data.md).

A must-have place is taken first and keeps its card even where a neighbour crowds it; the
build lists every deck's must-haves, with the reason, in ``reference.json`` so that the
tests can check the shipped files without the sources.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tools.places.geo import distance_km

NAMESAKES = {"uppsala": ("SE", "Uppsala"), "buxtehude": ("DE", "Buxtehude")}
"""The edition's namesake: country and GeoNames name."""

CITY_SIZE = {"uppsala": 800_000, "buxtehude": 100_000, "italia": 100_000, "world": 2_500_000}
"""Every city of the deck's region with at least this many people is a must-have."""

WORLD_COUNTRY_SIZE = 20_000_000
"""world: the capital and the largest city of every country of at least this many people."""

WORLD_CAPITAL_SIZE = 1_000_000
"""world: every national capital of at least this many people."""

APART_KM = {"uppsala": 30.0, "world": 100.0}
"""A city that is a must-have by its size, or as its country's largest, is none within this
distance of a must-have of the same country already listed (capitals first, then by size):
the parts of one agglomeration (Esenyurt beside Istanbul; Foshan and Dongguan beside
Guangzhou, Delhi beside New Delhi, Quezon City beside Manila) make one must-have, not
several. A city across a border is no part of its neighbour's agglomeration: Shenzhen is a
must-have of its own, 30 km from Hong Kong."""

NAMED = {
    "uppsala": {
        2735943: "Porto",
        2650225: "Edinburgh",
        2653822: "Cardiff",
        2655984: "Belfast",
        734077: "Thessaloníki",
        2803138: "Antwerp",
        2660646: "Geneva",
        3093133: "Łódź",
        2648579: "Glasgow",
        2996944: "Lyon",
        2643123: "Manchester",
    },
    "buxtehude": {},
    "italia": {},
    "world": {993800: "Johannesburg", 3911925: "La Paz"},
}
"""Must-haves that no rule above reaches, by GeoNames id. Porto: Vila Nova de Gaia, across
the river, has more people in GeoNames and would keep it away. Edinburgh, Cardiff and
Belfast: the capitals of Scotland, Wales and Northern Ireland, which Glasgow, Bristol and
the spacing would keep away. Thessaloníki, Antwerp and Geneva: their country's second city
(Antwerp its largest municipality), below the size rule. Łódź: Poland's third city, kept
away by Warsaw's neighbourhood. Glasgow and Lyon: Scotland's largest city and the heart of
France's second metropolis, which Edinburgh and the spacing would keep away. Manchester:
the heart of England's second conurbation, whose city proper (551,938 at the 2021 census)
is a little smaller than Sheffield's (556,500), 55 km away, which would keep it away.
Johannesburg: South Africa's largest city, 55 km from Pretoria, which the agglomeration
rule would otherwise merge it with. La Paz: Bolivia's seat of government (Sucre is the
constitutional capital), which Santa Cruz de la Sierra would keep away."""

EXPECTED = {
    "uppsala": {2666199: "Uppsala", 2657896: "Zürich", 2735943: "Porto", 2988507: "Paris"},
    "buxtehude": {
        2940451: "Buxtehude",
        2861650: "Nürnberg",
        2911522: "Halle (Saale)",
        2911240: "Hamm",
        2867838: "Mülheim an der Ruhr",
        2923544: "Fürth",
        2921232: "Gera",
        2842150: "Salzgitter",
        2949186: "Bielefeld",
        2821164: "Trier",
    },
    "italia": {3169070: "Roma", 3173435: "Milano", 3172394: "Napoli"},
    "world": {
        2988507: "Paris",
        4140963: "Washington",
        2332459: "Lagos",
        6167865: "Toronto",
        1795565: "Shenzhen",
    },
}
"""Places a player of the region expects, by GeoNames id: the tests check that each is in
the shipped deck (most are must-haves; Gera comes in through the spacing rule)."""


LARGE_CITY = {"world": 10_000_000}
"""The must-haves against a second source: every town that SimpleMaps' World Cities
database counts at least this many people in is a place card of the deck, or lies within
``APART_KM`` of a place card of its own country (one agglomeration, one card), or is listed
in ``LARGE_CITY_EXCEPTIONS`` with the reason. The build writes these towns to
``reference.json`` (``large``), so the tests check the shipped decks without the sources."""

LARGE_CITY_EXCEPTIONS = {
    ("CN", "Baoding"): "SimpleMaps counts the prefecture-level city (11.9 M); GeoNames' city "
    "has 2.74 M, below the 12 Chinese cards the cap per country allows (the smallest: "
    "Qingdao, 7.2 M)",
    ("CN", "Linyi"): "SimpleMaps counts the prefecture-level city (11.0 M); GeoNames' city has "
    "2.74 M, below the 12 Chinese cards the cap per country allows",
    ("CN", "Nanyang"): "SimpleMaps counts the prefecture-level city (10.0 M); GeoNames' city "
    "has 1.81 M, below the 12 Chinese cards the cap per country allows",
}
"""Towns of ``LARGE_CITY`` size that are rightly no card, each with the reason."""


def large_cities(deck: str, towns: Iterable[Any]) -> list[list[Any]]:
    """The second source's towns of the deck's ``LARGE_CITY`` size, as
    [name, country, lat, lon, population] (towns: ``sources.MapCity``)."""
    size = LARGE_CITY.get(deck)
    if size is None:
        return []
    found = [t for t in towns if t.population >= size]
    return [
        [t.name, t.country, t.lat, t.lon, t.population]
        for t in sorted(found, key=lambda t: (-t.population, t.name))
    ]


def check_large_cities(
    deck: str, cards: Mapping[str, Mapping[str, Any]], large: Sequence[Sequence[Any]]
) -> list[str]:
    """Every large town of the second source is a card of its country within reach, or an
    exception with a reason (``LARGE_CITY``)."""
    km = APART_KM.get(deck, 0.0)
    places = [c for c in cards.values() if c.get("kind") == "place"]
    out = []
    for name, country, lat, lon, population in large:
        if (country, name) in LARGE_CITY_EXCEPTIONS:
            continue
        near = [
            c
            for c in places
            if c.get("country") == country
            and distance_km(lat, lon, float(c["lat"]), float(c["lon"])) <= km
        ]
        if not near:
            out.append(
                f"{deck}: {name} ({country}, {population:,} in SimpleMaps) has no card of "
                f"its country within {km:.0f} km"
            )
    return out


@dataclass(frozen=True, slots=True)
class Place:
    """What the rules need to know of a candidate."""

    key: int
    name: str
    country: str
    population: int
    capital: bool
    """The seat of the government of the deck's country (or of a Land or region)."""
    national: bool = False
    """The national capital (buxtehude, italia: Berlin, Rome)."""
    lat: float = 0.0
    lon: float = 0.0


def must_haves(
    deck: str,
    places: Iterable[Place],
    country_population: Mapping[str, int] = {},
    cap: int = 0,
) -> dict[int, str]:
    """The must-have places among ``places`` and why each is one.

    With ``cap``, the cities that are must-haves by their size alone stop where their
    country already has ``cap`` must-haves (the largest first).
    """
    pool = list(places)
    out: dict[int, str] = {}
    where = {p.key: p for p in pool}

    def add(key: int, why: str) -> None:
        out.setdefault(key, why)

    def apart(p: Place) -> bool:
        """No must-have yet within ``APART_KM`` of ``p``."""
        km = APART_KM.get(deck)
        if km is None:
            return True
        return all(
            distance_km(p.lat, p.lon, where[k].lat, where[k].lon) > km
            for k in out
            if where[k].country == p.country
        )

    namesake = NAMESAKES.get(deck)
    if namesake is not None:
        same = [p for p in pool if (p.country, p.name) == namesake]
        for p in sorted(same, key=lambda p: (-p.population, p.key))[:1]:
            add(p.key, "namesake")
    if deck == "uppsala":
        first: dict[str, Place] = {}
        for p in sorted(pool, key=lambda p: (-p.population, p.key)):
            first.setdefault(p.country, p)
            if p.capital:
                add(p.key, "national capital")
        for p in first.values():
            if p.key not in out and apart(p):
                add(p.key, "largest city of its country")
    for p in pool:
        if p.capital and deck in ("buxtehude", "italia"):
            add(p.key, "national capital" if p.national else "capital of its Land or region")
    if deck == "world":
        big_country = {c for c, n in country_population.items() if n >= WORLD_COUNTRY_SIZE}
        largest: dict[str, Place] = {}
        for p in sorted(pool, key=lambda p: (-p.population, p.key)):
            largest.setdefault(p.country, p)
            if p.capital and (p.population >= WORLD_CAPITAL_SIZE or p.country in big_country):
                add(p.key, "national capital")
        for code in sorted(big_country):
            if code in largest and largest[code].key not in out and apart(largest[code]):
                add(largest[code].key, "largest city of a country of 20 million")
    for key in NAMED[deck]:
        if any(p.key == key for p in pool):
            add(key, "named in tools/places/musts.py")
    size = CITY_SIZE[deck]
    by_country: dict[str, int] = {}
    for p in pool:
        if p.key in out:
            by_country[p.country] = by_country.get(p.country, 0) + 1
    for p in sorted(pool, key=lambda p: (-p.population, p.key)):
        if p.population < size or p.key in out:
            continue
        if (cap and by_country.get(p.country, 0) >= cap) or not apart(p):
            continue
        add(p.key, f"city of at least {size:,}")
        by_country[p.country] = by_country.get(p.country, 0) + 1
    return out
