"""Running the real installed ``geodeck`` command for the CLI tests: in a subprocess with
its input piped in, or on a terminal of its own; and what a player types and reads there."""

from __future__ import annotations

import atexit
import json
import os
import pty
import select
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.testing import CliRunner

import geodeck
from geodeck.cli.main import handle
from tests.support import sample_cards


def find_geodeck() -> str:
    beside = Path(sys.executable).with_name("geodeck")
    if beside.exists():
        return str(beside)
    found = shutil.which("geodeck")
    if found is None:
        raise RuntimeError("the geodeck command is not installed (scripts/setup --dev)")
    return found


GEODECK = find_geodeck()


DATA_HOME = tempfile.mkdtemp(prefix="geodeck-data-")
"""The user data directory of the commands the tests run (``XDG_DATA_HOME``), so that the
games they autosave never land in the real one."""
atexit.register(shutil.rmtree, DATA_HOME, True)


def plain_env(columns: int = 100, data: Path | None = None) -> dict[str, str]:
    """The environment the command runs in: UTF-8, ``columns`` wide, no colour, its data
    directory ``data`` (default: one for the whole test session)."""
    return {
        **os.environ,
        "PYTHONIOENCODING": "utf-8",
        "COLUMNS": str(columns),
        "NO_COLOR": "1",
        "XDG_DATA_HOME": str(data or DATA_HOME),
    }


def run_geodeck(
    *args: str | Path,
    stdin: str = "",
    timeout: float = 120,
    columns: int = 100,
    data: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """``geodeck ARGS...`` with ``stdin`` piped in, plain output ``columns`` wide, its data
    directory ``data``."""
    return subprocess.run(
        [GEODECK, *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=plain_env(columns, data),
        timeout=timeout,
        check=False,
    )


def run_in_process(
    *args: str | Path, stdin: str = "", columns: int = 100, data: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``geodeck ARGS...`` as ``run_geodeck`` runs it, but in this process (Click's
    ``CliRunner`` swaps in the standard streams and the environment): for the option and
    error checks, where a process of its own adds only its start-up time."""
    words = [str(arg) for arg in args]
    runner = CliRunner()
    argv = sys.argv
    sys.argv = [GEODECK, *words]
    try:
        with runner.isolation(input=stdin, env=plain_env(columns, data)) as (out, err, _):
            status = handle(words)
            sys.stdout.flush()
            sys.stderr.flush()
            said, complained = out.getvalue(), err.getvalue()
    finally:
        sys.argv = argv
    return subprocess.CompletedProcess(
        [GEODECK, *words], status, said.decode("utf-8"), complained.decode("utf-8")
    )


class Terminal:
    """The reading and typing end of the terminal a command runs on."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.seen = b""

    def expect(self, marker: bytes) -> bytes:
        """Read the terminal until ``marker``; return what came since the last marker."""
        deadline = time.monotonic() + 30
        while marker not in self.seen:
            assert time.monotonic() < deadline, f"no {marker!r} in {self.seen[-500:]!r}"
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                self.seen += os.read(self.master, 65536)
        before, _, self.seen = self.seen.partition(marker)
        return before

    def write(self, text: bytes) -> None:
        os.write(self.master, text)


@contextmanager
def terminal(*args: str | Path, columns: int = 100, rows: int | None = None) -> Iterator[Terminal]:
    """``geodeck ARGS...`` on a pseudo-terminal, its controlling terminal (which getpass
    uses), with ``TERM=xterm``; afterwards waited for (killed after 30 s) and closed."""
    env = {**plain_env(columns), "TERM": "xterm"}
    if rows is not None:
        env["LINES"] = str(rows)
    pid, master = pty.fork()
    if pid == 0:
        os.execve(GEODECK, [GEODECK, *map(str, args)], env)
    try:
        yield Terminal(master)
    finally:
        deadline = time.monotonic() + 30
        while os.waitpid(pid, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
            time.sleep(0.05)
        os.close(master)


def typed(lines: list[str]) -> str:
    """The input of ``lines``, each ended by Enter."""
    return "".join(line + "\n" for line in lines)


def saved(path: Path) -> dict[str, Any]:
    """The record the command saved at ``path``."""
    record: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return record


def replay_json(path: Path) -> dict[str, Any]:
    """The summary ``geodeck replay --json`` gives of the record at ``path``."""
    done = run_geodeck("replay", "--json", path)
    assert done.returncode == 0, done.stderr
    summary: dict[str, Any] = json.loads(done.stdout)
    return summary


KEYS = {"west-east": ("w", "e"), "north-south": ("s", "n"), "column": ("d", "u")}
"""The keys that challenge a placed card against its lower or its higher neighbour."""


def label(line: str, at: int, length: int) -> str:
    """The gap label a player types: letters west to east on the west-east line, numbers
    from the top on the north-south line and in a column."""
    if line == "west-east":
        return string.ascii_lowercase[at]
    return str(length - at + 1)


def winner_line(game: geodeck.Game) -> str:
    """The line that names the winners of the finished ``game``."""
    outcome = game.outcome()
    assert outcome is not None
    names = [game.seats[s] for s in outcome.winners]
    best = max(outcome.scores)
    if len(names) == 1:
        return f"{names[0]} wins with {best} points!"
    return f"{' and '.join(names)} share the win with {best} points!"


def tiny_record(folder: Path) -> Path:
    """Berlin on the table, Rome to place, then the final scoring."""
    cards = sample_cards()
    record = {
        "format": "geodeck/1",
        "game": "uppsala",
        "seats": ["Ann", "Ben"],
        "cards": {"berlin": cards["berlin"], "rome": cards["rome"]},
        "setup": {"start": "berlin", "draw": ["rome"], "reserve": []},
    }
    path = folder / "tiny.json"
    path.write_text(json.dumps(record), "utf-8")
    return path
