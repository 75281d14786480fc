"""``geodeck replay``: records replayed through the installed command (RECORDS.md, Replaying)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cli.command import run_geodeck
from tests.support import RECORDS_EXAMPLE, RECORDS_EXAMPLE_SUMMARY

RECORDS_MD = Path(__file__).resolve().parents[3] / "shared" / "design" / "RECORDS.md"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return run_geodeck("replay", *args, timeout=60)


def example() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(RECORDS_EXAMPLE.read_text("utf-8"))
    return record


def write(path: Path, record: Any) -> Path:
    path.write_text(json.dumps(record), "utf-8")
    return path


def test_example_record_replays_to_the_documented_summary() -> None:
    done = run("--json", RECORDS_EXAMPLE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0]) == RECORDS_EXAMPLE_SUMMARY


@pytest.mark.skipif(
    not RECORDS_MD.exists(), reason="the shared design folder is not beside the project"
)
def test_the_expected_summary_is_the_one_in_records_md() -> None:
    text = RECORDS_MD.read_text("utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    summaries = [json.loads(b) for b in blocks if b.lstrip().startswith('{\n  "finished"')]
    assert RECORDS_EXAMPLE_SUMMARY in summaries


def test_example_record_replays_as_text() -> None:
    done = run(RECORDS_EXAMPLE)
    assert done.returncode == 0, done.stderr
    assert "Ann" in done.stdout
    assert "supply: 19 chips" in done.stdout
    assert "next: Cem to place" in done.stdout


def test_several_files_give_one_line_each(tmp_path: Path) -> None:
    record = example()
    record["actions"] = record["actions"][:2]
    partial = write(tmp_path / "partial.json", record)
    done = run("--json", RECORDS_EXAMPLE, partial, RECORDS_EXAMPLE)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 3
    assert lines[0] == RECORDS_EXAMPLE_SUMMARY
    assert lines[2] == RECORDS_EXAMPLE_SUMMARY
    assert lines[1]["next"] == {"seats": [2], "expects": "respond"}
    assert lines[1]["table"]["west-east"] == ["berlin", "uppsala"]


def test_an_illegal_action_names_file_index_and_rule(tmp_path: Path) -> None:
    record = example()
    record["actions"][2] = {"seat": 2, "act": "challenge", "against": "lisbon"}
    bad = write(tmp_path / "illegal.json", record)
    done = run("--json", bad)
    assert done.returncode == 2
    assert done.stdout == ""
    error = done.stderr.strip()
    assert error.startswith(f"geodeck replay: {bad}: ")
    assert "action 2" in error
    assert "A4.2" in error
    assert "Traceback" not in done.stderr


def test_a_bad_file_prints_nothing_but_the_good_ones_still_print(tmp_path: Path) -> None:
    record = example()
    record["actions"][2] = {"seat": 2, "act": "challenge", "against": "lisbon"}
    bad = write(tmp_path / "illegal.json", record)
    done = run("--json", RECORDS_EXAMPLE, bad, RECORDS_EXAMPLE)
    assert done.returncode == 2
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        RECORDS_EXAMPLE_SUMMARY,
        RECORDS_EXAMPLE_SUMMARY,
    ]
    assert str(bad) in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_action_out_of_turn_names_its_index(tmp_path: Path) -> None:
    record = example()
    record["actions"][1] = {"seat": 0, "act": "accept"}
    bad = write(tmp_path / "turn.json", record)
    done = run("--json", bad)
    assert done.returncode == 2
    assert "action 1" in done.stderr
    assert "A4.1" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"actions": [{"seat": 0}]}, "action 0"),
        ({"actions": [{"seat": 0, "act": "fly"}]}, "action 0"),
        ({"format": "geodeck/0"}, "format"),
        ({"seats": ["Ann"]}, "seats"),
        ({"setup": {"start": "uppsala", "draw": ["paris"], "reserve": []}}, "paris"),
    ],
)
def test_a_malformed_record_exits_2(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    bad = write(tmp_path / "malformed.json", {**example(), **change})
    done = run("--json", bad)
    assert done.returncode == 2
    assert done.stdout == ""
    assert str(bad) in done.stderr
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_not_json_and_a_missing_file_exit_2(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{ nope", "utf-8")
    missing = tmp_path / "missing.json"
    done = run("--json", junk, missing)
    assert done.returncode == 2
    assert done.stdout == ""
    errors = done.stderr.strip().splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"geodeck replay: {junk}: not JSON")
    assert errors[1].startswith(f"geodeck replay: {missing}: cannot read")
