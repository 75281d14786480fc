"""docs/architecture.md, the layer rule: a package imports only from the layers below its
own (and from itself); packages of one layer do not import each other."""

from __future__ import annotations

from pathlib import Path

import geodeck
from tests.unit.imports import imports_of

ROOT = Path(geodeck.__file__).parent
LAYERS: tuple[frozenset[str], ...] = tuple(
    frozenset(layer)
    for layer in (
        {"core", "schema", "names"},
        {"decks"},
        {"cross", "undercover"},
        {"bots", "catalogue", "practice", "ratings", "stats"},
        {"simulate", "maps", "rl"},
        {"server"},
        {"cli"},
        {"__main__"},
    )
)
"""From the bottom up. ``geodeck/__init__.py`` only re-exports the engine's API."""

KNOTS: set[tuple[str, str]] = set()
"""Imports against the rule that are still to be untied (none since decks holds the card
models). Each is checked to be still there, so it leaves this list when it is untied."""


def layer_of(package: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if package in layer)


def package_of(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    return parts[0].removesuffix(".py")


def crossings() -> set[tuple[str, str, str]]:
    """(importer, imported, where) for every import of one package by another, where the
    imported package is not in a lower layer."""
    found = set()
    for path in ROOT.rglob("*.py"):
        if path.parent == ROOT and path.name == "__init__.py":
            continue
        mine = package_of(path)
        for line, module in imports_of(path):
            parts = module.split(".")
            if parts[0] != "geodeck" or len(parts) < 2 or parts[1] == mine:
                continue
            if layer_of(parts[1]) >= layer_of(mine):
                found.add((mine, parts[1], f"{path.relative_to(ROOT)}:{line}"))
    return found


def test_every_package_has_a_layer() -> None:
    packages = {package_of(p) for p in ROOT.rglob("*.py")} - {"__init__"}
    packages |= {p.name for p in ROOT.iterdir() if p.is_dir() and p.name != "__pycache__"}
    placed = set().union(*LAYERS)
    assert packages - placed <= {"web"}, "web holds static files only"


def test_no_package_imports_from_its_own_layer_or_above() -> None:
    wrong = sorted(c for c in crossings() if (c[0], c[1]) not in KNOTS)
    assert wrong == []


def test_the_knots_listed_are_still_there() -> None:
    left = {(c[0], c[1]) for c in crossings()}
    assert left >= KNOTS, f"untied, remove from KNOTS: {sorted(KNOTS - left)}"
