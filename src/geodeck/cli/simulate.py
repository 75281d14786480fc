"""``geodeck simulate``: many bot games, summarised."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from geodeck.bots import LEVELS
from geodeck.cli.files import read_deck_file
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game
from geodeck.simulate.pool import run
from geodeck.simulate.runner import Spec
from geodeck.simulate.stats import summarise


def simulate(
    game: Annotated[str, typer.Argument(help="uppsala, buxtehude, italia, world or undercover.")],
    bots: Annotated[
        str, typer.Option("--bots", help=f"One bot per seat, comma-separated: {', '.join(LEVELS)}.")
    ] = "expert,casual",
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Base seed; same seed, same results.")] = 0,
    jobs: Annotated[
        int, typer.Option("--jobs", min=1, help="Processes to use (results do not depend on it).")
    ] = 1,
    variant: Annotated[str | None, typer.Option("--variant", help="Variant to play.")] = None,
    deck: Annotated[
        Path | None, typer.Option("--deck", help="Deck file (default: the shipped deck).")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write a picture of the results (.png).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many games between bots and report win rates, challenges and hardest cards.

    Seats rotate from game to game, so every bot sits in every seat equally often.
    """
    err = Console(stderr=True)
    levels = tuple(b.strip() for b in bots.split(",") if b.strip())
    try:
        Game.family_of(game)
        bad = [b for b in levels if b not in LEVELS]
        if bad:
            raise GeodeckError(f"unknown bot level {bad[0]!r} (levels: {', '.join(LEVELS)})")
        cards = read_deck_file(deck)["cards"] if deck else None
        spec = Spec(game, variant, levels, seed, deck=cards)
        from geodeck.simulate.runner import play

        play(spec, 0)  # fail fast on a bad setup, before spawning processes
    except GeodeckError as problem:
        err.print(f"geodeck simulate: {problem}", markup=False)
        raise typer.Exit(2) from None
    jobs = min(jobs, os.cpu_count() or 1, games)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task(f"{game} games", total=games)
        results = run(spec, games, jobs, lambda k: progress.advance(task, k))
    summary = summarise(spec, results)
    if plot is not None:
        from geodeck.simulate.plot import draw

        draw(summary, plot)
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
    else:
        _report(summary)
        if plot is not None:
            Console().print(f"plot written to {plot}")


def _pct(rate: dict[str, Any]) -> str:
    if rate["n"] == 0:
        return "–"
    return f"{rate['rate']:.1%} [{rate['low']:.1%}, {rate['high']:.1%}]"


def _report(summary: dict[str, Any]) -> None:
    out = Console()
    table = Table(title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}")
    table.add_column("bot")
    table.add_column("wins (95% CI)")
    table.add_column("mean score", justify="right")
    undercover = Game.family_of(summary["game"]).family == "undercover"
    if not undercover:
        table.add_column("challenges won (95% CI)")
        table.add_column("cards placed wrong")
        table.add_column("guess chips / scoring", justify="right")
    for bot in summary["bots"]:
        row = [bot["bot"], _pct(bot["wins"]), f"{bot['mean_score']:.2f}"]
        if not undercover:
            row += [
                _pct(bot["challenges"]),
                _pct(bot["wrong_placements"]),
                f"{bot['guess_chips_per_scoring']:.2f}",
            ]
        table.add_row(*row)
    out.print(table)
    seats = ", ".join(f"seat {s['seat'] + 1}: {_pct(s['wins'])}" for s in summary["seats"])
    out.print(f"win rate by seat: {seats}")
    out.print(f"first-seat advantage: {summary['first_seat_advantage']:+.1%}")
    if undercover:
        found = summary["mean_found_at"]
        out.print(f"rounds where the country was discovered: {_pct(summary['discovered'])}")
        out.print(
            "mean question when it was discovered: "
            + (f"{found:.1f}" if found is not None else "never discovered")
        )
        return
    out.print(f"wrong cards per interim scoring: {summary['wrong_per_scoring']:.2f}")
    if summary["hardest_cards"]:
        hard = ", ".join(
            f"{h['card']} {h['wrong']}/{h['placed']}" for h in summary["hardest_cards"][:8]
        )
        out.print(f"hardest cards (placed wrong / placed): {hard}")
