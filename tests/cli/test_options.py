"""Every command checks its options before any work starts, and says what is wrong in one
line: ``simulate``, ``serve``, ``deck build`` and ``deck map``."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.command import GEODECK, run_geodeck, run_in_process
from tests.support import FIXTURES
from tests.workers import free_port

DECK = str(FIXTURES / "sample-europe.json")


def refused(*args: str | Path, status: int = 2) -> str:
    """The one line the command said on stderr, having exited with ``status`` at once
    (before any work) and printed nothing else."""
    started = time.monotonic()
    done = run_in_process(*args)
    assert done.returncode == status, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert time.monotonic() - started < 20
    return lines[0]


# -- simulate -----------------------------------------------------------------------------

SIMULATE = ["simulate", "uppsala", "--bots", "random,random", "--games", "20", "--deck", DECK]


def test_simulate_refuses_a_plot_in_a_folder_that_does_not_exist(tmp_path: Path) -> None:
    plot = tmp_path / "missing" / "x.png"
    said = refused(*SIMULATE, "--plot", plot)
    assert said == f"geodeck simulate: --plot {plot}: there is no folder {plot.parent}"
    assert not plot.parent.exists()


def test_simulate_refuses_a_plot_format_matplotlib_cannot_write(tmp_path: Path) -> None:
    said = refused(*SIMULATE, "--plot", tmp_path / "x.txt")
    assert said.startswith(
        f"geodeck simulate: --plot {tmp_path / 'x.txt'}: .txt is no picture format; "
        "end the name in one of "
    )
    assert ".png" in said
    assert ".svg" in said
    assert ".pdf" in said
    said = refused(*SIMULATE, "--plot", tmp_path / "x")
    assert "the name's suffix gives the picture's format" in said


def test_simulate_refuses_a_folder_as_the_plot(tmp_path: Path) -> None:
    folder = tmp_path / "pictures.png"
    folder.mkdir()
    said = refused(*SIMULATE, "--plot", folder)
    assert (
        said == f"geodeck simulate: --plot {folder} is a folder; name a file (in it, for example)"
    )


def test_simulate_writes_a_pdf_plot(tmp_path: Path) -> None:
    plot = tmp_path / "run.pdf"
    done = run_geodeck(*SIMULATE[:-2], "--games", "4", "--deck", DECK, "--plot", plot)
    assert done.returncode == 0, done.stderr
    assert plot.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--games", "0"], "--games must be from 1 to 1,000,000, not 0"),
        (["--games", "2000000"], "--games must be from 1 to 1,000,000, not 2000000"),
        (["--jobs", "0"], "--jobs must be from 1 to 256, not 0"),
        (["--jobs", "1000"], "--jobs must be from 1 to 256, not 1000"),
        (["--bots", "random"], "uppsala needs 2 to 6 players: --bots names 1 (one level per seat)"),
        (
            ["--bots", "random,genius"],
            "--bots names 'genius': bot levels are random, novice, casual, expert, oracle, learned",
        ),
        (["--variant", "area"], "uppsala has no variant 'area' (it has: geo, population)"),
        (["--deck", "no-such-deck.json"], "cannot read deck file no-such-deck.json: "),
    ],
)
def test_simulate_checks_its_options(args: list[str], line: str) -> None:
    said = refused("simulate", "uppsala", *args)
    assert said.startswith(f"geodeck simulate: {line}")


def test_simulate_undercover_counts_its_seats() -> None:
    said = refused("simulate", "undercover", "--bots", "random,random")
    assert said == (
        "geodeck simulate: undercover needs 3 to 6 players: --bots names 2 (one level per seat)"
    )


# -- serve --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--port", "99999"], "--port must be from 1 to 65535, not 99999"),
        (["--port", "0"], "--port must be from 1 to 65535, not 0"),
        (
            ["--database-url", "mysql://x"],
            "--database-url mysql://x: geodeck stores tables in SQLite (sqlite:///FILE) or "
            "PostgreSQL (postgresql://USER@HOST/DB), not mysql",
        ),
        (
            ["--database-url", "notaurl"],
            "--database-url 'notaurl' is no database URL: give sqlite:///FILE or "
            "postgresql://USER@HOST/DB",
        ),
        (
            ["--database-url", "postgresql+asyncpg://ann@db/geodeck"],
            "--database-url postgresql+asyncpg://ann@db/geodeck: geodeck talks to postgresql "
            "through psycopg",
        ),
        (
            ["--database-url", "sqlite:////no/such/folder/tables.db"],
            "--database-url sqlite:////no/such/folder/tables.db: there is no folder "
            "/no/such/folder",
        ),
        (["--redis-url", "http://x"], "--redis-url 'http://x' is no Redis URL"),
        (["--grace", "-1"], "--grace is a number of seconds, 0 or more, not -1.0"),
        (["--bot-delay", "inf"], "--bot-delay is a number of seconds, 0 or more, not inf"),
        (["--linger", "nan"], "--linger is a number of seconds, 0 or more, not nan"),
        (["--pause", "-2"], "--pause is a number of seconds, 0 or more, not -2.0"),
        (["--pause", "121"], "--pause must be at most 120 seconds, not 121"),
        (["--max-tables", "0"], "--max-tables must be more than 0"),
        (["--spectators-per-table", "0"], "--spectators-per-table must be more than 0"),
        (["--send-buffer", "-1"], "--send-buffer is a number of bytes, 0 or more, not -1"),
        (["--daily-grace", "-1"], "--daily-grace is a number of seconds, 0 or more, not -1.0"),
        (["--daily-results-burst", "0"], "--daily-results-burst must be more than 0, not 0"),
        (["--daily-results-refill", "0"], "--daily-results-refill must be more than 0, not 0"),
        (["--established-games", "-1"], "--established-games must be 0 or more, not -1"),
        (["--established-opponents", "-3"], "--established-opponents must be 0 or more, not -3"),
        (["--log-level", "loud"], "--log-level must be one of debug, info, warning, error"),
        (["--standin-level", "god"], "--standin-level must be one of random, novice, casual"),
        (["--deck", "no-such-deck.json"], "--deck no-such-deck.json: cannot read"),
        (["--deck", "chess=x.json"], "--deck chess=x.json: unknown game 'chess'"),
        (["--host", "no-such-host.invalid"], "--host no-such-host.invalid: no such address"),
        (["--workers", "2"], "--workers N needs --redis-url"),
        (["--workers", "0"], "--workers must be from 1 to 64, not 0"),
        (["--slot", "1"], "--slot and --slots go together"),
        (["--slot", "2", "--slots", "2"], "--slot must be from 0 to --slots - 1 (1), not 2"),
    ],
)
def test_serve_checks_its_options_before_it_starts(args: list[str], line: str) -> None:
    said = refused("serve", *args)
    assert said.startswith(f"geodeck serve: {line}")


def test_serve_says_which_database_does_not_answer_without_its_password() -> None:
    url = "postgresql://ann:secret@127.0.0.1:1/geodeck"
    said = refused("serve", "--database-url", url, status=1)
    assert said.startswith(
        "geodeck serve: cannot open the database postgresql://ann:***@127.0.0.1:1/geodeck: "
    )
    assert "secret" not in said


def test_serve_says_when_redis_does_not_answer() -> None:
    said = refused("serve", "--redis-url", "redis://127.0.0.1:1", status=1)
    assert said.startswith("geodeck serve: cannot reach Redis at redis://127.0.0.1:1: ")


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        yield listening.getsockname()[1]


def test_serve_says_when_the_port_is_taken(taken_port: int) -> None:
    said = refused("serve", "--port", str(taken_port), status=1)
    assert (
        said
        == f"geodeck serve: cannot listen on 127.0.0.1 port {taken_port}: Address already in use"
    )


# -- deck build, deck map -----------------------------------------------------------------


def test_deck_map_refuses_a_folder_that_does_not_exist_and_makes_none(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "deeper" / "m.png"
    said = refused("deck", "map", "uppsala", "--out", out)
    assert said == f"geodeck deck map: --out {out}: there is no folder {out.parent}"
    assert list(tmp_path.iterdir()) == []


def test_deck_map_keeps_an_existing_file_unless_force(tmp_path: Path) -> None:
    out = tmp_path / "m.svg"
    out.write_text("mine", "utf-8")
    said = refused("deck", "map", "undercover", "--out", out)
    assert said == f"geodeck deck map: --out {out}: the file exists; give --force to write over it"
    assert out.read_text("utf-8") == "mine"
    done = run_geodeck("deck", "map", "undercover", "--out", out, "--force")
    assert done.returncode == 0, done.stderr
    assert "<svg" in out.read_text("utf-8")[:500]


def test_deck_build_checks_its_file_before_it_builds(tmp_path: Path) -> None:
    out = tmp_path / "ch.json"
    out.write_text("{}", "utf-8")
    said = refused("deck", "build", "--country", "ch", "--size", "60", "--out", out)
    assert said == (
        f"geodeck deck build: --out {out}: the file exists; give --force to write over it"
    )
    assert out.read_text("utf-8") == "{}"
    missing = tmp_path / "missing" / "ch.json"
    said = refused("deck", "build", "--country", "ch", "--size", "60", "--out", missing)
    assert said == f"geodeck deck build: --out {missing}: there is no folder {missing.parent}"
    assert not missing.parent.exists()


def test_deck_build_force_writes_over_the_file(tmp_path: Path) -> None:
    out = tmp_path / "ch.json"
    out.write_text("{}", "utf-8")
    done = run_geodeck(
        "deck", "build", "--country", "ch", "--size", "60", "--out", out, "--force", timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert '"cards"' in out.read_text("utf-8")


def test_serve_with_good_options_starts() -> None:
    """The checks let a good command line through (stopped once it says it runs)."""
    with subprocess.Popen(
        [GEODECK, "serve", "--port", str(free_port()), "--database-url", "sqlite://"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as process:
        assert process.stdout is not None
        deadline = time.monotonic() + 30
        for line in process.stdout:
            if "Uvicorn running on" in line:
                break
            assert time.monotonic() < deadline
        else:
            pytest.fail("the server did not start")
        process.terminate()
        process.wait(10)
