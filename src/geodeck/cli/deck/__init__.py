"""``geodeck deck``: the shipped decks (list, show, map) and custom decks (build), one
module per subcommand."""

from __future__ import annotations

import typer

from geodeck.cli.deck.build import build
from geodeck.cli.deck.listing import list_decks
from geodeck.cli.deck.maps import map_deck
from geodeck.cli.deck.printing import print_deck
from geodeck.cli.deck.show import show

deck_app = typer.Typer(
    name="deck",
    help="The decks geodeck ships (list, show, map, print) and decks of your own (build).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)
deck_app.command("list")(list_decks)
deck_app.command("show")(show)
deck_app.command("map")(map_deck)
deck_app.command("build")(build)
deck_app.command("print")(print_deck)
