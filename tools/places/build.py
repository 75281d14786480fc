"""Build the shipped place decks: ``python -m tools.places`` (docs/data.md)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from tools.places import curated, decks, names, sources, validate, validate_names
from tools.places.geo import Box

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


def reference(ctx: decks.Context) -> dict[str, Any]:
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
        if p.country == "DE" and len(ags) == 8 and ags[:2] in decks.LANDS:
            lands.setdefault(decks.LANDS[ags[:2]][0], []).append((p.lat, p.lon))
    regions: dict[str, list[tuple[float, float]]] = {}
    for city in decks.italian_cities(ctx):
        code = decks.REGIONS[city.comune.region][0]
        regions.setdefault(code, []).append((city.place.lat, city.place.lon))
    return {
        "countries": countries,
        "lands": {k: box(v) for k, v in sorted(lands.items())},
        "regions": {k: box(v) for k, v in sorted(regions.items())},
    }


def source_checks(ctx: decks.Context, built: dict[str, dict[str, Any]]) -> list[str]:
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
    for city in decks.italian_cities(ctx):
        p = city.place
        elevations[city.comune.code] = p.elevation if p.elevation is not None else p.dem
    problems += validate.check_altitude_agreement(curated.read("it-altitudes"), elevations)
    problems += name_checks(ctx, built)
    return problems


def name_checks(ctx: decks.Context, built: dict[str, dict[str, Any]]) -> list[str]:
    """The names of every deck against their sources (``tools.places.validate_names``)."""
    cats = names.Catalogues({"en": ctx.en, "de": ctx.de, "it": ctx.it}, names.cldr_cities())
    comuni = {c.place.gid: c.comune for c in decks.italian_cities(ctx)}
    problems = validate_names.check_curated_names({g: p.name for g, p in ctx.places.items()})
    for deck, data in built.items():
        found = validate_names.gather(
            data["cards"], ctx.places, cats, comuni if deck == "italia" else {}
        )
        problems += validate_names.check_name_sources(deck, data["cards"], found)
    return problems


def build_all(
    ctx: decks.Context, step: Callable[[str], None]
) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The four decks, and notes on how they were chosen."""
    built: dict[str, dict[str, Any]] = {}
    notes: list[str] = []
    step("deck uppsala")
    built["uppsala"], distance = decks.build_uppsala(ctx)
    notes.append(f"uppsala: spacing D = {distance:.1f} km")
    step("deck buxtehude")
    built["buxtehude"], distance, no_area = decks.build_buxtehude(ctx)
    notes.append(f"buxtehude: spacing D = {distance:.1f} km")
    notes += [f"buxtehude: no area for {p.name} (AGS {p.admin4})" for p in no_area]
    step("deck italia")
    built["italia"], distance, no_area_it = decks.build_italia(ctx)
    notes.append(f"italia: spacing D = {distance:.1f} km")
    notes += [f"italia: no area for {c.comune.name} ({c.comune.code})" for c in no_area_it]
    step("deck world")
    built["world"], distance = decks.build_world(ctx)
    notes.append(f"world: spacing D = {distance:.1f} km")
    return built, notes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.places", description=__doc__)
    parser.add_argument(
        "--check",
        action="store_true",
        help="build and validate, then compare with the shipped files instead of writing",
    )
    parser.add_argument("--out", type=Path, default=validate.SHIPPED, help="where decks go")
    args = parser.parse_args(argv)
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

        ctx = decks.load(step)
        built, notes = build_all(ctx, step)
        step("reference data")
        ref_data = reference(ctx)
        ref = validate.Reference(ref_data["countries"], ref_data["lands"], ref_data["regions"])
        step("validating")
        problems = validate.check_curated()
        for deck, data in built.items():
            problems += validate.check_deck(deck, data, ref)
        problems += source_checks(ctx, built)
        step("writing" if not args.check else "comparing")
        files = {args.out / f"{deck}.json": dump(data) for deck, data in built.items()}
        files[validate.REFERENCE] = dump(ref_data)
        stale = []
        if not problems:
            for path, text in files.items():
                old = path.read_text(encoding="utf-8") if path.exists() else None
                if old != text:
                    stale.append(path)
                    if not args.check:
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
    if args.check and stale:
        console.print(f"[red]out of date: {', '.join(str(p) for p in stale)}")
        return 1
    verb = "would change" if args.check else "wrote"
    console.print(f"{verb} {len(stale)} files" if stale else "the shipped files are up to date")
    return 0
