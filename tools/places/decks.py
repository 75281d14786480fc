"""The four place decks: which places, which fields, where each value comes from."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from geodeck.decks.places import DISPUTED_AREAS, fold, slug, unique_id
from geodeck.decks.spacing import Candidate, Spacing, difficulty_levels, spread
from tools.places import curated, musts, names, populations, sources
from tools.places.geo import Box, Shape, decode_topojson
from tools.places.validate import COMPOSITION, DECK_BOX, EUROPE, FLOOR

EUROPE_BOX = DECK_BOX["uppsala"]
"""Where the uppsala deck's places lie: mainland Europe and its islands up to the Urals."""

TURKEY_WEST_OF = 30.0
"""Türkiye's places in the uppsala deck: Thrace and the north-west (and Ankara, its capital)."""

DISPUTED = tuple(Box(*area) for area in DISPUTED_AREAS)
"""Areas whose country is disputed (Crimea): no place of a deck lies there."""

SHAPE_NAMES = {"Kosovo": "XK", "N. Cyprus": "CY", "Somaliland": "SO"}
"""Natural Earth units without an ISO number and the country they count for."""

MICROSTATES = ("AD", "LI", "MC", "MT", "SM", "VA")
"""Countries under 1,000 km²: their capital is in the deck but blocks no other place."""

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

TITLES = {
    "uppsala": "Ausgerechnet Uppsala",
    "buxtehude": "Ausgerechnet Buxtehude",
    "italia": "Uppsala: Città d'Italia",
    "world": "Map It! World Edition",
}

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

ATTRIBUTION = (
    "Place names, coordinates, populations and elevations: GeoNames (geonames.org), CC BY 4.0. "
    "Italian names, codes, areas and the 2011 census population: ISTAT (CC BY). German areas "
    "and the populations of the kreisfreie Städte: "
    "Statistisches Bundesamt (Destatis), Datenlizenz Deutschland - Namensnennung 2.0. Sights "
    "and the other curated values: see docs/data.md."
)


@dataclass(frozen=True, slots=True)
class Context:
    """The loaded sources, read once per build."""

    places: dict[int, sources.GeoPlace]
    en: dict[int, str]
    de: dict[int, str]
    it: dict[int, str]
    shapes: dict[str, Shape]
    countries: dict[str, sources.Country]
    continents: dict[str, str]
    second: populations.SecondSource
    country_population: dict[str, int]


def load(progress: Callable[[str], None] = lambda _: None) -> Context:
    progress("GeoNames places")
    places = sources.geonames()
    progress("names in English, German and Italian")
    if sources.libgeonames_version() != sources.LIBGEONAMES:
        raise sources.SourceError(f"libgeonames-common {sources.LIBGEONAMES} is required")
    en, de, it = sources.exonyms("en"), sources.exonyms("de"), sources.exonyms("it")
    progress("Natural Earth country shapes")
    numeric = sources.iso_numeric()
    shapes: dict[str, Shape] = {}
    for key, shape in decode_topojson(sources.world_atlas(), "countries").items():
        code = numeric.get(key) or SHAPE_NAMES.get(key)
        if code:
            shapes[code] = shapes[code].merged(shape) if code in shapes else shape
    progress("country facts")
    return Context(
        places=places,
        en=en,
        de=de,
        it=it,
        shapes=shapes,
        countries=sources.countries(),
        continents=sources.continents(),
        second=populations.SecondSource(sources.world_cities()),
        country_population=sources.country_populations(),
    )


# -- card building ------------------------------------------------------------------------


def _names(
    ctx: Context, place: sources.GeoPlace, comune: sources.Comune | None
) -> tuple[dict[str, str], dict[str, str]]:
    """Names in English, German and Italian (``tools.places.names``)."""
    cats = names.Catalogues({"en": ctx.en, "de": ctx.de, "it": ctx.it}, names.cldr_cities())
    if comune is None:
        return names.place_names(cats, place)
    return names.place_names(cats, place, comune=comune, second=comune.other_name)


