"""``geodeck simulate``: many bot games, summarised."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from geodeck.bots import LEVELS
from geodeck.catalogue import catalogue
from geodeck.cli.bot_seats import parse_levels
from geodeck.cli.errors import FAILED, STOPPED, fail
from geodeck.cli.files import check_output, read_deck_file
from geodeck.cli.front import cli_front
from geodeck.simulate.pool import Stopped, run
from geodeck.simulate.runner import Spec
from geodeck.simulate.stats import summarise

MAX_GAMES = 1_000_000
MAX_JOBS = 256


def simulate(
    game: Annotated[str, typer.Argument(help="uppsala, buxtehude, italia, world or undercover.")],
    bots: Annotated[
        str, typer.Option("--bots", help=f"One bot per seat, comma-separated: {', '.join(LEVELS)}.")
    ] = "expert,casual",
    games: Annotated[
        int, typer.Option("--games", help=f"How many games (1 to {MAX_GAMES:,}).")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Base seed; same seed, same results.")] = 0,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            help=f"Processes to use, 1 to {MAX_JOBS}; at most one per processor is started "
            "(results do not depend on it).",
        ),
    ] = 1,
    variant: Annotated[str | None, typer.Option("--variant", help="Variant to play.")] = None,
    deck: Annotated[
        Path | None, typer.Option("--deck", help="Deck file (default: the shipped deck).")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            metavar="FILE",
            help="Write a picture of the results: .png, .svg, .pdf or another format "
            "matplotlib writes, by the suffix (an existing file is written over).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many games between bots and report win rates, challenges and hardest cards.

    Seats rotate from game to game, so every bot sits in every seat equally often.

    Ctrl-C stops the run at once: the results of the games played so far are printed, with
    a note that the run was stopped, and the exit status is 130.
    """
    spec = _spec(game, bots, variant, deck, seed)
    if not 1 <= games <= MAX_GAMES:
        fail(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if not 1 <= jobs <= MAX_JOBS:
        fail(f"--jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    if plot is not None:
        _check_plot(plot)
    jobs = min(jobs, os.cpu_count() or 1, games)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    stopped = False
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{game} games", total=games)
        try:
            results = run(spec, games, jobs, lambda k: progress.advance(task, k))
        except Stopped as stop:
            results, stopped = stop.results, True
    if stopped and not results:
        fail("stopped (Ctrl-C) before the first game was finished", STOPPED)
    summary = summarise(spec, results)
    if stopped:
        summary.update(stopped=True, planned=games)
    if plot is not None:
        _draw(summary, plot)
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
    else:
        _report(summary)
        if plot is not None:
            Console().print(f"plot written to {plot}")
    if stopped:
        fail(
            f"stopped (Ctrl-C) after {len(results):,} of {games:,} games; the results are "
            "those of the games played",
            STOPPED,
        )


def _spec(game: str, bots: str, variant: str | None, deck: Path | None, seed: int) -> Spec:
    """What to simulate, checked: the game, one known bot level per seat, the variant and
    the deck (a first game is dealt and played to be sure it can be)."""
    info = {g.id: g for g in catalogue()}.get(game)
    if info is None:
        fail(f"unknown game {game!r} (known: {', '.join(g.id for g in catalogue())})")
    levels = tuple(parse_levels(bots))
    low, high = info.players
    if not low <= len(levels) <= high:
        fail(
            f"{game} needs {low} to {high} players: --bots names {len(levels)} (one level per seat)"
        )
    cards = read_deck_file(deck)["cards"] if deck else None
    spec = Spec(game, variant, levels, seed, deck=cards)
    from geodeck.simulate.runner import play

    play(spec, 0)  # fail fast on a bad setup, before spawning processes
    return spec


def _check_plot(plot: Path) -> None:
    from geodeck.simulate.plot import formats

    known = formats()
    suffix = plot.suffix.lower().lstrip(".")
    if suffix not in known:
        listed = ", ".join("." + k for k in known)
        if suffix:
            fail(f"--plot {plot}: .{suffix} is no picture format; end the name in one of {listed}")
        fail(f"--plot {plot}: the name's suffix gives the picture's format, one of {listed}")
    check_output(plot, "--plot")


def _draw(summary: dict[str, object], plot: Path) -> None:
    from geodeck.simulate.plot import draw

    try:
        draw(summary, plot)
    except OSError as err:
        fail(f"cannot write the plot {plot}: {err.strerror or err}", FAILED)


def pct(rate: Mapping[str, object]) -> str:
    if rate["n"] == 0:
        return "–"
    return f"{rate['rate']:.1%} [{rate['low']:.1%}, {rate['high']:.1%}]"


def _report(summary: dict[str, Any]) -> None:
    out = Console()
    front = cli_front(summary["game"])
    table = Table(title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}")
    table.add_column("bot")
    table.add_column("wins (95% CI)")
    table.add_column("mean score", justify="right")
    for heading, justify in front.report_columns():
        table.add_column(heading, justify="right" if justify == "right" else "left")
    for bot in summary["bots"]:
        table.add_row(
            bot["bot"], pct(bot["wins"]), f"{bot['mean_score']:.2f}", *front.report_cells(bot)
        )
    out.print(table)
    seats = ", ".join(f"seat {s['seat'] + 1}: {pct(s['wins'])}" for s in summary["seats"])
    out.print(f"win rate by seat: {seats}")
    out.print(f"first-seat advantage: {summary['first_seat_advantage']:+.1%}")
    for line in front.report_lines(summary):
        out.print(line)
