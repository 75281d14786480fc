"""A soak: phases of many clients creating tables, playing them to the end against bots,
leaving mid-game and coming back, watching finished tables and fetching their records.
The tables the server holds follow the tables in use, and its memory levels off."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import time
from pathlib import Path
from typing import Any, ClassVar

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

from geodeck.server.lobby import Lobby
from tests import loopback
from tests.server.conftest import fast_settings
from tests.server.live import KEEP_ALIVE, TIMEOUT, LiveServer, running, salted
from tests.support import FIXTURES, sample_cards

LINGER = 0.25
PHASES = 4
TABLES = 32
"""Tables per phase, all played at once: with their spectators and returning players
about a hundred websocket clients a phase."""
SLACK = 2
RSS_GROWTH = 24 * 2**20
"""How much the process may grow from the end of the first phase to the end of the last.
Loose, as machines are noisy: the table counts are the real check. (Held for good, the
tables of the last three phases cost about 16 MiB.)"""


def rss() -> int:
    """This process's resident memory in bytes (the live server runs in one of its threads)."""
    gc.collect()
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE")


class Client:
    """A lean websocket client: it keeps the latest full state and the error codes only."""

    open: ClassVar[dict[Client, str]] = {}
    """Every client not closed yet, with its table's code."""

    def __init__(self, ws: ClientConnection, code: str) -> None:
        self.ws = ws
        Client.open[self] = code
        self.state: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def hello(cls, url: str, token: str | None) -> Client:
        ws = await connect(url, open_timeout=TIMEOUT, max_size=None)
        client = cls(ws, url.rsplit("/", 1)[-1])
        hello: dict[str, Any] = {"type": "hello"}
        if token is None:
            hello["spectator"] = True
        else:
            hello["token"] = token
        await ws.send(json.dumps(hello))
        await client.until(lambda: client.state is not None)
        return client

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                frame = orjson.loads(raw)
                if frame["type"] == "state":
                    self.state = frame
                elif frame["type"] == "error":
                    self.errors.append(frame["code"])
                self.changed.set()
        self.changed.set()

    @property
    def version(self) -> int:
        assert self.state is not None
        version: int = self.state["version"]
        return version

    async def until(self, check: Any) -> None:
        while not check():
            if self.reader.done():
                raise ConnectionError(f"closed; errors {self.errors}")
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), TIMEOUT)

    async def play(self, rng: random.Random, until: int | None = None) -> None:
        """Random legal actions until the game ends (or reaches version ``until``)."""
        for _ in range(5000):
            state = self.state
            assert state is not None
            if state["status"] == "finished" or (until is not None and state["version"] >= until):
                return
            if not state["legal"]:
                await self.until(lambda s=state: self.state is not s)
                continue
            refused = len(self.errors)
            action = salted(rng.choice(state["legal"]), rng)
            await self.ws.send(
                json.dumps({"type": "act", "version": state["version"], "action": action})
            )
            await self.until(
                lambda v=state["version"], r=refused: self.version > v or len(self.errors) > r
            )
            late = ("act/stale", "act/not_playing")  # a bot moved first, or ended the game
            assert not [e for e in self.errors[refused:] if e not in late], self.errors
        raise AssertionError("the game did not end")

    async def close(self) -> None:
        Client.open.pop(self, None)
        await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.reader, TIMEOUT)


def undercover_deck() -> dict[str, Any]:
    data = json.loads((FIXTURES / "undercover-mini.json").read_text("utf-8"))
    return {"countries": data["countries"], "questions": data["questions"]}


