"""benchmarks/gauge.py, the machine's speed over a long run, and how server_load.py sets a
window's CPU per action against it (benchmarks/peers/README.md, Ageing)."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from statistics import fmean

import pytest

from tests.unit.test_peer_benchmark import RUN, load

SERVER_LOAD = load(RUN).server_load  # as run.py imports it: by name, beside gauge.py
GAUGE = SERVER_LOAD.sys.modules["gauge"]


def played(seed: int) -> list[tuple[str, int, str]]:
    database = sqlite3.connect(":memory:", isolation_level=None)
    database.execute("CREATE TABLE actions (code TEXT, idx INTEGER, action TEXT)")
    sender, receiver = socket.socketpair()
    with sender, receiver:
        GAUGE.play(seed, database, sender, receiver)
    rows: list[tuple[str, int, str]] = database.execute("SELECT * FROM actions").fetchall()
    return rows


def test_every_round_plays_the_same_game_to_its_end() -> None:
    first, again, other = played(3), played(3), played(4)
    assert len(first) >= 20
    assert first == again
    assert first != other
    assert [idx for _, idx, _ in first] == list(range(len(first)))


def test_a_round_is_timed_in_cpu_seconds() -> None:
    spent = GAUGE.one_round(1)
    assert 0.0 < spent < 30.0


def test_the_gauge_process_reports_rounds_and_a_window_takes_their_mean() -> None:
    gauge = GAUGE.Gauge(every=0.05, games=1)
    try:
        started = time.time()
        deadline = time.monotonic() + 60
        while len(gauge.rounds) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        rounds = list(gauge.rounds)
    finally:
        gauge.close()
    assert len(rounds) >= 3
    assert all(at >= started and ms > 0 for at, ms in rounds)
    inside = [ms for at, ms in rounds[:2]]
    assert gauge.between(rounds[0][0], rounds[1][0]) == fmean(inside)
    assert gauge.between(started - 100, started - 50) is None
    assert gauge.process.poll() is not None


def test_a_window_is_set_against_the_first_raw_and_over_the_gauge() -> None:
    drift = SERVER_LOAD.Drift()
    assert drift.against(500.0, 100.0) == ""
    # the machine 10% slower and the server 10% dearer: none of it the server's own
    assert drift.against(550.0, 110.0) == ", +10.0% on the first window (+0.0% over the gauge)"
    assert drift.against(550.0, 100.0) == ", +10.0% on the first window (+10.0% over the gauge)"
    assert drift.against(450.0, None) == ", -10.0% on the first window"


def test_without_a_gauge_only_the_raw_drift_is_given() -> None:
    drift = SERVER_LOAD.Drift()
    assert drift.against(400.0, None) == ""
    assert drift.against(420.0, 90.0) == ", +5.0% on the first window"


def test_the_gauge_stops_when_nobody_reads_it_any_more() -> None:
    script = RUN.parents[1] / "gauge.py"
    process = subprocess.Popen(
        [sys.executable, str(script), "--every", "0.05"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stderr is not None
    at, milliseconds = process.stdout.readline().split()
    assert float(at) > 0
    assert float(milliseconds) > 0
    process.stdout.close()
    assert process.wait(timeout=60) == 0
    assert process.stderr.read() == ""
    process.stderr.close()


def test_the_gauge_refuses_a_round_without_games() -> None:
    script = RUN.parents[1] / "gauge.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "0"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "--games must be positive" in done.stderr


def test_server_env_sets_names_for_the_server_alone_and_refuses_a_pair_without_a_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GEODECK_BENCH_SERVER_ENV", "PYTHONMALLOC=malloc  LD_PRELOAD=/x/lib.so=2")
    assert SERVER_LOAD.server_env() == {"PYTHONMALLOC": "malloc", "LD_PRELOAD": "/x/lib.so=2"}
    monkeypatch.setenv("GEODECK_BENCH_SERVER_ENV", "PYTHONMALLOC=malloc =x NOVALUE")
    with pytest.raises(SystemExit, match=r"not NAME=value: =x NOVALUE"):
        SERVER_LOAD.server_env()
    monkeypatch.delenv("GEODECK_BENCH_SERVER_ENV")
    assert SERVER_LOAD.server_env() == {}


def test_the_kernel_part_of_a_process_cpu_is_counted_apart() -> None:
    ends = time.process_time() + 0.3
    while time.process_time() < ends:
        pass
    user, system = SERVER_LOAD.cpu_times(os.getpid())
    own = os.times()
    assert abs(user - own.user) < 0.05
    assert abs(system - own.system) < 0.05
    assert user > system  # the loop above ran in user space
    assert abs(SERVER_LOAD.cpu_seconds(os.getpid()) - (own.user + own.system)) < 0.05


def test_a_scattered_heap_keeps_a_share_of_what_it_made_the_same_every_time() -> None:
    SERVER_LOAD.SCATTERED.clear()
    SERVER_LOAD.scatter(1.0, keep=0.25)
    first = [len(item) for item in SERVER_LOAD.SCATTERED]
    SERVER_LOAD.SCATTERED.clear()
    SERVER_LOAD.scatter(1.0, keep=0.25)
    again = [len(item) for item in SERVER_LOAD.SCATTERED]
    SERVER_LOAD.SCATTERED.clear()
    made = sum(size + 33 for size in first) / 0.25
    assert first == again
    assert 0.8 * 2**20 < made < 1.2 * 2**20
    assert max(first) <= 470
    assert len(set(first)) > 100
