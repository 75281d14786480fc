"""Load on the game server: hundreds of tables played by bots over real websockets.

The server (``geodeck``'s app as ``geodeck serve`` runs it, plus a bare websocket echo
endpoint ``/bench/echo``) runs in a child process on a loopback port; the clients run in
this process, on an event loop of their own. A client is a plain websocket client (the
``websockets`` library's protocol over an asyncio transport, one per connection, with no
task of its own, so that the client process stays light). Every seat of every table is
one client that says hello with its token (asking for delta states unless
``--full-states``) and keeps the whole state it is sent; a random bot picks the table's
next move from the mover's legal actions. Four measurements in one run:

1. echo: as many connections as the saturation run has seats (at least 300), each sending
   an action-sized message and waiting for it to come back, as fast as they can: the
   ceiling of the stack (uvicorn, websockets, the event loop) with these clients.
2. fan echo: the same connections in groups of a table's seats (``/bench/fan``); a member
   sends a state-sized message, the endpoint sends it to every member of its group, and
   the next goes once all have it: what the stack alone can do for messages of an
   action's shape (one frame in, one out per seat), with no game, storage or view work.
3. paced: ``--tables`` tables (500) whose bots move about once a second (``--pace``), the
   sustained load of that many tables being played: actions/s, the latency from sending
   an action to the moment the table's last seat has the new state (p50, p99), and the
   server's memory per table.
4. saturation: ``--saturation-tables`` tables whose bots move as soon as every seat has
   the state; a finished table's clients leave and a fresh table from a reserve takes its
   place, the reserve being made up again in the background, so the load stays the same
   (it prints the fewest tables in play while measuring, and any finished table that
   found the reserve empty).

Throughput against the echo is given three ways: actions/s over echo round trips/s (one
message in, one or more out, against one in and one out), websocket frames in and out
per second (an action is one frame in and one state out per seat; a round trip is one in
and one out), and actions/s over fan-echo messages/s (the same shape on both sides). For
the server, this client process and everything else on the machine it prints the share
of a core used, so that a client-bound or crowded run is told apart from a server-bound
one. It asserts nothing.

    .venv/bin/python benchmarks/server_load.py
    .venv/bin/python benchmarks/server_load.py --tables 20 --duration 10 --saturation-tables 20
    # ageing: ten minutes of saturation, a line a minute
    .venv/bin/python benchmarks/server_load.py --tables 0 --echo-duration 1 \
        --saturation-tables 50 --saturation-duration 60 --windows 10
    # ageing against a fresh server: after the windows, 5 pairs of 30-s windows
    .venv/bin/python benchmarks/server_load.py --tables 0 --echo-duration 1 \
        --saturation-tables 100 --saturation-duration 60 --windows 5 --against-fresh 5
    # the same, each fresh server on a copy of the aged one's database: the process alone
    .venv/bin/python benchmarks/server_load.py --tables 0 --echo-duration 1 \
        --saturation-tables 100 --saturation-duration 60 --windows 5 --against-fresh 3 \
        --fresh-on-copy
    # the same, the fresh and the aged server measured at once, half the tables each
    .venv/bin/python benchmarks/server_load.py --tables 0 --echo-duration 1 \
        --saturation-tables 100 --saturation-duration 60 --windows 3 --against-fresh 5 \
        --side-by-side
    # any of these with the machine's own drift taken out (gauge.py beside the run)
    .venv/bin/python benchmarks/server_load.py --tables 0 --echo-duration 1 \
        --saturation-tables 100 --saturation-duration 60 --windows 10 --gauge
    # two source trees side by side as they age, half the tables each (an A/B)
    .venv/bin/python benchmarks/server_load.py --tables 0 --echo-duration 1 \
        --saturation-tables 100 --saturation-duration 60 --windows 5 --beside ../before

For the server of a run, ``GEODECK_BENCH_GC=1`` prints its collections, longest commit
and longest action once a minute, and a line for every full collection (``=types``: and
what the collector tracks, by kind; ``=garbage``: and the cyclic garbage its collections
find in 5 s, by kind; ``=old``: and all the cyclic garbage a full collection finds then,
the old generation's included; ``=cycles``: and the reference cycles that hold one closed
connection's garbage; ``=big``: and the containers of 500 items or more), and
``GEODECK_BENCH_WORKERS=N`` runs its blocking work on N threads (``fixed_executor``).
``GEODECK_BENCH_NO_GC=1`` switches its collector off (cyclic garbage piles up: for
experiments of a few minutes); ``GEODECK_BENCH_SCATTER=MiB`` leaves its heap full of holes
before it serves (``scatter``). ``GEODECK_BENCH_SERVER_ENV="NAME=value ..."`` sets
variables for the server's process alone, e.g. another allocator:
``"PYTHONMALLOC=malloc LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"``.
Before each pair of ``--against-fresh``: ``GEODECK_BENCH_REQUICKEN=1`` gives every function
of the aged server a copy of its code that has learned nothing (``requicken``), and
``GEODECK_BENCH_REST=seconds`` leaves the aged server without load that long. With
``GEODECK_BENCH_PROBE=1`` every server plays the same seeded game on its event loop every
2 s (``probe``), and each side-by-side pair sets the two servers' rounds against each other.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass, field
from math import nan
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

import httpx
import orjson
from websockets.client import ClientProtocol
from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from geodeck.bots import make_bot

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gauge import Gauge, moves

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "tests" / "fixtures" / "sample-europe.json"
OnText = Callable[[bytes | bytearray | memoryview], None]
ECHO_PAYLOAD = orjson.dumps(
    {"type": "act", "version": 12, "action": {"act": "place", "line": "west-east", "at": 1}}
).decode()
FAN_PAYLOAD = orjson.dumps({"type": "state", "view": {"pad": "x" * 1060}}).decode()
"""About the size of a delta state in the saturation run."""
TICK = os.sysconf("SC_CLK_TCK")
TABLE_FAN = "/bench/tablefan/"


def serve(
    port: int, database_url: str, compress: bool, loop: str, untuned: bool, linger: float
) -> None:
    """The child process: the geodeck app plus ``/bench/echo``, served like ``geodeck serve``
    (``listening.uvicorn_config``)."""
    import uvicorn

    import geodeck
    from geodeck.cli import serve as cli_serve
    from geodeck.server import Settings, create_app
    from geodeck.server.guarded_http import Deadlines
    from geodeck.server.listening import uvicorn_config

    source = os.environ.get("GEODECK_BENCH_SOURCE")
    if source and not Path(geodeck.__file__).is_relative_to(source):
        raise SystemExit(f"--beside: geodeck came from {geodeck.__file__}, not {source}")
    settings = Settings(
        database_url=database_url,
        decks=cli_serve.load_decks([str(DECK)]),
        bot_delay=0,
        grace=3600,
        pause=0,
        creations_burst=10**9,  # one client makes every table of the run
        linger=linger,
    )
    app = create_app(settings)
    bench_routes(app)
    tune_gc = getattr(cli_serve, "tune_gc", None)
    if tune_gc is not None and not untuned:
        tune_gc()
    experiments(app)
    # as ``geodeck serve`` configures uvicorn (its connection guard included), but that one
    # client address holds every connection of the run
    config = uvicorn_config(
        app,
        host="127.0.0.1",
        port=port,
        deadlines=Deadlines(max_connections=10**6, per_address=10**6),
        compress=compress,
        log_level="warning",
    )
    config.loop = loop
    config.backlog = 4096
    uvicorn.Server(config).run()


def bench_routes(app: Any) -> None:
    """``/bench/echo``, ``/bench/fan/{group}`` (Starlette's websocket), ``/bench/tablefan/
    {group}`` (the table websocket's raw ASGI path, ``table_socket.Socket``) and
    ``/bench/probes``, on the app ``serve`` runs."""
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            while True:
                await websocket.send_text(await websocket.receive_text())
        except WebSocketDisconnect:
            return

    groups: dict[str, list[Any]] = {}

    async def fan(websocket: WebSocket) -> None:
        """Each message goes out to every connection of its group: an action's shape (one
        frame in, one out per seat) with no game behind it."""
        await websocket.accept()
        members = groups.setdefault(websocket.path_params["group"], [])
        members.append(websocket)
        try:
            while True:
                text = await websocket.receive_text()
                for member in members:
                    await member.send_text(text)
        except WebSocketDisconnect:
            members.remove(websocket)

    app.router.routes.insert(0, WebSocketRoute("/bench/echo", echo))
    app.router.routes.insert(0, WebSocketRoute("/bench/fan/{group}", fan))
    app.router.routes.insert(0, Route("/bench/probes", probes))
    try:
        from geodeck.server.table_socket import Socket
    except ImportError:  # a tree from before the table websocket's own path
        return

    async def table_fan(socket: Any, group: str) -> None:
        await socket.accept()
        members = groups.setdefault("table " + group, [])
        members.append(socket)
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                for member in members:
                    await member.send_text(message["text"])
        finally:
            members.remove(socket)

    def outermost(inner: Any) -> Any:
        async def route(scope: Any, receive: Any, send: Any) -> None:
            path = scope.get("path", "")
            if scope["type"] == "websocket" and path.startswith(TABLE_FAN):
                await table_fan(Socket(scope, receive, send), path[len(TABLE_FAN) :])
            else:
                await inner(scope, receive, send)

        return route

    app.add_middleware(outermost)


def experiments(app: Any) -> None:
    """The ``GEODECK_BENCH_*`` switches of the module's docstring, for the server's process."""
    if os.environ.get("GEODECK_BENCH_GC"):
        watch_gc()
    if os.environ.get("GEODECK_BENCH_NO_GC"):
        gc.disable()  # an experiment: no cyclic garbage is ever collected
    if os.environ.get("GEODECK_BENCH_SCATTER"):
        scatter(float(os.environ["GEODECK_BENCH_SCATTER"]))
    if os.environ.get("GEODECK_BENCH_REQUICKEN"):
        signal.signal(signal.SIGUSR1, lambda *_: requicken())
    if os.environ.get("GEODECK_BENCH_PROBE"):
        app.state.lobby.on_start.append(probe)
    workers = os.environ.get("GEODECK_BENCH_WORKERS")
    if workers:
        app.state.lobby.on_start.append(lambda: fixed_executor(int(workers)))


SCATTERED: list[bytes] = []


def scatter(mib: float, keep: float = 0.2) -> None:
    """``GEODECK_BENCH_SCATTER=MiB``, an experiment: before serving, the server fills that
    much of its heap with small objects of every size and lets go of all but a random
    ``keep`` of them, so that what it allocates next goes into the holes left all over
    that memory, as in a heap that many tables have come and gone through."""
    rng = random.Random(0)
    made: list[bytes] = []
    total = 0
    while total < mib * 2**20:
        size = min(int(rng.expovariate(1 / 80)), 470)
        made.append(bytes(size))
        total += size + 33
    SCATTERED.extend(item for item in made if rng.random() < keep)


def reachable() -> Iterator[object]:
    """Every object the modules and the collector's objects lead to, each once: those
    frozen at start-up (``tune_gc``), which ``gc.get_objects()`` leaves out, and those the
    collector does not track (dicts and tuples of atoms, strings), included."""
    seen: set[int] = set()
    todo: list[object] = [sys.modules, *gc.get_objects()]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        todo.extend(gc.get_referents(item))


def requicken() -> None:
    """``GEODECK_BENCH_REQUICKEN=1``, an experiment: on SIGUSR1 every function of the server
    gets a copy of its code, nested code included, that has learned nothing yet: the
    interpreter's specialized instructions and its type cache start again as in a fresh
    process, while every object and the heap stay as they are."""
    import types

    began = time.perf_counter()
    copies: dict[int, types.CodeType] = {}
    kept: list[types.CodeType] = []  # no id is reused while the copies are made

    def fresh(code: types.CodeType) -> types.CodeType:
        if id(code) not in copies:
            kept.append(code)
            consts = tuple(fresh(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
            copies[id(code)] = code.replace(co_consts=consts)
        return copies[id(code)]

    functions = [item for item in reachable() if isinstance(item, types.FunctionType)]
    for function in functions:
        function.__code__ = fresh(function.__code__)
    sys._clear_type_cache()
    took = time.perf_counter() - began
    print(
        f"requickened {len(functions)} functions ({len(copies)} code objects) in {took:.2f} s",
        file=sys.stderr,
        flush=True,
    )


PROBES: list[tuple[float, float]] = []
"""The probe's rounds in this process: when each ended (``time.time``) and its CPU ms."""


async def probes(_request: Any) -> Any:
    """``/bench/probes``: the probe's rounds so far, for the client that drives the run."""
    from starlette.responses import Response

    return Response(orjson.dumps(PROBES), media_type="application/json")


async def probe(every: float = 2.0) -> None:
    """``GEODECK_BENCH_PROBE=1``, an experiment: every ``every`` seconds the server's event
    loop plays the same seeded game (the engine's rules and views, encoded) and keeps the
    CPU time it took (``PROBES``), with the collector held off meanwhile: the same work,
    done on the server's own heap, whatever its age. A pair of ``--side-by-side`` sets the
    two servers' rounds inside its window against each other."""
    loop = asyncio.get_running_loop()

    def run() -> None:
        collecting = gc.isenabled()
        gc.disable()
        began = time.thread_time()
        for game, _ in moves(0):
            for viewer in range(3):
                orjson.dumps(game.view(viewer))
        spent = time.thread_time() - began
        if collecting:
            gc.enable()
        PROBES.append((time.time(), 1e3 * spent))
        loop.call_later(every, run)

    loop.call_later(every, run)


async def fixed_executor(workers: int) -> None:
    """With ``GEODECK_BENCH_WORKERS=N``, the server's blocking work (``Lobby.run``) runs on
    N threads instead of asyncio's default of the cores plus four."""
    from concurrent.futures import ThreadPoolExecutor

    executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bench-worker")
    asyncio.get_running_loop().set_default_executor(executor)


def watch_gc(every: float = 60.0) -> None:
    """With ``GEODECK_BENCH_GC`` set, the server prints to stderr, every ``every`` seconds,
    its garbage collections by generation and the seconds they took, and its longest
    commit of a batch of actions and longest action (from the action's arrival to its
    state queued for every connection)."""
    import threading

    from geodeck.server import observe

    counts = [0, 0, 0]
    seconds = [0.0, 0.0, 0.0]
    began = [0.0]
    held = [0]
    longest = {"commit": 0.0, "action": 0.0}

    class Longest(observe.Hooks):
        def commit(self, seconds: float) -> None:
            longest["commit"] = max(longest["commit"], seconds)

        def action(self, seconds: float) -> None:
            longest["action"] = max(longest["action"], seconds)

    observe.HOOKS = Longest()

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            if info["generation"] == 2:
                held[0] = len(gc.get_objects(2))
            began[0] = time.perf_counter()
        else:
            took = time.perf_counter() - began[0]
            counts[info["generation"]] += 1
            seconds[info["generation"]] += took
            if info["generation"] == 2:
                print(
                    f"full collection: {held[0]} objects in the old generation, "
                    f"{info['collected']} collected, {took:.3f} s",
                    file=sys.stderr,
                    flush=True,
                )

    def report() -> None:
        while True:
            time.sleep(every)
            done = ", ".join(f"gen{g} {counts[g]} in {seconds[g]:.2f} s" for g in range(3))
            slowest = f"longest commit {longest['commit']:.3f} s, action {longest['action']:.3f} s"
            print(f"gc in the last {every:g} s: {done}; {slowest}", file=sys.stderr, flush=True)
            longest.update(commit=0.0, action=0.0)
            if os.environ.get("GEODECK_BENCH_GC") == "types":
                census(last)
            if os.environ.get("GEODECK_BENCH_GC") == "garbage":
                garbage(5.0)
            if os.environ.get("GEODECK_BENCH_GC") == "big":
                big_containers()
            if os.environ.get("GEODECK_BENCH_GC") == "old":
                garbage(None, top=40)
            if os.environ.get("GEODECK_BENCH_GC") == "cycles":
                cycles()
            counts[:] = [0, 0, 0]
            seconds[:] = [0.0, 0.0, 0.0]

    last: dict[str, int] = {}
    gc.callbacks.append(timed)
    threading.Thread(target=report, daemon=True).start()


def census(last: dict[str, int], top: int = 12) -> None:
    """The kinds of object the collector tracks that grew most since the last census."""
    from collections import Counter

    counts = Counter(type(o).__qualname__ for o in gc.get_objects())
    grown = sorted(counts, key=lambda name: counts[name] - last.get(name, 0), reverse=True)
    said = ", ".join(f"{n} {counts[n]} ({counts[n] - last.get(n, 0):+})" for n in grown[:top])
    print(f"tracked objects {sum(counts.values())}; grew most: {said}", file=sys.stderr, flush=True)
    last.clear()
    last.update(counts)


def garbage(seconds: float | None, top: int = 25) -> None:
    """The kinds of cyclic garbage (objects only the collector can free) the collections
    of the next ``seconds`` find, kept aside meanwhile (``gc.DEBUG_SAVEALL``) to be
    counted, then let go; with ``seconds`` None, what a full collection finds now: all
    that has piled up since the last one, in the old generation too."""
    from collections import Counter

    gc.set_debug(gc.DEBUG_SAVEALL)
    if seconds is None:
        gc.collect()
    else:
        time.sleep(seconds)
    gc.set_debug(0)
    found = Counter(type(o).__module__ + "." + type(o).__qualname__ for o in gc.garbage)
    gc.garbage.clear()
    said = ", ".join(f"{name} {count}" for name, count in found.most_common(top))
    where = "in all generations" if seconds is None else f"found in {seconds:g} s"
    print(
        f"cyclic garbage {where}: {sum(found.values())} objects; {said}",
        file=sys.stderr,
        flush=True,
    )


def label(holder: object, item: object) -> str:
    """How ``holder`` refers to ``item``: an attribute's or a key's name where it has one."""
    if isinstance(holder, dict):
        keys = [k for k, v in holder.items() if v is item]
        return f"[{keys[0]!r}]" if keys else "[value]"
    names = getattr(type(holder), "__slots__", ())
    for name in [*getattr(holder, "__dict__", {}), *names]:
        try:
            if getattr(holder, name) is item:
                return f".{name}"
        except AttributeError:
            continue
    return ""


def cycles(kind: str = "HttpToolsProtocol") -> None:
    """The reference cycles of one closed connection's cyclic garbage: of what a full
    collection now finds, the objects reachable from one ``kind``, split into strongly
    connected components; each component of more than one object is printed with its
    references (what keeps it from being freed when its last outside reference goes)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    gc.set_debug(0)
    found = {id(o): o for o in gc.garbage}
    gc.garbage.clear()
    start = next((o for o in found.values() if type(o).__name__ == kind), None)
    if start is None:
        print(f"cycles: no {kind} in the garbage", file=sys.stderr, flush=True)
        return
    edges: dict[int, list[int]] = {}
    todo = [start]
    while todo:
        item = todo.pop()
        if id(item) in edges:
            continue
        edges[id(item)] = [id(r) for r in gc.get_referents(item) if id(r) in found]
        todo.extend(found[i] for i in edges[id(item)])
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    components: list[list[int]] = []

    def connect(node: int) -> None:  # Tarjan's algorithm; the graphs are small
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges[node]:
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            components.append(component)

    for node in edges:
        if node not in index:
            connect(node)
    lines = [f"cycles: {len(edges)} objects reachable from one {kind}"]
    for component in components:
        members = set(component)
        if len(component) == 1 and component[0] not in edges[component[0]]:
            continue
        lines.append(f"  a cycle of {len(component)}:")
        for node in component:
            item = found[node]
            refs = [
                f"{label(item, found[n])} -> {type(found[n]).__qualname__}"
                for n in edges[node]
                if n in members
            ]
            kind = f"{type(item).__module__}.{type(item).__qualname__}"
            lines.append(f"    {kind}: {'; '.join(refs)}")
    print("\n".join(lines), file=sys.stderr, flush=True)


def big_containers(least: int = 500) -> None:
    """The containers of ``least`` items or more in the server (``reachable``: those the
    collector does not track included), each with what holds it (the type of its
    referrers and the attribute or key it is under)."""
    import collections

    kinds = (dict, list, set, frozenset, tuple, collections.deque)
    found = [item for item in reachable() if isinstance(item, kinds) and len(item) >= least]
    lines = []
    for item in sorted(found, key=len, reverse=True)[:30]:
        owners = []
        for holder in gc.get_referrers(item):
            if holder is found:
                continue
            if isinstance(holder, dict):
                keys = [k for k, v in holder.items() if v is item][:1]
                owners.append(f"dict[{keys[0]!r}]" if keys else "dict")
            else:
                owners.append(type(holder).__qualname__)
        lines.append(f"  {type(item).__name__} of {len(item)}: {', '.join(owners[:4])}")
    print("big containers:\n" + "\n".join(lines), file=sys.stderr, flush=True)


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


def cpu_times(pid: int, thread: int | None = None) -> tuple[float, float]:
    """User and system CPU time of a process so far, or of one of its threads (the
    process's own id: its first thread, the server's event loop)."""
    stat = f"/proc/{pid}/task/{thread}/stat" if thread else f"/proc/{pid}/stat"
    fields = Path(stat).read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK, int(fields[12]) / TICK


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User and system CPU time together (``cpu_times``)."""
    return sum(cpu_times(pid, thread))


def machine_busy() -> tuple[float, float]:
    """Busy and total CPU seconds of the whole machine so far, over all cores."""
    numbers = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = numbers[3] + numbers[4]
    total = sum(numbers[:8])
    return (total - idle) / TICK, total / TICK


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Socket(asyncio.Protocol):
    """One websocket client connection; every text message it gets goes to ``on_text``."""

    def __init__(self, url: str, on_text: OnText, *, compress: bool) -> None:
        extensions = [ClientPerMessageDeflateFactory()] if compress else None
        self.ws = ClientProtocol(parse_uri(url), max_size=None, extensions=extensions)
        self.on_text = on_text
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    @classmethod
    async def open(cls, url: str, on_text: OnText, *, compress: bool = False) -> Socket:
        uri = parse_uri(url)
        loop = asyncio.get_running_loop()
        _, sock = await loop.create_connection(
            lambda: cls(url, on_text, compress=compress), uri.host, uri.port
        )
        await asyncio.wait_for(sock.opened, 30)
        return sock

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if event.status_code == 101 and not self.opened.done():
                    self.opened.set_result(None)
                elif not self.opened.done():
                    self.opened.set_exception(ConnectionError(f"refused: {event.status_code}"))
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self.on_text(event.data)
        self._flush()

    def _flush(self) -> None:
        data = self.ws.data_to_send()
        if data and self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(data))
        if self.ws.close_expected() and self.transport is not None:
            self.transport.close()

    def send(self, text: str) -> None:
        self.ws.send_text(text.encode())
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed"))
        if not self.closed.done():
            self.closed.set_result(None)

    async def close(self) -> None:
        if self.transport is None or self.transport.is_closing():
            return
        with contextlib.suppress(Exception):
            self.ws.send_close(1000)
            self._flush()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.closed), 5)
        self.transport.close()


