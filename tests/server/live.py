"""A real server on a loopback port (in a thread, or ``geodeck serve`` in a process of its
own), and websocket clients that record every frame."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import random
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from geodeck.server import Settings, create_app
from geodeck.server.clients import RATE_LIMIT
from geodeck.server.guarded_http import Deadlines
from geodeck.server.listening import uvicorn_config
from tests import loopback
from tests.support import FIXTURES, sample_cards
from tests.workers import free_port

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 10.0
KEEP_ALIVE = httpx.Limits(keepalive_expiry=1.0)
"""The test clients' HTTP connection pool: a connection idle for a second is dropped, well
before the server's keep-alive timeout (uvicorn's 5 s) closes it; reusing one the server
is closing at that moment fails with a ReadError on a busy machine."""
BOOT_TIMEOUT = 30.0


SERVER_LOGGERS = ("geodeck", "uvicorn", "uvicorn.error", "uvicorn.access", "websockets", "asyncio")
"""The loggers a server in this process writes to (uvicorn's ``websockets`` protocol logs
to ``uvicorn.error``; ``asyncio`` reports errors in callbacks)."""


class _Keep(logging.Handler):
    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__(logging.DEBUG)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        if not any(kept is record for kept in self.records):
            self.records.append(record)


@contextlib.contextmanager
def server_logs(level: int = logging.INFO) -> Iterator[list[logging.LogRecord]]:
    """Every record the server's loggers emit while inside, geodeck's own from ``level``
    on (the others at the levels uvicorn set). Start the server first: uvicorn sets its
    loggers up when it is made."""
    records: list[logging.LogRecord] = []
    handler = _Keep(records)
    own = logging.getLogger("geodeck")
    before = own.level
    own.setLevel(level)
    for name in SERVER_LOGGERS:
        logging.getLogger(name).addHandler(handler)
    try:
        yield records
    finally:
        for name in SERVER_LOGGERS:
            logging.getLogger(name).removeHandler(handler)
        own.setLevel(before)


def sample_deck_file() -> Path:
    return FIXTURES / "sample-europe.json"


class LiveServer:
    """uvicorn serving ``create_app(settings)`` in a thread of this process, configured as
    ``geodeck serve`` configures it (``listening.uvicorn_config``)."""

    def __init__(self, settings: Settings, *, forwarded_allow_ips: str | None = None) -> None:
        self.port = free_port()
        if settings.redis_url:
            settings = dataclasses.replace(settings, address=self.url)
        self.settings = settings
        self.app = create_app(settings)
        config = uvicorn_config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            deadlines=Deadlines.of(settings),
            forwarded_allow_ips=forwarded_allow_ips,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(TIMEOUT)

    def http(self, source: str | None = None) -> httpx.Client:
        """An HTTP client; with ``source`` (a loopback address such as ``127.0.0.7``), its
        connections come from that address."""
        return http_client(self.url, source)


def http_client(url: str, source: str | None = None) -> httpx.Client:
    """An HTTP client of the server at ``url``; with ``source`` (a loopback address such
    as ``127.0.0.7``), its connections come from that address."""
    transport = httpx.HTTPTransport(local_address=source) if source else None
    return httpx.Client(base_url=url, timeout=TIMEOUT, limits=KEEP_ALIVE, transport=transport)


@contextlib.contextmanager
def running(settings: Settings, **options: Any) -> Iterator[LiveServer]:
    server = LiveServer(settings, **options).start()
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def serve_process(
    database: Path | str,
    log: Path,
    *options: str,
    module: str = "geodeck",
    log_level: str = "warning",
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``geodeck serve OPTIONS...`` in a process of its own on a free loopback port, with
    the SQLite file ``database`` (or a database URL) and its output appended to ``log``;
    yields the process and the base URL once ``/api/health`` answers. Stopped afterwards
    unless it has exited. ``module`` is what ``python -m`` runs
    (``tests.browser.short_serve`` deals short games)."""
    port = free_port()
    storage = database if isinstance(database, str) else f"sqlite:///{database}"
    command = [
        sys.executable, "-m", module, "serve",
        "--host", "127.0.0.1",
        "--port", str(port),
        "--database-url", storage,
        *options,
        "--log-level", log_level,
    ]  # fmt: skip
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=out, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + BOOT_TIMEOUT
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"geodeck serve exited: {log.read_text()}")
            try:
                if loopback.get(f"{url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"geodeck serve did not start: {log.read_text()}")
            time.sleep(0.05)
        yield process, url
    finally:
        if process.poll() is None:
            process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def run(case: Callable[[], Awaitable[None]], timeout: float = 45) -> None:
    """Run ``case`` in an event loop of its own for at most ``timeout`` seconds; then
    close every client still open."""

    async def guarded() -> None:
        try:
            await asyncio.wait_for(case(), timeout)
        finally:
            await Player.close_every()

    asyncio.run(guarded())


def create_table(
    http: httpx.Client,
    seats: list[dict[str, Any]],
    *,
    claim: list[int] | None = None,
    game: str = "uppsala",
    **extra: Any,
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "seats": seats, "deck": sample_cards(), **extra}
    if claim is not None:
        body["claim"] = claim
    response = http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def wait_rated(url: str, code: str) -> dict[str, Any]:
    """Table ``code``'s info once its seats' ratings are updated (docs/ratings.md)."""
    deadline = time.monotonic() + 30
    with httpx.Client(base_url=url, timeout=TIMEOUT, limits=KEEP_ALIVE) as http:
        while time.monotonic() < deadline:
            info: dict[str, Any] = http.get(f"/api/tables/{code}").json()
            if info.get("ratings") is not None:
                return info
            time.sleep(0.05)
    raise AssertionError(f"table {code} was not rated")


def merged_state(previous: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any]:
    """The whole state a client knows after ``frame``: a delta state's view keys replace
    those of the previous state (or, for the keys in ``merge``, its entries replace those of
    the previous object), and its events extend the history (docs/protocol.md)."""
    if not frame["delta"]:
        assert frame["view"]["history_from"] == 0, frame
        return frame
    assert previous is not None, "a delta state before any full state"
    known = previous["view"]
    new = frame["view"]
    assert new["history_from"] == len(known["history"]), (new["history_from"], len(known))
    view = {**known, **new, "history": known["history"] + new["history"], "history_from": 0}
    for key in frame["merge"]:
        assert isinstance(known[key], dict), (key, known[key])
        view[key] = {**known[key], **new[key]}
    return {**frame, "view": view}


class Player:
    """One websocket client. A reader task keeps every frame and the latest state; with
    ``delta`` states, ``state`` is the whole state rebuilt from them."""

    opened: ClassVar[list[Player]] = []

    def __init__(
        self, url: str, name: str, *, delta: bool = False, source: str | None = None
    ) -> None:
        self.url = url
        self.name = name
        self.delta = delta
        self.source = source
        """The loopback address the connection comes from (default: the system's)."""
        self.frames: list[dict[str, Any]] = []
        self.states: list[dict[str, Any]] = []
        """The whole state after each ``state`` frame, in order."""
        self.state: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.broken: AssertionError | None = None
        """Set when a frame broke the protocol (a delta state that does not fit)."""
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()
        self.closed = asyncio.Event()
        self._acted: deque[float] = deque()
        """When the actions of the last second were sent."""

    async def open(self) -> Player:
        local: dict[str, Any] = {"local_addr": (self.source, 0)} if self.source else {}
        self._ws = await connect(self.url, max_size=None, open_timeout=TIMEOUT, **local)
        self._reader = asyncio.create_task(self._read())
        Player.opened.append(self)
        return self

    @classmethod
    async def close_every(cls) -> None:
        """Close every client still open (after a failed test, too)."""
        while cls.opened:
            await cls.opened.pop().close()

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for raw in self._ws:
                frame = json.loads(raw)
                if frame["type"] == "state":
                    self.state = merged_state(self.state, frame)
                    self.states.append(self.state)
                    self.seat = frame["you"]
                elif frame["type"] == "error":
                    self.errors.append(frame)
                self.frames.append(frame)
                async with self._changed:
                    self._changed.notify_all()
        except AssertionError as err:
            self.broken = err
        except Exception:
            pass
        finally:
            self.closed.set()
            async with self._changed:
                self._changed.notify_all()

    @property
    def close_code(self) -> int | None:
        """The close code the server sent, once the connection is closed."""
        return None if self._ws is None else self._ws.close_code

    async def send(self, message: dict[str, Any] | str) -> None:
        assert self._ws is not None
        await self._ws.send(message if isinstance(message, str) else json.dumps(message))

    async def send_bytes(self, data: bytes) -> None:
        assert self._ws is not None
        await self._ws.send(data)

    async def hello(self, token: str | None) -> dict[str, Any]:
        count = len(self.frames)
        hello: dict[str, Any] = {"type": "hello"}
        if token is None:
            hello["spectator"] = True
        else:
            hello["token"] = token
        if self.delta:
            hello["delta"] = True
        await self.send(hello)
        return await self.wait_frame(lambda f: f["type"] in ("state", "error"), after=count)

    async def wait(self, predicate: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        async def waiting() -> None:
            async with self._changed:
                while not predicate():
                    if self.closed.is_set():
                        if self.broken is not None:
                            raise AssertionError(f"{self.name}: {self.broken}") from self.broken
                        raise ConnectionError(f"{self.name}: the connection closed")
                    await self._changed.wait()

        await asyncio.wait_for(waiting(), timeout)

    async def wait_frame(
        self, predicate: Callable[[dict[str, Any]], bool], *, after: int = 0
    ) -> dict[str, Any]:
        found: list[dict[str, Any]] = []

        def seen() -> bool:
            for frame in self.frames[after:]:
                if predicate(frame):
                    found.append(frame)
                    return True
            return False

        await self.wait(seen)
        return found[0]

    async def wait_version(self, version: int) -> dict[str, Any]:
        await self.wait(lambda: self.state is not None and self.state["version"] >= version)
        assert self.state is not None
        return self.state

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        """Send an action, keeping under the server's limit of messages a second (a fast
        game played by a script could pass it, and the server refuses what is over)."""
        assert self.state is not None
        seen = self.state["version"] if version is None else version
        now = time.monotonic()
        recent = self._acted
        while recent and now - recent[0] >= 1.0:
            recent.popleft()
        if len(recent) >= RATE_LIMIT - 5:
            await asyncio.sleep(1.0 - (now - recent[0]))
        recent.append(time.monotonic())
        await self.send({"type": "act", "version": seen, "action": action})

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, TIMEOUT)


def salted(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action as a client sends it: a hide gets the client's own salt (the
    server lists hides without one, docs/protocol.md)."""
    if action.get("act") == "hide" and "salt" not in action:
        return {**action, "salt": f"{rng.getrandbits(128):032x}"}
    return action


def _moved_on(player: Player, version: int, refused: int) -> Callable[[], bool]:
    def check() -> bool:
        state = player.state
        return (state is not None and state["version"] > version) or len(player.errors) > refused

    return check


async def play_out(
    players: list[Player],
    rng: random.Random,
    *,
    until: int | None = None,
    limit: int = 2000,
    pick: Callable[[Player], dict[str, Any] | None] | None = None,
) -> dict[str, Any]:
    """Players choose random legal actions from their latest states until the game ends
    (or reaches version ``until``); ``pick`` may choose for a player instead (``None``:
    a random one). Returns the last state seen."""
    for _ in range(limit):
        version = max(p.state["version"] for p in players if p.state is not None)
        for p in players:
            await p.wait_version(version)
        states = [p.state for p in players if p.state is not None]
        state = states[0]
        if state["status"] == "finished" or (until is not None and version >= until):
            return state
        movers = [p for p in players if p.state is not None and p.state["legal"]]
        if not movers:
            await players[0].wait_version(version + 1)
            continue
        mover = rng.choice(movers)
        assert mover.state is not None
        refused = len(mover.errors)
        chosen = None if pick is None else pick(mover)
        await mover.act(salted(chosen or rng.choice(mover.state["legal"]), rng))
        await mover.wait(_moved_on(mover, version, refused))
        late = ("act/stale", "act/not_playing")  # a bot moved first, or ended the game
        if len(mover.errors) > refused and mover.errors[-1]["code"] not in late:
            raise AssertionError(f"refused: {mover.errors[-1]}")
    raise AssertionError("the game did not end")
