"""Where geodeck's server spends its CPU per action at saturation, by part, from py-spy.

The server and clients are ``server_load.py``'s saturation run (``--tables`` tables of
three seats, pauses off, SQLite). Once the tables are in play, py-spy samples the thread
that holds the interpreter's lock (``--gil``, ``--rate`` a second for ``--duration``
seconds) while the run's meter counts actions and the server's CPU. Each sample goes to
the innermost frame that belongs to a known part (``PARTS``); the frames of the standard
library and of libraries no part names are passed over, so a ``copy`` or ``uuid`` made by
the room counts as the room's. A sample whose innermost known frame is the event loop's
own (uvloop's C code has no Python frames: reading and writing sockets, running
callbacks) counts as the event loop's. A sample is 1/``--rate`` s of the lock held, so a
part's samples over the window's actions are what it costs an action; what the server's
CPU counted beyond all the samples ran without the lock: SQLite's own work, mostly. (A
thread that holds the lock but waits for a core counts as holding it: on a machine with
too little CPU for server, clients and py-spy, the samples overstate.)

The last lines put the parts in two sums: the stack any websocket game server pays
(event loop, websocket protocol, HTTP), and geodeck's own work (rules, views, states,
encoding, storage, ratings, the room). py-spy slows the server while it samples, so the
window's figures are a little above a run without it. It asserts nothing.

    pip install py-spy            # not one of geodeck's dependencies
    .venv/bin/python benchmarks/peers/profile.py [--tables 100] [--duration 30] [--rate 100]
    .venv/bin/python benchmarks/peers/profile.py --functions 25   # and the busiest functions
    .venv/bin/python benchmarks/peers/profile.py --age 300        # a server saturated 5 min
    .venv/bin/python benchmarks/peers/profile.py --age 180 --beside-fresh --functions 30
                                  # that and a fresh server sampled at once, side by side
    .venv/bin/python benchmarks/peers/profile.py --native --functions 20
                                  # and the C functions (interpreter, libraries) too

With ``--native`` py-spy also reads each sample's C frames; the samples still go to parts
by their Python frames, and a list of C functions (the innermost frame of a sample, where
that is C code with a name) follows the Python ones.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import re
import shutil
import sys
import tempfile
from asyncio.subprocess import Process
from collections.abc import Coroutine, Iterable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import server_load  # noqa: E402

STACK = "stack"
OWN = "own"

PARTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "storage (SQLite, SQLAlchemy: the group commit, new tables, reads)",
        OWN,
        ("geodeck/server/storage/", "geodeck/server/writer.py", "sqlalchemy/", "sqlite3/"),
    ),
    (
        "ratings (players' and cards')",
        OWN,
        ("geodeck/ratings/", "geodeck/server/cards.py", "geodeck/server/standing.py", "openskill/"),
    ),
    ("delta states (states.py)", OWN, ("geodeck/server/states.py",)),
    (
        "encoding and parsing (protocol, pydantic, orjson)",
        OWN,
        ("geodeck/server/protocol.py", "pydantic/", "pydantic_core/", "geodeck/records"),
    ),
    ("engine views", OWN, ("geodeck/cross/view", "geodeck/undercover/view")),
    ("engine rules and wire", OWN, ("geodeck/cross/", "geodeck/undercover/", "geodeck/core/")),
    ("bots", OWN, ("geodeck/bots/",)),
    (
        "websocket protocol (uvicorn, websockets, the guard)",
        STACK,
        (
            "websockets/",
            "uvicorn/protocols/websockets/",
            "geodeck/server/table_socket.py",
            "geodeck/server/relay.py",
            "geodeck/server/guarded_http.py",
        ),
    ),
    (
        "HTTP (uvicorn, Starlette, FastAPI)",
        STACK,
        ("uvicorn/", "starlette/", "fastapi/", "h11/", "httptools/", "geodeck/server/app.py"),
    ),
    ("room logic (room, seats, sending, clock, lobby, ...)", OWN, ("geodeck/",)),
    (
        "event loop, tasks and threads (uvloop's C code, asyncio, the executor)",
        STACK,
        ("asyncio/", "uvloop/", "concurrent/futures/", "threading.py", "selectors.py"),
    ),
)
"""Each part: its name, whether it is the stack or geodeck's own work, and the paths of its
frames' files. The first part that names a frame's file takes it."""

FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*):\d+\)$")
ANY_FRAME = re.compile(r"^(?P<function>.*) \((?P<where>[^()]*?)(?::\d+)?\)$")


def part_of(file: str) -> int | None:
    for number, (_, _, paths) in enumerate(PARTS):
        if any(path in file for path in paths):
            return number
    return None


def read_raw(lines: Iterable[str]) -> tuple[collections.Counter[int], collections.Counter[str]]:
    """Samples per part (``len(PARTS)``: no known frame), and per innermost geodeck
    function, from py-spy's raw output (a stack, then its count, a line each)."""
    parts: collections.Counter[int] = collections.Counter()
    functions: collections.Counter[str] = collections.Counter()
    for line in lines:
        stack, _, count = line.rstrip("\n").rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = [FRAME.match(frame) for frame in stack.split(";")]
        found = len(PARTS)
        for frame in reversed(frames):
            if frame is not None:
                number = part_of(frame["file"])
                if number is not None:
                    found = number
                    break
        parts[found] += int(count)
        for frame in reversed(frames):
            if frame is not None and "geodeck/" in frame["file"]:
                file = frame["file"][frame["file"].index("geodeck/") :]
                functions[f"{frame['function']} ({file})"] += int(count)
                break
    return parts, functions


