"""No input breaks the server: thousands of hostile requests and messages against a live
server, between the legitimate moves of real tables.

Over HTTP: create and join requests whose bodies are not JSON, hold lone surrogates or
bytes that are not UTF-8, huge numbers, deep nesting, wrong types, unknown fields, bad
decks, seats and options, or come with the wrong content type; codes of no table.
Over websockets: messages that are malformed, oversized, mistyped, of an unknown type,
with unknown fields, out of turn, for another seat, stale or replayed; bad hellos and
tokens, acts before hello and from spectators, binary frames, floods, and raw frames that
break the websocket protocol or carry text that is not UTF-8 (``hostile.py``).

All of it comes from one seeded ``random.Random`` (``GEODECK_FUZZ_SEED=N`` runs another
seed; a failure names its seed), between the legitimate moves of a cross-family game and
an Undercover game, both played to the end by scripted legal moves, and next to a table
that waits for a player. The server must answer nothing with a 5xx, log no traceback and
no error, refuse only with the codes docs/protocol.md lists (the expected one, where the
message says which), and change no table but by the legitimate moves: each finished
game's record is its head and exactly those moves, and the waiting table is as it was
made. ``pytest -s`` prints the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import geodeck
from geodeck.server.storage import Storage, StoredTable
from geodeck.undercover.commitment import SALT
from tests.server import hostile as h
from tests.server.conftest import fast_settings
from tests.server.live import KEEP_ALIVE, TIMEOUT, LiveServer, Player, run, server_logs
from tests.server.protocol_doc import documented_codes
from tests.support import sample_cards

SEED = int(os.environ.get("GEODECK_FUZZ_SEED", "20240917"))
BUDGET = 4300
"""Hostile messages (requests, websocket messages, raw frames) to send while the games
run; a few hundred more follow once they are over."""
AFTER = 25
"""Rounds of hostile input once the games are over."""

WIRE_FIELDS = {
    "place": {"line", "at"},
    "accept": set(),
    "challenge": {"against"},
    "guess": {"wrong"},
    "hide": {"country", "salt"},
    "name": {"seeker"},
    "answer": {"answer"},
    "stone": {"country", "size"},
    "pass": set(),
}
"""The fields of each act's wire form besides ``seat`` and ``act`` (RECORDS.md)."""

Message = tuple[str | bytes, h.Codes]


@dataclass
class Table:
    code: str
    tokens: dict[int, str]
    stored: StoredTable
    """The table as storage held it once made."""
    players: list[Player] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    """The legitimate actions, as sent."""
    sent: list[str] = field(default_factory=list)
    """The legitimate act messages, as sent (to be sent again)."""

    @property
    def family(self) -> str:
        return "undercover" if self.stored.game == "undercover" else "cross"

    @property
    def state(self) -> dict[str, Any] | None:
        return self.players[0].state if self.players else None

    @property
    def status(self) -> str:
        return "waiting" if self.state is None else str(self.state["status"])

    @property
    def version(self) -> int:
        return 0 if self.state is None else int(self.state["version"])

    def legal(self, seat: int) -> list[dict[str, Any]]:
        state = self.players[seat].state if seat < len(self.players) else None
        return [] if state is None else list(state["legal"])

    def all_legal(self) -> list[dict[str, Any]]:
        return [a for seat in range(len(self.players)) for a in self.legal(seat)]

    def would_be_legal(self, seat: int, action: dict[str, Any]) -> bool:
        """Whether ``seat`` could play ``action`` now: the one thing never to send at the
        current version. A hide is legal with any good salt, not only the one offered."""
        wire = {**action, "seat": seat}
        legal = self.legal(seat)
        salt = wire.get("salt")
        good_salt = isinstance(salt, str) and SALT.fullmatch(salt) is not None
        return wire in legal or (
            wire.get("act") == "hide"
            and good_salt
            and any(a["act"] == "hide" and a["country"] == wire.get("country") for a in legal)
        )


