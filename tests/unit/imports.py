"""Every module a source file imports, lazy imports inside functions included."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path


def imports_of(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) for each absolute import in ``path``; relative imports stay inside
    their package and are left out."""
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
