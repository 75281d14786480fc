"""The real ``geodeck`` command on a pseudo-terminal of its own, read to the end: what it
showed (without the terminal's escape codes), its exit status, and Ctrl-C typed at it."""

from __future__ import annotations

import contextlib
import os
import pty
import re
import select
import signal
import time
from pathlib import Path

from tests.cli.command import GEODECK, plain_env

ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]")
CTRL_C = b"\x03"


class OnTerminal:
    """``geodeck ARGS...`` on a terminal ``columns`` wide; ``env`` is added to the plain
    environment of ``tests.cli.command``.

    The command runs in a session of its own (``pty.fork``): when a check fails or the
    command outlives ``finish``'s timeout, the whole session is killed, worker processes
    included, so that a failed test leaves nothing running for the tests after it."""

    def __init__(
        self,
        *args: str | Path,
        columns: int = 80,
        rows: int = 24,
        env: dict[str, str] | None = None,
    ) -> None:
        environment = {**plain_env(columns), "TERM": "xterm", "LINES": str(rows), **(env or {})}
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            os.execve(GEODECK, [GEODECK, *map(str, args)], environment)
        self.raw = b""
        self.status: int | None = None

    @property
    def text(self) -> str:
        """Everything shown so far, without escape codes and carriage returns."""
        plain = ESCAPES.sub(b"", self.raw).replace(b"\r", b"")
        return plain.decode("utf-8", errors="replace")

    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; ``False`` once the terminal is closed."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return False
        self.raw += chunk
        return bool(chunk)

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        """Read until the text matches ``pattern`` (``.`` matching newlines too)."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.text, re.DOTALL)
            if found:
                return found
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"no {pattern!r} in {self.text[-800:]!r}")
            if not self._read(0.2):
                raise AssertionError(f"ended without {pattern!r}: {self.text[-800:]!r}")

    def kill(self) -> None:
        """Kill the command and every process it started (its session's group)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def finish(self, timeout: float = 60) -> int:
        """Read to the end and wait for the command; its exit status (killed after
        ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while self._read(0.2):
            if time.monotonic() > deadline:
                self.kill()
                break
        _, status = os.waitpid(self.pid, 0)
        os.close(self.master)
        self.status = os.waitstatus_to_exitcode(status)
        return self.status
