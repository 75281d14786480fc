"""A terminal emulator for the CLI tests: tmux, with its scrollback.

``Tmux`` runs a command on a pane of a tmux server of its own (its socket in the test's
folder, no user configuration), types into it and reads what the pane shows, and all it
has scrolled away: what a player could scroll back to after the game. tmux keeps the
alternate screen apart from the scrollback and, as many terminals do, moves a screen that
is cleared into the scrollback (``scroll-on-clear``), so a secret merely cleared from the
screen is found there. scripts/browser-deps installs tmux; without it these tests skip.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
EXITED = re.compile(r"\[exited (-?\d+)\]")
WRAPPER = (
    "import signal, subprocess, sys\n"
    "signal.signal(signal.SIGINT, lambda *_: None)\n"
    "status = subprocess.call(sys.argv[1:])\n"
    "print(f'[exited {status}]', flush=True)\n"
)
"""Runs the command and then prints its exit status on the pane (tmux's own record of it
is not always filled in); Ctrl-C reaches the command alone."""
needs_tmux = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (scripts/browser-deps)")


class Tmux:
    """One tmux pane running a command, ``columns`` by ``rows``."""

    def __init__(self, folder: Path) -> None:
        assert TMUX is not None
        self.folder = Path(tempfile.mkdtemp(prefix="geodeck-tmux-"))
        """A short path for the socket (a socket's path has a length limit)."""
        self.socket = self.folder / "sock"
        self.config = folder / "tmux.conf"
        self.config.write_text(
            "set -g remain-on-exit on\nset -g history-limit 50000\nset -g status off\n",
            "utf-8",
        )

    def tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run(
            [TMUX, "-S", str(self.socket), "-f", str(self.config), *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
            timeout=30,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def start(
        self,
        command: list[str],
        *,
        env: Mapping[str, str],
        cwd: Path,
        columns: int = 100,
        rows: int = 30,
    ) -> None:
        """Run ``command`` in ``cwd`` with exactly ``env`` (through ``env -i``)."""
        words = [
            sys.executable, "-c", WRAPPER, "env", "-i", *(f"{k}={v}" for k, v in env.items()),
            *command,
        ]  # fmt: skip
        self.tmux(
            "new-session", "-d", "-x", str(columns), "-y", str(rows), "-c", str(cwd),
            shlex.join(words),
        )  # fmt: skip

    def type(self, text: str, enter: bool = True) -> None:
        """Type ``text`` (and Enter) into the pane."""
        if text:
            self.tmux("send-keys", "-t", "0", "-l", text)
        if enter:
            self.tmux("send-keys", "-t", "0", "Enter")

    def key(self, name: str) -> None:
        """Press a key by tmux's name for it: ``C-c``, ``C-d``."""
        self.tmux("send-keys", "-t", "0", name)

    def screen(self) -> str:
        """What the pane shows now (lines the terminal wrapped joined again)."""
        return self.tmux("capture-pane", "-p", "-J", "-t", "0")

    def everything(self) -> str:
        """The scrollback and the screen below it, as a player could scroll through them
        afterwards. (While the alternate screen is on, tmux shows that instead.)"""
        return self.tmux("capture-pane", "-p", "-J", "-t", "0", "-S", "-", "-E", "-")

    def wait_for(self, text: str, timeout: float = 30) -> str:
        """Wait until the screen shows ``text``; the screen."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            assert time.monotonic() < deadline, f"no {text!r} on the screen:\n{shown}"
            time.sleep(0.1)

    def asks(self, prompt: str, timeout: float = 30) -> str:
        """Wait until the screen ends with ``prompt`` (spaces at the ends of lines aside):
        the command waits for an answer there; the screen."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            lines = "\n".join(line.rstrip() for line in shown.rstrip().splitlines())
            if lines.endswith(prompt.rstrip()):
                return shown
            assert time.monotonic() < deadline, f"not asking {prompt!r}:\n{shown}"
            time.sleep(0.1)

    def ended(self, timeout: float = 30) -> int:
        """Wait for the command to end; its exit status (-N if signal N ended it)."""
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            found = EXITED.findall(shown)
            if found:
                return int(found[-1])
            assert time.monotonic() < deadline, f"still running:\n{shown}"
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run(
            [str(TMUX), "-S", str(self.socket), "kill-server"], capture_output=True, check=False
        )
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def tmux_pane(folder: Path) -> Iterator[Tmux]:
    """A tmux server of its own for one test, killed afterwards."""
    pane = Tmux(folder)
    try:
        yield pane
    finally:
        pane.close()
