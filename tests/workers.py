"""What one pytest-xdist worker owns alone, so that tests on other workers never meet it:
its loopback ports (its files, schemas and Redis keys are its own already: docs/testing.md).

``scripts/check`` runs the suite on several workers (``PYTEST_XDIST_WORKER`` is ``gw0``,
``gw1``, ...); a plain ``pytest`` is one process and counts as worker 0."""

from __future__ import annotations

import itertools
import os
import socket

_NUMBER = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
INDEX = int(_NUMBER) if _NUMBER.isdigit() else 0
"""This worker's number, from 0."""

FIRST_PORT = 20000
PORTS_EACH = 1000
"""Each worker takes ports from its own block of ``PORTS_EACH`` from ``FIRST_PORT`` on:
below Linux's ephemeral range (32768 and up), so no client socket takes one either."""

_turn = itertools.count()


def free_port() -> int:
    """A loopback port of this worker's block that nothing is bound to now; each call
    moves on, so two servers started one after the other never get the same port."""
    first = FIRST_PORT + (INDEX % 12) * PORTS_EACH
    for _ in range(PORTS_EACH):
        port = first + next(_turn) % PORTS_EACH
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {first}-{first + PORTS_EACH - 1}")
