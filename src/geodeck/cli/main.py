"""``geodeck``: play, replay and inspect geodeck games from the terminal.

``run`` is the command's one way out: whatever a command runs into ends in one line on
stderr, ``geodeck COMMAND: message``, with the exit status of ``cli.errors`` (2 for a
wrong command line or input, 1 for a failed check or work that could not be done, 130 for
Ctrl-C), never in a traceback (unless ``GEODECK_DEBUG=1``).
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from collections.abc import Sequence

import typer
import typer.main

from geodeck import __version__
from geodeck.cli.about import about
from geodeck.cli.admin import admin_app
from geodeck.cli.data import data_app
from geodeck.cli.deck import deck_app
from geodeck.cli.errors import (
    FAILED,
    STOPPED,
    USAGE,
    CommandError,
    say,
    usage_message,
    write_report,
)
from geodeck.cli.play import play
from geodeck.cli.practice.command import practice
from geodeck.cli.practice.daily import daily
from geodeck.cli.replay import replay
from geodeck.cli.rules import rules
from geodeck.cli.serve import serve
from geodeck.cli.simulate import simulate
from geodeck.cli.verify import verify
from geodeck.core.errors import GeodeckError

app = typer.Typer(
    name="geodeck",
    help="Geography card games: the cross family (uppsala, buxtehude, italia, world) and "
    "undercover.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)
app.command()(play)
app.command()(practice)
app.command()(daily)
app.command()(replay)
app.command()(serve)
app.command()(simulate)
app.command()(verify)
app.command()(about)
app.command()(rules)
app.add_typer(deck_app, name="deck")
app.add_typer(data_app, name="data")
app.add_typer(admin_app, name="admin")


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


def run(args: Sequence[str] | None = None) -> None:
    """The ``geodeck`` command with ``args`` (default: the command line's)."""
    sys.exit(handle(list(sys.argv[1:] if args is None else args)))


def handle(args: list[str]) -> int:
    """Run the command ``args`` names and return its exit status; any failure is said in
    one line."""
    command = typer.main.get_command(app)
    name = command_name(command, args)
    try:
        with command.make_context("geodeck", list(args)) as ctx:
            command.invoke(ctx)
    except typer.Exit as done:
        return done.exit_code
    except CommandError as err:
        return say(name, err.message, err.status)
    except GeodeckError as err:
        return say(name, str(err), USAGE)
    except KeyboardInterrupt:
        return say(name, "stopped (Ctrl-C)", STOPPED)
    except BrokenPipeError:
        _drop_stdout()
        return FAILED
    except typer.Abort:
        return say(name, "stopped", FAILED)
    except typer.TyperException as err:
        return _usage(err, name, args)
    except Exception as err:
        if os.environ.get("GEODECK_DEBUG") == "1":
            raise
        return _unexpected(err, name, args)
    return 0


def command_name(command: object, args: Sequence[str]) -> str:
    """The command ``args`` run, as its help names it: ``geodeck deck show``."""
    words = ["geodeck"]
    for arg in args:
        commands = getattr(command, "commands", None)
        if not commands:
            break
        if arg.startswith("-") or arg not in commands:
            continue  # an option, or an option's value (geodeck admin --config F purge)
        words.append(arg)
        command = commands[arg]
    return " ".join(words)


def _usage(err: typer.TyperException, name: str, args: Sequence[str]) -> int:
    """A usage error of the command line's parser, in the same one line, with a hint."""
    status = int(getattr(err, "exit_code", USAGE))
    if type(err).__name__ == "NoArgsIsHelpError":
        return status  # the help is printed: a command was asked for without arguments
    ctx = getattr(err, "ctx", None)
    name = ctx.command_path if ctx is not None else name
    return say(name, f"{usage_message(err, args)} (see {name} --help)", status)


def _unexpected(err: Exception, name: str, args: Sequence[str]) -> int:
    """An error geodeck did not expect: one line, and where the details went for a report."""
    details = "".join(traceback.format_exception(err))
    report = write_report(name, args, details)
    said = " ".join(str(err).split())
    what = f"{type(err).__name__}: {said}" if said else type(err).__name__
    say(name, f"unexpected error ({what})", FAILED)
    where = (
        f"the details are in {report}; please send that file with a bug report to "
        "geodeck's maintainers"
        if report is not None
        else "run the command again with GEODECK_DEBUG=1 and send what it prints with a bug "
        "report to geodeck's maintainers"
    )
    return say(name, f"this is a bug in geodeck: {where}", FAILED)


def _drop_stdout() -> None:
    """The reader of stdout went away (``geodeck deck show | head``): nothing more to say,
    and nothing when Python flushes stdout at the exit."""
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