@dataclass
class Figures:
    http: int = 0
    ws: int = 0
    raw: int = 0
    legit: int = 0
    connections: int = 0
    not_utf8_connections: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    surprises: list[str] = field(default_factory=list)

    @property
    def sent(self) -> int:
        return self.http + self.ws + self.raw


class Probe:
    """A hostile websocket connection that keeps every frame it gets."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str) -> Probe:
        return cls(await connect(url, compression=None, max_size=None, open_timeout=TIMEOUT))

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.ws:
                try:
                    self.frames.append(json.loads(raw))
                except ValueError:
                    self.frames.append({"type": "not json", "raw": repr(raw)[:80]})
                self.arrived.set()
        self.arrived.set()

    async def wait(self, done: Callable[[], bool]) -> bool:
        deadline = time.monotonic() + TIMEOUT
        while not done() and not self.reader.done() and time.monotonic() < deadline:
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), deadline - time.monotonic())
        return done()

    async def closed(self) -> int | None:
        """The close code, once the server has closed the connection."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ws.wait_closed(), TIMEOUT)
        await asyncio.wait_for(self.reader, TIMEOUT)
        return self.ws.close_code

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.wait_for(self.reader, TIMEOUT)


class Fuzzer:
    def __init__(self, server: LiveServer, http: httpx.AsyncClient, rng: random.Random) -> None:
        self.server = server
        self.http = http
        self.rng = rng
        self.figures = Figures()
        self.documented = documented_codes()
        self.games: list[Table] = []
        self.waiting: Table | None = None
        self.pings = 0

    @property
    def tables(self) -> list[Table]:
        assert self.waiting is not None
        return [*self.games, self.waiting]

    def surprise(self, what: str) -> None:
        self.figures.surprises.append(f"[seed {SEED}] {what}")

    def refused(self, code: Any, where: str) -> None:
        self.figures.refusals[str(code)] += 1
        if code not in self.documented:
            self.surprise(f"undocumented code {code!r}: {where}")

    # -- tables and legitimate moves ----------------------------------------------------

    async def table(self, body: dict[str, Any], *, sit: bool) -> Table:
        response = await self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        created = response.json()
        code = created["table"]["code"]
        storage = Storage(self.server.settings.database_url)
        try:
            stored = storage.load_table(code)
        finally:
            storage.close()
        assert stored is not None
        tokens = {int(seat): token for seat, token in created["tokens"].items()}
        table = Table(code, tokens, stored)
        for seat in sorted(tokens) if sit else ():
            player = await Player(self.server.ws_url(code), f"{code}/{seat}").open()
            state = await player.hello(tokens[seat])
            assert state["type"] == "state", state
            table.players.append(player)
        return table

    async def legit_move(self, table: Table) -> None:
        """A random legal move of a seat whose move it is, seen by every seat."""
        version = table.version
        movers = [p for p in table.players if p.state is not None and p.state["legal"]]
        mover = self.rng.choice(movers)
        assert mover.state is not None
        action = dict(self.rng.choice(mover.state["legal"]))
        if action["act"] == "hide" and "salt" not in action:
            action["salt"] = f"{self.rng.getrandbits(128):032x}"
        refused = len(mover.errors)
        await mover.act(action, version)
        table.moves.append(action)
        table.sent.append(h.act(version, action))
        self.figures.legit += 1
        await mover.wait(
            lambda: (
                len(mover.errors) > refused
                or (mover.state is not None and mover.state["version"] > version)
            )
        )
        if len(mover.errors) > refused:
            raise AssertionError(f"[seed {SEED}] a legal move was refused: {mover.errors[-1]}")
        for player in table.players:
            await player.wait_version(version + 1)

    # -- HTTP ---------------------------------------------------------------------------

    async def request(self, method: str, path: str, bad: h.Bad | None) -> None:
        """One request, refused with one of ``bad.expect`` (``h.OK``: answered); without
        ``bad``, a path or method no endpoint serves: any 4xx."""
        self.figures.http += 1
        content = bad.content if bad is not None else b'{"game": "uppsala"}'
        where = f"{method} {path[:60]} {content[:120]!r}"
        try:
            response = await self.http.request(
                method, path, content=content, headers=bad.headers if bad else None
            )
        except httpx.TransportError as err:
            self.figures.server_errors.append(f"{err!r} for {where}")
            return
        status = response.status_code
        if status >= 500:
            self.figures.server_errors.append(f"{status} {response.text[:200]} for {where}")
            return
        code = None
        with contextlib.suppress(ValueError):
            body = response.json()
            if isinstance(body, dict) and isinstance(body.get("error"), dict):
                code = body["error"].get("code")
                self.refused(code, where)
        if bad is None:
            if status < 400:
                self.surprise(f"{status} {response.text[:200]} for {where}")
        elif bad.expect == h.OK:
            if status >= 400:
                self.surprise(f"{status} {response.text[:200]} for {where}")
        elif code not in bad.expect:
            self.surprise(f"{status} {code!r} (expected {sorted(bad.expect)}) for {where}")

    async def http_burst(self) -> None:
        rng = self.rng
        taken = {t.code for t in self.tables}
        for _ in range(rng.randint(4, 12)):
            roll = rng.random()
            if roll < 0.55:
                await self.request("POST", "/api/tables", h.bad_create(rng))
            elif roll < 0.65:
                path = f"/api/tables/{h.bad_code(rng, taken)}/join"
                await self.request("POST", path, h.Bad(b"{}", h.codes("table/not_found")))
            elif roll < 0.8:
                table = rng.choice(self.tables)
                code = table.code if rng.random() < 0.8 else table.code.lower()
                bad = h.bad_join(rng, waiting=table is self.waiting)
                await self.request("POST", f"/api/tables/{code}/join", bad)
            elif roll < 0.87:
                code = h.bad_code(rng, taken)
                path = rng.choice([f"/api/tables/{code}", f"/api/tables/{code}/record"])
                await self.request("GET", path, h.Bad(b"", h.codes("table/not_found")))
            elif roll < 0.95:
                table = rng.choice(self.tables)
                info = f"/api/tables/{table.code}"
                kept = h.OK if table.status == "finished" else h.codes("record/not_finished")
                path, expect = rng.choice([(info, h.OK), (f"{info}/record", kept)])
                await self.request("GET", path, h.Bad(b"", expect))
            else:
                method, path = rng.choice(
                    [
                        ("PUT", "/api/tables"),
                        ("DELETE", "/api/tables"),
                        ("PATCH", "/api/tables/ABCDEF"),
                        ("GET", "/api/tables/ABCDEF/join"),
                        ("POST", "/api/health"),
                        ("GET", "/api/nothing"),
                        ("POST", "/api/tables/ABCDEF/record"),
                    ]
                )
                await self.request(method, path, None)

    # -- websocket messages ---------------------------------------------------------------

    async def probe(self, table: Table) -> Probe:
        self.figures.connections += 1
        return await Probe.open(self.server.ws_url(table.code))

    async def exchange(self, probe: Probe, messages: list[Message]) -> None:
        """Send ``messages`` and a ping; check the refusals that come back before the
        pong, in order, against what each message expects."""
        start = len(probe.frames)
        self.pings += 1
        marker = f"sync-{self.pings}"
        try:
            for message, _ in [*messages, (json.dumps({"type": "ping", "id": marker}), h.OK)]:
                self.figures.ws += 1
                await probe.ws.send(message)
        except ConnectionClosed as closed:
            self.surprise(f"{closed} after {[str(m)[:100] for m, _ in messages]}")
            return
        if not await probe.wait(lambda: {"type": "pong", "id": marker} in probe.frames):
            self.surprise(f"no pong after {[str(m)[:100] for m, _ in messages]}")
            return
        errors = [f for f in probe.frames[start:] if f.get("type") == "error"]
        for error in errors:
            self.refused(error.get("code"), str(error)[:200])
        refused = [(m, expect) for m, expect in messages if expect]
        if len(errors) != len(refused):
            got = [e.get("code") for e in errors]
            sent = [str(m)[:100] for m, _ in messages]
            self.surprise(f"{len(errors)} refusals for {len(refused)}: {got} after {sent}")
            return
        for (message, expect), error in zip(refused, errors, strict=True):
            if error.get("code") not in expect:
                self.surprise(f"{error.get('code')!r} (expected {sorted(expect)}): {message!r}")

    def templates(self, table: Table) -> list[dict[str, Any]]:
        """Well-formed actions of the table's family, most of them never legal."""
        rng = self.rng
        if table.family == "cross":
            return [
                {"act": "place", "line": "west-east", "at": rng.choice([0, 1, 99])},
                {"act": "place", "line": rng.choice(["north-south", "column", "up"]), "at": 0},
                {"act": "accept"},
                {"act": "challenge", "against": rng.choice(["moscow", "nowhere"])},
                {"act": "guess", "wrong": rng.choice([0, 1, -1, 1000])},
            ]
        return [
            {"act": "hide", "country": rng.choice(["XX", "ES"]), "salt": "5b1e0c27d9a4f3e2"},
            {"act": "hide", "country": "ES", "salt": rng.choice(["short", "with space " * 2])},
            {"act": "name", "seeker": rng.choice([0, 1, 2, 9])},
            {"act": "answer", "answer": rng.choice(["yes", "maybe", "no"])},
            {"act": "stone", "country": rng.choice(["XX", "SE"]), "size": "small"},
            {"act": "stone", "country": "SE", "size": "huge"},
            {"act": "pass"},
        ]

    def hostile_act(self, table: Table, seat: int) -> Message | None:
        """An act no rule allows, from a connection that holds ``seat`` (``None`` if the one
        drawn happens to be a legal move)."""
        rng = self.rng
        version = table.version
        legal = table.legal(seat) or table.all_legal() or self.templates(table)
        base = {k: v for k, v in rng.choice(legal).items() if k != "seat"}
        kind = rng.randrange(9)
        if kind == 0:
            old = rng.randrange(version) if version and rng.random() < 0.7 else None
            stale = old if old is not None else version + rng.choice([1, 2, 1000, 2**62])
            return self.expect(table, h.act(stale, base), h.codes("act/stale"))
        if kind == 1 and table.sent:
            return self.expect(table, rng.choice(table.sent), h.codes("act/stale"))
        if kind == 2:
            other = rng.choice([s for s in range(3) if s != seat])
            wrong = rng.choice([other, 99, -1, str(seat), True, None, seat + 0.5, [seat]])
            message = h.act(version, {**base, "seat": wrong})
            return self.expect(table, message, h.codes("act/wrong_seat"))
        if kind == 3:
            return self.expect(table, h.act(version, self.unknown_field(base, seat)), h.ACTION)
        if kind == 4:
            action, expect = self.mistyped(base)
            return self.expect(table, h.act(version, action), expect)
        if kind == 5:
            foreign = (
                {"act": "hide", "country": "ES", "salt": "0" * 16}
                if table.family == "cross"
                else {"act": "place", "line": "west-east", "at": 0}
            )
            action = rng.choice([foreign, {"act": "fly"}, {"act": "PASS"}])
            return self.expect(table, h.act(version, action), h.ACTION)
        if kind == 6:
            awaited = table.state["expects"]["seats"] if table.state else []
            theirs = [a for a in table.all_legal() if a["seat"] != seat]
            if seat in awaited or not theirs:
                return None
            action = {k: v for k, v in rng.choice(theirs).items() if k != "seat"}
        else:
            action = rng.choice(self.templates(table))
        if table.status == "playing" and table.would_be_legal(seat, action):
            return None
        if rng.random() < 0.5:
            action = {**action, "seat": seat}
        return self.expect(table, h.act(version, action), h.ENGINE)

    def expect(self, table: Table, message: str, expect: h.Codes) -> Message:
        """Any act is refused as ``act/not_playing`` once a table is not playing."""
        return message, expect if table.status == "playing" else h.codes("act/not_playing")

    def unknown_field(self, base: dict[str, Any], seat: int) -> dict[str, Any]:
        act = base.get("act")
        own = WIRE_FIELDS.get(act, set()) if isinstance(act, str) else set()
        names = ["lnie", "Seat", "extra", "version", "salt", "seeker", "line", "commitment"]
        name = self.rng.choice([n for n in names if n not in base and n not in own])
        action = {**base, name: self.rng.choice([0, "north-south", None, {}])}
        return {**action, "seat": seat} if self.rng.random() < 0.5 else action

    def mistyped(self, base: dict[str, Any]) -> tuple[dict[str, Any], h.Codes]:
        """``base`` with a field of the wrong type or left out, or with an unknown act."""
        rng = self.rng
        names = [k for k in base if k != "act"]
        if not names:
            return {**base, "act": rng.choice([1, None, [], {}, "fly", "PASS", ""])}, h.ACTION
        name = rng.choice(names)
        if rng.random() < 0.3:
            left = {k: v for k, v in base.items() if k != name}
            # a hide without its salt may come to be refused by the rules, not the parser
            hide = base["act"] == "hide" and name == "salt"
            return left, h.ACTION | h.ENGINE if hide else h.ACTION
        wrong: list[Any] = [1, None, [], {}, True, 2.5]
        if not isinstance(base[name], str):
            wrong = ["1", 1.5, True, None, [], {}]
        return {**base, name: rng.choice(wrong)}, h.ACTION

    async def seat_episode(self, table: Table) -> None:
        """A second connection of a seat: hostile acts, and messages no table accepts."""
        rng = self.rng
        seat = rng.choice(sorted(table.tokens))
        hello: dict[str, Any] = {"type": "hello", "token": table.tokens[seat]}
        if rng.random() < 0.5:
            hello["delta"] = True
        messages: list[Message] = [(json.dumps(hello), h.OK)]
        length = rng.randint(8, 40)
        while len(messages) < length:
            roll = rng.random()
            if roll < 0.6:
                made = self.hostile_act(table, seat)
                if made is not None:
                    messages.append(made)
            elif roll < 0.65:
                again = json.dumps({"type": "hello", "spectator": True})
                messages.append((again, h.codes("protocol/hello_twice")))
            else:
                bad = h.garbage(rng, joined=True)
                messages.append((bad.content, bad.expect))
        probe = await self.probe(table)
        await self.exchange(probe, messages)
        await probe.close()

    async def spectator_episode(self, table: Table) -> None:
        rng = self.rng
        messages: list[Message] = [(json.dumps({"type": "hello", "spectator": True}), h.OK)]
        length = rng.randint(5, 30)
        while len(messages) < length:
            if rng.random() < 0.5:
                action = rng.choice(table.all_legal() or self.templates(table))
                version = rng.choice([table.version, table.version + 1, 0])
                messages.append((h.act(version, action), h.codes("act/spectator")))
            else:
                bad = h.garbage(rng, joined=True)
                messages.append((bad.content, bad.expect))
        probe = await self.probe(table)
        await self.exchange(probe, messages)
        await probe.close()

    async def anonymous_episode(self, table: Table) -> None:
        """A connection that never says hello (or only with a bad token)."""
        rng = self.rng
        messages: list[Message] = []
        length = rng.randint(5, 40)
        while len(messages) < length:
            if rng.random() < 0.35:
                action = rng.choice(table.all_legal() or self.templates(table))
                messages.append((h.act(table.version, action), h.codes("protocol/hello_first")))
            else:
                bad = h.garbage(rng, joined=False)
                messages.append((bad.content, bad.expect))
        probe = await self.probe(table)
        await self.exchange(probe, messages)
        await probe.close()

    async def flood_episode(self, table: Table) -> None:
        """More than 50 messages in a second: those over the limit get too_many."""
        probe = await self.probe(table)
        count = self.rng.randint(55, 80)
        for i in range(count):
            self.figures.ws += 1
            await probe.ws.send(json.dumps({"type": "ping", "id": i}))

        def answered() -> bool:
            return sum(1 for f in probe.frames if f.get("type") in ("pong", "error")) >= count

        if not await probe.wait(answered):
            self.surprise(f"a flood of {count} messages got {len(probe.frames)} answers")
        for frame in probe.frames:
            if frame.get("type") == "error":
                self.refused(frame.get("code"), "flood")
                if frame.get("code") != "protocol/too_many":
                    self.surprise(f"flood: {frame}")
        await probe.close()

    async def raw_episode(self, table: Table) -> None:
        """Frames no websocket client library sends, written to the socket as they are."""
        probe = await self.probe(table)
        if self.rng.random() < 0.3:
            await probe.ws.send(json.dumps({"type": "hello", "token": table.tokens[0]}))
            await probe.wait(lambda: bool(probe.frames))
        raw = h.raw_frames(self.rng)
        self.figures.raw += raw.frames
        self.figures.not_utf8_connections += raw.not_utf8
        probe.ws.transport.write(raw.data)
        if raw.closes == {None}:
            if not await probe.wait(lambda: any(f.get("type") == "pong" for f in probe.frames)):
                self.surprise(f"no pong for {raw.data!r}")
            await probe.close()
            return
        closed = await probe.closed()
        if closed not in raw.closes:
            self.surprise(f"{raw.data[:40]!r}: closed with {closed}, not {set(raw.closes)}")

    async def unknown_table_episode(self) -> None:
        self.figures.connections += 1
        self.figures.ws += 1
        code = self.rng.choice(["ZZZZZZ", "abc", "A" * 200, "ÄÖÜÄÖÜ", "%ED%A0%80"])
        url = f"ws://127.0.0.1:{self.server.port}/ws/{code}"
        probe = Probe(await connect(url, compression=None, open_timeout=TIMEOUT))
        closed = await probe.closed()
        first = probe.frames[0] if probe.frames else {}
        self.refused(first.get("code"), f"/ws/{code}")
        if first.get("code") != "table/not_found" or closed != 4404:
            self.surprise(f"/ws/{code}: {first} and close code {closed}")

    async def fuzz(self) -> None:
        """One round of hostile input: a burst of requests, or one connection's worth."""
        rng = self.rng
        if rng.random() < 0.45:
            await self.http_burst()
            return
        table = rng.choice([*self.games, *self.tables])
        episode = rng.choices(
            [
                self.seat_episode,
                self.spectator_episode,
                self.anonymous_episode,
                self.flood_episode,
                self.raw_episode,
            ],
            weights=[10, 3, 4, 0.3, 6],
        )[0]
        await episode(table)
        if rng.random() < 0.03:
            await self.unknown_table_episode()


