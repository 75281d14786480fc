"""Several ``geodeck serve`` processes on PostgreSQL and Redis: each table has one home
process, a table whose home dies moves to another with nothing lost, and a proxy that
hashes the code lands on the home (docs/protocol.md, Several server processes)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from geodeck.cli.workers import worker_options
from geodeck.server.home import rendezvous, slot_of
from tests import loopback
from tests.server.classroom_support import auth, join, open_class
from tests.server.live import KEEP_ALIVE, ROOT, Player, create_table, play_out, run
from tests.workers import free_port

BOOT = 30.0


def serve(
    port: int, log: Path, postgres: str, schema: str, redis: str, *options: str
) -> subprocess.Popen[bytes]:
    command = [
        sys.executable, "-m", "geodeck", "serve",
        "--host", "127.0.0.1", "--port", str(port),
        "--database-url", postgres, "--schema", schema, "--redis-url", redis,
        "--bot-delay", "0", "--pause", "0", "--log-level", "warning", *options,
    ]  # fmt: skip
    with log.open("ab") as out:
        return subprocess.Popen(command, stdout=out, stderr=out, cwd=ROOT)


def wait_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + BOOT
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"geodeck serve exited: {log.read_text()}")
        with contextlib.suppress(httpx.TransportError):
            if loopback.get(f"{url}/api/health", timeout=1).status_code == 200:
                return
        if time.monotonic() > deadline:
            raise RuntimeError(f"geodeck serve did not start: {log.read_text()}")
        time.sleep(0.05)


@contextlib.contextmanager
def processes(
    tmp_path: Path, postgres: str, schema: str, redis: str, count: int
) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """``count`` processes in slots 0 to count-1, yielded with their URLs once they answer."""
    started: list[tuple[subprocess.Popen[bytes], str]] = []
    log = tmp_path / "serve.log"
    try:
        for slot in range(count):
            port = free_port()
            process = serve(
                port, log, postgres, schema, redis, "--slot", str(slot), "--slots", str(count)
            )
            started.append((process, f"http://127.0.0.1:{port}"))
        for process, url in started:
            wait_up(url, process, log)
        time.sleep(1.5)  # each has renewed its lease once and seen the others
        yield started
    finally:
        for process, _ in started:
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
        for process, _ in started:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


def test_the_home_is_the_slot_the_proxy_hash_picks_else_a_live_process() -> None:
    codes = ["ABCDEF", "QWERTY", "ZZZZZZ", "MNOPQR"]
    for code in codes:
        assert slot_of(code, 1) == 0
        assert 0 <= slot_of(code, 3) < 3
    # The slots of many codes spread over the processes.
    rng = random.Random(4)
    many = ["".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6)) for _ in range(600)]
    counts = [sum(1 for c in many if slot_of(c, 3) == s) for s in range(3)]
    assert min(counts) > 150, counts
    # Rendezvous: a process that goes away moves only its own tables.
    ids = ["a", "b", "c"]
    before = {c: rendezvous(c, ids) for c in many}
    after = {c: rendezvous(c, ["a", "b"]) for c in many}
    assert all(after[c] == before[c] for c in many if before[c] != "c")
    assert {before[c] for c in many} == set(ids)


def test_workers_get_their_own_port_and_slot_and_every_other_option() -> None:
    argv = [
        "--workers",
        "3",
        "--port=9000",
        "--redis-url",
        "redis://x",
        "--slot",
        "1",
        "--linger=5",
    ]
    assert worker_options(argv) == ["--redis-url", "redis://x", "--linger=5"]


def wrong_codes(slot: int, slots: int, count: int) -> list[str]:
    """``count`` codes of no table that the proxy's hash sends to ``slot``."""
    rng = random.Random(slot)
    found: list[str] = []
    while len(found) < count:
        code = "".join(rng.choice("QWXZ") for _ in range(6))
        if slot_of(code, slots) == slot and code not in found:
            found.append(code)
    return found


