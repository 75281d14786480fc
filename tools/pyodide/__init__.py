"""The engine zip the page's Pyodide loads (``scripts/web-deps``; docs/browser.md, Replays).

It holds geodeck's pure engine (no ``cli``, ``server``, ``web``) and the two pure-Python
packages it imports, ``fastjsonschema`` and ``anyascii``, taken from this environment.
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from pathlib import Path

LEFT_OUT = {"cli", "server", "web", "rl", "simulate", "practice", "__pycache__"}
"""geodeck's subpackages the engine does not need in the page."""

EXTRA = ("fastjsonschema", "anyascii")


def _folder(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{name} is not installed here: run scripts/setup first")
    return Path(next(iter(spec.submodule_search_locations)))


def _add(archive: zipfile.ZipFile, folder: Path, top: str, skip: set[str]) -> int:
    count = 0
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if not path.is_file() or parts[0] in skip or "__pycache__" in parts:
            continue
        archive.write(path, "/".join((top, *parts)))
        count += 1
    return count


def build(out: Path) -> int:
    """Write the zip to ``out``; return how many files it holds."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        count = _add(archive, _folder("geodeck"), "geodeck", LEFT_OUT)
        for name in EXTRA:
            count += _add(archive, _folder(name), name, {"__pycache__"})
    return count


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tools.pyodide OUT.zip", file=sys.stderr)
        return 2
    count = build(Path(argv[0]))
    print(f"{argv[0]}: {count} files")
    return 0
