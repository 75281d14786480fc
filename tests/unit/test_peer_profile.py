"""benchmarks/peers/profile.py without a server: how it counts py-spy's samples by part,
and the sums it prints."""

from __future__ import annotations

import pytest

from tests.unit.test_peer_benchmark import RUN, load

PROFILE = load(RUN.with_name("profile.py"))

SITE = "/v/lib/python3.11/site-packages"
LIB = "/usr/lib/python3.11"


def frame(function: str, file: str, line: int = 1) -> str:
    return f"{function} ({file}:{line})"


def sample(count: int, *frames: str) -> str:
    return ";".join(["MainThread", *frames]) + f" {count}"


ROOM = frame("Room._changed", "/r/src/geodeck/server/room.py", 300)
RUNNER = frame("Runner.run", f"{LIB}/asyncio/runners.py", 118)


def part_named(start: str) -> int:
    names = [name for name, _, _ in PROFILE.PARTS]
    return next(number for number, name in enumerate(names) if name.startswith(start))


def test_a_sample_goes_to_the_innermost_frame_of_a_known_part() -> None:
    lines = [
        # a copy made by the room: the standard library is passed over
        sample(7, RUNNER, ROOM, frame("deepcopy", f"{LIB}/copy.py")),
        # SQLAlchemy under the room's storage call: storage
        sample(3, RUNNER, ROOM, frame("execute", f"{SITE}/sqlalchemy/engine/base.py")),
        # the event loop's own C code: no frame below it
        sample(5, RUNNER),
        # a view under the engine's rules: the innermost, views
        sample(
            2,
            frame("apply", "/r/src/geodeck/cross/game.py"),
            frame("view", "/r/src/geodeck/cross/view.py"),
        ),
        # nothing known
        sample(1, frame("main", "/elsewhere/tool.py")),
        "not a sample line",
    ]
    parts, functions = PROFILE.read_raw(lines)
    assert parts[part_named("room logic")] == 7
    assert parts[part_named("storage")] == 3
    assert parts[part_named("event loop")] == 5
    assert parts[part_named("engine views")] == 2
    assert parts[len(PROFILE.PARTS)] == 1
    assert sum(parts.values()) == 18
    assert functions["Room._changed (geodeck/server/room.py)"] == 10
    assert functions["view (geodeck/cross/view.py)"] == 2


def test_the_report_prices_samples_per_action_and_sums_stack_and_own_work(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parts, functions = PROFILE.read_raw([sample(60, RUNNER), sample(40, RUNNER, ROOM)])
    # 100 samples at 100 a second: 1 s of the lock held, over 2,000 actions
    window = {"per_action": 600.0, "rate": 1000.0, "seconds": 2.0, "actions": 2000}
    PROFILE.report(parts, functions, window, 100, 1)
    out = capsys.readouterr().out
    assert "= 500 us/action" in out
    names = [name for name, _, _ in PROFILE.PARTS]
    assert f"| {names[part_named('event loop')]} | 300 |" in out
    assert f"| {names[part_named('room logic')]} | 200 |" in out
    assert "| server CPU beyond the samples (SQLite's own work, system calls) | 100 |" in out
    assert "the stack: 300 us/action; geodeck's own work: 200" in out
    assert "200.0  Room._changed (geodeck/server/room.py)" in out


def test_beside_a_fresh_server_each_part_and_function_is_priced_on_both_and_set_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fresh = PROFILE.read_raw([sample(60, RUNNER), sample(40, RUNNER, ROOM)])
    aged = PROFILE.read_raw([sample(60, RUNNER), sample(90, RUNNER, ROOM)])
    # fresh: 100 samples over 2,000 actions; aged: 150 over 2,000 at 100 a second
    windows = (
        {"per_action": 600.0, "rate": 1000.0, "seconds": 2.0, "actions": 2000},
        {"per_action": 900.0, "rate": 1000.0, "seconds": 2.0, "actions": 2000},
    )
    PROFILE.compare((fresh, aged), windows, 100, 5)
    out = capsys.readouterr().out
    names = [name for name, _, _ in PROFILE.PARTS]
    assert "fresh 600 at 1000 actions/s, aged 900 at 1000 actions/s (+50.0%)" in out
    assert f"| {names[part_named('room logic')]} | 200 | 450 | +250 |" in out
    assert f"| {names[part_named('event loop')]} | 300 | 300 | +0 |" in out
    assert "| server CPU beyond the samples | 100 | 150 | +50 |" in out
    assert "200.0  450.0 +250.0  Room._changed (geodeck/server/room.py)" in out
    # the room's part comes first: the aged server's largest
    assert out.index(names[part_named("room logic")]) < out.index(names[part_named("event loop")])


def test_beside_fresh_is_an_option_of_its_own() -> None:
    assert PROFILE.parse_args(["--age", "60", "--beside-fresh"]).beside_fresh
    assert not PROFILE.parse_args([]).beside_fresh


MALLOC = "malloc (libc.so.6)"
COLLECT = "gc_collect_main (libpython3.11.so.1.0)"


def test_native_samples_go_to_their_innermost_c_function_and_python_frames_are_left_out() -> None:
    lines = [
        sample(4, RUNNER, ROOM, MALLOC),
        sample(3, RUNNER, ROOM, "Py_DECREF (object.h:500)"),
        sample(2, RUNNER, COLLECT),
        sample(5, RUNNER, ROOM),  # innermost frame Python code: not a C function
        sample(6, RUNNER, "0x7fafca2a3f16 (libc.so.6)"),  # no name
        sample(1, frame("<module>", "<string>")),
        "not a sample line",
    ]
    found = PROFILE.read_native(lines)
    assert found == {MALLOC: 4, "Py_DECREF (object.h)": 3, COLLECT: 2}
    # the parts take the same samples by their Python frames, the C ones passed over
    parts, _ = PROFILE.read_raw(lines)
    assert parts[part_named("room logic")] == 12


def test_native_functions_are_priced_alone_and_beside_a_fresh_server(
    capsys: pytest.CaptureFixture[str],
) -> None:
    window = {"per_action": 600.0, "rate": 1000.0, "seconds": 2.0, "actions": 2000}
    fresh = PROFILE.read_native([sample(20, RUNNER, MALLOC), sample(10, RUNNER, COLLECT)])
    aged = PROFILE.read_native([sample(20, RUNNER, MALLOC), sample(30, RUNNER, COLLECT)])
    PROFILE.print_native([aged], [window], 100, 5)
    alone = capsys.readouterr().out
    assert alone.index(f"150.0  {COLLECT}") < alone.index(f"100.0  {MALLOC}")
    PROFILE.print_native([fresh, aged], [window, window], 100, 5)
    out = capsys.readouterr().out
    assert f" 50.0  150.0 +100.0  {COLLECT}" in out
    assert f"100.0  100.0   +0.0  {MALLOC}" in out
    assert out.index(COLLECT) < out.index(MALLOC)
    assert PROFILE.parse_args(["--native"]).native
    assert not PROFILE.parse_args([]).native