async def play(fuzzer: Fuzzer) -> None:
    rng = fuzzer.rng
    uppsala = {
        "game": "uppsala",
        "seats": [{"name": "Ann"}, {"name": "Ben"}],
        "claim": [0, 1],
        "seed": rng.randrange(2**32),
        "deck": sample_cards(),
    }
    undercover = {
        "game": "undercover",
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}],
        "claim": [0, 1, 2],
        "seed": rng.randrange(2**32),
        "deck": h.undercover_deck(),
    }
    fuzzer.games = [await fuzzer.table(uppsala, sit=True), await fuzzer.table(undercover, sit=True)]
    waiting = {
        "game": "uppsala",
        "seats": [{"name": "Ann"}, {"name": "Ben"}],
        "deck": sample_cards(),
    }
    fuzzer.waiting = await fuzzer.table(waiting, sit=False)
    figures = fuzzer.figures
    while figures.sent < BUDGET or any(t.status == "playing" for t in fuzzer.games):
        playing = [t for t in fuzzer.games if t.status == "playing"]
        if playing and (rng.random() < 0.6 or figures.sent >= BUDGET):
            await fuzzer.legit_move(rng.choice(playing))
        if figures.sent < BUDGET or rng.random() < 0.2:
            await fuzzer.fuzz()
    for _ in range(AFTER):
        await fuzzer.fuzz()
    for table in fuzzer.games:
        for player in table.players:
            await player.close()