def place_card(
    ctx: Context,
    place: sources.GeoPlace,
    *,
    comune: sources.Comune | None = None,
    population: populations.Figure | None = None,
    extra: Mapping[str, tuple[Any, str]] = {},
) -> dict[str, Any]:
    """A place card: names, GeoNames position, population with its year, further fields."""
    card_names, tags = _names(ctx, place, comune)
    pop = population or population_of(place)
    card: dict[str, Any] = {
        **card_names,
        "kind": "place",
        "country": place.country,
        "lat": round(place.lat, 5),
        "lon": round(place.lon, 5),
        "population": pop.value,
        "population_year": pop.year,
        "geonameid": place.gid,
    }
    tags.update(
        {
            "country": sources.TAG_GEONAMES,
            "lat": sources.TAG_GEONAMES,
            "lon": sources.TAG_GEONAMES,
            "population": pop.tag,
            "population_year": pop.year_tag,
            "geonameid": sources.TAG_GEONAMES,
        }
    )
    for key, (value, tag) in extra.items():
        card[key] = value
        tags[key] = tag
    card["sources"] = tags
    return card


def population_of(
    place: sources.GeoPlace, official: populations.Figure | None = None
) -> populations.Figure:
    """A place's figure: curated, else the official one given, else GeoNames'."""
    first = official or populations.figure(place.population, sources.TAG_GEONAMES)
    return populations.chosen(place.gid, first)


def area_field(area: float, tag: str) -> dict[str, tuple[Any, str]]:
    """``area`` and ``area_year``, each with its source tag."""
    year, year_tag = populations.year_of(tag)
    return {"area": (round(area, 2), tag), "area_year": (year, year_tag)}


def must_order(cands: list[Candidate], musts_of: Mapping[int, str]) -> list[Candidate]:
    """The candidates with every must-have in tier 0 (always taken, never kept away)."""
    return [
        Candidate(c.key, c.lat, c.lon, c.population, 0, c.blocks, c.group)
        if int(c.key) in musts_of
        else c
        for c in cands
    ]


def curated_card(row: Mapping[str, str], table: str, kind: str) -> dict[str, Any]:
    tag = curated.tag(table)
    card: dict[str, Any] = {
        "name": row["name_en"],
        "name_en": row["name_en"],
        "name_de": row["name_de"],
        "name_it": row["name_it"],
        "kind": kind,
        "lat": round(float(row["lat"]), 5),
        "lon": round(float(row["lon"]), 5),
        "difficulty": int(row["difficulty"]),
    }
    for key in ("country", "land", "region"):
        if key in row:
            card[key] = row[key]
    if "land" in row:
        card["country"] = "DE"
    if "region" in row:
        card["country"] = "IT"
    if "altitude" in row:
        card["altitude"] = int(row["altitude"])
    if row.get("border"):
        card["border"] = row["border"]
    card["sources"] = {k: tag for k in card if k not in ("kind",)}
    card["sources"]["kind"] = tag
    return card


def rate(cards: dict[str, dict[str, Any]], capitals: Iterable[str]) -> None:
    """Give every place its difficulty (docs/data.md): terciles of the score."""
    caps = set(capitals)
    keys = sorted(k for k, c in cards.items() if c["kind"] == "place")
    levels = difficulty_levels(
        keys,
        [int(cards[k]["population"]) for k in keys],
        [int(cards[k].pop("_fame")) for k in keys],
        [k in caps for k in keys],
    )
    for key, level in levels.items():
        cards[key]["difficulty"] = level
        cards[key]["sources"]["difficulty"] = "formula:docs/data.md"


def _capital(flag: bool) -> dict[str, tuple[Any, str]]:
    """``capital: true`` on the seat of a country's (or Land's, region's) government."""
    return {"capital": (True, sources.TAG_GEONAMES_2019 + "#feature")} if flag else {}


def _add_places(
    cards: dict[str, dict[str, Any]],
    chosen: Iterable[tuple[dict[str, Any], int, Iterable[str]]],
) -> dict[int, str]:
    """Put place cards in the deck under unique ids; returns GeoNames id to card id."""
    ids: dict[int, str] = {}
    for card, fame, suffixes in chosen:
        key = unique_id(slug(card["name_en"]), cards, suffixes)
        card["_fame"] = fame
        cards[key] = card
        ids[int(card["geonameid"])] = key
    return ids


