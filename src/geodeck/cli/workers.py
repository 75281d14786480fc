"""``geodeck serve --workers N``: N server processes on ports PORT to PORT+N-1.

Each process is ``geodeck serve`` with the same options, its own port and its slot
(``--slot I --slots N``), so that a reverse proxy hashing the table code over the same
ports in that order (deploy/nginx.conf) sends each table's requests to its home
(docs/protocol.md, Several server processes).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Sequence

SPLIT = {"--workers", "--port", "--slot", "--slots", "--address", "--metrics-address"}
"""The options each worker gets of its own."""


def worker_options(argv: Sequence[str]) -> list[str]:
    """``argv`` (the options given to ``geodeck serve``) less those in ``SPLIT``."""
    kept: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in SPLIT:
            skip = "=" not in arg
            continue
        kept.append(arg)
    return kept


def worker_commands(
    argv: Sequence[str], host: str, port: int, workers: int, metrics_address: str | None = None
) -> list[list[str]]:
    """Each worker's command line; with ``metrics_address`` HOST:PORT, worker I serves its
    metrics at HOST:PORT+I."""
    options = worker_options(argv)
    shown = f"[{host}]" if ":" in host else host
    metrics_host, _, metrics_port = (metrics_address or "").rpartition(":")
    return [
        [
            sys.executable, "-m", "geodeck", "serve", *options,
            "--workers", "1",
            "--port", str(port + i),
            "--slot", str(i),
            "--slots", str(workers),
            "--address", f"http://{shown}:{port + i}",
            *(["--metrics-address", f"{metrics_host}:{int(metrics_port) + i}"]
              if metrics_address else []),
        ]
        for i in range(workers)
    ]  # fmt: skip


def run_workers(commands: list[list[str]]) -> int:
    """Start every worker; when one ends or this process is stopped, stop them all."""
    processes = [subprocess.Popen(command) for command in commands]
    stopping = False

    def stop(_signal: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping and all(p.poll() is None for p in processes):
            time.sleep(0.2)
    except KeyboardInterrupt:
        # Ctrl-C in a terminal reaches the workers too: give them a moment to stop.
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and any(p.poll() is None for p in processes):
            time.sleep(0.1)
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
    code = 0
    for process in processes:
        try:
            code = code or abs(process.wait(timeout=15))
        except subprocess.TimeoutExpired:
            process.kill()
            code = 1
    return code
