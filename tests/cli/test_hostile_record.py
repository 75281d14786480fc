"""A record may come from anyone: whatever its seat and card names hold, ``geodeck replay``
(its summary, ``--stats``, ``--step``) and ``geodeck verify`` never print a control,
format or bidirectional character from it (``geodeck.names.printable``)."""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest

from geodeck.core.game import new_game
from tests.cli.command import run_in_process
from tests.support import random_step

EVIL = ["\x1b[2J\x1b]0;owned\x07Eve", "Bo\u202eb", "Cy\u200b\U000e0041"]


def hostile_record(folder: Path) -> Path:
    rng = random.Random(4)
    played = new_game("uppsala", EVIL, seed=4)
    while not played.finished:
        random_step(played, rng)
    record = played.to_record()
    first = next(iter(record["cards"]))
    record["cards"][first]["name"] = "\x1b[5mBlink\x1b[0m"
    path = folder / "hostile.json"
    path.write_text(json.dumps(record), "utf-8")
    return path


def shown_controls(text: str) -> list[str]:
    """The control and format characters in ``text`` but its line ends."""
    refused = {"Cc", "Cf"}
    return sorted(
        {f"U+{ord(c):04X}" for c in text if c != "\n" and unicodedata.category(c) in refused}
    )


@pytest.mark.parametrize("options", [[], ["--stats"], ["--step"], ["--json"]])
def test_replay_prints_no_control_character_of_a_record(tmp_path: Path, options: list[str]) -> None:
    path = hostile_record(tmp_path)
    done = run_in_process("replay", *options, path, stdin="q\n" * 3, columns=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Eve" in done.stdout
    assert shown_controls(done.stdout + done.stderr) == []


def test_verify_prints_no_control_character_of_a_record(tmp_path: Path) -> None:
    path = hostile_record(tmp_path)
    done = run_in_process("verify", "--record", path)
    assert "every check holds" in done.stdout
    assert shown_controls(done.stdout + done.stderr) == []
