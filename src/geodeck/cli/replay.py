"""``geodeck replay``: replay records and print where they lead."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from geodeck.cli.summary import render_summary
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game


def load_record(path: Path) -> Game:
    """Read and replay one record file; any problem raises ``GeodeckError`` or ``OSError``."""
    text = path.read_text("utf-8")
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as err:
        raise GeodeckError(f"not JSON: {err}") from err
    return Game.from_record(data)


def replay(
    files: Annotated[
        list[Path], typer.Argument(help="Record files (geodeck/1 JSON).", metavar="FILE...")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per file per line.")
    ] = False,
) -> None:
    """Replay game records and print the state or outcome each one reaches.

    A malformed or illegal record is reported on stderr with the action's index and the
    rule it breaks; nothing is printed for it, and the exit status is 2.
    """
    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    failed = False
    for path in files:
        try:
            game = load_record(path)
        except (GeodeckError, OSError, UnicodeDecodeError) as problem:
            err.print(f"{path}: {_reason(problem)}", markup=False)
            failed = True
            continue
        if as_json:
            typer.echo(json.dumps(game.summary(), ensure_ascii=False))
        else:
            out.print(render_summary(game, title=str(path)))
    if failed:
        raise typer.Exit(2)


def _reason(problem: Exception) -> str:
    if isinstance(problem, OSError):
        return f"cannot read: {problem.strerror or problem}"
    return str(problem)