def read_native(lines: Iterable[str]) -> collections.Counter[str]:
    """Samples per C function (``--native``): a sample's innermost frame where that is C
    code of the interpreter, the C library or an extension, by name and library or
    source file; unnamed addresses and Python frames are left out."""
    found: collections.Counter[str] = collections.Counter()
    for line in lines:
        stack, _, count = line.rstrip("\n").rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frame = ANY_FRAME.match(stack.rpartition(";")[2])
        if frame is None or frame["function"].startswith("0x"):
            continue
        where = frame["where"]
        if where.endswith(".py") or where.startswith("<"):
            continue
        found[f"{frame['function']} ({where})"] += int(count)
    return found


def spy(args: argparse.Namespace, pid: int, raw: Path) -> Coroutine[Any, Any, Process]:
    """py-spy recording the thread of ``pid`` that holds the interpreter's lock."""
    return asyncio.create_subprocess_exec(
        args.py_spy,
        "record",
        "--pid",
        str(pid),
        "--rate",
        str(args.rate),
        "--duration",
        str(args.duration),
        "--gil",
        *(["--native"] if args.native else []),
        "--format",
        "raw",
        "--output",
        str(raw),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )


async def profiled(url: str, pid: int, args: argparse.Namespace, raw: Path) -> dict[str, float]:
    """The saturation run with py-spy on the server for the measured window: the window's
    server CPU per action (us) and actions/s."""
    load = options(args)
    meter = server_load.Meter(pid)
    lineup = server_load.Lineup(server_load.Fleet(url, meter, load), args.tables, 1)
    await lineup.start()
    await asyncio.sleep(args.warmup + args.age)
    recorder = await spy(args, pid, raw)
    meter.start()
    code = await recorder.wait()
    meter.stop()
    await lineup.stop()
    if code != 0:
        raise SystemExit(f"py-spy failed (exit {code}): may it read other processes here?")
    return figures(meter)


def figures(meter: server_load.Meter) -> dict[str, float]:
    if not meter.actions:
        raise SystemExit("no action in the window")
    return {
        "per_action": 1e6 * meter.server_cpu * meter.seconds / meter.actions,
        "rate": meter.actions / meter.seconds,
        "seconds": meter.seconds,
        "actions": meter.actions,
    }


