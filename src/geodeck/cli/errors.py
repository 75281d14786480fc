"""How the ``geodeck`` commands fail: one line on stderr, ``geodeck COMMAND: message``, and
an exit status that says what went wrong (``cli.main.run`` prints it).

- 2: the command line or an input file is wrong (fix the command and run it again);
- 1: a check failed, or the command could not do its work (a database that does not
  answer, a port in use, an unexpected error);
- 130: stopped with Ctrl-C.
"""

from __future__ import annotations

import os
import platform
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import typer

USAGE = 2
FAILED = 1
STOPPED = 130


class CommandError(Exception):
    """A command that cannot go on: ``message`` for the user, ``status`` to exit with."""

    def __init__(self, message: str, status: int = USAGE) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def say(command: str, message: str, status: int = USAGE) -> int:
    """``command: message`` on stderr (``geodeck replay: FILE: not JSON``); ``status``."""
    sys.stdout.flush()
    typer.echo(f"{command}: {message}", err=True)
    return status


def fail(message: str, status: int = USAGE) -> NoReturn:
    """Stop the command with ``message`` (printed as ``geodeck COMMAND: message``)."""
    raise CommandError(message, status)


PLAIN = (
    (r"Input should be a valid integer.*", "needs a whole number"),
    (r"Input should be a valid number.*", "needs a number"),
    (r"Input should be a valid boolean.*", "needs true or false"),
    (r"Input should be a finite number.*", "needs a finite number"),
    (r"Input should be greater than or equal to (\S+)", r"must be at least \1"),
    (r"Input should be greater than (\S+)", r"must be more than \1"),
    (r"Input should be less than or equal to (\S+)", r"must be at most \1"),
    (r"Input should be less than (\S+)", r"must be less than \1"),
    (r"Value error, (.+) is not one of (.+?)\.?", r"must be one of \2"),
    (r"Value error, (.+?)\.?", r": \1"),
)
"""The validation wording of the command line's parser, in plain words: what follows the
option's name."""

CLICK = (
    (r"Option '(.+)' requires an argument\.?", r"\1 needs a value"),
    (r"Option '(.+)' requires (\d+) arguments\.?", r"\1 needs \2 values"),
    (r"Missing option '(.+)'\.?", r"\1 is needed"),
    (r"No such option: (\S+?)\.?", r"No such option: \1"),
    (r"No such option: (\S+) Did you mean (\S+?)\?", r"No such option: \1 (did you mean \2?)"),
    (
        r"No such option: (\S+) \(Possible options: (.+)\)",
        r"No such option: \1 (did you mean \2?)",
    ),
    (r"No such command '(.+?)'\.?", r"there is no command \1"),
    (
        r"No such command '(.+?)'\. Did you mean '(.+)'\?",
        r"there is no command \1 (did you mean \2?)",
    ),
    (r"Got unexpected extra argument(?:s|\(s\))? \((.+)\)", r"too many arguments: \1"),
)
"""Messages of the parser itself, in plain words."""


def _plain(text: str, table: Sequence[tuple[str, str]]) -> str | None:
    for pattern, replacement in table:
        found = re.fullmatch(pattern, text, flags=re.DOTALL)
        if found:
            return found.expand(replacement)
    return None


def _given(args: Sequence[str], names: Sequence[str]) -> str | None:
    """The value the command line gave the option called one of ``names``."""
    found = None
    for i, arg in enumerate(args):
        for name in names:
            if arg == name and i + 1 < len(args):
                found = args[i + 1]
            elif arg.startswith(name + "="):
                found = arg[len(name) + 1 :]
    return found


def _one_line(text: str) -> str:
    return " ".join(part.strip() for part in text.strip().splitlines() if part.strip())


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() or len(text) == 1 else text


def usage_message(error: typer.TyperException, args: Sequence[str]) -> str:
    """A usage error of the parser (``error``, a Click ``UsageError``) in one line of plain
    words, for the command line ``args``."""
    param = getattr(error, "param", None)
    message = _one_line(str(getattr(error, "message", "") or ""))
    kind = type(error).__name__
    if param is not None and message and kind == "BadParameter":
        opts = [o for o in getattr(param, "opts", []) if o.startswith("-")]
        name = opts[0] if opts else str(getattr(param, "name", "") or "").upper()
        value = _given(args, [*opts, *getattr(param, "secondary_opts", [])])
        said = _plain(message, PLAIN)
        if said is None:
            return f"{name}: {_lower_first(message)}"
        if said.startswith(": "):
            return f"{name}{said}"
        shown = f", not {value!r}" if value is not None else ""
        if "one of" in said:
            said = said.replace("'", "")
        return f"{name} {said}{shown}"
    text = _one_line(error.format_message())
    missing = re.fullmatch(r"Missing argument '(.+)'\.?", text)
    if missing:
        return f"the argument {missing.group(1).strip('{}').upper()} is missing"
    return _plain(text, CLICK) or _lower_first(text.rstrip("."))


def write_report(command: str, args: Sequence[str], details: str) -> Path | None:
    """Keep the details of an unexpected error in a file of its own, for a bug report; the
    file, or ``None`` if it cannot be written."""
    from platformdirs import user_log_dir

    from geodeck import __version__

    folder = Path(user_log_dir("geodeck", appauthor=False))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"error-{stamp}-{os.getpid()}.txt"
    text = (
        f"{command} {' '.join(args)}\n"
        f"geodeck {__version__}, Python {platform.python_version()} on {platform.platform()}\n\n"
        f"{details}"
    )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    except OSError:
        return None
    return path