def _add_curated(cards: dict[str, dict[str, Any]], table: str, kind: str) -> None:
    for row in curated.read(table):
        key = row["id"]
        if key in cards:
            raise curated.CuratedError(f"{table}: id {key!r} is already a place's id")
        cards[key] = curated_card(row, table, kind)


def deck_file(deck: str, cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"deck": deck, "title": TITLES[deck], "attribution": ATTRIBUTION, "cards": cards}


# -- uppsala (Europe) ---------------------------------------------------------------------


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


def _town(p: sources.GeoPlace) -> bool:
    return p.feature not in PARTS


def build_uppsala(ctx: Context) -> tuple[dict[str, Any], float, dict[int, str]]:
    """The deck, the spacing distance and the must-have places (GeoNames id: why)."""
    caps = _capitals(ctx, EUROPE)
    cap_ids = {p.gid for p in caps.values()}
    figures = {
        p.gid: population_of(p)
        for p in ctx.places.values()
        if p.country in EUROPE and _town(p) and (p.gid in cap_ids or in_uppsala_region(p))
    }
    pool = [
        ctx.places[gid]
        for gid, f in figures.items()
        if gid in cap_ids
        or (f.value >= MIN_POPULATION["uppsala"] and ctx.places[gid].alternates >= MIN_ALTERNATES)
    ]
    musts_of = musts.must_haves(
        "uppsala",
        (
            musts.Place(
                p.gid,
                p.name,
                p.country,
                figures[p.gid].value,
                p.gid in cap_ids,
                lat=p.lat,
                lon=p.lon,
            )
            for p in pool
        ),
    )
    cands = [
        Candidate(
            key=str(p.gid),
            lat=p.lat,
            lon=p.lon,
            population=figures[p.gid].value,
            tier=2,
            blocks=p.country not in MICROSTATES,
            group=p.country,
        )
        for p in pool
    ]
    chosen, distance = spread(
        must_order(cands, musts_of),
        COMPOSITION["uppsala"]["place"],
        SPACING["uppsala"],
    )
    cards: dict[str, dict[str, Any]] = {}
    picked = [ctx.places[int(c.key)] for c in chosen]
    ids = _add_places(
        cards,
        (
            (
                place_card(ctx, p, population=figures[p.gid], extra=_capital(p.gid in cap_ids)),
                p.alternates,
                (p.country,),
            )
            for p in picked
        ),
    )
    rate(cards, (ids[p.gid] for p in caps.values()))
    _add_curated(cards, "eu-sights", "sight")
    return deck_file("uppsala", cards), distance, musts_of


# -- world --------------------------------------------------------------------------------


def build_world(ctx: Context) -> tuple[dict[str, Any], float, dict[int, str]]:
    """The deck, the spacing distance and the must-have places (GeoNames id: why)."""
    cap_ids = {p.gid for p in _capitals(ctx, {p.country for p in ctx.places.values()}).values()}
    figures = {p.gid: population_of(p) for p in ctx.places.values() if _town(p) and not disputed(p)}
    pool = [
        ctx.places[gid]
        for gid, f in figures.items()
        if (gid in cap_ids and f.value >= musts.WORLD_CAPITAL_SIZE)
        or (f.value >= MIN_POPULATION["world"] and ctx.places[gid].alternates >= MIN_ALTERNATES)
        or (
            gid in cap_ids
            and ctx.country_population.get(ctx.places[gid].country, 0) >= musts.WORLD_COUNTRY_SIZE
        )
    ]
    musts_of = musts.must_haves(
        "world",
        (
            musts.Place(
                p.gid,
                p.name,
                p.country,
                figures[p.gid].value,
                p.gid in cap_ids,
                lat=p.lat,
                lon=p.lon,
            )
            for p in pool
        ),
        ctx.country_population,
        SPACING["world"].cap,
    )
    cands = [
        Candidate(
            key=str(p.gid),
            lat=p.lat,
            lon=p.lon,
            population=figures[p.gid].value,
            tier=2,
            group=p.country,
        )
        for p in pool
    ]
    chosen, distance = spread(
        must_order(cands, musts_of),
        COMPOSITION["world"]["place"],
        SPACING["world"],
    )
    cards: dict[str, dict[str, Any]] = {}
    picked = [ctx.places[int(c.key)] for c in chosen]
    ids = _add_places(
        cards,
        (
            (
                place_card(ctx, p, population=figures[p.gid], extra=_capital(p.feature == "PPLC")),
                p.alternates,
                (p.country,),
            )
            for p in picked
        ),
    )
    rate(cards, (ids[p.gid] for p in picked if p.feature == "PPLC"))
    _add_curated(cards, "world-sights", "sight")
    return deck_file("world", cards), distance, musts_of