async def beside(
    url: str, pid: int, args: argparse.Namespace, raws: tuple[Path, Path], folder: Path
) -> tuple[dict[str, float], dict[str, float]]:
    """``--beside-fresh``: the server saturated for ``--age`` seconds, then it and a fresh
    one (on an empty file) sampled at the same time, half the tables each, so that the
    machine's drift falls on both alike: the fresh server's window and the aged one's."""
    load = options(args)
    meter = server_load.Meter(pid)
    lineup = server_load.Lineup(server_load.Fleet(url, meter, load), args.tables, 1)
    await lineup.start()
    await asyncio.sleep(args.warmup + args.age)
    await lineup.stop()
    database = f"sqlite:///{folder / 'fresh.sqlite3'}"
    with server_load.start_server(database, load) as (fresh_url, fresh_pid):
        servers = [(fresh_url, fresh_pid), (url, pid)]
        codes: list[int] = []

        async def record() -> None:
            pairs = zip(servers, raws, strict=True)
            recorders = [await spy(args, one, raw) for (_, one), raw in pairs]
            codes.extend([await recorder.wait() for recorder in recorders])

        meters = await server_load.windows(
            servers, load, args.duration, settle=args.warmup, hold=record
        )
    if any(codes):
        raise SystemExit(f"py-spy failed (exit {codes}): may it read other processes here?")
    return figures(meters[0]), figures(meters[1])


def report(
    parts: collections.Counter[int],
    functions: collections.Counter[str],
    window: dict[str, float],
    rate: int,
    top: int,
) -> None:
    """A sample is 1/``rate`` s of the interpreter's lock held; what the server's CPU
    counted beyond the samples ran without it (SQLite's own work, system calls)."""
    total = sum(parts.values())
    if not total:
        raise SystemExit("py-spy took no sample of the server")
    per_sample = 1e6 / rate / window["actions"]
    held = total * per_sample
    print(
        f"server CPU {window['per_action']:.0f} us/action at {window['rate']:.0f} actions/s; "
        f"{total} samples with the interpreter's lock held = {held:.0f} us/action"
    )
    print("| where | us/action |\n| --- | ---: |")
    sums = {STACK: 0.0, OWN: 0.0}
    names = [name for name, _, _ in PARTS] + ["other (no known frame)"]
    for number in sorted(parts, key=lambda n: -parts[n]):
        cost = parts[number] * per_sample
        if number < len(PARTS):
            sums[PARTS[number][1]] += cost
        print(f"| {names[number]} | {cost:.0f} |")
    free = window["per_action"] - held
    print(f"| server CPU beyond the samples (SQLite's own work, system calls) | {free:.0f} |")
    if free < 0:
        print(
            "(negative: the lock was held longer than the server ran, its thread waiting for "
            "a core; the machine had too little CPU for this window's figures)"
        )
    print(f"the stack: {sums[STACK]:.0f} us/action; geodeck's own work: {sums[OWN]:.0f}")
    if top:
        print(f"the {top} busiest geodeck functions (innermost geodeck frame), us/action:")
        for function, count in functions.most_common(top):
            print(f"  {count * per_sample:6.1f}  {function}")


def compare(
    samples: tuple[tuple[collections.Counter[int], collections.Counter[str]], ...],
    windows: tuple[dict[str, float], dict[str, float]],
    rate: int,
    top: int,
) -> None:
    """``--beside-fresh``: each part's and function's us/action on the fresh server and
    the aged one, sampled in the same seconds, and what the aged one spends more."""
    costs = [1e6 / rate / window["actions"] for window in windows]
    fresh, aged = windows
    print(
        f"server CPU us/action: fresh {fresh['per_action']:.0f} at {fresh['rate']:.0f} "
        f"actions/s, aged {aged['per_action']:.0f} at {aged['rate']:.0f} actions/s "
        f"({aged['per_action'] / fresh['per_action'] - 1:+.1%})"
    )
    print("| where | fresh | aged | more |\n| --- | ---: | ---: | ---: |")
    names = [name for name, _, _ in PARTS] + ["other (no known frame)"]
    held = [sum(parts.values()) * cost for (parts, _), cost in zip(samples, costs, strict=True)]
    rows = sorted(set(samples[0][0]) | set(samples[1][0]), key=lambda n: -samples[1][0][n])
    for number in rows:
        one, two = (parts[number] * cost for (parts, _), cost in zip(samples, costs, strict=True))
        print(f"| {names[number]} | {one:.0f} | {two:.0f} | {two - one:+.0f} |")
    free = [window["per_action"] - lock for window, lock in zip(windows, held, strict=True)]
    print(
        f"| server CPU beyond the samples | {free[0]:.0f} | {free[1]:.0f} | "
        f"{free[1] - free[0]:+.0f} |"
    )
    if top:
        fresh_cost, aged_cost = (
            {name: n * cost for name, n in functions.items()}
            for (_, functions), cost in zip(samples, costs, strict=True)
        )
        print_growth("geodeck functions", fresh_cost, aged_cost, top)


