"""A connection that ends leaves nothing of geodeck's, and nothing of its websocket, for
the cyclic collector (benchmarks/peers/README.md, "A closed connection's garbage"): at
saturation thousands of connections end a minute, and what of them waits for the
collector is promoted to the old generation, which only a full collection (a second's
stop of every table) frees. uvicorn's HTTP protocol and its parser hold each other, so
they alone are left; the websocket's side must not hang from them."""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections import Counter

from geodeck.server.guarded_http import Guard
from geodeck.server.relay import Relay
from tests.server.live import LiveServer, Player, create_table, play_out, run

CONNECTION_KINDS = ("geodeck.server.", "uvicorn.protocols.websockets.", "websockets.server.")
"""The modules of what a connection is made of on the server's side (the test's clients
use ``websockets`` too, but not its server)."""


def guard_of(server: LiveServer) -> Guard:
    guard = getattr(server.server.config, "guard", None)
    assert isinstance(guard, Guard)
    return guard


def collect() -> Counter[str]:
    """The kinds (module and name) of the server's connections' cyclic garbage there is
    now. uvicorn's HTTP protocol is given a ``Relay`` as its transport, and holds it till
    the protocol's cycle is freed: that relay is counted only if it still holds on to a
    protocol (a relay let go of holds the closed transport alone)."""
    gc.garbage.clear()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return Counter(
            f"{type(o).__module__}.{type(o).__qualname__}"
            for o in gc.garbage
            if not (isinstance(o, Relay) and o.protocol is None)
        )
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def wait_closed(guard: Guard) -> None:
    deadline = time.monotonic() + 10
    while guard.open:
        assert time.monotonic() < deadline, f"{len(guard.open)} connections still open"
        time.sleep(0.02)
    time.sleep(0.3)  # the websocket's task ends after its connection


def test_played_websockets_that_end_leave_only_uvicorns_http_cycle(server: LiveServer) -> None:
    """Eight websockets play a table to its end and close; the server's HTTP connections
    close too."""
    guard = guard_of(server)
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
    code = created["table"]["code"]

    async def play() -> None:
        players = [await Player(server.ws_url(code), f"p{i}").open() for i in range(2)]
        for player, seat in zip(players, "01", strict=True):
            await player.hello(created["tokens"][seat])
        await play_out(players, random.Random(3))
        for player in players:
            await player.close()
        for _ in range(6):  # more connections to the finished table, each closed at once
            watcher = await Player(server.ws_url(code), "watcher").open()
            await watcher.hello(None)
            await watcher.close()
        await asyncio.sleep(0)

    gc.collect()  # what earlier tests left
    run(play)
    wait_closed(guard)
    found = collect()
    ours = {kind: n for kind, n in found.items() if kind.startswith(CONNECTION_KINDS)}
    assert not ours, ours
    http_protocols = found["uvicorn.protocols.http.httptools_impl.HttpToolsProtocol"]
    assert http_protocols <= 9, found  # one per connection (eight websockets, one HTTP)


def test_plain_http_connections_leave_nothing_of_geodecks(server: LiveServer) -> None:
    guard = guard_of(server)
    gc.collect()  # what earlier tests left
    for _ in range(5):
        with server.http() as http:
            assert http.get("/api/health").status_code == 200
            assert http.get("/api/tables/nosuchcode").status_code == 404
    wait_closed(guard)
    found = collect()
    ours = {kind: n for kind, n in found.items() if kind.startswith(CONNECTION_KINDS)}
    assert not ours, ours
