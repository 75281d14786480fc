"""``geodeck replay``: replay records and print where they lead, step through them, or
count what each seat did."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from geodeck.cli.errors import USAGE, fail, say
from geodeck.cli.replay_stats import stats_sheets
from geodeck.cli.replay_steps import steps
from geodeck.cli.sheet import show
from geodeck.cli.summary import render_summary, summary_of
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game
from geodeck.names import printable_data
from geodeck.stats import game_stats

STOP = ("q", "quit", "stop")


def load_record(path: Path) -> Game:
    """Read and replay one record file; any problem raises ``GeodeckError`` or ``OSError``.
    A character no name may hold reaches the screen as ``\ufffd`` (``names.printable``)."""
    text = path.read_text("utf-8")
    try:
        data: object = json.loads(text)
    except json.JSONDecodeError as err:
        raise GeodeckError(f"not JSON: {err}") from err
    return Game.from_record(printable_data(data))


def replay(
    files: Annotated[
        list[Path], typer.Argument(help="Record files (geodeck/1 JSON).", metavar="FILE...")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per file per line.")
    ] = False,
    step: Annotated[
        bool,
        typer.Option(
            "--step",
            help="Tell the game one action at a time, in words: Enter for the next, q to "
            "stop (into a file or a pipe: every action, without waiting).",
        ),
    ] = False,
    stats: Annotated[
        bool,
        typer.Option(
            "--stats",
            help="Add the ranking, what each seat did (cards placed right and wrong, "
            "challenges, exact guesses, chips by cause; Undercover: stones on the right "
            "country per round, questions to discovery) and the hardest cards.",
        ),
    ] = False,
) -> None:
    """Replay game records and print the state or outcome each one reaches.

    Cards, countries and seats are shown by name. A malformed or illegal record is reported
    on stderr (geodeck replay: FILE: ...) with the action's index and the rule it breaks;
    nothing is printed for it, and the exit status is 2.
    """
    if step and as_json:
        fail("--step tells a game in words; it cannot be combined with --json")
    out = Console(highlight=False, soft_wrap=True)
    failed = False
    for number, path in enumerate(files):
        try:
            game = load_record(path)
        except (GeodeckError, OSError, UnicodeDecodeError) as problem:
            say("geodeck replay", f"{path}: {_reason(problem)}")
            failed = True
            continue
        if as_json:
            summary = summary_of(game)
            if stats:
                summary["stats"] = game_stats(game)
            typer.echo(json.dumps(summary, ensure_ascii=False))
            continue
        if number:
            out.print()
        if step and not step_through(out, game, str(path)):
            break
        out.print(render_summary(game, title=str(path)))
        if stats:
            for sheet in stats_sheets(game, str(path)):
                out.print()
                show(sheet, console=out)
    if failed:
        raise typer.Exit(USAGE)


def step_through(out: Console, game: Game, title: str) -> bool:
    """Tell ``game`` action by action; on a terminal wait for Enter after each (``False``
    if the reader stopped with q)."""
    waits = sys.stdin.isatty() and out.is_terminal
    total = game.version
    out.print(Text(f"{title}: {total} actions", "bold"))
    for told in steps(game):
        if told.index is None:
            head = "The deal"
        else:
            who = f" · {game.seats[told.seat]}" if told.seat is not None else ""
            head = f"Action {told.index + 1} of {total}{who}"
        out.print(Text(head, "bold cyan"))
        for line in told.said:
            out.print(f"  {line}", markup=False)
        last = told.index == total - 1 or (told.index is None and total == 0)
        if waits and not last:
            try:
                answer = out.input(Text("Enter: next · q: stop ", "dim"))
            except EOFError:
                return False
            if answer.strip().lower() in STOP:
                return False
    out.print()
    return True


def _reason(problem: Exception) -> str:
    if isinstance(problem, OSError):
        return f"cannot read: {problem.strerror or problem}"
    return str(problem)