class Meter:
    """What happens inside a measuring window: actions, frames, latencies, CPU. This client
    process collects no cyclic garbage inside a window, so that its own pauses are not
    counted as the server's latency."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.on = False
        self.actions = 0
        self.frames_in = 0
        self.bytes_in = 0
        self.latencies: list[float] = []
        self.errors = 0
        self._start = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        self.seconds = 0.0
        self.server_cpu = 0.0
        self.system_cpu = 0.0
        """The share of ``server_cpu`` spent in the kernel on the server's behalf."""
        self.loop_cpu = 0.0
        """The share of ``server_cpu`` of the server's first thread (its event loop); the
        rest is its other threads' (the SQLite writer, the ratings, the executor's)."""
        self.client_cpu = 0.0
        self.other_cpu = 0.0
        """Cores' worth of CPU that other processes of the machine used meanwhile."""
        self.span = (0.0, 0.0)
        """The window's start and end, wall-clock (``time.time``), for ``gauge.py``."""
        self.stall = 0.0
        """The longest this client's event loop was late for a 10-ms timer in the window:
        a latency that long or longer may be the client's own."""
        self._watch: asyncio.Task[None] | None = None
        self.opened = 0.0
        """When the window opened (``time.perf_counter``): an action sent before it, in
        the last window, is counted there and not here, its latency included (this
        process's collection between two windows would be counted as the server's)."""

    async def _watch_stall(self) -> None:
        while True:
            began = time.perf_counter()
            await asyncio.sleep(0.01)
            self.stall = max(self.stall, time.perf_counter() - began - 0.01)

    def start(self) -> None:
        gc.collect()
        gc.disable()
        self.stall = 0.0
        self.opened = time.perf_counter()
        with contextlib.suppress(RuntimeError):  # no running loop: no stall watched
            self._watch = asyncio.get_running_loop().create_task(self._watch_stall())
        self.actions = self.frames_in = self.bytes_in = 0
        self.latencies = []
        self.on = True
        self.span = (time.time(), 0.0)
        user, system = cpu_times(self.server_pid)
        self._start = (
            time.perf_counter(),
            user,
            time.process_time(),
            machine_busy()[0],
            cpu_seconds(self.server_pid, self.server_pid),
            system,
        )

    def stop(self) -> None:
        gc.enable()
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        self.on = False
        self.span = (self.span[0], time.time())
        wall, user, client, busy, loop, system = self._start
        self.seconds = time.perf_counter() - wall
        user_now, system_now = cpu_times(self.server_pid)
        self.system_cpu = (system_now - system) / self.seconds
        self.server_cpu = (user_now - user) / self.seconds + self.system_cpu
        self.loop_cpu = (cpu_seconds(self.server_pid, self.server_pid) - loop) / self.seconds
        self.client_cpu = (time.process_time() - client) / self.seconds
        machine = (machine_busy()[0] - busy) / self.seconds
        self.other_cpu = max(0.0, machine - self.server_cpu - self.client_cpu)


