"""The terminal front end's layout (issue: an untied CLI): shared host, keyboard and screens
in modules of their own, the families under ``cli/cross`` and ``cli/undercover``, ``cli/deck``
one module per subcommand, no module importing another that imports it back (at module
level or inside a function), and no family chosen by comparing a game's name."""

from __future__ import annotations

import ast
from pathlib import Path

import geodeck.cli

CLI = Path(geodeck.cli.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(CLI.parent).with_suffix("").parts
    name = ".".join(("geodeck", *parts))
    return name.removesuffix(".__init__")


def imports_of(path: Path) -> set[str]:
    """Every ``geodeck.cli`` module ``path`` imports, anywhere in it."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if not module.startswith("geodeck.cli"):
                continue
            out.add(module)
            for alias in node.names:
                candidate = Path(*f"{module}.{alias.name}".split(".")[1:])
                if (CLI.parent / candidate).with_suffix(".py").exists():
                    out.add(f"{module}.{alias.name}")
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("geodeck.cli"))
    return out


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports_of(p) for p in CLI.rglob("*.py")}


def test_the_cli_has_no_import_circles() -> None:
    edges = graph()
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in edges:
                continue
            if state.get(nxt) == 1:
                raise AssertionError(" -> ".join([*path[path.index(nxt) :], nxt]))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)


def test_the_families_and_the_shared_parts_have_their_own_modules() -> None:
    for shared in ("host", "keyboard", "screens", "play"):
        assert (CLI / f"{shared}.py").is_file(), shared
    for family in ("cross", "undercover"):
        assert {"play.py", "prompts.py", "render.py"} <= {p.name for p in (CLI / family).iterdir()}
    assert {"listing.py", "show.py", "maps.py", "build.py"} <= {
        p.name for p in (CLI / "deck").iterdir()
    }
    edges = graph()
    for name, imported in edges.items():
        if ".cross" in name:
            assert not any(".undercover" in m for m in imported), name
        if ".undercover" in name:
            assert not any(".cross" in m for m in imported), name


def test_no_family_is_chosen_by_a_games_name() -> None:
    for path in CLI.rglob("*.py"):
        text = path.read_text("utf-8")
        for needle in ('== "undercover"', '!= "undercover"', "== 'undercover'"):
            assert needle not in text.replace('family == "undercover"', ""), (path, needle)
