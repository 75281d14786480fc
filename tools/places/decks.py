"""The four place decks: which places, and how each deck picks them (docs/data.md).

A deck's builder makes its candidates (``Entry``), the must-haves among them, and then
``pick`` spaces them out; the cards themselves come from ``tools.places.cards``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from geodeck.decks.areas import DISPUTED_AREAS
from geodeck.decks.spacing import Candidate, Spacing, spread
from tools.places import curated, musts, populations, sources
from tools.places.cards import (
    Made,
    area_field,
    capital_field,
    finish,
    place_card,
    population_of,
)
from tools.places.context import Context
from tools.places.geo import Box
from tools.places.regions import (
    LANDS,
    REGIONS,
    ItalianCity,
    ags,
    german_area,
    german_population,
    german_towns,
    is_town,
    it_table,
    italian_altitude,
    italian_cities,
)
from tools.places.validate import COMPOSITION, DECK_BOX, EUROPE, FLOOR

EUROPE_BOX = DECK_BOX["uppsala"]
"""Where the uppsala deck's places lie: mainland Europe and its islands up to the Urals."""

TURKEY_WEST_OF = 30.0
"""Türkiye's places in the uppsala deck: Thrace and the north-west (and Ankara, its capital)."""

DISPUTED = tuple(Box(*area) for area in DISPUTED_AREAS)
"""Areas whose country is disputed (Crimea): no place of a deck lies there."""

MICROSTATES = ("AD", "LI", "MC", "MT", "SM", "VA")
"""Countries under 1,000 km²: their capital is in the deck but blocks no other place."""

SPACING = {
    "uppsala": Spacing(radius_km=150, exponent=0.5, low=0.5, high=1.5, cap=16),
    "buxtehude": Spacing(radius_km=40, exponent=0.5, low=0.5, high=1.5),
    "italia": Spacing(radius_km=30, exponent=0.5, low=0.5, high=1.5),
    "world": Spacing(radius_km=500, exponent=0.5, low=0.5, high=1.5, cap=12),
}

MIN_POPULATION = FLOOR
"""Smallest population of a candidate place (capitals are candidates whatever their size)."""

MIN_ALTERNATES = 5
"""uppsala and world: a candidate needs at least this many names in GeoNames (fame)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A candidate place of a deck: what the must-have rules and the spacing need of it."""

    place: sources.GeoPlace
    population: populations.Figure
    capital: bool
    group: str
    tier: int = 2
    blocks: bool = True
    comune: sources.Comune | None = None
    """italia: the comune the place is the seat of."""

    def must(self) -> musts.Place:
        p = self.place
        return musts.Place(
            p.gid,
            self.comune.name if self.comune else p.name,
            p.country,
            self.population.value,
            self.capital,
            national=p.feature == "PPLC",
            lat=p.lat,
            lon=p.lon,
        )

    def candidate(self) -> Candidate:
        p = self.place
        return Candidate(
            key=str(p.gid),
            lat=p.lat,
            lon=p.lon,
            population=self.population.value,
            tier=self.tier,
            blocks=self.blocks,
            group=self.group,
        )


def must_order(cands: list[Candidate], musts_of: Mapping[int, str]) -> list[Candidate]:
    """The candidates with every must-have in tier 0 (always taken, never kept away)."""
    return [
        Candidate(c.key, c.lat, c.lon, c.population, 0, c.blocks, c.group)
        if int(c.key) in musts_of
        else c
        for c in cands
    ]


def pick(
    deck: str, pool: Iterable[Entry], musts_of: Mapping[int, str]
) -> tuple[list[Entry], float]:
    """The places of the deck, spaced out with every must-have taken, and the distance."""
    entries = list(pool)
    chosen, distance = spread(
        must_order([e.candidate() for e in entries], musts_of),
        COMPOSITION[deck]["place"],
        SPACING[deck],
    )
    by_gid = {e.place.gid: e for e in entries}
    return [by_gid[int(c.key)] for c in chosen], distance


