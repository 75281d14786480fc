"""``geodeck deck print``: a deck as a PDF to print and play at a table."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from geodeck.cli.deck.common import ALL_DECKS, QUESTIONS, UNDERCOVER, Lang, fail, load
from geodeck.cli.files import check_output
from geodeck.decks import shipped_undercover


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


def print_deck(
    deck: Annotated[
        str,
        typer.Argument(
            metavar="DECK", help=f"{', '.join(ALL_DECKS)}, or a deck file.", show_default=False
        ),
    ],
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help="The PDF to write.")],
    paper: Annotated[Paper, typer.Option("--paper", help="The paper size.")] = Paper.a4,
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the cards.")] = Lang.en,
    force: Annotated[bool, typer.Option("--force", help="Write over FILE if it exists.")] = False,
) -> None:
    """Print a deck: the cards nine to a page with cut marks, each page of fronts followed
    by its backs (print both sides, flipping on the long edge), and a page of rules.

    A place deck (a shipped one or a deck file) prints the name on the front, the
    coordinates in degrees and minutes and the column values on the back, the direction
    card and the two intermezzo cards; undercover (or questions) prints the country and
    question cards of Undercover in Europa.
    """
    if out.suffix.lower() != ".pdf":
        fail(f"--out {out}: name a .pdf file")
    check_output(out, "--out", force=force)
    loaded = load(deck)
    if loaded.kind in (UNDERCOVER, QUESTIONS):
        from geodeck.cli.deck.pdf_cards import undercover_pdf

        document = loaded.data if loaded.kind == UNDERCOVER else load(UNDERCOVER).data
        data, pages = undercover_pdf(
            document, shipped_undercover()["questions"], lang.value, paper.value
        )
    else:
        from geodeck.cli.deck.pdf_cards import cross_pdf

        data, pages = cross_pdf(loaded.data, lang.value, paper.value)
    try:
        out.write_bytes(data)
    except OSError as err:
        fail(f"cannot write {out}: {err.strerror or err}", 1)
    typer.echo(f"{out}: {pages} pages")
