"""The installed ``geodeck`` command on a terminal of a given size, emulated by tmux: what
a player sees there (the visible rows, where the cursor is) and what they type.

Each ``Screen`` runs its own tmux server (its socket in a short temporary folder, removed
afterwards), with no status line (the pane is the whole terminal) and a pane that stays
after the command ends, so that its last screen can still be read. The command's data
directory is in the test's folder. ``scripts/browser-deps`` installs tmux.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.cli.command import GEODECK

TMUX = shutil.which("tmux")
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "terminal"
SETTINGS = "set -g status off\nset -g remain-on-exit on\nset -g history-limit 10000\n"


class Screen:
    """A terminal ``columns`` wide and ``rows`` high with ``geodeck ARGS...`` running on it."""

    def __init__(self, folder: Path, columns: int, rows: int) -> None:
        assert TMUX is not None, "tmux is not installed (scripts/browser-deps installs it)"
        self.tmux = TMUX
        self.columns, self.rows = columns, rows
        self.data = folder / "data"
        self.place = Path(tempfile.mkdtemp(prefix="geodeck-tmux-"))
        self.socket = str(self.place / "socket")
        self.settings = folder / "tmux.conf"
        self.settings.write_text(SETTINGS, "utf-8")

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(
            [self.tmux, "-S", self.socket, "-f", str(self.settings), *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=True,
            timeout=30,
        )
        return done.stdout

    def start(self, *args: str | Path) -> None:
        left_out = ("COLUMNS", "LINES", "TMUX", "TMUX_PANE")
        env = {k: v for k, v in os.environ.items() if k not in left_out}
        env.update({"PYTHONIOENCODING": "utf-8", "NO_COLOR": "1", "LANG": "C.UTF-8"})
        env["XDG_DATA_HOME"] = str(self.data)
        command = [GEODECK, *map(str, args)]
        subprocess.run(
            [self.tmux, "-S", self.socket, "-f", str(self.settings), "-u",
             "new-session", "-d", "-x", str(self.columns), "-y", str(self.rows),
             *command],
            env=env,
            check=True,
            timeout=30,
        )  # fmt: skip

    def close(self) -> None:
        subprocess.run(
            [self.tmux, "-S", self.socket, "kill-server"], capture_output=True, check=False
        )
        shutil.rmtree(self.place, ignore_errors=True)

    def lines(self) -> list[str]:
        """The visible rows, each without the spaces at its end."""
        shown = self._tmux("capture-pane", "-p").split("\n")
        return [line.rstrip() for line in shown[: self.rows]]

    def text(self) -> str:
        return "\n".join(self.lines())

    def cursor(self) -> tuple[int, int]:
        """The cursor's column and row, counted from 0."""
        column, row = self._tmux("display-message", "-p", "#{cursor_x} #{cursor_y}").split()
        return int(column), int(row)

    def ended(self) -> bool:
        return self._tmux("display-message", "-p", "#{pane_dead}").strip() == "1"

    def wait_for(self, text: str, timeout: float = 30) -> list[str]:
        """The visible rows once ``text`` is among them and the screen has stopped changing
        (the command waits for input, or has ended)."""
        deadline = time.monotonic() + timeout
        before: list[str] = []
        while True:
            shown = self.lines()
            if text in "\n".join(shown) and shown == before:
                return shown
            assert time.monotonic() < deadline, f"no {text!r} on the screen:\n" + "\n".join(shown)
            before = shown
            time.sleep(0.1)

    def prompt(self, text: str, timeout: float = 30) -> list[str]:
        """The visible rows once the command waits at a prompt with ``text`` on the screen:
        the cursor stands after the prompt (after a ``:`` or a ``.`` on its row), the same
        on two looks in a row. Right after Enter the cursor is at the start of a row, so
        the screen before the answer is never taken for the next one."""
        deadline = time.monotonic() + timeout
        before: tuple[list[str], tuple[int, int]] | None = None
        while True:
            shown, cursor = self.lines(), self.cursor()
            column, row = cursor
            waiting = column > 0 and shown[row][:column].rstrip().endswith((":", "."))
            if waiting and text in "\n".join(shown) and before == (shown, cursor):
                return shown
            assert time.monotonic() < deadline, f"no {text!r} prompt:\n" + "\n".join(shown)
            before = (shown, cursor)
            time.sleep(0.05)

    def type(self, line: str) -> None:
        """``line`` typed and Enter pressed."""
        if line:
            self._tmux("send-keys", "-l", line)
        self._tmux("send-keys", "Enter")

    def save(self, name: str) -> Path:
        """The visible rows written to ``artifacts/terminal/NAME.txt``, to look at later."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.txt"
        path.write_text(self.text() + "\n", "utf-8")
        return path


@contextmanager
def screen(folder: Path, *args: str | Path, columns: int, rows: int) -> Iterator[Screen]:
    """``geodeck ARGS...`` on a tmux terminal of ``columns`` by ``rows``; stopped after."""
    shown = Screen(folder, columns, rows)
    shown.start(*args)
    try:
        yield shown
    finally:
        shown.close()
