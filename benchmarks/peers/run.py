"""geodeck beside its peers: boardgame.io and Colyseus, saturated the same way, in one run.

Three servers run side by side on loopback: geodeck (``benchmarks/server_load.py``'s server,
pauses off, every action stored in SQLite before anyone hears of it), boardgame.io 0.50 (its
own server, socket.io transport, games in memory) and Colyseus 0.16 (its WebSocket
transport, rooms in memory). The peers play a small game of our own (``deal.js``): three
seats, each holding cards only it sees, that on its turn plays one card onto a shared line;
each seat is sent its own hand, the others' hand sizes and the line. geodeck plays uppsala
with three seats. Each round is the saturation run of ``server_load.py``: ``--tables``
tables of three seats, the seat whose turn it is moving as soon as every seat has the last
state, finished tables replaced from a reserve that is refilled in the background. Rounds
alternate (geodeck, boardgame.io, Colyseus, geodeck, ...), so that the machine's other work
falls on all three alike. geodeck's clients are ``server_load.py``'s, in this process; the
peers' are their own SDKs, in a Node process (``driver.js``).

Per round and server: actions/s, the server's CPU per action (utime + stime of its process
over the window), p50/p99 from a move to the moment the table's last seat has the new
state, and the server's memory per table (RSS growth over the reserve of fresh tables,
made after the first ones). It asserts nothing.

    benchmarks/peers/setup
    .venv/bin/python benchmarks/peers/run.py --tables 50 --rounds 3 --duration 20
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import server_load  # noqa: E402

SERVERS = ("geodeck", "bgio", "colyseus")
LABELS = {"geodeck": "geodeck", "bgio": "boardgame.io", "colyseus": "Colyseus"}
NODE_SCRIPTS = {"bgio": "bgio_server.js", "colyseus": "colyseus_server.js"}


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50, help="tables in play per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per server")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument(
        "--reserve", type=int, default=1, help="fresh tables kept ready per table in play"
    )
    parser.add_argument(
        "--servers",
        default=",".join(SERVERS),
        help="which servers, in the order of each round (default: %(default)s)",
    )
    parser.add_argument("--node", default="node", help="the Node executable")
    args = parser.parse_args(argv)
    args.servers = [name.strip() for name in args.servers.split(",") if name.strip()]
    unknown = [name for name in args.servers if name not in SERVERS]
    if unknown or not args.servers:
        parser.error(f"--servers: choose among {', '.join(SERVERS)}")
    return args


def load_args(args: argparse.Namespace) -> argparse.Namespace:
    """The options of ``server_load.py`` for a geodeck round (its warm-up is a quarter)."""
    return server_load.saturation_options(args.tables, 4 * args.warmup, args.duration, args.reserve)


def geodeck_round(url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    r = server_load.run_client(server_load.saturation(url, pid, load_args(args)))
    return {
        "actions": r["actions"],
        "actions_per_s": r["actions_per_s"],
        "server_cpu": r["server_cpu"],
        "client_cpu": r["client_cpu"],
        "other_cpu": r["other_cpu"],
        "p50_ms": r["p50_ms"],
        "p99_ms": r["p99_ms"],
        "kib_per_table": r["kib_per_table_ready"],
        "short": r["short"],
        "live_min": r["live_min"],
    }


def peer_round(name: str, url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    command = [args.node, str(HERE / "driver.js"), "--server", name, "--url", url]
    command += ["--pid", str(pid), "--tables", str(args.tables), "--seconds", str(args.duration)]
    command += ["--warmup", str(args.warmup), "--reserve", str(args.reserve)]
    timeout = args.duration + args.warmup + 300
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise SystemExit(f"the {name} driver failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    for key in ("p50_ms", "p99_ms"):
        result[key] = math.nan if result[key] is None else result[key]
    return result


def cpu_us(figures: dict[str, Any]) -> float:
    if not figures["actions"]:
        return math.nan
    return float(1e6 * figures["server_cpu"] / figures["actions_per_s"])


def round_line(index: int, name: str, f: dict[str, Any]) -> str:
    return (
        f"round {index + 1} {LABELS[name]:<13} {f['actions_per_s']:7.0f} actions/s, "
        f"server CPU {f['server_cpu']:4.0%} = {cpu_us(f):5.0f} us/action, "
        f"p50 {f['p50_ms']:6.1f} ms, p99 {f['p99_ms']:6.1f} ms, "
        f"+{f['kib_per_table']:.0f} KiB/table; CPU client {f['client_cpu']:.0%}, other "
        f"processes {f['other_cpu']:.0%}; tables in play >= {f['live_min']}, short {f['short']}"
    )


def summary(rounds: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The side-by-side table: medians over the rounds, memory from the round that grew most
    (later rounds reuse memory the server already holds)."""
    lines = [
        "| server | actions/s | server CPU us/action | p50 ms | p99 ms | KiB/table |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, figures in rounds.items():
        if not figures:
            continue
        rate = statistics.median(f["actions_per_s"] for f in figures)
        cost = statistics.median(cpu_us(f) for f in figures)
        p50 = statistics.median(f["p50_ms"] for f in figures)
        p99 = statistics.median(f["p99_ms"] for f in figures)
        memory = max(f["kib_per_table"] for f in figures)
        lines.append(
            f"| {LABELS[name]} | {rate:.0f} | {cost:.0f} | {p50:.1f} | {p99:.1f} | {memory:.0f} |"
        )
    return lines


def wait_for_port(port: int, child: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        if time.monotonic() > deadline or child.poll() is not None:
            raise SystemExit(f"{what} did not start")
        time.sleep(0.05)


@contextlib.contextmanager
def node_server(name: str, node: str) -> Iterator[tuple[str, int]]:
    port = server_load.free_port()
    child = subprocess.Popen(
        [node, str(HERE / NODE_SCRIPTS[name]), str(port)], stdout=subprocess.DEVNULL
    )
    try:
        wait_for_port(port, child, LABELS[name])
        yield f"http://127.0.0.1:{port}", child.pid
    finally:
        child.terminate()
        child.wait(10)


def main() -> None:
    args = parse_args()
    peers = [name for name in args.servers if name != "geodeck"]
    if peers and not (HERE / "node_modules").is_dir():
        raise SystemExit("the peers are not installed: run benchmarks/peers/setup first")
    if peers and shutil.which(args.node) is None:
        raise SystemExit(f"no Node executable {args.node!r}")
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in args.servers}
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        servers: dict[str, tuple[str, int]] = {}
        if "geodeck" in args.servers:
            database = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
            servers["geodeck"] = stack.enter_context(
                server_load.start_server(database, load_args(args))
            )
        for name in peers:
            servers[name] = stack.enter_context(node_server(name, args.node))
        for index in range(args.rounds):
            for name in args.servers:
                url, pid = servers[name]
                if name == "geodeck":
                    figures = geodeck_round(url, pid, args)
                else:
                    figures = peer_round(name, url, pid, args)
                rounds[name].append(figures)
                print(round_line(index, name, figures), flush=True)
    print(
        f"\n{args.tables} tables x 3 seats, {args.rounds} rounds of {args.duration:g} s per "
        f"server, alternating; medians over the rounds"
    )
    print("\n".join(summary(rounds)))


if __name__ == "__main__":
    main()
