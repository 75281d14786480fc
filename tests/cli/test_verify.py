"""``geodeck verify``: one commitment, or every finished round of a record; ✓ exits 0, ✗ 1,
a usage error or an unreadable record 2."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck.bots import make_bot
from geodeck.undercover import Hide, commit
from tests.cli.command import run_in_process
from tests.support import RECORDS_EXAMPLE

SALT = "5b1e0c27d9a4f3e2"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return run_in_process("verify", *args, columns=200)


def test_the_commitment_of_the_records_example_matches() -> None:
    commitment = hashlib.sha256(f"ES:{SALT}".encode()).hexdigest()
    done = run(commitment, "ES", SALT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("✓")
    assert f'sha256("ES:{SALT}") matches' in done.stdout


def test_upper_case_and_spaces_around_the_commitment_still_match() -> None:
    done = run(f"  {commit('PT', SALT).upper()} ", "PT", SALT)
    assert done.returncode == 0
    assert "✓" in done.stdout


@pytest.mark.parametrize(
    ("country", "salt"),
    [("PT", SALT), ("ES", SALT[:-1] + "3"), ("es", SALT)],
)
def test_another_country_or_salt_does_not_match(country: str, salt: str) -> None:
    commitment = commit("ES", SALT)
    done = run(commitment, country, salt)
    assert done.returncode == 1
    assert done.stdout.startswith("✗")
    assert commit(country, salt) in done.stdout
    assert "not the commitment" in done.stdout


def test_a_commitment_that_is_not_a_hash_does_not_match() -> None:
    done = run("nonsense", "ES", SALT)
    assert done.returncode == 1
    assert "✗" in done.stdout


@pytest.mark.parametrize(
    "args",
    [[], ["abc"], ["abc", "ES"]],
)
def test_missing_arguments_exit_2(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert "COMMITMENT COUNTRY SALT" in done.stderr
    assert done.stdout == ""


def finished_record(players: int = 3, seed: int = 4) -> dict[str, Any]:
    """A whole game of random bots, hidden with salts of their own."""
    seats = [f"P{i}" for i in range(players)]
    game = geodeck.new_game("undercover", seats, seed=seed)
    bots = [make_bot("random", seed + s, game="undercover") for s in range(players)]
    count = 0
    while not game.finished:
        seat = game.expects().seats[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        if isinstance(action, Hide):
            count += 1
            action = Hide(seat, action.country, f"{count:04d}" + "ab" * 8)
        game.apply(action)
    record: dict[str, Any] = game.to_record()
    return record


def test_every_finished_round_of_a_record_is_checked(tmp_path: Path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), "utf-8")
    done = run("--record", path)
    assert done.returncode == 0, done.stdout + done.stderr
    hides = [a for a in record["actions"] if a["act"] == "hide"]
    assert len(hides) == 6
    for number, hide in enumerate(hides, 1):
        line = next(x for x in done.stdout.splitlines() if x.startswith(f"✓ round {number}:"))
        assert f"hid in {hide['country']} (salt {hide['salt']})" in line
        assert commit(hide["country"], hide["salt"]) in line
    assert "✓ all 6 commitments match" in done.stdout


def test_a_record_in_progress_checks_the_finished_rounds_only(tmp_path: Path) -> None:
    record = finished_record()
    hides = [i for i, a in enumerate(record["actions"]) if a["act"] == "hide"]
    record["actions"] = record["actions"][: hides[2] + 3]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), "utf-8")
    done = run("--record", path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "✓ round 1:" in done.stdout
    assert "✓ round 2:" in done.stdout
    assert "round 3 is still being played" in done.stdout
    assert "all 2 commitments match" in done.stdout


def test_a_record_with_no_finished_round_has_nothing_to_check(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(geodeck.new_game("undercover", ["A", "B", "C"]).to_record()))
    done = run("--record", path)
    assert done.returncode == 0
    assert "nothing to check" in done.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{", "not valid JSON"),
        ('{"format": "geodeck/1", "game": "undercover"}', "not a valid game record"),
    ],
)
def test_an_unreadable_record_exits_2(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, "utf-8")
    done = run("--record", path)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_cross_record_without_a_deal_commitment_is_replayed() -> None:
    done = run(RECORDS_EXAMPLE)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "✓ replay: all 9 actions are legal" in done.stdout
    assert "No deal commitment in this record" in done.stdout


def test_a_deal_commitment_is_checked_against_the_setup(tmp_path: Path) -> None:
    """docs/records.md: ``deal.commitment`` is sha256 of ``SALT:`` and the setup as
    canonical JSON; a setup changed after the commitment fails the check."""
    record = json.loads(RECORDS_EXAMPLE.read_text("utf-8"))
    salt = "00112233445566778899aabbccddeeff"
    canonical = json.dumps(record["setup"], sort_keys=True, separators=(",", ":"))
    commitment = hashlib.sha256(f"{salt}:{canonical}".encode()).hexdigest()
    record["deal"] = {"commitment": commitment, "salt": salt}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), "utf-8")
    done = run(path)
    assert done.returncode == 0, done.stdout + done.stderr
    said = "✓ deal: the setup this game was played from is the one committed to at the start"
    assert f"{said} ({commitment})" in done.stdout
    if shutil.which("jq"):  # by hand, as docs/records.md says (scripts/browser-deps brings jq)
        script = 'printf \'%s:%s\' "$(jq -r .deal.salt "$1")" "$(jq -cS .setup "$1")" | sha256sum'
        by_hand = subprocess.run(
            ["bash", "-c", script, "check", str(path)], capture_output=True, text=True, check=True
        )
        assert by_hand.stdout.split()[0] == commitment
    draw = record["setup"]["draw"]
    draw[0], draw[1] = draw[1], draw[0]
    path.write_text(json.dumps(record), "utf-8")
    done = run(path)
    assert done.returncode == 1
    assert "✗ deal: the setup hashes to" in done.stdout


def test_a_record_and_a_commitment_together_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_record()), "utf-8")
    done = run(commit("ES", SALT), "ES", SALT, "--record", path)
    assert done.returncode == 2
    assert "not both" in done.stderr


def test_verify_is_listed_in_the_help() -> None:
    done = run_in_process("--help", columns=200)
    assert done.returncode == 0
    assert "verify" in done.stdout
