"""Views, records and events are typed (``core/shapes.py`` and each family's ``shapes``),
so that strict mypy checks what the engine hands to the CLI, the server and rl. ``Any``
is left only where a value's shape is open (untrusted JSON before it is checked, a
plotting library's objects): its uses in src are counted, and the count may only fall."""

from __future__ import annotations

import ast
from pathlib import Path

import geodeck

ROOT = Path(geodeck.__file__).parent
MOST_USES = 135
"""The ceiling: the uses of ``Any`` in src when it was last lowered."""


def any_uses(root: Path = ROOT) -> dict[str, int]:
    """Each module's uses of ``Any`` as a name in code (annotations, casts, aliases), not
    its import and not the word in a docstring or comment."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        uses = sum(
            1
            for node in ast.walk(tree)
            if (isinstance(node, ast.Name) and node.id == "Any")
            or (isinstance(node, ast.Attribute) and node.attr == "Any")
        )
        if uses:
            found[path.relative_to(root).as_posix()] = uses
    return found


def test_any_stays_under_its_ceiling() -> None:
    uses = any_uses()
    total = sum(uses.values())
    most = sorted(uses.items(), key=lambda item: -item[1])[:10]
    assert total <= MOST_USES, f"{total} uses of Any (at most {MOST_USES}); most in {most}"


def test_a_use_is_counted_and_a_mention_is_not(tmp_path: Path) -> None:
    (tmp_path / "typed.py").write_text(
        '"""Any in a docstring."""\n'
        "import typing\n"
        "from typing import Any\n"
        "x: Any = 1  # Any in a comment\n"
        "def f(a: list[Any]) -> typing.Any: ...\n",
        "utf-8",
    )
    (tmp_path / "plain.py").write_text("y: int = 1\n", "utf-8")
    assert any_uses(tmp_path) == {"typed.py": 3}
