"""Scale-out: the saturation run of ``server_load.py`` on SQLite with one process, then on
PostgreSQL with one, two and three processes sharing it through Redis, in one run.

Each server is ``geodeck serve`` itself (``--slot I --slots N`` with several, as
``--workers N`` starts them). The tables are made round robin over the processes, as a
proxy spreads ``POST /api/tables``; each process makes codes homed in itself, and every
seat of a table connects to the process whose slot the code hashes to, as
deploy/nginx.conf routes it, so clients land on the home. Printed, one line each:
actions/s, the server processes' CPU (cores, summed) and CPU µs per action over them,
each process's share, the clients' and the rest of the machine's CPU (PostgreSQL and
Redis are in the rest), p50/p99 latency. It asserts nothing.

    .venv/bin/python benchmarks/scale_out.py
    .venv/bin/python benchmarks/scale_out.py --tables 60 --duration 15 --processes 1,2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

import server_load as load
from geodeck.server.home import slot_of

ROOT = Path(__file__).resolve().parents[1]
PG_URL = "postgresql://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"


class Meters(load.Meter):
    """The meter of ``server_load`` over several server processes: their CPU summed."""

    def __init__(self, pids: list[int]) -> None:
        super().__init__(pids[0])
        self.pids = pids
        self.each: list[float] = []
        self._each: list[float] = []

    def start(self) -> None:
        self._each = [load.cpu_seconds(pid) for pid in self.pids]
        super().start()

    def stop(self) -> None:
        super().stop()
        self.each = [
            (load.cpu_seconds(pid) - before) / self.seconds
            for pid, before in zip(self.pids, self._each, strict=True)
        ]
        machine = self.server_cpu + self.client_cpu + self.other_cpu
        self.server_cpu = sum(self.each)
        self.other_cpu = max(0.0, machine - self.server_cpu - self.client_cpu)


class Spread(load.Fleet):
    """Tables made round robin over the processes; each table's seats at its home."""

    def __init__(self, urls: list[str], meter: load.Meter, args: argparse.Namespace) -> None:
        super().__init__(urls[0], meter, args)
        self.urls = urls
        self.turn = 0

    async def make(
        self, count: int, pace: float, on_finish: Callable[[load.Table], None]
    ) -> list[load.Table]:
        made: list[load.Table] = []
        shares = [count // len(self.urls)] * len(self.urls)
        for i in range(count % len(self.urls)):
            shares[(self.turn + i) % len(self.urls)] += 1
        self.turn += count
        for url, share in zip(self.urls, shares, strict=True):
            if not share:
                continue
            self.url, self.ws_base = url, url.replace("http://", "ws://")
            tables = await super().make(share, pace, on_finish)
            if len(self.urls) > 1:
                homes = {slot_of(t.code, len(self.urls)) for t in tables}
                assert homes == {self.urls.index(url)}, "a table was made away from its home"
            made += tables
        return made


async def saturate(urls: list[str], pids: list[int], args: argparse.Namespace) -> dict[str, Any]:
    meter = Meters(pids)
    lineup = load.Lineup(Spread(urls, meter, args), args.tables, args.reserve)
    await lineup.start()
    await asyncio.sleep(args.warmup)
    meter.start()
    await asyncio.sleep(args.duration)
    meter.stop()
    figures = load.game_figures(meter, args.tables, args.seats)
    figures.update(await lineup.stop())
    figures["each"] = meter.each
    return figures


@contextlib.contextmanager
def servers(
    count: int, database: str, schema: str | None, redis: str | None
) -> Iterator[tuple[list[str], list[int]]]:
    ports = [load.free_port() for _ in range(count)]
    children: list[subprocess.Popen[bytes]] = []
    for i, port in enumerate(ports):
        command = [
            sys.executable, "-m", "geodeck", "serve", "--host", "127.0.0.1",
            "--port", str(port), "--database-url", database, "--bot-delay", "0",
            "--grace", "3600", "--pause", "0", "--log-level", "warning", "--no-compress",
            "--creations-burst", "1000000000",
            # every client of the run connects from this one address
            "--connections-per-address", "1000000", "--max-connections", "1000000",
        ]  # fmt: skip
        if schema is not None:
            command += ["--schema", schema]
        if redis is not None:
            command += ["--redis-url", redis, "--slot", str(i), "--slots", str(count)]
        children.append(subprocess.Popen(command, cwd=ROOT))
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for url, child in zip(urls, children, strict=True):
            deadline = time.monotonic() + 30
            while True:
                with contextlib.suppress(httpx.TransportError):
                    httpx.get(f"{url}/api/health", timeout=1)
                    break
                if time.monotonic() > deadline or child.poll() is not None:
                    raise SystemExit("a server did not start")
                time.sleep(0.05)
        time.sleep(1.5)  # every process has seen the others
        yield urls, [c.pid for c in children]
    finally:
        for child in children:
            child.send_signal(signal.SIGINT)
        for child in children:
            try:
                child.wait(15)
            except subprocess.TimeoutExpired:
                child.kill()


def drop_schema(schema: str) -> None:
    from geodeck.server.storage import Storage

    storage = Storage(PG_URL, schema=schema)
    try:
        storage.drop_schema()
    finally:
        storage.close()


def one(label: str, count: int, args: argparse.Namespace, folder: str) -> dict[str, Any]:
    if label == "sqlite":
        with servers(1, f"sqlite:///{Path(folder) / 'scale.sqlite3'}", None, None) as (u, p):
            return load.run_client(saturate(u, p, args))
    schema = f"geodeck_scale_{uuid.uuid4().hex[:8]}"
    try:
        with servers(count, args.database_url, schema, args.redis_url) as (urls, pids):
            return load.run_client(saturate(urls, pids, args))
    finally:
        drop_schema(schema)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables in play at once")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--reserve", type=int, default=2)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--processes", default="1,2,3", help="PostgreSQL process counts")
    parser.add_argument("--database-url", default=PG_URL)
    parser.add_argument("--redis-url", default=REDIS_URL)
    args = parser.parse_args()
    args.full_states = False
    args.compress = False
    runs = [("sqlite", 1)] + [("postgresql", int(n)) for n in args.processes.split(",")]
    rows: list[tuple[str, int, dict[str, Any]]] = []
    with tempfile.TemporaryDirectory() as folder:
        for label, count in runs:
            rows.append((label, count, one(label, count, args, folder)))
    print(
        f"saturation, {args.tables} tables x {args.seats} seats in play, {args.duration:g} s "
        f"each, on {os.cpu_count()} cores (clients share them)"
    )
    header = (
        f"{'storage':<11}{'procs':>6}{'actions/s':>11}{'vs sqlite':>10}{'server cores':>13}"
        f"{'µs/action':>10}  {'per process (cores)':<22}{'client':>7}{'other':>7}"
        f"{'p50 ms':>8}{'p99 ms':>8}{'live min':>9}"
    )
    print(header)
    base = rows[0][2]["actions_per_s"]
    for label, count, f in rows:
        rate = f["actions_per_s"]
        cost = 1e6 * f["server_cpu"] / rate if rate else float("nan")
        each = " ".join(f"{c:.2f}" for c in f["each"])
        print(
            f"{label:<11}{count:>6}{rate:>11.0f}{rate / base:>9.2f}x{f['server_cpu']:>13.2f}"
            f"{cost:>10.0f}  {each:<22}{f['client_cpu']:>7.2f}{f['other_cpu']:>7.2f}"
            f"{f['p50_ms']:>8.1f}{f['p99_ms']:>8.1f}{f['live_min']:>9}"
        )


if __name__ == "__main__":
    main()
