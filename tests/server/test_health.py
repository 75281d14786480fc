"""``/api/health`` is live, ``/api/health/ready`` is ready: storage and Redis answer. A
process whose PostgreSQL or Redis stops answering stays live and is not ready
(``server/not_ready``, 503, saying which), and is ready again once they answer
(docs/protocol.md, GET /api/health)."""

from __future__ import annotations

import time

import httpx

from tests import loopback
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, running
from tests.server.relay import relay


def ready(server: LiveServer) -> httpx.Response:
    return loopback.get(f"{server.url}/api/health/ready", timeout=10)


def wait_ready(server: LiveServer) -> httpx.Response:
    """``ready`` until it says 200 (a pooled connection broken by the cut is dropped on
    the first try)."""
    deadline = time.monotonic() + 20
    while (answer := ready(server)).status_code != 200:
        assert time.monotonic() < deadline, answer.text
        time.sleep(0.05)
    return answer


def test_one_process_on_sqlite_is_live_and_ready(server: LiveServer) -> None:
    assert loopback.get(f"{server.url}/api/health").json()["ok"] is True
    answer = ready(server)
    assert answer.status_code == 200
    body = answer.json()
    assert body["ready"] is True
    assert body["storage_ms"] >= 0
    assert body["redis_ms"] is None


def test_a_process_whose_storage_or_redis_is_cut_is_live_but_not_ready(
    postgres: str, pg_schema: str, redis_url: str
) -> None:
    with relay(5432) as pg, relay(6379) as rd:
        url = postgres.replace(":5432/", f":{pg.port}/")
        settings = fast_settings(url, schema=pg_schema, redis_url=f"redis://127.0.0.1:{rd.port}/0")
        with running(settings) as server:
            assert wait_ready(server).json()["redis_ms"] >= 0
            pg.cut()
            answer = ready(server)
            assert answer.status_code == 503
            error = answer.json()["error"]
            assert error["code"] == "server/not_ready"
            assert error["message"].startswith("storage does not answer: ")
            assert loopback.get(f"{server.url}/api/health").status_code == 200  # still live
            pg.mend()
            wait_ready(server)
            rd.cut()
            answer = ready(server)
            assert answer.status_code == 503
            assert answer.json()["error"]["message"].startswith("Redis does not answer: ")
            assert loopback.get(f"{server.url}/api/health").status_code == 200
            rd.mend()
            wait_ready(server)
