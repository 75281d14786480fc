"""Build the shipped place decks: ``python -m tools places`` (docs/data.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from tools.places import (
    context,
    curated,
    decks,
    names,
    populations,
    sources,
    validate,
    validate_names,
)
from tools.places import musts as must_rules
from tools.places.geo import Box
from tools.places.regions import LANDS, REGIONS, italian_cities

BORDER_SIGHTS = {
    "uppsala": {"matterhorn": "IT"},
    "buxtehude": {},
    "italia": {},
    "world": {
        "mount-everest": "CN",
        "victoria-falls": "ZM",
        "niagara-falls": "US",
        "iguazu-falls": "BR",
    },
}
"""Curated cards on a border: the further country whose shape they may lie in."""


def dump(data: Any) -> str:
    """The one JSON layout the build writes: sorted keys, one-space indent, UTF-8."""
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def second_sources(ctx: context.Context, data: dict[str, Any]) -> dict[str, list[Any]]:
    """The second population figure of every place card: GeoNames id to [figure, tag]."""
    out: dict[str, list[Any]] = {}
    for card in data["cards"].values():
        if card["kind"] != "place":
            continue
        place = ctx.places[int(card["geonameid"])]
        tag = card["sources"]["population"]
        official = tag in (sources.TAG_ISTAT_POP, sources.TAG_DESTATIS)
        first = populations.figure(int(card["population"]), tag) if official else None
        first = first or populations.figure(place.population, sources.TAG_GEONAMES)
        other = populations.second_figure(place, first, ctx.second)
        if other is not None:
            out[str(place.gid)] = list(other)
    return dict(sorted(out.items()))


def terrain(ctx: context.Context, italia: dict[str, Any]) -> dict[str, int]:
    """The terrain model (GeoNames' DEM) at each Italian city card's point, by ISTAT code:
    the second source of the seat's altitude (``tools.places.altitudes``)."""
    out = {}
    for card in italia["cards"].values():
        if card["kind"] == "place":
            dem = ctx.places[int(card["geonameid"])].dem
            if dem is not None:
                out[str(card["istat"])] = dem
    return dict(sorted(out.items()))


def reference(ctx: context.Context) -> dict[str, Any]:
    """Boxes and facts for the checks that run without the sources."""

    def box(points: Sequence[tuple[float, float]]) -> list[float]:
        return [round(v, 4) for v in Box.around(points).to_list()]

    countries: dict[str, Any] = {}
    for code, shape in sorted(ctx.shapes.items()):
        facts = ctx.countries.get(code)
        countries[code] = {
            "box": [round(v, 4) for v in shape.box.to_list()],
            "continent": ctx.continents.get(code, ""),
            "highest": facts.highest if facts else None,
        }
    lands: dict[str, list[tuple[float, float]]] = {}
    for p in ctx.places.values():
        ags = p.admin4
        if p.country == "DE" and len(ags) == 8 and ags[:2] in LANDS:
            lands.setdefault(LANDS[ags[:2]][0], []).append((p.lat, p.lon))
    regions: dict[str, list[tuple[float, float]]] = {}
    for city in italian_cities(ctx):
        code = REGIONS[city.comune.region][0]
        regions.setdefault(code, []).append((city.place.lat, city.place.lon))
    return {
        "countries": countries,
        "lands": {k: box(v) for k, v in sorted(lands.items())},
        "regions": {k: box(v) for k, v in sorted(regions.items())},
        "small_capitals": sorted(c.comune.code for c in italian_cities(ctx) if c.comune.capoluogo),
    }


def source_checks(ctx: context.Context, built: dict[str, dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    for deck, data in built.items():
        border = dict(BORDER_SIGHTS[deck])
        for key, card in data["cards"].items():
            if card.get("border"):
                border[key] = str(card["border"])
        problems += validate.check_shapes(deck, data, ctx.shapes, border)
    districts = sources.destatis_districts()
    packaged = {f"{ags}000": d.area for ags, d in districts.items() if d.kind != "Landkreis"}
    areas = {r["ags"]: float(r["area"]) for r in curated.read("de-areas")}
    problems += validate.check_area_agreement(areas, packaged)
    elevations: dict[str, int | None] = {}
    for city in italian_cities(ctx):
        p = city.place
        elevations[city.comune.code] = p.elevation if p.elevation is not None else p.dem
    problems += validate.check_altitude_agreement(curated.read("it-altitudes"), elevations)
    problems += name_checks(ctx, built)
    return problems


def name_checks(ctx: context.Context, built: dict[str, dict[str, Any]]) -> list[str]:
    """The names of every deck against their sources (``tools.places.validate_names``)."""
    cats = names.Catalogues({"en": ctx.en, "de": ctx.de, "it": ctx.it}, names.cldr_cities())
    comuni = {c.place.gid: c.comune for c in italian_cities(ctx)}
    problems = validate_names.check_curated_names({g: p.name for g, p in ctx.places.items()})
    for deck, data in built.items():
        found = validate_names.gather(
            data["cards"], ctx.places, cats, comuni if deck == "italia" else {}
        )
        problems += validate_names.check_name_sources(deck, data["cards"], found)
    return problems


def build_all(
    ctx: context.Context, step: Callable[[str], None]
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, str]], list[str]]:
    """The four decks, their must-have places, and notes on how they were chosen."""
    built: dict[str, dict[str, Any]] = {}
    musts: dict[str, dict[str, str]] = {}

    def listed(deck: str, found: dict[int, str]) -> None:
        musts[deck] = {str(gid): why for gid, why in sorted(found.items())}

    notes: list[str] = []
    step("deck uppsala")
    built["uppsala"], distance, found = decks.build_uppsala(ctx)
    listed("uppsala", found)
    notes.append(f"uppsala: spacing D = {distance:.1f} km, {len(found)} must-haves")
    step("deck buxtehude")
    built["buxtehude"], distance, no_area, found = decks.build_buxtehude(ctx)
    listed("buxtehude", found)
    notes.append(f"buxtehude: spacing D = {distance:.1f} km, {len(found)} must-haves")
    notes += [f"buxtehude: no area for {p.name} (AGS {p.admin4})" for p in no_area]
    step("deck italia")
    built["italia"], distance, no_area_it, found = decks.build_italia(ctx)
    listed("italia", found)
    notes.append(f"italia: spacing D = {distance:.1f} km, {len(found)} must-haves")
    notes += [f"italia: no area for {c.comune.name} ({c.comune.code})" for c in no_area_it]
    step("deck world")
    built["world"], distance, found = decks.build_world(ctx)
    listed("world", found)
    notes.append(f"world: spacing D = {distance:.1f} km, {len(found)} must-haves")
    return built, musts, notes


def run(*, check: bool, out: Path | None = None) -> int:
    """Build, validate and write the decks (or, with ``check``, compare them)."""
    out = out or validate.SHIPPED
    console = Console(stderr=True)
    steps = ["sources", *validate.DECKS, "reference", "validate", "write"]
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("sources", total=len(steps) + 3)

        def step(label: str) -> None:
            progress.update(task, description=label, advance=1)

        ctx = context.load(step)
        built, musts, notes = build_all(ctx, step)
        step("reference data")
        ref_data = reference(ctx)
        ref_data["musts"] = musts
        ref_data["second"] = {deck: second_sources(ctx, data) for deck, data in built.items()}
        towns = ctx.second.towns
        large = {deck: must_rules.large_cities(deck, towns) for deck in built}
        ref_data["large"] = {deck: found for deck, found in large.items() if found}
        ref_data["dem"] = terrain(ctx, built["italia"])
        ref = validate.Reference(
            ref_data["countries"],
            ref_data["lands"],
            ref_data["regions"],
            musts,
            ref_data["second"],
            ref_data["small_capitals"],
            ref_data["large"],
            ref_data["dem"],
        )
        step("validating")
        problems = validate.check_curated()
        for deck, data in built.items():
            problems += validate.check_deck(deck, data, ref)
        problems += source_checks(ctx, built)
        step("writing" if not check else "comparing")
        files = {out / f"{deck}.json": dump(data) for deck, data in built.items()}
        files[validate.REFERENCE] = dump(ref_data)
        stale = []
        if not problems:
            for path, text in files.items():
                old = path.read_text(encoding="utf-8") if path.exists() else None
                if old != text:
                    stale.append(path)
                    if not check:
                        path.parent.mkdir(parents=True, exist_ok=True)
                        path.write_text(text, encoding="utf-8")
        progress.update(task, description="done", completed=len(steps) + 3)
    for note in notes:
        console.print(note)
    for data in built.values():
        counts: dict[str, int] = {}
        for card in data["cards"].values():
            counts[card["kind"]] = counts.get(card["kind"], 0) + 1
        console.print(f"{data['deck']}: {counts}")
    if problems:
        for problem in problems:
            console.print(f"[red]{problem}")
        console.print(f"[red]{len(problems)} problems: nothing written")
        return 1
    if check and stale:
        console.print(f"[red]out of date: {', '.join(str(p) for p in stale)}")
        return 1
    verb = "would change" if check else "wrote"
    console.print(f"{verb} {len(stale)} files" if stale else "the shipped files are up to date")
    return 0
