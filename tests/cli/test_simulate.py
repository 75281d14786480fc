"""``geodeck simulate`` through the real command."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.cli.command import run_geodeck
from tests.support import FIXTURES

DECK = str(FIXTURES / "sample-europe.json")


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return run_geodeck("simulate", *args)


def test_simulate_json_is_the_same_for_any_jobs(tmp_path: Path) -> None:
    common = ["uppsala", "--bots", "expert,random", "--games", "6", "--seed", "3", "--deck", DECK]
    one = simulate(*common, "--json", "--jobs", "1")
    two = simulate(*common, "--json", "--jobs", "2", "--plot", str(tmp_path / "p.png"))
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    summary = json.loads(one.stdout)
    assert summary["games"] == 6
    assert [b["bot"] for b in summary["bots"]] == ["expert#1", "random#2"]
    assert summary["bots"][0]["wins"]["rate"] > summary["bots"][1]["wins"]["rate"]
    png = (tmp_path / "p.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    assert len(png) > 20_000


def test_simulate_report_and_errors() -> None:
    ok = simulate("world", "--bots", "casual,novice", "--games", "2", "--deck", DECK)
    assert ok.returncode == 0, ok.stderr
    assert "casual#1" in ok.stdout
    assert "first-seat advantage" in ok.stdout
    bad = simulate("uppsala", "--bots", "expert,wizard", "--games", "2", "--deck", DECK)
    assert bad.returncode == 2
    assert bad.stderr == (
        "geodeck simulate: --bots names 'wizard': bot levels are random, novice, casual, "
        "expert, oracle, learned\n"
    )
    unknown = simulate("chess", "--games", "2")
    assert unknown.returncode == 2
    assert "unknown game 'chess'" in unknown.stderr