class Soak:
    def __init__(self, server: LiveServer) -> None:
        self.server = server
        lobby = server.app.state.lobby
        assert isinstance(lobby, Lobby)
        self.lobby = lobby
        self.decks = {"uppsala": sample_cards(), "undercover": undercover_deck()}
        self.kept: list[Client] = []
        """Spectators that stay at their finished table until the phase is checked."""
        self.counts: list[tuple[int, int]] = []
        """(tables held, tables with a client) after each phase has settled."""
        self.most_above = 0
        """While the phases ran, how many more tables were held than had a client at most
        (those just created, left or looked up, within the linger)."""

    async def watch(self) -> None:
        async with httpx.AsyncClient(
            base_url=self.server.url, timeout=TIMEOUT, limits=KEEP_ALIVE
        ) as http:
            while True:
                active = len(set(Client.open.values()))
                held: int = (await http.get("/api/health")).json()["tables"]
                self.most_above = max(self.most_above, held - active)
                await asyncio.sleep(0.05)

    def held(self) -> int:
        tables: int = loopback.get(f"{self.server.url}/api/health", timeout=TIMEOUT).json()[
            "tables"
        ]
        assert tables == len(self.lobby.rooms)
        return tables

    async def table(self, http: httpx.AsyncClient, n: int, rng: random.Random) -> str:
        game = "undercover" if n % 2 else "uppsala"
        seats = [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}]
        body = {"game": game, "seats": seats, "deck": self.decks[game], "seed": n}
        response = await http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        created = response.json()
        code, token = created["table"]["code"], created["tokens"]["0"]
        url = self.server.ws_url(code)
        player = await Client.hello(url, token)
        kind = n % 8
        if kind in (0, 1, 2):
            await player.play(rng, until=4)
            seen = player.version
            await player.close()
            if kind == 0:
                return "left"
            await asyncio.sleep(LINGER * 3)  # long enough to be released
            player = await Client.hello(url, token)
            assert player.version >= seen  # bots may have moved before it left
        await player.play(rng)
        watchers = [await Client.hello(url, None) for _ in range(2)]
        for watcher in watchers:
            assert watcher.state is not None
            assert watcher.state["status"] == "finished"
        await player.close()
        for watcher in watchers:
            await watcher.close()
        info = await http.get(f"/api/tables/{code}")
        assert info.json()["status"] == "finished", info.text
        record = await http.get(f"/api/tables/{code}/record")
        assert record.status_code == 200, record.text
        assert len(record.json()["actions"]) == info.json()["version"]
        if kind == 3:
            self.kept.append(await Client.hello(url, None))
        return "finished"

    async def phase(self, number: int) -> None:
        rng = random.Random(number)
        async with httpx.AsyncClient(
            base_url=self.server.url, timeout=TIMEOUT, limits=KEEP_ALIVE
        ) as http:
            ends = await asyncio.gather(
                *(
                    self.table(http, number * TABLES + i, random.Random(rng.random()))
                    for i in range(TABLES)
                )
            )
        assert ends.count("left") == TABLES // 8
        await asyncio.sleep(LINGER * 3)
        active = len(self.kept)
        held = self.held()
        self.counts.append((held, active))
        assert active <= held <= active + SLACK, (held, active)
        for client in self.kept:
            await client.close()
        self.kept.clear()


def test_tables_held_follow_the_tables_in_use(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'soak.sqlite3'}", linger=LINGER)
    with running(settings) as server:
        soak = Soak(server)
        sizes: list[int] = []
        started = time.monotonic()

        async def case() -> None:
            watching = asyncio.create_task(soak.watch())
            try:
                for number in range(PHASES):
                    await soak.phase(number)
                    sizes.append(rss())
                await asyncio.sleep(LINGER * 3)
                assert soak.held() == 0
            finally:
                watching.cancel()
                for client in list(Client.open):
                    await client.close()

        asyncio.run(asyncio.wait_for(case(), 150))
        seconds = time.monotonic() - started
    growth = sizes[-1] - sizes[0]
    figures = ", ".join(f"{s / 2**20:.0f}" for s in sizes)
    print(
        f"soak: {PHASES} phases of {TABLES} tables in {seconds:.1f} s; (held, active) after "
        f"each phase {soak.counts}, while running at most {soak.most_above} more held than "
        f"in use; RSS after each phase {figures} MiB"
    )
    assert growth < RSS_GROWTH, figures