def merge(known: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any]:
    """The whole state after ``frame`` (docs/protocol.md, Delta states)."""
    if not frame.get("delta"):
        return frame
    if known is None:
        raise RuntimeError("a delta state came before any full state")
    old = known["view"]
    new = frame["view"]
    if new["history_from"] != len(old["history"]):
        raise RuntimeError("a delta state does not follow the history this client has")
    view = {**old, **new, "history": old["history"] + new["history"], "history_from": 0}
    for key in frame["merge"]:
        view[key] = {**old[key], **new[key]}
    return {**frame, "view": view}


@dataclass
class Table:
    """One table's seats as websocket clients and the bot that moves for whoever is due."""

    code: str
    tokens: dict[str, str]
    seats: int
    meter: Meter
    pace: float
    seed: int
    on_finish: Callable[[Table], None]
    sockets: list[Socket] = field(default_factory=list)
    states: list[dict[str, Any] | None] = field(default_factory=list)
    active: bool = False
    finished: bool = False
    busy: bool = False
    target: int = -1
    waiting: set[int] = field(default_factory=set)
    sent_at: float = 0.0
    measured: bool = False

    def __post_init__(self) -> None:
        self.states = [None] * self.seats
        self.bot = make_bot("random", self.seed)
        self.rng = random.Random(self.seed)

    def on_frame(self, seat: int, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "state":
            self.on_state(seat, frame)
        elif kind == "error":
            self.meter.errors += 1
            if self.meter.errors <= 5:
                print(f"table {self.code}: {frame}", file=sys.stderr)
            self.busy = False
            self.waiting.clear()

    def on_state(self, seat: int, frame: dict[str, Any]) -> None:
        state = self.states[seat] = merge(self.states[seat], frame)
        version = state["version"]
        if self.waiting and version >= self.target:
            self.waiting.discard(seat)
            if not self.waiting:
                if self.measured and self.sent_at >= self.meter.opened:
                    self.meter.latencies.append(time.perf_counter() - self.sent_at)
                self.busy = False
        if not self.busy and not self.waiting:
            self.maybe_act()

    def maybe_act(self) -> None:
        if not self.active or self.busy or self.finished:
            return
        states = self.states
        if any(s is None for s in states):
            return
        first = states[0]
        assert first is not None
        version = first["version"]
        if any(s is None or s["version"] != version for s in states):
            return
        if first["status"] == "finished":
            self.finished = True
            self.on_finish(self)
            return
        movers = [i for i, s in enumerate(states) if s is not None and s["legal"]]
        if not movers:
            return
        self.busy = True
        if self.pace > 0:
            delay = self.pace * (0.5 + self.rng.random())
            asyncio.get_running_loop().call_later(delay, self.act, movers[0], version)
        else:
            self.act(movers[0], version)

    def act(self, mover: int, version: int) -> None:
        state = self.states[mover]
        if not self.active or state is None or state["version"] != version:
            self.busy = False
            return
        action = self.bot.choose(state["view"], state["legal"])
        message = orjson.dumps({"type": "act", "version": version, "action": action}).decode()
        self.target = version + 1
        self.waiting = set(range(self.seats))
        self.sent_at = time.perf_counter()
        self.measured = self.meter.on
        if self.measured:
            self.meter.actions += 1
        self.sockets[mover].send(message)

    def reader(self, seat: int) -> OnText:
        meter = self.meter

        def read(raw: bytes | bytearray | memoryview) -> None:
            if meter.on:
                meter.frames_in += 1
                meter.bytes_in += len(raw)
            self.on_frame(seat, orjson.loads(raw))

        return read


class Fleet:
    """Tables made over HTTP and their clients over websockets."""

    def __init__(self, url: str, meter: Meter, args: argparse.Namespace) -> None:
        self.url = url
        self.ws_base = url.replace("http://", "ws://")
        self.meter = meter
        self.args = args
        self.tables: list[Table] = []
        self.made = 0

    async def make(
        self, count: int, pace: float, on_finish: Callable[[Table], None]
    ) -> list[Table]:
        seats = self.args.seats
        made: list[Table] = []
        limit = asyncio.Semaphore(32)
        hello_extra = {} if self.args.full_states else {"delta": True}

        async def one(http: httpx.AsyncClient, index: int) -> None:
            async with limit:
                response = await http.post(
                    "/api/tables",
                    json={
                        "game": "uppsala",
                        "seats": [{} for _ in range(seats)],
                        "claim": list(range(seats)),
                        "seed": index,
                    },
                )
                response.raise_for_status()
                created = response.json()
                table = Table(
                    created["table"]["code"],
                    created["tokens"],
                    seats,
                    self.meter,
                    pace,
                    1000 * index,
                    on_finish,
                )
                for seat in range(seats):
                    sock = await Socket.open(
                        f"{self.ws_base}/ws/{table.code}",
                        table.reader(seat),
                        compress=self.args.compress,
                    )
                    table.sockets.append(sock)
                for seat, sock in enumerate(table.sockets):
                    hello = {"type": "hello", "token": table.tokens[str(seat)], **hello_extra}
                    sock.send(orjson.dumps(hello).decode())
                made.append(table)
                self.tables.append(table)

        async with httpx.AsyncClient(base_url=self.url, timeout=60) as http:
            await asyncio.gather(*(one(http, self.made + i) for i in range(count)))
        self.made += count
        deadline = time.monotonic() + 60
        while any(s is None for t in made for s in t.states):
            if time.monotonic() > deadline:
                raise SystemExit("the tables' first states did not arrive")
            await asyncio.sleep(0.05)
        return made

    async def retire(self, table: Table) -> None:
        """A finished table's clients leave."""
        if table in self.tables:
            self.tables.remove(table)
        await asyncio.gather(*(sock.close() for sock in table.sockets), return_exceptions=True)

    async def close(self) -> None:
        for table in self.tables:
            table.active = False
        await asyncio.gather(
            *(sock.close() for t in self.tables for sock in t.sockets), return_exceptions=True
        )
        self.tables.clear()


class Echoer:
    """One echo connection that sends the next message as soon as the last one is back."""

    def __init__(self, meter: Meter) -> None:
        self.meter = meter
        self.running = True
        self.sent = 0.0
        self.sock: Socket | None = None

    def on_text(self, raw: bytes | bytearray | memoryview) -> None:
        orjson.loads(raw)
        if self.meter.on:
            self.meter.latencies.append(time.perf_counter() - self.sent)
            self.meter.frames_in += 1
        self.next()

    def next(self) -> None:
        if self.running and self.sock is not None:
            self.sent = time.perf_counter()
            self.sock.send(ECHO_PAYLOAD)


class Sender(Protocol):
    running: bool

    def next(self) -> None: ...


async def run_window(
    senders: Sequence[Sender], sockets: list[Socket], seconds: float, meter: Meter
) -> None:
    """Start every sender, measure ``seconds`` after a warm-up, then stop and close."""
    for sender in senders:
        sender.next()
    await asyncio.sleep(min(2.0, seconds / 4))
    meter.start()
    await asyncio.sleep(seconds)
    meter.stop()
    for sender in senders:
        sender.running = False
    await asyncio.sleep(0.2)
    await asyncio.gather(*(sock.close() for sock in sockets), return_exceptions=True)


async def echo(url: str, connections: int, seconds: float, meter: Meter) -> dict[str, Any]:
    ws_base = url.replace("http://", "ws://")
    echoers = [Echoer(meter) for _ in range(connections)]
    for echoer in echoers:
        echoer.sock = await Socket.open(f"{ws_base}/bench/echo", echoer.on_text)
    await run_window(echoers, [e.sock for e in echoers if e.sock], seconds, meter)
    trips = len(meter.latencies)
    return {
        "connections": connections,
        "round_trips": trips,
        "per_s": trips / meter.seconds,
        "p50_ms": 1000 * percentile(meter.latencies, 0.50),
        "p99_ms": 1000 * percentile(meter.latencies, 0.99),
        "server_cpu": meter.server_cpu,
        "client_cpu": meter.client_cpu,
        "other_cpu": meter.other_cpu,
    }


class FanGroup:
    """A table's worth of connections to ``/bench/fan``: one of them sends a state-sized
    message, and the next goes as soon as every member has it back."""

    def __init__(self, meter: Meter, seats: int) -> None:
        self.meter = meter
        self.seats = seats
        self.running = True
        self.sockets: list[Socket] = []
        self.waiting = 0
        self.turn = 0
        self.sent = 0.0

    def reader(self) -> OnText:
        def read(raw: bytes | bytearray | memoryview) -> None:
            orjson.loads(raw)
            meter = self.meter
            if meter.on:
                meter.frames_in += 1
                meter.bytes_in += len(raw)
            self.waiting -= 1
            if self.waiting == 0:
                if meter.on:
                    meter.actions += 1
                    meter.latencies.append(time.perf_counter() - self.sent)
                self.next()

        return read

    def next(self) -> None:
        if self.running:
            self.waiting = self.seats
            self.sent = time.perf_counter()
            self.turn = (self.turn + 1) % self.seats
            self.sockets[self.turn].send(FAN_PAYLOAD)


async def fan(
    url: str, groups: int, seats: int, seconds: float, meter: Meter, path: str = "/bench/fan/"
) -> dict[str, Any]:
    ws_base = url.replace("http://", "ws://")
    fans = [FanGroup(meter, seats) for _ in range(groups)]
    for index, group in enumerate(fans):
        for _ in range(seats):
            group.sockets.append(await Socket.open(f"{ws_base}{path}{index}", group.reader()))
    await run_window(fans, [sock for g in fans for sock in g.sockets], seconds, meter)
    return game_figures(meter, groups, seats)


def game_figures(meter: Meter, tables: int, seats: int) -> dict[str, Any]:
    return {
        "tables": tables,
        "seats": seats,
        "actions": meter.actions,
        "seconds": meter.seconds,
        "actions_per_s": meter.actions / meter.seconds,
        "frames_out_per_s": meter.frames_in / meter.seconds,
        "bytes_per_frame": meter.bytes_in / max(1, meter.frames_in),
        "p50_ms": 1000 * percentile(meter.latencies, 0.50),
        "p99_ms": 1000 * percentile(meter.latencies, 0.99),
        "max_ms": 1000 * max(meter.latencies, default=float("nan")),
        "server_cpu": meter.server_cpu,
        "client_cpu": meter.client_cpu,
        "other_cpu": meter.other_cpu,
        "errors": meter.errors,
    }


async def paced(url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    meter = Meter(pid)
    fleet = Fleet(url, meter, args)
    before = rss_kib(pid)
    finished: list[Table] = []
    tables = await fleet.make(args.tables, args.pace, finished.append)
    ready = rss_kib(pid)
    for table in tables:
        table.active = True
        table.maybe_act()
    await asyncio.sleep(args.warmup)
    meter.start()
    await asyncio.sleep(args.duration)
    meter.stop()
    played = rss_kib(pid)
    await fleet.close()
    figures = game_figures(meter, args.tables, args.seats)
    figures.update(
        rss_mib_before=before / 1024,
        kib_per_table_ready=(ready - before) / args.tables,
        kib_per_table_played=(played - before) / args.tables,
        finished=len(finished),
    )
    return figures


class Lineup:
    """``count`` tables in play at every moment: a finished table's clients leave and a fresh
    table from the reserve takes its place, and the reserve is made up again in the
    background (``reserve`` fresh tables per table), so it never runs dry while making a
    table is quicker than playing ``reserve`` games."""

    def __init__(self, fleet: Fleet, count: int, reserve: int) -> None:
        self.fleet = fleet
        self.meter = fleet.meter
        self.count = count
        self.size = count * reserve
        self.reserve: list[Table] = []
        self.finished = 0
        """Tables finished so far (counted, not kept: a long run would hold them all)."""
        self.live = 0
        self.live_min = count
        """The fewest tables in play while measuring."""
        self.short = 0
        """Finished tables that found the reserve empty while measuring."""
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Makes the tables and the reserve and sets the tables going. The server's memory
        per table is its RSS growth over the reserve, made after the first tables have paid
        for whatever the server sets up on first use (over the first tables if no reserve)."""
        pid = self.meter.server_pid
        before = rss_kib(pid)
        tables = await self.fleet.make(self.count, 0.0, self.replace)
        self.kib_per_table = (rss_kib(pid) - before) / self.count
        if self.size:
            before = rss_kib(pid)
            self.reserve.extend(await self.fleet.make(self.size, 0.0, self.replace))
            self.kib_per_table = (rss_kib(pid) - before) / self.size
        self.reserve[:0] = tables
        self.activate()

    def activate(self) -> None:
        while self.live < self.count and self.reserve:
            fresh = self.reserve.pop(0)
            fresh.active = True
            self.live += 1
            fresh.maybe_act()

    async def refill(self) -> None:
        while len(self.reserve) < self.size or self.live < self.count:
            missing = max(1, self.size - len(self.reserve))
            self.reserve.extend(await self.fleet.make(missing, 0.0, self.replace))
            self.activate()

    def replace(self, table: Table) -> None:
        self.finished += 1
        self.live -= 1
        table.active = False
        self.background(self.fleet.retire(table))
        if not self.reserve and self.meter.on:
            self.short += 1
        self.activate()
        if self.meter.on:
            self.live_min = min(self.live_min, self.live)
        if not any(task.get_name() == "refill" for task in self.tasks):
            self.background(self.refill(), "refill")

    def background(self, work: Coroutine[Any, Any, None], name: str = "") -> None:
        task = asyncio.ensure_future(work)
        task.set_name(name)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stop(self) -> dict[str, Any]:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.fleet.close()
        return {
            "finished": self.finished,
            "reserve_left": len(self.reserve),
            "short": self.short,
            "live_min": self.live_min,
            "tables_made": self.fleet.made,
            "kib_per_table_ready": self.kib_per_table,
        }


def saturation_options(
    tables: int, warmup: float, duration: float, reserve: int = 1
) -> argparse.Namespace:
    """The options of ``saturation`` (and ``start_server``) for a run another script
    drives: one window of ``duration`` seconds after a quarter of ``warmup``, three seats,
    delta states, no compression, ``geodeck serve``'s linger and collector."""
    return argparse.Namespace(
        saturation_tables=tables,
        seats=3,
        reserve=reserve,
        warmup=warmup,
        saturation_duration=duration,
        windows=1,
        linger=60.0,
        full_states=False,
        compress=False,
        loop="auto",
        untuned_gc=False,
        against_fresh=0,
        side_by_side=False,
        beside=None,
    )


async def saturation(url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    if args.beside is not None:
        return await beside(url, pid, args)
    meter = Meter(pid)
    gauge = Gauge() if getattr(args, "gauge", False) else None
    lineup = Lineup(Fleet(url, meter, args), args.saturation_tables, args.reserve)
    await lineup.start()
    await asyncio.sleep(args.warmup / 4)
    drift = Drift()
    for window in range(1, args.windows + 1):
        meter.start()
        await asyncio.sleep(args.saturation_duration)
        meter.stop()
        if args.windows > 1:
            print(window_line(window, meter, gauge, drift), flush=True)
    figures = game_figures(meter, args.saturation_tables, args.seats)
    figures.update(await lineup.stop())
    if args.against_fresh:
        await against_fresh(url, pid, args, gauge)
    if gauge is not None:
        gauge.close()
    return figures


async def beside(url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    """``--beside TREE``: a second server, geodeck from another source tree on a SQLite
    file of its own, started with this one and given half the tables of every window:
    the two trees age side by side, and each window sets the second's CPU per action
    against this one's in the same seconds (an A/B that the machine's drift falls on
    alike)."""
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'beside.sqlite3'}"
        with start_server(database, args, source=args.beside) as (other_url, other_pid):
            servers = [(url, pid), (other_url, other_pid)]
            meters, lineups = await in_play(servers, args, args.warmup / 4)
            for window in range(1, args.windows + 1):
                for meter in meters:
                    meter.start()
                await asyncio.sleep(args.saturation_duration)
                for meter in meters:
                    meter.stop()
                print(beside_line(window, meters), flush=True)
            figures = game_figures(meters[0], lineups[0].count, args.seats)
            stopped = await asyncio.gather(*(lineup.stop() for lineup in lineups))
    figures.update(stopped[0])
    return figures


def beside_line(window: int, meters: Sequence[Meter]) -> str:
    """A window of ``--beside``: each server's CPU per action, actions/s, longest
    latency and RSS, and the second's cost over the first's."""
    (this, this_rate), (other, other_rate) = (window_figures(m)[:2] for m in meters)
    parts = [
        f"{name} {cpu:.0f} us/action, {rate:.0f} actions/s, max "
        f"{1000 * max(meter.latencies, default=0.0):.0f} ms, "
        f"RSS {rss_kib(meter.server_pid) / 1024:.0f} MiB"
        for name, cpu, rate, meter in zip(
            ("this tree", "beside"), (this, other), (this_rate, other_rate), meters, strict=True
        )
    ]
    other_cpu = max(0.0, meters[0].other_cpu - meters[1].server_cpu)
    return (
        f"window {window:>3} ({meters[0].seconds:.0f} s): {'; '.join(parts)}; beside over "
        f"this tree {other / this - 1:+.1%}; the client's longest stall "
        f"{1000 * meters[0].stall:.0f} ms; other processes {other_cpu:.0%}"
    )


@dataclass
class Drift:
    """The first window's figures, which the later windows' are set against."""

    cpu: float = 0.0
    gauged: float = 0.0

    def against(self, cpu: float, gauged: float | None) -> str:
        """The window's CPU per action against the first window's, raw and divided by
        the gauge (the machine's own drift taken out)."""
        if not self.cpu:
            self.cpu = cpu
            self.gauged = cpu / gauged if gauged else 0.0
            return ""
        text = f", {cpu / self.cpu - 1:+.1%} on the first window"
        if gauged and self.gauged:
            text += f" ({cpu / gauged / self.gauged - 1:+.1%} over the gauge)"
        return text


async def against_fresh(url: str, pid: int, args: argparse.Namespace, gauge: Gauge | None) -> None:
    """Pairs of windows (``--against-fresh``): a server started afresh (a new SQLite file,
    or with ``--fresh-on-copy`` a copy of the aged server's, so that only the process is
    new), then the aged one, one after the other, so that the machine's drift falls on
    both alike; a line a pair with the aged server's CPU per action over the fresh one's."""
    seconds = min(args.saturation_duration, 30.0)
    rest = rest_seconds()
    for pair in range(1, args.against_fresh + 1):
        if os.environ.get("GEODECK_BENCH_REQUICKEN"):
            os.kill(pid, signal.SIGUSR1)
        await asyncio.sleep(rest)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "fresh.sqlite3"
            if args.fresh_on_copy:
                copy_sqlite(args.aged_database, path)
            with start_server(f"sqlite:///{path}", args) as (fresh_url, fresh_pid):
                if args.side_by_side:
                    servers = [(fresh_url, fresh_pid), (url, pid)]
                    meters = await windows(servers, args, seconds)
                    fresh, aged = map(window_figures, meters)
                    print(work_line(meters), flush=True)
                    if os.environ.get("GEODECK_BENCH_PROBE"):
                        print(await probes_line(servers, meters), flush=True)
                else:
                    (meter,) = await windows([(fresh_url, fresh_pid)], args, seconds)
                    fresh = window_figures(meter)
        if not args.side_by_side:
            (meter,) = await windows([(url, pid)], args, seconds)
            aged = window_figures(meter)
        line = (
            f"pair {pair:>2} ({seconds:.0f} s each): fresh {fresh[0]:.0f}, aged {aged[0]:.0f} "
            f"us/action ({aged[0] / fresh[0] - 1:+.1%}; the kernel's {fresh[3]:.0f} and "
            f"{aged[3]:.0f}); actions/s {fresh[1]:.0f} and "
            f"{aged[1]:.0f}; aged server RSS {rss_kib(pid) / 1024:.0f} MiB"
        )
        if gauge is not None:
            fresh_gauge, aged_gauge = gauge.between(*fresh[2]), gauge.between(*aged[2])
            if fresh_gauge and aged_gauge:
                over = aged[0] / aged_gauge / (fresh[0] / fresh_gauge) - 1
                line += (
                    f"; gauge {fresh_gauge:.0f} and {aged_gauge:.0f} ms, aged over fresh "
                    f"{over:+.1%} over the gauge"
                )
        print(line, flush=True)


def rest_seconds() -> float:
    """``GEODECK_BENCH_REST``: seconds the aged server goes without load before each pair."""
    text = os.environ.get("GEODECK_BENCH_REST", "0")
    try:
        rest = float(text)
    except ValueError:
        rest = -1.0
    if not 0 <= rest < float("inf"):
        raise SystemExit(f"GEODECK_BENCH_REST: not a number of seconds: {text!r}")
    return rest


def work_line(meters: Sequence[Meter]) -> str:
    """What each server of a side-by-side pair did per action: its event loop's thread's
    CPU, the frames and bytes its clients received."""
    said = []
    for name, meter in zip(("fresh", "aged"), meters, strict=True):
        actions = max(meter.actions, 1)
        said.append(
            f"{name}: loop thread {1e6 * meter.loop_cpu * meter.seconds / actions:.0f} us, "
            f"{meter.frames_in / actions:.3f} frames, {meter.bytes_in / actions:.0f} B"
        )
    return "         per action, " + "; ".join(said)


async def probes_line(servers: list[tuple[str, int]], meters: Sequence[Meter]) -> str:
    """``GEODECK_BENCH_PROBE``: each server's probe rounds, fetched, set against each other."""
    async with httpx.AsyncClient(timeout=10) as client:
        rounds = [(await client.get(f"{url}/bench/probes")).json() for url, _ in servers]
    return probes_text(rounds, meters)


def probes_text(rounds: Sequence[Sequence[Sequence[float]]], meters: Sequence[Meter]) -> str:
    """The median of the fresh and the aged server's probe rounds inside their window, and
    the aged one's over the fresh one's."""
    medians = []
    for made, meter in zip(rounds, meters, strict=True):
        inside = [ms for at, ms in made if meter.span[0] <= at <= meter.span[1]]
        medians.append((statistics.median(inside), len(inside)) if inside else (nan, 0))
    (fresh, many), (aged, more) = medians
    return (
        f"         the probe (the same game on each server's heap): fresh {fresh:.1f} ms "
        f"({many} rounds), aged {aged:.1f} ms ({more}): {aged / fresh - 1:+.1%}"
    )


def copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite file that a server holds (its backup API)."""
    import sqlite3

    held = contextlib.closing(sqlite3.connect(source))
    with held as aged, contextlib.closing(sqlite3.connect(target)) as copy:
        aged.backup(copy)


Window = tuple[float, float, tuple[float, float], float]


async def windows(
    servers: list[tuple[str, int]],
    args: argparse.Namespace,
    seconds: float,
    *,
    settle: float | None = None,
    hold: Callable[[], Awaitable[object]] | None = None,
) -> list[Meter]:
    """One saturation window on each of ``servers`` (URL and pid) at once, the tables
    shared out among them, made afresh and let go after: each server's meter. The tables
    play ``settle`` seconds first (a quarter of ``--warmup``); the window lasts ``seconds``,
    or, given ``hold``, as long as what it returns takes (a profiler's recording)."""
    settled = args.warmup / 4 if settle is None else settle
    meters, lineups = await in_play(servers, args, settled)
    held = hold() if hold is not None else None
    for meter in meters:
        meter.start()
    await (held if held is not None else asyncio.sleep(seconds))
    for meter in meters:
        meter.stop()
    await asyncio.gather(*(lineup.stop() for lineup in lineups))
    return meters


async def in_play(
    servers: list[tuple[str, int]], args: argparse.Namespace, settle: float
) -> tuple[list[Meter], list[Lineup]]:
    """The saturation tables shared out among ``servers`` (URL and pid), in play for
    ``settle`` seconds: each server's meter and lineup."""
    share = max(1, args.saturation_tables // len(servers))
    meters = [Meter(pid) for _, pid in servers]
    lineups = [
        Lineup(Fleet(url, meter, args), share, args.reserve)
        for (url, _), meter in zip(servers, meters, strict=True)
    ]
    await asyncio.gather(*(lineup.start() for lineup in lineups))
    await asyncio.sleep(settle)
    return meters, lineups


def window_figures(meter: Meter) -> Window:
    rate = meter.actions / meter.seconds
    if not rate:
        return float("nan"), rate, meter.span, float("nan")
    return 1e6 * meter.server_cpu / rate, rate, meter.span, 1e6 * meter.system_cpu / rate


def window_line(window: int, meter: Meter, gauge: Gauge | None, drift: Drift) -> str:
    """One window of an ageing run (``--windows``), printed as it ends; with ``--gauge``
    the machine's speed meanwhile and the window's cost over it."""
    rate = meter.actions / meter.seconds
    cpu = 1e6 * meter.server_cpu / rate if rate else float("nan")
    gauged = gauge.between(*meter.span) if gauge is not None else None
    line = (
        f"window {window:>3} ({meter.seconds:.0f} s): {rate:.0f} actions/s, server CPU "
        f"{cpu:.0f} us/action (event loop's thread "
        f"{1e6 * meter.loop_cpu / rate if rate else float('nan'):.0f}, the kernel "
        f"{1e6 * meter.system_cpu / rate if rate else float('nan'):.0f}), p99 "
        f"{1000 * percentile(meter.latencies, 0.99):.1f} ms, "
        f"max {1000 * max(meter.latencies, default=0.0):.0f} ms (the client's longest "
        f"stall {1000 * meter.stall:.0f} ms), "
        f"server RSS {rss_kib(meter.server_pid) / 1024:.0f} MiB, "
        f"{len(list(Path(f'/proc/{meter.server_pid}/task').iterdir()))} threads, "
        f"other processes {meter.other_cpu:.0%}"
    )
    if gauged is not None:
        line += f", gauge {gauged:.1f} ms"
    return line + drift.against(cpu, gauged)


async def measure(url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    connections = max(args.saturation_tables, 100) * args.seats
    results: dict[str, Any] = {}
    results["echo"] = await echo(url, connections, args.echo_duration, Meter(pid))
    groups = max(args.saturation_tables, 100)
    results["fan"] = await fan(url, groups, args.seats, args.echo_duration, Meter(pid))
    if args.tables:
        results["paced"] = await paced(url, pid, args)
    if args.saturation_tables:
        results["saturation"] = await saturation(url, pid, args)
    return results


Result = TypeVar("Result")


def run_client(work: Coroutine[Any, Any, Result]) -> Result:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


def report(results: dict[str, Any], args: argparse.Namespace, storage: str) -> None:
    states = "full states (no delta)" if args.full_states else "delta states"
    deflate = "on" if args.compress else "off"
    print(
        f"server: one process (uvicorn, loop {args.loop}, websockets-sansio), storage {storage}, "
        f"permessage-deflate {deflate}; clients: {states}, one process"
    )
    e = results["echo"]
    print(
        f"echo        {e['connections']} connections: {e['per_s']:.0f} round trips/s "
        f"({2 * e['per_s']:.0f} frames/s in+out), p50 {e['p50_ms']:.1f} ms, "
        f"p99 {e['p99_ms']:.1f} ms; CPU server {e['server_cpu']:.0%}, "
        f"client {e['client_cpu']:.0%}, other processes {e['other_cpu']:.0%}"
    )
    seats = args.seats
    f = results["fan"]
    print(
        f"fan echo    {f['tables']} groups x {seats} connections: {f['actions_per_s']:.0f} "
        f"messages/s each sent to its {seats} members ({f['frames_out_per_s']:.0f} frames/s "
        f"out, ~{f['bytes_per_frame']:.0f} B), p50 {f['p50_ms']:.1f} ms, p99 {f['p99_ms']:.1f} "
        f"ms; CPU server {f['server_cpu']:.0%}, client {f['client_cpu']:.0%}; the stack's "
        f"ceiling for actions: {f['actions_per_s'] / e['per_s']:.2f} of echo round trips/s"
    )
    for name in ("paced", "saturation"):
        if name not in results:
            continue
        r = results[name]
        frames = r["actions_per_s"] + r["frames_out_per_s"]
        label = f"{name:<11} {r['tables']} tables x {seats} seats"
        if name == "paced":
            label += f", a move every ~{args.pace:g} s per table"
        print(
            f"{label}: {r['actions']} actions in {r['seconds']:.1f} s = "
            f"{r['actions_per_s']:.0f} actions/s, {r['frames_out_per_s']:.0f} messages/s out "
            f"(~{r['bytes_per_frame']:.0f} B each), {frames:.0f} frames/s in+out"
        )
        print(
            f"            action -> last seat's state: p50 {r['p50_ms']:.1f} ms, "
            f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.1f} ms; CPU server "
            f"{r['server_cpu']:.0%}, client {r['client_cpu']:.0%}, other processes "
            f"{r['other_cpu']:.0%}; errors {r['errors']}; games finished {r['finished']}"
        )
        if name == "paced":
            print(
                f"            server memory: {r['rss_mib_before']:.0f} MiB before the tables, "
                f"+{r['kib_per_table_ready']:.0f} KiB per table with its {seats} clients, "
                f"+{r['kib_per_table_played']:.0f} KiB per table after "
                f"{args.warmup + args.duration:g} s of play"
            )
        if name == "saturation":
            print(
                f"            tables in play while measuring: at least {r['live_min']} of "
                f"{r['tables']}; finished tables that found no fresh one: {r['short']}; "
                f"{r['tables_made']} tables made, {r['reserve_left']} left in reserve; "
                f"server memory +{r['kib_per_table_ready']:.0f} KiB per table"
            )
            if not r["actions"]:
                print("            no action in the window: no figures per action")
                continue
            trips = e["per_s"]
            print(
                f"            vs echo: actions/s / echo round trips/s = "
                f"{r['actions_per_s'] / trips:.2f}; frames/s in+out / echo frames/s = "
                f"{frames / (2 * trips):.2f}; server CPU per action "
                f"{1e6 * r['server_cpu'] / r['actions_per_s']:.0f} us, per echo "
                f"round trip {1e6 * e['server_cpu'] / trips:.0f} us"
            )
            fans = f["actions_per_s"]
            print(
                f"            vs fan echo: actions/s / fan messages/s = "
                f"{r['actions_per_s'] / fans:.2f}; server CPU per fan message "
                f"{1e6 * f['server_cpu'] / fans:.0f} us"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500, help="tables in the paced run")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--pace", type=float, default=1.0, help="mean seconds between moves")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--duration", type=float, default=45.0, help="paced run, seconds")
    parser.add_argument("--saturation-tables", type=int, default=100)
    parser.add_argument("--saturation-duration", type=float, default=20.0)
    parser.add_argument(
        "--windows",
        type=int,
        default=1,
        help="saturation windows in a row (each --saturation-duration long), one line each: "
        "whether the server's cost grows with its age",
    )
    parser.add_argument(
        "--reserve", type=int, default=1, help="fresh tables kept ready per saturation table"
    )
    parser.add_argument("--echo-duration", type=float, default=10.0)
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument(
        "--full-states", action="store_true", help="clients do not ask for delta states"
    )
    parser.add_argument(
        "--compress", action="store_true", help="permessage-deflate on the game's websockets"
    )
    parser.add_argument("--loop", default="auto", choices=["auto", "asyncio", "uvloop"])
    parser.add_argument(
        "--untuned-gc",
        action="store_true",
        help="the server keeps Python's default garbage collector settings",
    )
    parser.add_argument(
        "--linger",
        type=float,
        default=60.0,
        help="seconds a finished table stays in the server's memory (geodeck serve --linger)",
    )
    parser.add_argument(
        "--against-fresh",
        type=int,
        default=0,
        metavar="PAIRS",
        help="after the saturation windows, PAIRS pairs of windows (at most 30 s each): a "
        "fresh server's, then the aged one's (SQLite only)",
    )
    parser.add_argument(
        "--fresh-on-copy",
        action="store_true",
        help="with --against-fresh: each fresh server starts on a copy of the aged one's "
        "database, so that the pairs compare the processes alone",
    )
    parser.add_argument(
        "--side-by-side",
        action="store_true",
        help="with --against-fresh: the fresh and the aged server are measured at the same "
        "time, half the tables each, so that the machine's drift falls on both at once",
    )
    parser.add_argument(
        "--gauge",
        action="store_true",
        help="time a fixed piece of work (gauge.py) beside the run, a round every 2 s, and "
        "set each window's CPU per action over it: the machine's own drift taken out",
    )
    parser.add_argument(
        "--beside",
        type=Path,
        default=None,
        metavar="TREE",
        help="saturation on two servers at once, half the tables each: this tree's and one "
        "importing geodeck from TREE/src (a checkout of another commit); each window line "
        "compares them (an A/B as both age)",
    )
    parser.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.database_url, args.compress, args.loop, args.untuned_gc, args.linger)
        return
    if args.beside is not None and not (args.beside / "src" / "geodeck").is_dir():
        parser.error(f"--beside {args.beside}: no src/geodeck in it")
    if args.beside is not None and args.against_fresh:
        parser.error("--beside and --against-fresh are two kinds of run: choose one")
    if args.against_fresh and args.database_url:
        parser.error("--against-fresh compares SQLite servers: leave out --database-url")
    random.seed(0)
    with tempfile.TemporaryDirectory() as folder:
        database = args.database_url or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        args.aged_database = Path(folder) / "bench.sqlite3"
        with start_server(database, args) as (url, pid):
            results = run_client(measure(url, pid, args))
    storage = "sqlite" if database.startswith("sqlite") else database.split(":")[0]
    report(results, args, storage)


def server_env() -> dict[str, str]:
    """``GEODECK_BENCH_SERVER_ENV``: ``NAME=value`` pairs, space-separated, set for the
    server's process alone (an allocator to try, say), not for this one or the gauge."""
    pairs = os.environ.get("GEODECK_BENCH_SERVER_ENV", "").split()
    bad = [pair for pair in pairs if "=" not in pair.strip("=")]
    if bad:
        raise SystemExit(f"GEODECK_BENCH_SERVER_ENV: not NAME=value: {' '.join(bad)}")
    return dict(pair.split("=", 1) for pair in pairs)


@contextlib.contextmanager
def start_server(
    database: str, args: argparse.Namespace, source: Path | None = None
) -> Iterator[tuple[str, int]]:
    """The server in a child process (``serve`` above), up and answering: its URL and pid;
    with ``source``, geodeck is imported from that tree (``--beside``)."""
    port = free_port()
    first = str(source / "src") if source is not None else os.environ.get("PYTHONPATH")
    path = os.pathsep.join(p for p in (first, str(ROOT)) if p)
    tree = {"GEODECK_BENCH_SOURCE": str(source / "src")} if source is not None else {}
    command = [sys.executable, __file__, "--serve", str(port), "--database-url", database]
    command += ["--loop", args.loop] + (["--compress"] if args.compress else [])
    command += ["--untuned-gc"] if args.untuned_gc else []
    command += ["--linger", str(args.linger)]
    env = {**os.environ, **server_env(), **tree, "PYTHONPATH": path}
    child = subprocess.Popen(command, env=env)
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
        yield url, child.pid
    finally:
        child.terminate()
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()  # its graceful shutdown still waits for a connection
            child.wait(10)


if __name__ == "__main__":
    main()
