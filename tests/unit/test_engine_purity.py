"""ARCHITECTURE.md: the engine packages import no IO, asyncio, web or terminal library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import geodeck
from tests.unit.imports import imports_of

ENGINE = ("core", "cross", "undercover", "decks", "bots", "practice", "ratings", "stats")
FORBIDDEN = {
    "asyncio", "socket", "ssl", "http", "urllib", "sqlite3", "subprocess", "select",
    "selectors", "threading", "multiprocessing", "concurrent", "curses", "tkinter", "readline",
    "getpass", "shutil", "tempfile", "io", "pathlib", "os", "sys", "time",
    "rich", "typer", "click", "fastapi", "starlette", "uvicorn", "sqlalchemy", "redis",
    "websockets", "httpx", "requests", "aiohttp", "matplotlib", "psycopg", "geodeck.cli",
    "geodeck.server", "geodeck.web",
}  # fmt: skip
IMPURE_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}
ROOT = Path(geodeck.__file__).parent


def engine_files() -> list[Path]:
    return [p for pkg in ENGINE if (ROOT / pkg).is_dir() for p in (ROOT / pkg).rglob("*.py")]


def test_engine_sources_import_nothing_impure() -> None:
    """Every import statement in the engine packages, lazy ones included, is pure."""
    found = []
    for path in engine_files():
        for line, name in imports_of(path):
            parts = name.split(".")
            if any(".".join(parts[:i]) in FORBIDDEN for i in range(1, len(parts) + 1)):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in IMPURE_CALLS
            ):
                found.append(f"{path.name}:{node.lineno} calls {node.func.id}()")
    assert len(engine_files()) > 10
    assert found == []


def test_importing_the_engine_loads_no_io_library() -> None:
    """In a fresh interpreter, importing the engine (and dealing a game) pulls in none of
    the terminal, web, database or async libraries."""
    probe = (
        "import sys, json, geodeck, geodeck.core, geodeck.cross, geodeck.decks\n"
        "for extra in ('geodeck.undercover', 'geodeck.bots', 'geodeck.practice'):\n"
        "    try:\n        __import__(extra)\n    except ModuleNotFoundError:\n        pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout
    loaded = set(__import__("json").loads(out))
    bad = {"asyncio", "socket", "ssl", "sqlite3", "rich", "typer", "click", "fastapi",
           "uvicorn", "sqlalchemy", "redis", "curses", "tkinter", "geodeck.cli",
           "geodeck.server"}  # fmt: skip
    assert "geodeck.cross.game" in loaded
    assert sorted(loaded & bad) == []
