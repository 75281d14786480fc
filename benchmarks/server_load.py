"""Load on the game server: many tables played to the end by bots over real websockets.

Starts ``geodeck``'s server in a child process on a loopback port (with a bare websocket
echo endpoint beside it as the ceiling), creates M tables of S seats, connects one
websocket client per seat, and lets each client's random bot choose from the legal actions
in its state messages until every game is over. Prints actions per second, the latency
from sending an action to the moment the table's last seat has the new state (p50, p99),
the server's memory per table, and the same throughput and latency for the echo endpoint.
It asserts nothing.

    .venv/bin/python benchmarks/server_load.py --tables 20 --seats 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from geodeck.bots import make_bot

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "tests" / "fixtures" / "sample-europe.json"


def serve(port: int, database_url: str) -> None:
    """The child process: the geodeck app plus ``/bench/echo``."""
    import uvicorn
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    from geodeck.cli.serve import load_decks
    from geodeck.server import Settings, create_app

    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            while True:
                await websocket.send_text(await websocket.receive_text())
        except WebSocketDisconnect:
            return

    settings = Settings(database_url=database_url, decks=load_decks([str(DECK)]), bot_delay=0)
    app = create_app(settings)
    app.router.routes.insert(0, WebSocketRoute("/bench/echo", echo))
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=port,
        ws="websockets-sansio",
        ws_max_size=64 * 1024,
        log_level="warning",
    )


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Table:
    """One table's clients: each state message may let a seat's bot act."""

    def __init__(self, code: str, seats: int, seed: int, latencies: list[float]) -> None:
        self.code = code
        self.seats = seats
        self.tokens: dict[str, str] = {}
        self.latest: dict[int, dict[str, Any]] = {}
        self.sockets: dict[int, ClientConnection] = {}
        self.bots = [make_bot("random", seed + s) for s in range(seats)]
        self.sent: dict[int, float] = {}
        self.waiting: dict[int, set[int]] = {}
        self.acted: set[int] = set()
        self.latencies = latencies
        self.actions = 0
        self.done = asyncio.Event()

    def on_state(self, seat: int, state: dict[str, Any]) -> None:
        now = time.perf_counter()
        version = state["version"]
        self.latest[seat] = state
        for target in [v for v in self.waiting if v <= version]:
            self.waiting[target].discard(seat)
            if not self.waiting[target]:
                del self.waiting[target]
                self.latencies.append(now - self.sent.pop(target))
        if len(self.latest) < self.seats:
            return
        if any(s["version"] != version for s in self.latest.values()) or version in self.acted:
            return
        if state["status"] == "finished":
            self.done.set()
            return
        movers = [s for s, st in sorted(self.latest.items()) if st["legal"]]
        if not movers:
            return
        mover = movers[0]
        legal = self.latest[mover]["legal"]
        action = self.bots[mover].choose(self.latest[mover]["view"], legal)
        self.acted.add(version)
        self.sent[version + 1] = time.perf_counter()
        self.waiting[version + 1] = set(range(self.seats))
        self.actions += 1
        message = json.dumps({"type": "act", "version": version, "action": action})
        asyncio.get_running_loop().create_task(self.sockets[mover].send(message))

    async def reader(self, seat: int, conn: ClientConnection) -> None:
        async for raw in conn:
            message = json.loads(raw)
            if message["type"] == "state":
                self.on_state(seat, message)
            elif message["type"] == "error" and message["code"] != "act/stale":
                print(f"table {self.code}: {message}", file=sys.stderr)


async def play_tables(
    url: str, count: int, seats: int, pid: int, compression: str | None
) -> dict[str, Any]:
    ws_base = url.replace("http://", "ws://")
    latencies: list[float] = []
    tables: list[Table] = []
    before = rss_kib(pid)
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for i in range(count):
            response = await http.post(
                "/api/tables",
                json={
                    "game": "uppsala",
                    "seats": [{} for _ in range(seats)],
                    "claim": list(range(seats)),
                    "seed": i,
                },
            )
            created = response.json()
            table = Table(created["table"]["code"], seats, 1000 * i, latencies)
            table.tokens = created["tokens"]
            tables.append(table)
    after_create = rss_kib(pid)
    readers = []
    for table in tables:
        for seat in range(seats):
            conn = await connect(
                f"{ws_base}/ws/{table.code}", max_size=None, compression=compression
            )
            table.sockets[seat] = conn
            readers.append(asyncio.create_task(table.reader(seat, conn)))
    start = time.perf_counter()
    for table in tables:
        for seat, conn in table.sockets.items():
            token = table.tokens[str(seat)]
            await conn.send(json.dumps({"type": "hello", "token": token}))
    await asyncio.wait_for(asyncio.gather(*(t.done.wait() for t in tables)), 600)
    elapsed = time.perf_counter() - start
    after_play = rss_kib(pid)
    for table in tables:
        for conn in table.sockets.values():
            await conn.close()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    actions = sum(t.actions for t in tables)
    return {
        "tables": count,
        "seats": seats,
        "actions": actions,
        "seconds": elapsed,
        "actions_per_s": actions / elapsed,
        "p50_ms": 1000 * percentile(latencies, 0.50),
        "p99_ms": 1000 * percentile(latencies, 0.99),
        "mean_ms": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        "rss_kib_start": before,
        "kib_per_table_created": (after_create - before) / count,
        "kib_per_table_played": (after_play - before) / count,
    }


async def echo(url: str, connections: int, rounds: int) -> dict[str, Any]:
    ws_base = url.replace("http://", "ws://")
    payload = json.dumps(
        {"type": "act", "version": 12, "action": {"act": "place", "line": "west-east", "at": 1}}
    )
    conns = [await connect(f"{ws_base}/bench/echo") for _ in range(connections)]
    latencies: list[float] = []

    async def loop(conn: ClientConnection) -> None:
        for _ in range(rounds):
            sent = time.perf_counter()
            await conn.send(payload)
            await conn.recv()
            latencies.append(time.perf_counter() - sent)

    start = time.perf_counter()
    await asyncio.gather(*(loop(s) for s in conns))
    elapsed = time.perf_counter() - start
    for conn in conns:
        await conn.close()
    return {
        "connections": connections,
        "messages": len(latencies),
        "messages_per_s": len(latencies) / elapsed,
        "p50_ms": 1000 * percentile(latencies, 0.50),
        "p99_ms": 1000 * percentile(latencies, 0.99),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--echo-rounds", type=int, default=200)
    parser.add_argument(
        "--no-compression", action="store_true", help="clients do not offer permessage-deflate"
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.database_url)
        return
    random.seed(0)
    with tempfile.TemporaryDirectory() as folder:
        database = args.database_url or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        child = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(port), "--database-url", database], env=env
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{url}/api/health", timeout=1)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or child.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.05)
            connections = args.tables * args.seats
            echoed = asyncio.run(echo(url, connections, args.echo_rounds))
            compression = None if args.no_compression else "deflate"
            played = asyncio.run(play_tables(url, args.tables, args.seats, child.pid, compression))
        finally:
            child.terminate()
            child.wait(10)
    storage = "sqlite" if database.startswith("sqlite") else database.split(":")[0]
    deflate = "off" if args.no_compression else "on"
    print(
        f"storage: {storage}; server: one process (uvicorn, websockets-sansio); "
        f"permessage-deflate {deflate}"
    )
    print(
        f"games:  {played['tables']} tables x {played['seats']} seats, "
        f"{played['actions']} actions in {played['seconds']:.2f} s = "
        f"{played['actions_per_s']:.0f} actions/s"
    )
    print(
        f"        action -> last seat's state: p50 {played['p50_ms']:.2f} ms, "
        f"p99 {played['p99_ms']:.2f} ms, mean {played['mean_ms']:.2f} ms"
    )
    print(
        f"        server memory: {played['rss_kib_start'] / 1024:.1f} MiB at start, "
        f"+{played['kib_per_table_created']:.0f} KiB per new table, "
        f"+{played['kib_per_table_played']:.0f} KiB per table after its game"
    )
    print(
        f"echo:   {echoed['connections']} connections, {echoed['messages']} round trips = "
        f"{echoed['messages_per_s']:.0f} messages/s; p50 {echoed['p50_ms']:.2f} ms, "
        f"p99 {echoed['p99_ms']:.2f} ms"
    )


if __name__ == "__main__":
    main()
