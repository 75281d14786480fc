"""``geodeck``: play, replay and inspect geodeck games from the terminal."""

from __future__ import annotations

import typer

from geodeck import __version__
from geodeck.cli.about import about
from geodeck.cli.data import data_app
from geodeck.cli.deck import deck_app
from geodeck.cli.play import play
from geodeck.cli.replay import replay
from geodeck.cli.serve import serve
from geodeck.cli.simulate import simulate
from geodeck.cli.verify import verify

app = typer.Typer(
    name="geodeck",
    help="Geography card games: the cross family (uppsala, buxtehude, italia, world) and "
    "undercover.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command()(play)
app.command()(replay)
app.command()(serve)
app.command()(simulate)
app.command()(verify)
app.command()(about)
app.add_typer(deck_app, name="deck")
app.add_typer(data_app, name="data")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"geodeck {__version__}")
        raise typer.Exit


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Geography card games in the terminal."""


def run() -> None:
    app()