# -- buxtehude (Germany) ------------------------------------------------------------------


def _ags(p: sources.GeoPlace) -> str:
    return p.admin4 if len(p.admin4) == 8 and p.admin4.isdigit() else ""


@functools.cache
def _de_areas() -> dict[str, tuple[float, str]]:
    return {r["ags"]: (float(r["area"]), r["name"]) for r in curated.read("de-areas")}


def _kreisfrei(p: sources.GeoPlace, districts: Mapping[str, sources.District]) -> bool:
    ags = _ags(p)
    district = districts.get(ags[:5])
    return bool(district and district.kind != "Landkreis" and ags[5:] == "000")


def german_area(
    p: sources.GeoPlace, districts: Mapping[str, sources.District]
) -> tuple[float, str] | None:
    """A town's area: Destatis for the kreisfreie Städte, the curated table otherwise."""
    ags = _ags(p)
    if _kreisfrei(p, districts):
        return districts[ags[:5]].area, sources.TAG_DESTATIS
    if ags in _de_areas():
        return _de_areas()[ags][0], curated.tag("de-areas")
    return None


def german_population(
    p: sources.GeoPlace, districts: Mapping[str, sources.District]
) -> populations.Figure:
    """Destatis for the kreisfreie Städte (31.12.2018), else GeoNames; curated first."""
    if _kreisfrei(p, districts):
        official = populations.figure(districts[_ags(p)[:5]].population, sources.TAG_DESTATIS)
        return population_of(p, official)
    return population_of(p)


def german_towns(ctx: Context) -> list[sources.GeoPlace]:
    """One GeoNames place per municipality (AGS): the most populous that is a town."""
    best: dict[str, sources.GeoPlace] = {}
    for p in sorted(ctx.places.values(), key=lambda p: (-p.population, p.gid)):
        if p.country == "DE" and _town(p) and _ags(p) and _ags(p)[:2] in LANDS:
            best.setdefault(_ags(p), p)
    return sorted(best.values(), key=lambda p: p.gid)


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
        p for p in towns if figures[p.gid].value >= MIN_POPULATION["buxtehude"] or p.gid in capitals
    ]
    musts_of = musts.must_haves(
        "buxtehude",
        (
            musts.Place(
                p.gid,
                p.name,
                p.country,
                figures[p.gid].value,
                p.gid in capitals,
                national=p.feature == "PPLC",
            )
            for p in pool
        ),
    )
    # Every card carries an official area: the other towns are those that have one.
    pool = [p for p in pool if p.gid in musts_of or german_area(p, districts) is not None]
    cands = [
        Candidate(
            key=str(p.gid),
            lat=p.lat,
            lon=p.lon,
            population=figures[p.gid].value,
            tier=2,
            group=_ags(p)[:2],
        )
        for p in pool
    ]
    chosen, distance = spread(
        must_order(cands, musts_of),
        COMPOSITION["buxtehude"]["place"],
        SPACING["buxtehude"],
    )
    picked = [ctx.places[int(c.key)] for c in chosen]
    missing = [p for p in picked if german_area(p, districts) is None]
    cards: dict[str, dict[str, Any]] = {}
    made = []
    for p in picked:
        area = german_area(p, districts)
        land = LANDS[_ags(p)[:2]][0]
        extra: dict[str, tuple[Any, str]] = {
            "land": (land, sources.TAG_GEONAMES_2019 + "#ags"),
            **_capital(p.gid in capitals),
        }
        if area is not None:
            extra.update(area_field(*area))
        card = place_card(ctx, p, population=figures[p.gid], extra=extra)
        made.append((card, p.alternates, (land[3:], _ags(p))))
    ids = _add_places(cards, made)
    rate(cards, (ids[g] for g in capitals if g in ids))
    _add_curated(cards, "de-landmarks", "landmark")
    return deck_file("buxtehude", cards), distance, missing, musts_of


