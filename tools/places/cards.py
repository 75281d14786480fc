"""The cards of a place deck: a place card's fields and sources, curated cards, difficulty."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from geodeck.decks.places import slug, unique_id
from geodeck.decks.spacing import difficulty_levels
from tools.places import curated, names, populations, sources
from tools.places.context import Context

TITLES = {
    "uppsala": "Ausgerechnet Uppsala",
    "buxtehude": "Ausgerechnet Buxtehude",
    "italia": "Uppsala: Città d'Italia",
    "world": "Map It! World Edition",
}

ATTRIBUTION = (
    "Place names, coordinates, populations and elevations: GeoNames (geonames.org), CC BY 4.0. "
    "Italian names, codes, areas and the 2011 census population: ISTAT (CC BY). German areas "
    "and the populations of the kreisfreie Städte: "
    "Statistisches Bundesamt (Destatis), Datenlizenz Deutschland - Namensnennung 2.0. Sights "
    "and the other curated values: see docs/data.md."
)


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


def capital_field(flag: bool) -> dict[str, tuple[Any, str]]:
    """``capital: true`` on the seat of a country's (or Land's, region's) government."""
    return {"capital": (True, sources.TAG_GEONAMES_2019 + "#feature")} if flag else {}


Made = tuple[dict[str, Any], int, Iterable[str]]
"""A place card, its fame (the number of its names in GeoNames) and its id suffixes."""


def add_places(
    cards: dict[str, dict[str, Any]],
    chosen: Iterable[Made],
) -> dict[int, str]:
    """Put place cards in the deck under unique ids; returns GeoNames id to card id."""
    ids: dict[int, str] = {}
    for card, fame, suffixes in chosen:
        key = unique_id(slug(card["name_en"]), cards, suffixes)
        card["_fame"] = fame
        cards[key] = card
        ids[int(card["geonameid"])] = key
    return ids


def add_curated(cards: dict[str, dict[str, Any]], table: str, kind: str) -> None:
    for row in curated.read(table):
        key = row["id"]
        if key in cards:
            raise curated.CuratedError(f"{table}: id {key!r} is already a place's id")
        cards[key] = curated_card(row, table, kind)


def deck_file(deck: str, cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {
        "deck": deck,
        "title": TITLES[deck],
        "attribution": ATTRIBUTION,
        "population_unit": populations.UNITS[deck],
        "cards": cards,
    }


def finish(
    deck: str, made: Iterable[Made], capitals: Iterable[int], tables: Mapping[str, str]
) -> dict[str, Any]:
    """The deck file: the place cards rated (``capitals``: GeoNames ids), then the curated
    cards of ``tables`` (table: kind)."""
    cards: dict[str, dict[str, Any]] = {}
    ids = add_places(cards, made)
    rate(cards, (ids[gid] for gid in capitals if gid in ids))
    for table, kind in tables.items():
        add_curated(cards, table, kind)
    return deck_file(deck, cards)
