"""Slow, silent and crowding clients (docs/protocol.md, Limits): a request's headers and
body have deadlines, a websocket must say hello in time, and one address holds a bounded
number of connections. Real sockets, each client from a loopback address of its own,
against a live server; the player beside the abuser is served throughout."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tests.server.conftest import fast_settings
from tests.server.live import TIMEOUT, LiveServer, create_table, run, running


@contextlib.contextmanager
def live(tmp_path: Path, **limits: Any) -> Iterator[LiveServer]:
    settings = fast_settings(f"sqlite:///{tmp_path / 'slow.sqlite3'}", **limits)
    with running(settings) as server:
        yield server


def raw(server: LiveServer, source: str) -> socket.socket:
    """A TCP connection to the server from the loopback address ``source``."""
    return socket.create_connection(
        ("127.0.0.1", server.port), timeout=TIMEOUT, source_address=(source, 0)
    )


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (anything it sent first is read and kept)."""
    sock.setblocking(False)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.setblocking(True)


def turned_away(server: LiveServer, source: str) -> tuple[int, dict[str, Any]]:
    """The status and JSON body of the answer a new connection from ``source`` is given
    before anything is sent on it."""
    with raw(server, source) as sock:
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), json.loads(body)


def served(server: LiveServer, source: str) -> bool:
    with server.http(source) as http:
        return http.get("/api/health").status_code == 200


def served_again(server: LiveServer, source: str, seconds: float = 5) -> None:
    """Wait until ``source`` is served again, once the connections it held have closed."""
    deadline = time.monotonic() + seconds
    while True:
        with contextlib.suppress(Exception):
            if served(server, source):
                return
        assert time.monotonic() < deadline, "the closed connections were not given back"
        time.sleep(0.1)


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[LiveServer]:
    with live(tmp_path, header_timeout=1.0, body_timeout=1.0, hello_timeout=1.0) as server:
        yield server


def test_silent_and_slow_requests_are_cut_and_the_player_beside_is_served(
    quick: LiveServer,
) -> None:
    silent = [raw(quick, "127.0.0.61") for _ in range(10)]
    slow_heads = [raw(quick, "127.0.0.61") for _ in range(10)]
    slow_bodies = [raw(quick, "127.0.0.61") for _ in range(5)]
    for sock in slow_bodies:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            b"content-length: 400\r\n\r\n{"
        )
    started = time.monotonic()
    for sock in slow_heads:
        sock.sendall(b"GET /api/health HTTP/1.1\r\n")
    attackers = silent + slow_heads + slow_bodies
    while not all(closed(sock) for sock in attackers):
        elapsed = time.monotonic() - started
        assert elapsed < 6, f"{sum(not closed(s) for s in attackers)} connections still open"
        for sock in slow_heads + slow_bodies:
            if not closed(sock):
                with contextlib.suppress(OSError):
                    sock.sendall(b"x")  # a byte at a time, never the end
        assert served(quick, "127.0.0.62")
        time.sleep(0.2)
    for sock in attackers:
        sock.close()
    # A request that comes whole, on a kept-alive connection, is never cut.
    with quick.http("127.0.0.62") as http:
        for _ in range(3):
            assert http.get("/api/health").status_code == 200
            time.sleep(0.6)
        create_table(http, [{"name": "Ann"}, {"name": "Ben"}])


def test_a_websocket_without_hello_is_closed_and_one_with_hello_stays(quick: LiveServer) -> None:
    with quick.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])
    code, token = created["table"]["code"], created["tokens"]["0"]

    async def case() -> None:
        url = quick.ws_url(code)
        opened = time.monotonic()
        async with (
            connect(url, local_addr=("127.0.0.63", 0)) as mute,
            connect(url, local_addr=("127.0.0.64", 0)) as ann,
        ):
            await ann.send(json.dumps({"type": "hello", "token": token}))
            state = json.loads(await asyncio.wait_for(ann.recv(), TIMEOUT))
            assert state["type"] == "state"
            frame = json.loads(await asyncio.wait_for(mute.recv(), TIMEOUT))
            assert frame["type"] == "error"
            assert frame["code"] == "protocol/no_hello"
            await asyncio.wait_for(mute.wait_closed(), TIMEOUT)
            assert mute.close_code == 4408
            assert 0.9 < time.monotonic() - opened < 5
            # Ann's connection outlives the deadline and still answers.
            await asyncio.sleep(1.2)
            await ann.send(json.dumps({"type": "hello", "token": token}))
            while (reply := json.loads(await asyncio.wait_for(ann.recv(), TIMEOUT)))[
                "type"
            ] != "error":
                pass
            assert reply["code"] == "protocol/hello_twice", reply

    run(case, timeout=30)


def test_one_address_holds_a_bounded_number_of_connections(tmp_path: Path) -> None:
    with live(tmp_path, header_timeout=30.0, connections_per_address=20) as server:
        hogs = [raw(server, "127.0.0.71") for _ in range(20)]
        url = server.ws_url("ABCDEF")

        async def websockets_count_too() -> None:
            async with connect(url, local_addr=("127.0.0.71", 0)):
                pass

        with pytest.raises(Exception, match="429"):
            run(websockets_count_too, timeout=10)
        status, body = turned_away(server, "127.0.0.71")
        assert status == 429
        assert body["error"]["code"] == "limit/too_many_connections"
        # the player beside, on another address, is served
        assert served(server, "127.0.0.72")
        # the address gets its connections back as they close
        for sock in hogs[:5]:
            sock.close()
        served_again(server, "127.0.0.71")
        for sock in hogs[5:]:
            sock.close()


def test_the_server_holds_a_bounded_number_of_connections(tmp_path: Path) -> None:
    with live(tmp_path, header_timeout=30.0, max_connections=30) as server:
        held = [raw(server, f"127.0.0.{80 + i % 3}") for i in range(30)]
        status, body = turned_away(server, "127.0.0.84")
        assert status == 503
        assert body["error"]["code"] == "server/busy"
        for sock in held:
            sock.close()
        served_again(server, "127.0.0.84")