# -- italia (Italy) -----------------------------------------------------------------------


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
def _it_table(table: str, column: str) -> dict[str, float]:
    return {r["istat"]: float(r[column]) for r in curated.read(table)}


def italian_altitude(city: ItalianCity) -> tuple[int, str] | None:
    code = city.comune.code
    if code in _it_table("it-altitudes", "altitude"):
        return int(_it_table("it-altitudes", "altitude")[code]), curated.tag("it-altitudes")
    p = city.place
    if p.elevation is not None and p.elevation >= 0:
        return p.elevation, sources.TAG_GEONAMES_2019
    if p.dem is not None and p.dem >= 0:
        return p.dem, sources.TAG_GEONAMES_2019 + "#dem"
    return None


def build_italia(
    ctx: Context,
) -> tuple[dict[str, Any], float, list[ItalianCity], dict[int, str]]:
    """The deck, the spacing distance, the chosen cities that still lack an area, and the
    must-have places (GeoNames id: why)."""
    joined = italian_cities(ctx)
    figures = {
        c.place.gid: population_of(c.place, populations.figure(c.population, sources.TAG_ISTAT_POP))
        for c in joined
    }
    cities = [
        c
        for c in joined
        if figures[c.place.gid].value >= MIN_POPULATION["italia"] or c.comune.capoluogo
    ]
    capitals = {c.place.gid for c in cities if c.place.feature in ("PPLA", "PPLC")}
    by_gid = {c.place.gid: c for c in cities}
    musts_of = musts.must_haves(
        "italia",
        (
            musts.Place(
                c.place.gid,
                c.comune.name,
                "IT",
                figures[c.place.gid].value,
                c.place.gid in capitals,
                national=c.place.feature == "PPLC",
            )
            for c in cities
        ),
    )
    cands = [
        Candidate(
            key=str(c.place.gid),
            lat=c.place.lat,
            lon=c.place.lon,
            population=figures[c.place.gid].value,
            tier=1 if c.comune.capoluogo else 2,
            group=c.comune.region,
        )
        for c in cities
    ]
    chosen, distance = spread(
        must_order(cands, musts_of),
        COMPOSITION["italia"]["place"],
        SPACING["italia"],
    )
    picked = [by_gid[int(c.key)] for c in chosen]
    areas = _it_table("it-areas", "area")
    missing = [c for c in picked if c.comune.code not in areas]
    cards: dict[str, dict[str, Any]] = {}
    made = []
    for c in picked:
        region = REGIONS[c.comune.region][0]
        extra: dict[str, tuple[Any, str]] = {
            "region": (region, sources.TAG_ISTAT_NAMES),
            "istat": (c.comune.code, sources.TAG_ISTAT_NAMES),
            **_capital(c.place.gid in capitals),
        }
        if c.comune.code in areas:
            extra.update(area_field(areas[c.comune.code], curated.tag("it-areas")))
        altitude = italian_altitude(c)
        if altitude is not None:
            extra["altitude"] = altitude
        card = place_card(
            ctx, c.place, comune=c.comune, population=figures[c.place.gid], extra=extra
        )
        made.append((card, c.place.alternates, (c.comune.province, c.comune.code)))
    ids = _add_places(cards, made)
    rate(cards, (ids[g] for g in capitals if g in ids))
    _add_curated(cards, "it-attractions", "attraction")
    _add_curated(cards, "it-mountains", "mountain")
    return deck_file("italia", cards), distance, missing, musts_of
