"""No import cycle among geodeck's modules: every import a module runs (at the top or
inside a function; not those only a type checker reads) points down a graph without a
loop, so that each module can be read, tested and imported knowing only what it needs."""

from __future__ import annotations

import ast
from pathlib import Path

import geodeck

ROOT = Path(geodeck.__file__).parent


def module_names(root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def runs(node: ast.AST) -> bool:
    """Whether the statement runs: not an ``if TYPE_CHECKING:`` block."""
    return not (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test))


def imported(path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of geodeck that ``path`` imports when it runs: ``from pkg import mod``
    counts as ``pkg.mod`` (and ``pkg`` only for names that are not modules)."""
    out: set[str] = set()
    pending: list[ast.AST] = [ast.parse(path.read_text("utf-8"))]
    while pending:
        node = pending.pop()
        for child in ast.iter_child_nodes(node):
            if not runs(child):
                continue
            if isinstance(child, ast.Import):
                out |= {a.name for a in child.names if a.name in modules}
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                subs = {f"{child.module}.{a.name}" for a in child.names}
                out |= subs & modules.keys()
                if not subs <= modules.keys() and child.module in modules:
                    out.add(child.module)
            else:
                pending.append(child)
    return out


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def graph_of(root: Path = ROOT) -> dict[str, set[str]]:
    modules = module_names(root)
    return {m: imported(p, modules) - {m, "geodeck"} for m, p in modules.items()}


def test_no_import_cycle() -> None:
    assert [sorted(c) for c in cycles(graph_of())] == []


def test_a_cycle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]
