"""``geodeck verify``: check Undercover commitments (RULES.md B2.2, RECORDS.md Undercover).

A commitment is the lowercase hex SHA-256 of ``COUNTRY:SALT``. ``geodeck verify COMMITMENT
COUNTRY SALT`` checks one; ``geodeck verify --record FILE`` checks every finished round of
a record: the commitment everyone was shown when the country was hidden against the
country and salt revealed at the round's end.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from geodeck.cli.files import read_game
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game
from geodeck.undercover.commitment import commit
from geodeck.undercover.commitment import verify as matches

GOOD, BAD = "✓", "✗"


def _fail(message: str) -> NoReturn:
    typer.echo(f"geodeck verify: {message}", err=True)
    raise typer.Exit(2)


def _record(path: Path) -> Game:
    try:
        game = read_game(path)
    except GeodeckError as err:
        _fail(str(err))
    if game.game != "undercover":
        _fail(f"{path} holds a {game.game} game; only undercover has commitments")
    return game


def _check_record(out: Console, path: Path) -> bool:
    """One line per finished round; whether every commitment matched."""
    game = _record(path)
    view = game.view(None)
    names = [seat["name"] for seat in view["seats"]]
    shown: dict[int, str] = {}
    good = True
    rounds = 0
    for event in view["history"]:
        if event["event"] == "hide":
            shown[event["round"]] = event["commitment"]
        elif event["event"] == "reveal":
            rounds += 1
            number, country, salt = event["round"], event["country"], event["salt"]
            commitment = shown.get(number, "")
            ok = bool(commitment) and matches(commitment, country, salt)
            good = good and ok
            who = names[event["undercover"]]
            out.print(
                Text.assemble(
                    (GOOD if ok else BAD, "bold green" if ok else "bold red"),
                    f" round {number}: {who} hid in {country} (salt {salt}); commitment ",
                    (commitment or "missing", "yellow"),
                    " matches" if ok else " does not match",
                )
            )
    if view["outcome"] is None and view["commitment"] is not None:
        out.print(
            Text(f"  round {view['round']} is still being played: nothing to check yet", "dim")
        )
    if rounds == 0:
        out.print(Text("No round of this game has ended yet: nothing to check.", "dim"))
    elif good:
        out.print(Text(f"{GOOD} all {rounds} commitments match", "bold green"))
    else:
        out.print(Text(f"{BAD} a commitment does not match", "bold red"))
    return good


def verify(
    commitment: Annotated[
        str | None,
        typer.Argument(
            metavar="COMMITMENT",
            help="The commitment shown when the country was hidden (64 hex digits).",
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
        typer.Option(
            "--record",
            metavar="FILE",
            help="Check every finished round of an undercover record instead.",
        ),
    ] = None,
) -> None:
    """Check that an Undercover country was not changed after it was hidden.

    Prints ✓ and exits 0 if sha256("COUNTRY:SALT") is the commitment, else ✗ and exits 1
    (2 for a usage error or an unreadable record). The same check by hand:
    printf '%s' 'COUNTRY:SALT' | sha256sum
    """
    out = Console(highlight=False, soft_wrap=True)
    given = [value for value in (commitment, country, salt) if value is not None]
    if record is not None:
        if given:
            _fail("give either COMMITMENT COUNTRY SALT or --record FILE, not both")
        if not _check_record(out, record):
            raise typer.Exit(1)
        return
    if commitment is None or country is None or salt is None:
        _fail("give COMMITMENT COUNTRY SALT (or --record FILE)")
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
