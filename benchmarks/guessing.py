"""How fast one client can try table and class codes against a ``geodeck serve``, and so
how long finding a table or a class by guessing takes (docs/protocol.md, Wrong codes and
tokens).

A ``geodeck serve`` (SQLite, the miss limit at its defaults) runs in a child process on
a loopback port. One client address opens ``--connections`` kept-alive HTTP connections
and asks, as fast as the answers come, ``GET /api/tables/{code}`` for random codes of
the right form for ``--seconds`` (after as long of ``GET /api/health``, to compare),
then ``GET /api/classes/{code}/me`` for random class codes: the guesses the process
answers per second (after the first 20, every wrong one is refused with
``limit/too_many_misses``, which tells a wrong code from a right one as well as a 404
does). From that rate it prints the expected time to find one of
``--tables`` tables (and ``--classes`` classes). It asserts nothing.

    .venv/bin/python benchmarks/guessing.py
    .venv/bin/python benchmarks/guessing.py --connections 16 --seconds 20 --tables 100000
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from geodeck.server.classroom.models import CLASS_DIGITS, CLASS_LETTERS
from geodeck.server.tokens import CODE_ALPHABET, CODE_LENGTH, new_code

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "tests" / "fixtures" / "sample-europe.json"
YEAR = 365.25 * 86_400


def table_guess() -> str:
    return f"/api/tables/{new_code()}"


def class_guess() -> str:
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CLASS_LETTERS))
    digits = "".join(secrets.choice(CLASS_DIGITS) for _ in range(3))
    return f"/api/classes/{letters}{digits}/me"


async def guess(url: str, connections: int, seconds: float, path: Callable[[], str]) -> float:
    statuses: collections.Counter[int] = collections.Counter()
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as http:
        stop = time.monotonic() + seconds

        async def one() -> None:
            while time.monotonic() < stop:
                statuses[(await http.get(path())).status_code] += 1

        started = time.monotonic()
        await asyncio.gather(*(one() for _ in range(connections)))
        took = time.monotonic() - started
    total = sum(statuses.values())
    print(f"  {total} guesses in {took:.1f} s: {total / took:,.0f}/s  {dict(statuses)}")
    return total / took


def expected(space: int, alive: int, rate: float, what: str) -> None:
    seconds = (space + 1) / (alive + 1) / rate
    print(
        f"  {space:.3g} codes, {alive:,} {what}: {(space + 1) / (alive + 1):.3g} guesses "
        f"on average, {seconds / 86_400:,.1f} days ({seconds / YEAR:,.2f} years) at {rate:,.0f}/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tables", type=int, nargs="+", default=[2000, 100_000])
    parser.add_argument("--classes", type=int, nargs="+", default=[1000])
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "geodeck", "serve", "--port", str(port)]
        command += ["--database-url", f"sqlite:///{tmp}/guessing.sqlite3", "--deck", str(DECK)]
        server = subprocess.Popen(command, env=os.environ, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    if httpx.get(f"{url}/api/health").is_success:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            print(f"geodeck serve, one client address, {args.connections} connections:")
            print("for comparison, GET /api/health (nothing looked up):")
            asyncio.run(guess(url, args.connections, args.seconds, lambda: "/api/health"))
            print("table codes (GET /api/tables/{code}):")
            rate = asyncio.run(guess(url, args.connections, args.seconds, table_guess))
            for alive in args.tables:
                expected(len(CODE_ALPHABET) ** CODE_LENGTH, alive, rate, "tables")
            print("class codes (GET /api/classes/{code}/me):")
            rate = asyncio.run(guess(url, args.connections, args.seconds, class_guess))
            space = len(CODE_ALPHABET) ** CLASS_LETTERS * len(CLASS_DIGITS) ** 3
            for alive in args.classes:
                expected(space, alive, rate, "classes")
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
