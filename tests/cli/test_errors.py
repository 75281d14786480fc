"""One error style for every command (``geodeck COMMAND: message`` on stderr, exit 2 for a
wrong command line or input, 1 for work that could not be done, 130 for Ctrl-C), plain
words instead of the parser's wording, and never a traceback."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.cli.command import GEODECK, plain_env, run_geodeck, run_in_process
from tests.cli.on_terminal import CTRL_C, OnTerminal
from tests.support import RECORDS_EXAMPLE
from tests.workers import free_port

PARSER_WORDING = ("Input should be", "Value error", "Usage:", "Try '", "╭", "Error:")


def one_line(done: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """The one line ``done`` said on stderr, having exited with ``status``."""
    assert done.returncode == status, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["simulate", "uppsala", "--games", "abc"],
            "geodeck simulate: --games needs a whole number, not 'abc' "
            "(see geodeck simulate --help)",
        ),
        (
            ["serve", "--grace", "soon"],
            "geodeck serve: --grace needs a number, not 'soon' (see geodeck serve --help)",
        ),
        (
            ["deck", "show", "italia", "--lang", "fr"],
            "geodeck deck show: --lang must be one of en, de, it, not 'fr' "
            "(see geodeck deck show --help)",
        ),
        (
            ["play", "uppsala", "--seed", "1.5"],
            "geodeck play: --seed needs a whole number, not '1.5' (see geodeck play --help)",
        ),
        (
            ["simulate"],
            "geodeck simulate: the argument GAME is missing (see geodeck simulate --help)",
        ),
        (
            ["replay"],
            "geodeck replay: the argument FILE... is missing (see geodeck replay --help)",
        ),
        (
            ["deck", "map", "uppsala"],
            "geodeck deck map: --out is needed (see geodeck deck map --help)",
        ),
        (
            ["simulate", "uppsala", "--games"],
            "geodeck simulate: --games needs a value (see geodeck simulate --help)",
        ),
        (
            ["simulate", "uppsala", "--gmes", "3"],
            "geodeck simulate: No such option: --gmes (did you mean --games?) "
            "(see geodeck simulate --help)",
        ),
        (
            ["deck", "show", "italia", "world"],
            "geodeck deck show: too many arguments: world (see geodeck deck show --help)",
        ),
        (
            ["chess"],
            "geodeck: there is no command chess (see geodeck --help)",
        ),
    ],
)
def test_usage_errors_are_one_plain_line_with_a_hint(args: list[str], line: str) -> None:
    said = one_line(run_in_process(*args))
    assert said == line
    for wording in PARSER_WORDING:
        assert wording not in said


def test_a_broken_rule_is_named_after_the_message(tmp_path: Path) -> None:
    record = json.loads(RECORDS_EXAMPLE.read_text("utf-8"))
    record["actions"][2] = {"seat": 2, "act": "challenge", "against": "lisbon"}
    bad = tmp_path / "illegal.json"
    bad.write_text(json.dumps(record), "utf-8")
    said = one_line(run_geodeck("replay", bad))
    assert said.startswith(f"geodeck replay: {bad}: action 2: ")
    assert said.endswith("(rule A4.2)")
    assert "rule A4.2:" not in said


def test_an_unknown_bot_level_in_brackets_names_the_levels() -> None:
    said = one_line(run_in_process("play", "uppsala", "--seats", "Hal (genius),Ann"))
    assert said == (
        "geodeck play: --seats names 'Hal (genius)': a name ending in brackets is a bot's, "
        "and 'genius' is no bot level (levels: random, novice, casual, expert, oracle, learned)"
    )


BROKEN = """\
import geodeck.cli.about as about


def broken():
    raise ZeroDivisionError("the about page divides by zero")


about.games = broken
"""


def run_broken(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``geodeck about`` with a bug planted in it (by a ``sitecustomize`` module)."""
    planted = tmp_path / "planted"
    planted.mkdir(exist_ok=True)
    (planted / "sitecustomize.py").write_text(BROKEN, "utf-8")
    environment = {
        **plain_env(),
        "PYTHONPATH": str(planted),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        **env,
    }
    return subprocess.run(
        [GEODECK, "about"],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )


def test_an_unexpected_error_is_one_line_and_where_its_details_went(tmp_path: Path) -> None:
    done = run_broken(tmp_path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    first, second = done.stderr.splitlines()
    assert first == (
        "geodeck about: unexpected error (ZeroDivisionError: the about page divides by zero)"
    )
    reports = list((tmp_path / "state").rglob("error-*.txt"))
    assert len(reports) == 1
    assert second == (
        f"geodeck about: this is a bug in geodeck: the details are in {reports[0]}; please "
        "send that file with a bug report to geodeck's maintainers"
    )
    details = reports[0].read_text("utf-8")
    assert details.startswith("geodeck about about\ngeodeck ")
    assert "Traceback" in details
    assert "ZeroDivisionError: the about page divides by zero" in details


def test_geodeck_debug_shows_the_traceback(tmp_path: Path) -> None:
    done = run_broken(tmp_path, GEODECK_DEBUG="1")
    assert done.returncode == 1
    assert "Traceback" in done.stderr
    assert done.stderr.rstrip().endswith("ZeroDivisionError: the about page divides by zero")


def test_ctrl_c_ends_the_server_with_130(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite3"
    port = free_port()
    served = OnTerminal(
        "serve", "--port", str(port), "--database-url", f"sqlite:///{database}", columns=120
    )
    served.wait_for(r"Uvicorn running on")
    served.type(CTRL_C)
    assert served.finish() == 130
    assert served.text.rstrip().endswith("geodeck serve: stopped (Ctrl-C)")
    assert "Traceback" not in served.text


def test_a_reader_that_goes_away_is_no_error() -> None:
    process = subprocess.Popen(
        [GEODECK, "deck", "show", "italia", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=plain_env(),
    )
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()  # as `geodeck deck show italia --json | head -1` does
    _, err = process.communicate(timeout=60)
    assert b"Traceback" not in err
    assert err == b""