def test_a_forwarded_request_counts_for_its_client_and_a_forged_one_for_its_sender(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    """A process forwards a request to the table's home with the client's address and the
    key the processes share; the home counts the client's misses under that address. A
    client that writes the headers itself, even from 127.0.0.1 where the processes are,
    is counted under its own address (docs/protocol.md, Several server processes)."""
    with processes(tmp_path, postgres, pg_schema, redis_url, 2) as started:
        urls = [url for _, url in started]
        wrong = wrong_codes(1, 2, 25)
        ann = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.41"))
        ben = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.42"))
        with ann, ben:
            # Ann misses 20 times through process 0; each request goes to slot 1.
            for code in wrong[:20]:
                answer = ann.get(f"{urls[0]}/api/tables/{code}", timeout=10)
                assert answer.status_code == 404, answer.text
                assert answer.headers["x-geodeck-forwarded-to"] == urls[1]
            assert ann.get(f"{urls[0]}/api/tables/{wrong[20]}", timeout=10).status_code == 429
            # Ben, also through process 0, is not Ann.
            assert ben.get(f"{urls[0]}/api/tables/{wrong[21]}", timeout=10).status_code == 404
        # A client on 127.0.0.1 that poses as a process speaking for Ann.
        forged = {"X-Geodeck-Forwarded": "1", "X-Forwarded-For": "127.0.0.41"}
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.1")) as eve:
            for code in wrong[22:25]:
                answer = eve.get(f"{urls[1]}/api/tables/{code}", headers=forged, timeout=10)
                assert answer.status_code == 404, answer.text


def test_a_killed_home_hands_its_table_to_another_process_with_nothing_lost(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    with processes(tmp_path, postgres, pg_schema, redis_url, 2) as started:
        (first, first_url), (_, second_url) = started
        with httpx.Client(base_url=first_url, timeout=10, limits=KEEP_ALIVE) as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}])
            code = created["table"]["code"]
            assert slot_of(code, 2) == 0  # a process makes codes homed in itself
            tokens = {0: created["tokens"]["0"]}
            for seat in (1, 2):
                joined = http.post(f"/api/tables/{code}/join", json={})
                tokens[seat] = joined.json()["token"]
        seen: dict[str, int] = {}
        ws = first_url.replace("http", "ws")

        async def before_the_kill() -> None:
            # One player reaches the home through the other process (forwarded).
            urls = [f"{ws}/ws/{code}", f"{second_url.replace('http', 'ws')}/ws/{code}"]
            players = [await Player(urls[s % 2], f"p{s}").open() for s in range(3)]
            for seat, player in enumerate(players):
                assert (await player.hello(tokens[seat]))["type"] == "state"
            last = await play_out(players, random.Random(5), until=6)
            seen["version"] = last["version"]
            for player in players:
                await player.close()

        run(before_the_kill, timeout=60)
        assert seen["version"] >= 6
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)

        # The table's next request, at the surviving process, makes it the home once the
        # dead one's lease has run out; it restores the table from storage.
        deadline = time.monotonic() + 15
        with httpx.Client(base_url=second_url, timeout=10, limits=KEEP_ALIVE) as http:
            while True:
                answer = http.get(f"/api/tables/{code}")
                if answer.status_code == 200:
                    break
                assert answer.status_code == 503, answer.text
                assert answer.json()["error"]["code"] == "server/busy"
                assert time.monotonic() < deadline
                time.sleep(0.2)
            info = answer.json()
            assert info["version"] == seen["version"]  # every accepted action is there
            assert "x-geodeck-forwarded-to" not in answer.headers

        async def after_the_kill() -> None:
            players = [
                await Player(f"{second_url.replace('http', 'ws')}/ws/{code}", f"p{s}").open()
                for s in range(3)
            ]
            for seat, player in enumerate(players):
                state = await player.hello(tokens[seat])
                assert state["version"] == seen["version"]
            last = await play_out(players, random.Random(6))
            assert last["status"] == "finished"
            for player in players:
                await player.close()

        run(after_the_kill, timeout=60)
        with httpx.Client(base_url=second_url, timeout=10, limits=KEEP_ALIVE) as http:
            record = http.get(f"/api/tables/{code}/record")
            assert record.status_code == 200
            assert len(record.json()["actions"]) > seen["version"]


def test_serve_workers_starts_processes_that_share_the_tables(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    port = free_port()
    while not all(_free(port + i) for i in range(2)):
        port = free_port()
    log = tmp_path / "serve.log"
    config = tmp_path / "geodeck.toml"
    config.write_text("workers = 2\n")  # each worker is told it is one
    parent = serve(port, log, postgres, pg_schema, redis_url, "--config", str(config))
    urls = [f"http://127.0.0.1:{port + i}" for i in range(2)]
    try:
        for url in urls:
            wait_up(url, parent, log)
        time.sleep(1.5)
        with httpx.Client(base_url=urls[1], timeout=10, limits=KEEP_ALIVE) as http:
            code = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])["table"]["code"]
        assert slot_of(code, 2) == 1
        answer = loopback.get(f"{urls[0]}/api/tables/{code}", timeout=10)
        assert answer.status_code == 200
        assert answer.headers["x-geodeck-forwarded-to"] == urls[1]
    finally:
        parent.send_signal(signal.SIGINT)
        assert parent.wait(timeout=20) in (0, 130)
    for url in urls:
        with pytest.raises(httpx.TransportError):
            loopback.get(f"{url}/api/health", timeout=1)