def card_of(ctx: Context, e: Entry, extra: Mapping[str, tuple[Any, str]]) -> dict[str, Any]:
    return place_card(ctx, e.place, comune=e.comune, population=e.population, extra=extra)


def fame(e: Entry) -> int:
    """How well known a place is: the number of its names in GeoNames."""
    return e.place.alternates


# -- uppsala (Europe) and world -----------------------------------------------------------


def _capitals(ctx: Context, codes: Iterable[str]) -> dict[str, sources.GeoPlace]:
    """Each country's capital: its most populous GeoNames PPLC."""
    wanted = set(codes)
    out: dict[str, sources.GeoPlace] = {}
    for p in sorted(ctx.places.values(), key=lambda p: (-p.population, p.gid)):
        if p.feature == "PPLC" and p.country in wanted and p.country not in out:
            out[p.country] = p
    return out


def disputed(p: sources.GeoPlace) -> bool:
    return any(box.contains(p.lat, p.lon) for box in DISPUTED)


def in_uppsala_region(p: sources.GeoPlace) -> bool:
    if not EUROPE_BOX.contains(p.lat, p.lon) or disputed(p):
        return False
    return not (p.country == "TR" and p.lon > TURKEY_WEST_OF)


def build_uppsala(ctx: Context) -> tuple[dict[str, Any], float, dict[int, str]]:
    """The deck, the spacing distance and the must-have places (GeoNames id: why)."""
    caps = _capitals(ctx, EUROPE)
    cap_ids = {p.gid for p in caps.values()}
    figures = {
        p.gid: population_of(p)
        for p in ctx.places.values()
        if p.country in EUROPE and is_town(p) and (p.gid in cap_ids or in_uppsala_region(p))
    }
    pool = [
        Entry(p, figures[p.gid], p.gid in cap_ids, p.country, blocks=p.country not in MICROSTATES)
        for p in (ctx.places[gid] for gid in figures)
        if p.gid in cap_ids
        or (figures[p.gid].value >= MIN_POPULATION["uppsala"] and p.alternates >= MIN_ALTERNATES)
    ]
    musts_of = musts.must_haves("uppsala", (e.must() for e in pool))
    picked, distance = pick("uppsala", pool, musts_of)
    made = [
        (card_of(ctx, e, capital_field(e.capital)), fame(e), (e.place.country,)) for e in picked
    ]
    return finish("uppsala", made, cap_ids, {"eu-sights": "sight"}), distance, musts_of


def build_world(ctx: Context) -> tuple[dict[str, Any], float, dict[int, str]]:
    """The deck, the spacing distance and the must-have places (GeoNames id: why)."""
    cap_ids = {p.gid for p in _capitals(ctx, {p.country for p in ctx.places.values()}).values()}
    figures = {
        p.gid: population_of(p) for p in ctx.places.values() if is_town(p) and not disputed(p)
    }
    big = ctx.country_population

    def wanted(p: sources.GeoPlace, size: int) -> bool:
        if p.gid in cap_ids and size >= musts.WORLD_CAPITAL_SIZE:
            return True
        if size >= MIN_POPULATION["world"] and p.alternates >= MIN_ALTERNATES:
            return True
        return p.gid in cap_ids and big.get(p.country, 0) >= musts.WORLD_COUNTRY_SIZE

    pool = [
        Entry(p, figures[p.gid], p.gid in cap_ids, p.country)
        for p in (ctx.places[gid] for gid in figures)
        if wanted(p, figures[p.gid].value)
    ]
    musts_of = musts.must_haves("world", (e.must() for e in pool), big, SPACING["world"].cap)
    picked, distance = pick("world", pool, musts_of)
    seats = [e.place.gid for e in picked if e.place.feature == "PPLC"]
    made = [
        (card_of(ctx, e, capital_field(e.place.feature == "PPLC")), fame(e), (e.place.country,))
        for e in picked
    ]
    return finish("world", made, seats, {"world-sights": "sight"}), distance, musts_of


