"""The sources of a place build, loaded once: GeoNames, names, shapes and country facts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tools.places import populations, sources
from tools.places.geo import Shape, decode_topojson

SHAPE_NAMES = {"Kosovo": "XK", "N. Cyprus": "CY", "Somaliland": "SO"}
"""Natural Earth units without an ISO number and the country they count for."""


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