def print_growth(what: str, fresh: dict[str, float], aged: dict[str, float], top: int) -> None:
    """The ``top`` names the aged server spends most more on: us/action on each, and the
    difference."""
    more = {name: aged.get(name, 0.0) - fresh.get(name, 0.0) for name in fresh | aged}
    print(f"the {top} {what} the aged server spends most more in, us/action:")
    for name in sorted(more, key=lambda n: -more[n])[:top]:
        one, two = fresh.get(name, 0.0), aged.get(name, 0.0)
        print(f"  {one:6.1f} {two:6.1f} {more[name]:+6.1f}  {name}")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=100, help="tables in play")
    parser.add_argument("--duration", type=int, default=30, help="seconds sampled")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before sampling")
    parser.add_argument("--rate", type=int, default=100, help="samples a second")
    parser.add_argument(
        "--age", type=float, default=0.0, help="seconds of saturation before sampling, too"
    )
    parser.add_argument(
        "--beside-fresh",
        action="store_true",
        help="after --age seconds, sample the aged server and a fresh one at the same time, "
        "half the tables each, and print them side by side",
    )
    parser.add_argument("--functions", type=int, default=0, help="print the N busiest functions")
    parser.add_argument(
        "--native",
        action="store_true",
        help="sample C frames too, and print the busiest C functions (with --functions N)",
    )
    parser.add_argument("--raw", type=Path, default=None, help="keep py-spy's raw samples here")
    beside = Path(sys.executable).with_name("py-spy")
    parser.add_argument("--py-spy", default=shutil.which("py-spy") or str(beside))
    args = parser.parse_args(argv)
    for name in ("tables", "duration", "rate"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    for name in ("warmup", "age", "functions"):
        if getattr(args, name) < 0:
            parser.error(f"--{name} must not be negative")
    return args


def options(args: argparse.Namespace) -> argparse.Namespace:
    """``server_load.py``'s options for the run's server and clients."""
    return server_load.saturation_options(args.tables, args.warmup, args.duration)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    if shutil.which(args.py_spy) is None and not Path(args.py_spy).exists():
        raise SystemExit("py-spy is not installed: pip install py-spy")
    with tempfile.TemporaryDirectory() as folder:
        raw = args.raw or Path(folder) / "samples.txt"
        database = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        if args.beside_fresh:
            raws = (Path(folder) / "fresh.txt", Path(folder) / "aged.txt")
            with server_load.start_server(database, options(args)) as (url, pid):
                pair = server_load.run_client(beside(url, pid, args, raws, Path(folder)))
            texts = [one.read_text().splitlines() for one in raws]
            samples = [read_raw(lines) for lines in texts]
            compare((samples[0], samples[1]), pair, args.rate, args.functions)
            if args.native:
                c_code = [read_native(lines) for lines in texts]
                print_native(c_code, list(pair), args.rate, args.functions or 20)
            return
        with server_load.start_server(database, options(args)) as (url, pid):
            window = server_load.run_client(profiled(url, pid, args, raw))
        lines = raw.read_text().splitlines()
        parts, functions = read_raw(lines)
        c_code = [read_native(lines)] if args.native else []
    report(parts, functions, window, args.rate, args.functions)
    if c_code:
        print_native(c_code, [window], args.rate, args.functions or 20)


def print_native(
    found: list[collections.Counter[str]], windows: list[dict[str, float]], rate: int, top: int
) -> None:
    """``--native``: the C functions that took most samples, us/action; beside a fresh
    server, on both and what the aged one spends more, those that grow most first."""
    costs = [1e6 / rate / window["actions"] for window in windows]
    priced = [
        {name: n * cost for name, n in one.items()} for one, cost in zip(found, costs, strict=True)
    ]
    if len(priced) == 1:
        print(f"the {top} busiest C functions (innermost frame), us/action:")
        for name, cost in sorted(priced[0].items(), key=lambda item: -item[1])[:top]:
            print(f"  {cost:6.1f}  {name}")
        return
    print_growth("C functions", priced[0], priced[1], top)


if __name__ == "__main__":
    main()
