"""Commands in messages, written so that they work as printed.

A message that suggests a command (``geodeck play --resume FILE``) names geodeck the way
it was started: ``geodeck`` when that name on PATH runs this very program; otherwise the
path that was typed (``.venv/bin/geodeck`` after ``scripts/setup``), relative to the
current folder when that is shorter, or ``python -m geodeck``. Paths are written the way a
shell reads them: quoted where needed, under the home folder as ``~/...``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

NAME = "geodeck"


def geodeck_command() -> str:
    """How to run this geodeck again from the current folder."""
    started = sys.argv[0] if sys.argv and sys.argv[0] else NAME
    if Path(started).name == "__main__.py":
        return f"{_runnable(sys.executable)} -m {NAME}"
    on_path = shutil.which(NAME)
    if on_path is not None and _same_file(on_path, started):
        return NAME
    if os.sep not in started and on_path is None:
        return NAME
    return _runnable(started)


def shell_path(path: str | os.PathLike[str], *, home: bool = True, relative: bool = True) -> str:
    """``path`` as a shell word: relative to the current folder if that is shorter and
    stays below it (``relative``), else absolute, with ``~`` for the home folder
    (``home``)."""
    absolute = os.path.abspath(os.fspath(path))
    try:
        below = os.path.relpath(absolute) if relative else absolute
    except ValueError:
        below = absolute
    if not below.startswith(os.pardir) and len(below) < len(absolute):
        return shlex.quote(below)
    if home:
        folder = os.path.expanduser("~")
        if folder not in ("", "~", os.sep) and absolute.startswith(folder + os.sep):
            rest = absolute[len(folder) + 1 :]
            if shlex.quote(rest) == rest:
                return "~/" + rest
    return shlex.quote(absolute)


def _runnable(program: str) -> str:
    """A program's path as a command: ``./geodeck`` rather than ``geodeck`` in this folder."""
    shown = shell_path(program, home=False)
    return shown if os.sep in shown else os.path.join(os.curdir, shown)


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False
