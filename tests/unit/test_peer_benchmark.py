"""benchmarks/peers/run.py without servers: its options and the side-by-side table it prints
from the rounds' figures (docs/protocol.md names the benchmark)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

RUN = Path(__file__).resolve().parents[2] / "benchmarks" / "peers" / "run.py"
STACKS = RUN.with_name("stacks.py")


def load(path: Path = RUN) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"peers_{path.stem}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def figures(rate: float, cpu: float, p50: float, kib: float) -> dict[str, Any]:
    return {
        "actions": int(rate * 20),
        "actions_per_s": rate,
        "server_cpu": cpu,
        "p50_ms": p50,
        "p99_ms": 2 * p50,
        "kib_per_table": kib,
    }


def test_options_default_to_all_three_servers_in_turn() -> None:
    args = load().parse_args([])
    assert args.servers == ["geodeck", "bgio", "colyseus"]
    assert (args.tables, args.rounds, args.duration) == (50, 3, 20.0)


def test_options_pick_servers_and_their_order() -> None:
    args = load().parse_args(["--servers", "colyseus, geodeck", "--tables", "7"])
    assert args.servers == ["colyseus", "geodeck"]
    assert args.tables == 7


def test_an_unknown_server_is_refused() -> None:
    with pytest.raises(SystemExit):
        load().parse_args(["--servers", "geodeck,nakama"])


def test_the_table_gives_medians_and_the_largest_memory_growth() -> None:
    run = load()
    rounds = {
        "geodeck": [
            figures(1000, 0.5, 10, 300),
            figures(1200, 0.6, 12, 40),
            figures(900, 0.45, 9, 20),
        ],
        "colyseus": [figures(2000, 0.2, 4, 100)],
    }
    lines = run.summary(rounds)
    assert lines[0].startswith("| server | actions/s | server CPU us/action")
    assert lines[2] == "| geodeck | 1000 | 500 | 10.0 | 20.0 | 300 |"
    assert lines[3] == "| Colyseus | 2000 | 100 | 4.0 | 8.0 | 100 |"
    assert len(lines) == 4


def test_a_round_without_actions_has_no_cost_per_action() -> None:
    run = load()
    idle = figures(0, 0.01, math.nan, 0)
    assert math.isnan(run.cpu_us(idle))
    assert "nan us/action" in run.round_line(
        0, "bgio", {**idle, "client_cpu": 0.0, "other_cpu": 0.0, "live_min": 5, "short": 0}
    )


def test_the_stacks_default_to_all_six_in_turn() -> None:
    stacks = load(STACKS)
    args = stacks.parse_args(["--stacks", "node, geodeck"])
    assert args.stacks == ["node", "geodeck"]
    with pytest.raises(SystemExit):
        stacks.parse_args(["--stacks", "geodeck,uwebsockets"])


def test_the_stacks_leave_picows_out_where_it_is_not_installed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stacks = load(STACKS)
    monkeypatch.setattr(stacks.importlib.util, "find_spec", lambda name: None)
    assert stacks.parse_args([]).stacks == ["geodeck", "table", "websockets", "sansio", "node"]
    assert "pip install picows" in capsys.readouterr().err


def test_a_stack_costs_its_cpu_over_its_messages() -> None:
    stacks = load(STACKS)
    assert stacks.per_message({"actions_per_s": 4000, "server_cpu": 0.5}) == 125
    assert math.isnan(stacks.per_message({"actions_per_s": 0, "server_cpu": 0.1}))
