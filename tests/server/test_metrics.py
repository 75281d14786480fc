"""``--metrics``: Prometheus metrics from ``prometheus_client`` at ``/metrics``, for this
machine only, or at ``--metrics-address``; each process of several its own
(docs/hosting.md, Metrics)."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests import loopback
from tests.server.live import create_table, run, serve_process
from tests.server.stored_tables import _play_now
from tests.server.test_homes import _free, serve, wait_up
from tests.workers import free_port

FAST = ("--bot-delay", "0", "--pause", "0")


def scrape(url: str) -> dict[str, float]:
    """Every sample, as ``name{label=value,...}``: value."""
    answer = loopback.get(url, timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    found = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


def test_metrics_count_actions_refusals_limits_and_storage(tmp_path: Path) -> None:
    options = ("--metrics", "--creations-burst", "2", "--creations-refill", "600", *FAST)
    with serve_process(tmp_path / "db.sqlite3", tmp_path / "serve.log", *options) as (_, url):
        with httpx.Client(base_url=url, timeout=10) as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Robo", "bot": "random"}])
            code = created["table"]["code"]
            assert http.get("/api/tables/ZZZZZZ").status_code == 404
            create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[])
            assert http.post("/api/tables", json={"game": "uppsala"}).status_code == 429
        assert _play_now(url, code, created["tokens"], None) == "finished"
        seen = scrape(f"{url}/metrics")
        forwarded = loopback.get(f"{url}/metrics", headers={"X-Forwarded-For": "127.0.0.1"})
    assert seen["geodeck_actions_total"] > 10
    assert seen["geodeck_action_seconds_count"] == seen["geodeck_actions_total"]
    assert seen["geodeck_action_seconds_bucket{le=+Inf}"] == seen["geodeck_actions_total"]
    assert seen["geodeck_refusals_total{code=table/not_found}"] == 1
    assert seen["geodeck_refusals_total{code=limit/too_many_tables}"] == 1
    assert seen["geodeck_limit_hits_total{limit=limit/too_many_tables}"] == 1
    assert "geodeck_limit_hits_total{limit=table/not_found}" not in seen
    assert 0 < seen["geodeck_storage_commit_seconds_count"] <= seen["geodeck_actions_total"]
    assert seen["geodeck_tables_in_memory"] == 2
    assert seen["geodeck_tables_stored{status=finished}"] == 1, [
        k for k in seen if "stored" in k or "memory" in k
    ]
    assert seen["geodeck_tables_stored{status=waiting}"] == 1
    assert seen["geodeck_connections{kind=player}"] == 0
    assert seen["geodeck_connections{kind=http}"] >= 1  # this scrape's
    assert "process_resident_memory_bytes" in seen
    assert forwarded.status_code == 404  # through a proxy: never


def test_a_websocket_counts_by_kind_and_metrics_are_off_by_default(tmp_path: Path) -> None:
    with serve_process(tmp_path / "db.sqlite3", tmp_path / "serve.log", *FAST) as (_, url):
        assert loopback.get(f"{url}/metrics").status_code == 404
    with serve_process(tmp_path / "db.sqlite3", tmp_path / "s2.log", "--metrics", *FAST) as (
        _,
        url,
    ):
        with httpx.Client(base_url=url, timeout=10) as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0])
        code, token = created["table"]["code"], created["tokens"]["0"]
        from tests.server.live import Player

        async def case() -> None:
            ws = url.replace("http", "ws", 1) + f"/ws/{code}"
            ann = await Player(ws, "Ann").open()
            await ann.hello(token)
            watcher = await Player(ws, "watcher").open()
            await watcher.hello(None)
            await Player(ws, "silent").open()
            seen = scrape(f"{url}/metrics")
            assert seen["geodeck_connections{kind=player}"] == 1
            assert seen["geodeck_connections{kind=spectator}"] == 1
            assert seen["geodeck_connections{kind=before_hello}"] == 1

        run(case)


def test_workers_each_serve_their_own_metrics_apart(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    port = free_port()
    while not all(_free(port + i) for i in range(12)):
        port = free_port()
    metrics = port + 10
    log = tmp_path / "serve.log"
    parent = serve(
        port, log, postgres, pg_schema, redis_url,
        "--workers", "2", "--metrics-address", f"127.0.0.1:{metrics}",
    )  # fmt: skip
    try:
        for i in range(2):
            wait_up(f"http://127.0.0.1:{port + i}", parent, log)
        assert loopback.get(f"http://127.0.0.1:{port}/metrics").status_code == 404
        infos = []
        deadline = time.monotonic() + 20
        for i in range(2):
            while True:
                seen = scrape(f"http://127.0.0.1:{metrics + i}/metrics")
                if seen.get("geodeck_redis_renewal_seconds_count", 0) > 0:
                    break  # renewed its lease in Redis at least once
                assert time.monotonic() < deadline
                time.sleep(0.1)
            infos += [k for k in seen if k.startswith("geodeck_info{")]
        assert [info.split(",")[0] for info in infos] == [
            "geodeck_info{slot=0",
            "geodeck_info{slot=1",
        ]
    finally:
        parent.send_signal(signal.SIGINT)
        assert parent.wait(timeout=20) in (0, 130)