def state_changes(fuzzer: Fuzzer, records: dict[str, Any], database_url: str) -> int:
    """The tables that are not as the legitimate moves alone made them: a finished game
    whose record is not its head and those moves, the waiting table if storage holds it
    other than it was made."""
    changed = 0
    for table in fuzzer.games:
        expected = table.stored.record() | {"actions": table.moves}
        try:
            replayed = geodeck.Game.from_record(expected).to_record()
        except geodeck.GeodeckError:
            replayed = None  # the legitimate moves do not fit: something else changed the game
        changed += records[table.code] != expected or replayed != expected
    assert fuzzer.waiting is not None
    storage = Storage(database_url)
    try:
        changed += storage.load_table(fuzzer.waiting.code) != fuzzer.waiting.stored
    finally:
        storage.close()
    return changed


def test_no_input_breaks_the_server(sqlite_url: str) -> None:
    started = time.monotonic()
    # The limit on wrong codes and tokens per address would close the fuzzer's sockets
    # after 20 misses (test_limits.py holds the server to it); here every input must reach
    # the code that parses it.
    server = LiveServer(fast_settings(sqlite_url, miss_burst=10**9))
    fuzzer: Fuzzer | None = None
    records: dict[str, Any] = {}

    async def case() -> None:
        nonlocal fuzzer
        async with httpx.AsyncClient(
            base_url=server.url, timeout=TIMEOUT, limits=KEEP_ALIVE
        ) as http:
            fuzzer = Fuzzer(server, http, random.Random(SEED))
            await play(fuzzer)
            for table in fuzzer.games:
                response = await http.get(f"/api/tables/{table.code}/record")
                assert response.status_code == 200, response.text
                records[table.code] = response.json()

    with server_logs() as logged:  # once uvicorn has set its loggers up, until it stops
        server.start()
        try:
            run(case, timeout=300)
        finally:
            server.stop()
    assert fuzzer is not None
    assert fuzzer.waiting is not None
    figures = fuzzer.figures

    changed = state_changes(fuzzer, records, sqlite_url)
    storage = Storage(sqlite_url)
    try:
        stored_codes = set(storage.codes(unfinished=False))
    finally:
        storage.close()

    tracebacks = [r for r in logged if r.exc_info]
    errors = [r for r in logged if r.levelno >= logging.ERROR]
    not_utf8 = [r for r in logged if "not in UTF-8" in r.getMessage()]
    print(
        f"\nfuzz (seed {SEED}): {figures.sent} messages sent ({figures.http} HTTP requests, "
        f"{figures.ws} websocket messages, {figures.raw} raw frames) on {figures.connections} "
        f"connections between {figures.legit} legitimate moves; "
        f"{sum(figures.refusals.values())} refusals with {len(figures.refusals)} codes; "
        f"5xx: {len(figures.server_errors)}, tracebacks: {len(tracebacks)}, "
        f"errors logged: {len(errors)}, state changes: {changed}, "
        f"surprises: {len(figures.surprises)}; {time.monotonic() - started:.1f} s"
    )
    assert figures.server_errors == []
    assert tracebacks == [], [r.getMessage() for r in tracebacks[:5]]
    assert errors == [], [r.getMessage() for r in errors[:5]]
    assert figures.surprises == [], figures.surprises[:10]
    assert changed == 0
    assert stored_codes == {t.code for t in fuzzer.tables}, "a hostile request made a table"
    assert set(figures.refusals) <= fuzzer.documented
    assert len(not_utf8) <= figures.not_utf8_connections
    assert all(len(r.getMessage()) < 300 for r in logged)
    assert figures.sent >= 3000
    assert all(t.status == "finished" for t in fuzzer.games)
