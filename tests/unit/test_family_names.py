"""ARCHITECTURE.md, families as plug-ins: outside a family's own package and its front
modules, code names no family. A layer looks the family up in the catalogue
(``geodeck.core.family``) and reads its descriptor; it never imports a family's engine,
names a family's ``Game`` class, or compares a name with a family's or a game's."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import geodeck
from geodeck.core.family import families
from tests.unit.imports import imports_of

ROOT = Path(geodeck.__file__).parent
FAMILIES = {f.id for f in families()}
GAMES = {info.id for f in families() for info in f.games}
CLASSES = {f.game.__name__ for f in families()}

REGISTRATION = {"__init__.py", "catalogue.py"}
"""The public API's re-exports, and the catalogue that registers each family."""

LEFT: dict[str, str] = {
    "bots/learned.py": "the learned bot, a cross-family bot the cross bots make",
    "cli/verify.py": "verify COMMITMENT COUNTRY SALT, Undercover's commitment by hand",
    "cli/deck/listing.py": "geodeck deck show, which lists either family's deck",
    "cli/deck/pdf_cards.py": "geodeck deck print, which prints either family's cards",
    "cli/practice/command.py": "practice, which places a cross edition's cards",
    "cli/practice/decks.py": "practice, which places a cross edition's cards",
    "practice/cards.py": "practice, which places a cross edition's cards",
    "practice/rounds.py": "practice, which places a cross edition's cards",
    "server/practice_api.py": "practice, which places a cross edition's cards",
}
"""Modules that still name a family, with why; each is checked to still do so, so that it
leaves this list when it no longer does."""


def front_module(path: Path) -> bool:
    """A family's own package, or one of its front modules in a layer above, which carries
    the family's name: ``cli/cross/``, ``rl/undercover_codec.py``, ``stats/cross.py``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return any(part.split("_")[0] in FAMILIES for part in parts)


def namings(path: Path) -> Iterator[str]:
    """Where ``path`` names a family: an import of a family's package, its ``Game``
    class, or a comparison with a family's or a game's name."""
    for line, module in imports_of(path):
        parts = module.split(".")
        if parts[0] == "geodeck" and len(parts) > 1 and parts[1] in FAMILIES:
            yield f"{line}: imports {module}"
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in CLASSES:
                yield f"{node.lineno}: names {name}"
        elif isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in FAMILIES | GAMES:
                    yield f"{node.lineno}: compares with {side.value!r}"


def found() -> dict[str, list[str]]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if where in REGISTRATION or front_module(path):
            continue
        seen = list(namings(path))
        if seen:
            out[where] = seen
    return out


def test_no_code_outside_the_families_names_one() -> None:
    named = {where: seen for where, seen in found().items() if where not in LEFT}
    assert named == {}


def test_the_modules_left_still_name_a_family() -> None:
    assert sorted(set(LEFT) - set(found())) == []


def test_the_check_sees_a_branch_on_a_family(tmp_path: Path) -> None:
    path = tmp_path / "branch.py"
    path.write_text(
        "from geodeck.undercover.actions import Hide\n"
        'if game.family == "undercover" or isinstance(game, CrossGame):\n'
        "    pass\n",
        "utf-8",
    )
    assert sorted(s.split(": ")[1] for s in namings(path)) == [
        "compares with 'undercover'",
        "imports geodeck.undercover.actions",
        "names CrossGame",
    ]
