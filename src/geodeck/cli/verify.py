"""``geodeck verify``: check that a game was played from the deal it was committed to, and
that no Undercover country was changed after it was hidden (RULES.md B2.2, RECORDS.md,
docs/records.md).

``geodeck verify FILE`` checks a record of any game: it replays every action (each must
be legal from the record's setup), checks the deal commitment a server published when it
created the table (``geodeck.core.deal``) against the setup and the revealed salt, and,
for Undercover, each finished round's commitment against the country and salt revealed
at the round's end. ``geodeck verify COMMITMENT COUNTRY SALT`` checks one Undercover
commitment by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, cast

import typer
from rich.console import Console
from rich.text import Text

from geodeck.cli.errors import fail
from geodeck.cli.files import read_game, read_json
from geodeck.cli.front import cli_front
from geodeck.core.deal import check_deal
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game
from geodeck.core.shapes import RecordHead
from geodeck.undercover.commitment import commit
from geodeck.undercover.commitment import verify as matches

GOOD, BAD = "✓", "✗"


def _record(path: Path) -> tuple[RecordHead, Game]:
    try:
        data = read_json(path, not_json="{path} is not a game record (not valid JSON: {err})")
        game = read_game(path)
    except GeodeckError as err:
        fail(str(err))
    return cast(RecordHead, data), game  # read_game has replayed it as a record


def _check_deal(out: Console, record: RecordHead) -> bool:
    """One line on the deal commitment; whether it holds (or there is none to check)."""
    deal = check_deal(record)
    if deal.commitment is None:
        out.print(
            Text(
                "No deal commitment in this record (a game dealt at one screen, or by an "
                "earlier server): the deal cannot be checked.",
                "dim",
            )
        )
        return True
    if deal.ok is None:
        out.print(Text(f"Deal committed to as {deal.commitment}; its salt is not revealed yet."))
        return True
    if deal.ok:
        out.print(
            Text.assemble(
                (GOOD, "bold green"),
                " deal: the setup this game was played from is the one committed to at the start (",
                (deal.commitment, "yellow"),
                ")",
            )
        )
        return True
    out.print(
        Text.assemble(
            (BAD, "bold red"),
            " deal: the setup hashes to ",
            (str(deal.expected), "yellow"),
            ", not the commitment ",
            (deal.commitment, "yellow"),
            ": the deal was changed after the table was created",
        )
    )
    return False


def _check_record(out: Console, path: Path) -> bool:
    """The replay, the deal and every finished round; whether every check held."""
    record, game = _record(path)
    out.print(
        Text.assemble(
            (GOOD, "bold green"),
            f" replay: all {game.version} actions are legal from the record's setup",
        )
    )
    good = _check_deal(out, record)
    good = cli_front(game.game).verify(out, game) and good
    if good:
        out.print(Text(f"{GOOD} every check holds", "bold green"))
    return good


def verify(
    first: Annotated[
        str | None,
        typer.Argument(
            metavar="FILE | COMMITMENT",
            help="A game record to check whole, or the commitment shown when an Undercover "
            "country was hidden (64 hex digits).",
            show_default=False,
        ),
    ] = None,
    country: Annotated[
        str | None,
        typer.Argument(
            metavar="COUNTRY", help="The country revealed, as its code: ES.", show_default=False
        ),
    ] = None,
    salt: Annotated[
        str | None,
        typer.Argument(metavar="SALT", help="The salt revealed with it.", show_default=False),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option("--record", metavar="FILE", help="The same as giving FILE."),
    ] = None,
) -> None:
    """Check a game record (any game), or one Undercover commitment.

    geodeck verify FILE replays the record, checks its deal commitment against its setup and, in Undercover, every round's hidden country.

    geodeck verify COMMITMENT COUNTRY SALT checks one commitment.

    Prints ✓ and exits 0 if everything holds, else ✗ and exits 1 (2 for a usage error or an unreadable record). The same checks by hand:

    printf '%s' 'COUNTRY:SALT' | sha256sum

    printf '%s:%s' "$(jq -r .deal.salt FILE)" "$(jq -cS .setup FILE)" | sha256sum
    """  # noqa: E501
    out = Console(highlight=False, soft_wrap=True)
    if record is not None:
        if first is not None:
            fail("give either FILE or --record FILE, not both")
        first = str(record)
    if first is not None and country is None and salt is None:
        path = Path(first)
        if record is None and not path.exists() and not first.endswith(".json"):
            fail(
                f"{first} is no file; give a record FILE, or COMMITMENT COUNTRY SALT for one "
                "commitment"
            )
        if not _check_record(out, path):
            raise typer.Exit(1)
        return
    if first is None or country is None or salt is None:
        fail("give a record FILE, or COMMITMENT COUNTRY SALT for one commitment")
    commitment = first
    expected = commit(country, salt)
    if matches(commitment, country, salt):
        out.print(
            Text.assemble(
                (GOOD, "bold green"),
                f' sha256("{country}:{salt}") matches the commitment: {country} was the choice',
            )
        )
        return
    out.print(
        Text.assemble(
            (BAD, "bold red"),
            f' sha256("{country}:{salt}") is {expected}, not the commitment {commitment.strip()}',
        )
    )
    raise typer.Exit(1)
