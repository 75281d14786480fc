"""server_load.py's experiments on an ageing server: code that has learned nothing
(``GEODECK_BENCH_REQUICKEN``), the probe (``GEODECK_BENCH_PROBE``) and what a side-by-side
pair did per action (benchmarks/peers/README.md, Aged and fresh in the same seconds)."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.unit.test_peer_benchmark import RUN, load

SERVER_LOAD = load(RUN).server_load
BENCHMARKS = Path(SERVER_LOAD.__file__).parent

REQUICKEN = """
import dis, gc, json, sys
sys.path[:0] = [sys.argv[1]]
import server_load

def outer():
    def inner(x):
        return x + 1
    return inner

def hot(n):
    total = 0
    for i in range(n):
        total += i
    return total

def learned(code):
    plain = [i.opname for i in dis.get_instructions(code)]
    return plain != [i.opname for i in dis.get_instructions(code, adaptive=True)]

for _ in range(50):
    hot(1000)
gc.collect()
gc.freeze()  # as geodeck serve's tune_gc: these functions are not in gc.get_objects()
before, nested = hot.__code__, outer.__code__.co_consts
was = learned(before)
server_load.requicken()
after = hot.__code__
print(json.dumps({
    "learned_before": was,
    "learned_after": learned(after),
    "new_code": after is not before,
    "same_bytecode": after.co_code == before.co_code,
    "nested_new": [a is not b for a, b in zip(outer.__code__.co_consts, nested)
                   if hasattr(a, "co_code")],
    "still_works": [hot(10), outer()(41)],
}))
"""


def test_requicken_gives_every_function_code_that_has_learned_nothing_frozen_ones_too() -> None:
    done = subprocess.run(
        [sys.executable, "-c", REQUICKEN, str(BENCHMARKS)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found = json.loads(done.stdout)
    assert found["learned_before"] is True
    assert found["learned_after"] is False
    assert found["new_code"] is True
    assert found["same_bytecode"] is True
    assert found["nested_new"] == [True]
    assert found["still_works"] == [45, 42]
    assert "requickened" in done.stderr


def test_the_probe_plays_a_round_every_so_often_and_keeps_its_cpu_time() -> None:
    SERVER_LOAD.PROBES.clear()
    started = time.time()

    async def rounds() -> bytes:
        await SERVER_LOAD.probe(every=0.01)
        deadline = time.monotonic() + 60
        while len(SERVER_LOAD.PROBES) < 3 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        response = await SERVER_LOAD.probes(None)
        body: bytes = response.body
        return body

    try:
        served = orjson.loads(asyncio.run(rounds()))
        made = list(SERVER_LOAD.PROBES)
    finally:
        SERVER_LOAD.PROBES.clear()
    assert len(made) >= 3
    assert all(started <= at <= time.time() and ms > 0 for at, ms in made)
    assert [tuple(pair) for pair in served] == made[: len(served)]
    assert gc.isenabled()  # held off for a round only


def meter(actions: int, frames: int, size: int, loop: float, span: tuple[float, float]) -> object:
    one = SERVER_LOAD.Meter(0)
    one.actions, one.frames_in, one.bytes_in = actions, frames, size
    one.loop_cpu, one.seconds, one.span = loop, 2.0, span
    return one


def test_a_pair_says_what_each_server_did_per_action() -> None:
    fresh = meter(1000, 3080, 3_930_000, 0.18, (0.0, 2.0))
    aged = meter(800, 2470, 3_144_000, 0.20, (0.0, 2.0))
    line = SERVER_LOAD.work_line([fresh, aged])
    assert "fresh: loop thread 360 us, 3.080 frames, 3930 B" in line
    assert "aged: loop thread 500 us, 3.087 frames, 3930 B" in line


def test_the_probe_rounds_of_a_pair_are_taken_inside_each_window_only() -> None:
    fresh = meter(1, 1, 1, 0.1, (100.0, 130.0))
    aged = meter(1, 1, 1, 0.1, (101.0, 131.0))
    rounds = [
        [[99.0, 1000.0], [110.0, 40.0], [120.0, 44.0], [125.0, 42.0]],
        [[100.5, 1.0], [111.0, 46.0], [121.0, 46.2], [131.0, 50.0], [140.0, 1.0]],
    ]
    line = SERVER_LOAD.probes_text(rounds, [fresh, aged])
    assert "fresh 42.0 ms (3 rounds), aged 46.2 ms (3): +10.0%" in line
    empty = SERVER_LOAD.probes_text([[], rounds[1]], [fresh, aged])
    assert "fresh nan ms (0 rounds)" in empty


def test_the_rest_before_each_pair_is_seconds_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("GEODECK_BENCH_REST", raising=False)
    assert SERVER_LOAD.rest_seconds() == 0.0
    monkeypatch.setenv("GEODECK_BENCH_REST", "90")
    assert SERVER_LOAD.rest_seconds() == 90.0
    for bad in ("ninety", "-5", "inf", "nan", ""):
        monkeypatch.setenv("GEODECK_BENCH_REST", bad)
        with pytest.raises(SystemExit, match="GEODECK_BENCH_REST: not a number of seconds"):
            SERVER_LOAD.rest_seconds()


def beside_meter(actions: int, server_cpu: float, slowest: float) -> Any:
    one = SERVER_LOAD.Meter(os.getpid())
    one.actions, one.seconds, one.server_cpu = actions, 2.0, server_cpu
    one.latencies = [0.01, slowest]
    return one


def test_beside_sets_the_second_trees_cost_against_the_firsts() -> None:
    this = beside_meter(1000, 0.40, 0.25)  # 500 actions/s on 0.4 of a core: 800 us
    other = beside_meter(1000, 0.44, 0.30)
    this.other_cpu = 0.50  # the second server's 0.44 is not another process
    line = SERVER_LOAD.beside_line(3, [this, other])
    assert line.startswith("window   3 (2 s): this tree 800 us/action, 500 actions/s, max 250 ms")
    assert "beside 880 us/action, 500 actions/s, max 300 ms" in line
    assert (
        "beside over this tree +10.0%; the client's longest stall 0 ms; other processes 6%" in line
    )


def test_beside_refuses_a_tree_without_geodeck_and_a_second_kind_of_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    runs = (
        ([str(tmp_path)], "no src/geodeck in it"),
        ([str(Path(SERVER_LOAD.__file__).parents[1]), "--against-fresh", "2"], "choose one"),
    )
    for options, said in runs:
        monkeypatch.setattr(sys, "argv", ["server_load.py", "--beside", *options])
        with pytest.raises(SystemExit) as ended:
            SERVER_LOAD.main()
        assert ended.value.code == 2
        assert said in capsys.readouterr().err


class Knot:
    """A piece of cyclic garbage for ``cycles`` to take apart."""

    def __init__(self, leaf: object) -> None:
        self.leaf = leaf
        self.other: Knot | None = None


def test_cycles_prints_the_reference_cycle_of_a_kind_of_garbage_and_not_its_leaves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first, second = Knot([1, 2]), Knot([3])
    first.other, second.other = second, first
    del first, second
    SERVER_LOAD.cycles("Knot")
    said = capsys.readouterr().err
    assert "objects reachable from one Knot" in said
    assert "objects reachable from one Knot\n  a cycle of 2:\n" in said
    assert said.count(".other -> Knot") == 2
    assert "list" not in said.split("a cycle of")[1]  # the leaves are not in the cycle
    SERVER_LOAD.cycles("NoSuchKind")
    assert "no NoSuchKind in the garbage" in capsys.readouterr().err


def test_an_action_sent_before_a_window_opened_is_not_in_its_latencies() -> None:
    """This client collects its garbage between two windows: an action sent in the last
    window and answered after that collection must not count its seconds as the server's."""
    one = SERVER_LOAD.Meter(os.getpid())
    table = SERVER_LOAD.Table("CODE", {"0": "t"}, 1, one, 0.0, 1, lambda _table: None)
    frame = {"type": "state", "version": 5, "view": {}, "legal": []}
    for opened, counted in ((200.0, 0), (50.0, 1)):
        one.opened, one.latencies = opened, []
        table.waiting, table.target, table.measured, table.sent_at = {0}, 5, True, 100.0
        table.on_state(0, frame)
        assert len(one.latencies) == counted
