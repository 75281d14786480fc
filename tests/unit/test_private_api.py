"""geodeck uses no private API of a dependency: it imports no module or name whose name
starts with ``_``, reads no ``_`` attribute of what it imports, and extends a dependency's
class only where the dependency documents that as the way to use it (the list below:
adding a class to it is a decision to review, not a formality)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "geodeck"

EXTENSION_POINTS = {
    "abc.ABC",
    "asyncio.Protocol",
    "asyncio.Transport",
    "enum.StrEnum",
    "logging.Filter",
    "logging.Formatter",
    "pettingzoo.AECEnv",
    "prometheus_client.registry.Collector",
    "pydantic.BaseModel",
    "pyspiel.Game",
    "pyspiel.State",
    "rich.text.Text",
    "typing.Generic",
    "typing.NamedTuple",
    "typing.Protocol",
    "typing.TypedDict",
    "uvicorn.Config",
}


def _private(dotted: str) -> bool:
    return any(part.startswith("_") for part in dotted.split(".") if part != "__future__")


def _imports(tree: ast.Module) -> dict[str, str]:
    """The names a module binds to what it imports from outside geodeck, and their
    dotted origin."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] == "geodeck":
                continue
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "geodeck":
                    name = alias.asname or alias.name.split(".")[0]
                    bound[name] = alias.name if alias.asname else name
    return bound


def _origin(node: ast.expr, bound: dict[str, str]) -> str | None:
    """The dotted origin of an expression made of an imported name and attributes."""
    if isinstance(node, ast.Subscript):
        return _origin(node.value, bound)
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.Attribute):
        head = _origin(node.value, bound)
        return None if head is None else f"{head}.{node.attr}"
    return None


def _findings(path: Path, root: Path = SRC.parent) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    bound = _imports(tree)
    where = path.relative_to(root)
    found = [f"{where}: imports {origin}" for origin in bound.values() if _private(origin)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            origin = _origin(node, bound)
            if origin is not None and not node.attr.startswith("__"):
                found.append(f"{where}:{node.lineno}: reads {origin}")
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                origin = _origin(base, bound)
                if origin is not None and origin not in EXTENSION_POINTS:
                    found.append(f"{where}:{node.lineno}: {node.name} extends {origin}")
    return found


def test_no_private_api_of_a_dependency_is_used() -> None:
    found = [line for path in sorted(SRC.rglob("*.py")) for line in _findings(path)]
    assert found == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The same check, on a module that does each thing it forbids."""
    module = tmp_path / "probe.py"
    module.write_text(
        "import gettext\n"
        "from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol\n"
        "from websockets import _private\n"
        "class Mine(HttpToolsProtocol):\n"
        "    pass\n"
        "CATALOG = gettext._catalog\n",
        "utf-8",
    )
    found = _findings(module, tmp_path)
    assert len(found) == 3, found
    assert any("extends uvicorn.protocols.http.httptools_impl.Http" in f for f in found)
    assert any("reads gettext._catalog" in f for f in found)
    assert any("imports websockets._private" in f for f in found)