def _free(port: int) -> bool:
    import socket

    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)


@pytest.mark.skipif(NGINX is None, reason="nginx is not installed")
def test_nginx_hashing_the_code_lands_on_the_home(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    assert NGINX is not None
    with processes(tmp_path, postgres, pg_schema, redis_url, 3) as started:
        port = free_port()
        servers = "\n".join(f"server {url.removeprefix('http://')};" for _, url in started)
        template = (ROOT / "deploy" / "nginx.conf").read_text()
        template = re.sub(r"        server 127\.0\.0\.1:\d+;\n", "", template)
        conf = template.replace("# SERVERS", servers).replace("listen 8080", f"listen {port}")
        conf = f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\n" + conf
        (tmp_path / "nginx.conf").write_text(conf)
        proxy = subprocess.Popen(
            [NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 10
            while True:
                with contextlib.suppress(httpx.TransportError):
                    if loopback.get(f"{base}/api/health", timeout=1).status_code == 200:
                        break
                assert time.monotonic() < deadline, (tmp_path / "error.log").read_text()
                time.sleep(0.1)
            with httpx.Client(base_url=base, timeout=10, limits=KEEP_ALIVE) as http:
                codes = [
                    create_table(http, [{"name": "Ann"}, {"name": "Ben"}])["table"]["code"]
                    for _ in range(9)
                ]
                assert {slot_of(c, 3) for c in codes} == {0, 1, 2}  # round robin creates
                for code in codes:
                    answer = http.get(f"/api/tables/{code}")
                    assert answer.status_code == 200
                    assert "x-geodeck-forwarded-to" not in answer.headers
            # Asked directly, a process that is not the home forwards.
            code = codes[0]
            other = started[(slot_of(code, 3) + 1) % 3][1]
            answer = loopback.get(f"{other}/api/tables/{code}", timeout=10)
            assert answer.status_code == 200
            assert answer.headers["x-geodeck-forwarded-to"] == started[slot_of(code, 3)][1]
        finally:
            proxy.terminate()
            proxy.wait(timeout=10)


def test_a_class_ended_at_another_process_closes_its_tables_at_their_home(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    """Ending a class deletes its tables; a table held by another process than the one
    that ended the class is let go there too: its websockets close (1012) within a lease,
    and the table is gone at every process (docs/classroom.md)."""
    with processes(tmp_path, postgres, pg_schema, redis_url, 2) as started:
        (_, first_url), (_, second_url) = started
        with httpx.Client(base_url=first_url, timeout=10, limits=KEEP_ALIVE) as http:
            opened = open_class(http)
            code, teacher = opened["code"], opened["token"]
            for name in ("Ann", "Ben"):
                join(http, code, name)
            games = http.post(f"/api/classes/{code}/games", json={"size": 2}, headers=auth(teacher))
            table = games.json()["tables"][0]
            assert slot_of(table, 2) == 0  # made at the first process, homed there
        watched: dict[str, Any] = {}

        async def end_elsewhere() -> None:
            watcher = await Player(f"{first_url.replace('http', 'ws')}/ws/{table}", "w").open()
            assert (await watcher.hello(None))["type"] == "state"
            with httpx.Client(base_url=second_url, timeout=10, limits=KEEP_ALIVE) as http:
                ended = http.delete(f"/api/classes/{code}", headers=auth(teacher))
            assert ended.status_code == 200, ended.text
            began = time.monotonic()
            await asyncio.wait_for(watcher.closed.wait(), 10)
            watched["after"] = time.monotonic() - began
            watched["close"] = watcher.close_code

        run(end_elsewhere, timeout=30)
        assert watched["close"] == 1012, watched
        assert watched["after"] < 5, watched
        for url in (first_url, second_url):
            gone = loopback.get(f"{url}/api/tables/{table}", timeout=10)
            assert gone.status_code == 404, gone.text
            assert gone.json()["error"]["code"] == "table/not_found"