# -- buxtehude (Germany) ------------------------------------------------------------------


def build_buxtehude(
    ctx: Context,
) -> tuple[dict[str, Any], float, list[sources.GeoPlace], dict[int, str]]:
    """The deck, the spacing distance, the chosen towns that still lack an area, and the
    must-have places (GeoNames id: why)."""
    districts = sources.destatis_districts()
    towns = german_towns(ctx)
    figures = {p.gid: german_population(p, districts) for p in towns}
    capitals = {p.gid for p in towns if p.feature in ("PPLA", "PPLC")}
    pool = [
        Entry(p, figures[p.gid], p.gid in capitals, ags(p)[:2])
        for p in towns
        if figures[p.gid].value >= MIN_POPULATION["buxtehude"] or p.gid in capitals
    ]
    musts_of = musts.must_haves("buxtehude", (e.must() for e in pool))
    # Every card carries an official area: the other towns are those that have one.
    areas = {e.place.gid: german_area(e.place, districts) for e in pool}
    pool = [e for e in pool if e.place.gid in musts_of or areas[e.place.gid] is not None]
    picked, distance = pick("buxtehude", pool, musts_of)
    made: list[Made] = []
    for e in picked:
        area = areas[e.place.gid]
        land = LANDS[e.group][0]
        extra: dict[str, tuple[Any, str]] = {
            "land": (land, sources.TAG_GEONAMES_2019 + "#ags"),
            **capital_field(e.capital),
        }
        if area is not None:
            extra.update(area_field(*area))
        made.append((card_of(ctx, e, extra), fame(e), (land[3:], ags(e.place))))
    missing = [e.place for e in picked if areas[e.place.gid] is None]
    deck = finish("buxtehude", made, capitals, {"de-landmarks": "landmark"})
    return deck, distance, missing, musts_of


# -- italia (Italy) -----------------------------------------------------------------------


def build_italia(
    ctx: Context,
) -> tuple[dict[str, Any], float, list[ItalianCity], dict[int, str]]:
    """The deck, the spacing distance, the chosen cities that still lack an area, and the
    must-have places (GeoNames id: why)."""
    pool: list[Entry] = []
    cities: dict[int, ItalianCity] = {}
    for c in italian_cities(ctx):
        figure = population_of(c.place, populations.figure(c.population, sources.TAG_ISTAT_POP))
        if figure.value >= MIN_POPULATION["italia"] or c.comune.capoluogo:
            capital = c.place.feature in ("PPLA", "PPLC")
            tier = 1 if c.comune.capoluogo else 2
            pool.append(Entry(c.place, figure, capital, c.comune.region, tier, comune=c.comune))
            cities[c.place.gid] = c
    musts_of = musts.must_haves("italia", (e.must() for e in pool))
    picked, distance = pick("italia", pool, musts_of)
    areas = it_table("it-areas", "area")
    made: list[Made] = []
    for e in picked:
        comune = cities[e.place.gid].comune
        extra: dict[str, tuple[Any, str]] = {
            "region": (REGIONS[comune.region][0], sources.TAG_ISTAT_NAMES),
            "istat": (comune.code, sources.TAG_ISTAT_NAMES),
            **capital_field(e.capital),
        }
        if comune.code in areas:
            extra.update(area_field(areas[comune.code], curated.tag("it-areas")))
        altitude = italian_altitude(comune, e.place)
        if altitude is not None:
            extra["altitude"] = altitude
        made.append((card_of(ctx, e, extra), fame(e), (comune.province, comune.code)))
    missing = [cities[e.place.gid] for e in picked if cities[e.place.gid].comune.code not in areas]
    capitals = [e.place.gid for e in pool if e.capital]
    tables = {"it-attractions": "attraction", "it-mountains": "mountain"}
    return finish("italia", made, capitals, tables), distance, missing, musts_of
