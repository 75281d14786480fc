"""``geodeck simulate`` stopped with Ctrl-C: within 2 seconds, with the results of the games
played so far and a note that the run was stopped, exit status 130."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from tests.cli.command import GEODECK, plain_env
from tests.cli.on_terminal import CTRL_C, OnTerminal

GAMES = 100_000
RUN = ["simulate", "undercover", "--bots", "expert,casual,novice", "--games", str(GAMES)]
STOPPED = re.compile(
    r"geodeck simulate: stopped \(Ctrl-C\) after ([\d,]+) of 100,000 games; the results are "
    r"those of the games played"
)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_on_the_terminal_stops_at_once_and_reports(jobs: str) -> None:
    shown = OnTerminal(*RUN, "--jobs", jobs, columns=100)
    shown.wait_for(r" ([1-9][\d]*)/100000")  # the progress bar: some games are done
    typed = time.monotonic()
    shown.type(CTRL_C)
    status = shown.finish()
    seconds = time.monotonic() - typed
    assert status == 130
    assert seconds < 10, seconds  # at once, not after the 100,000 games (minutes)
    text = shown.text
    assert "Traceback" not in text
    note = STOPPED.search(text)
    assert note is not None, text[-800:]
    played = int(note.group(1).replace(",", ""))
    assert 0 < played < GAMES
    assert f"undercover: {played} games, seed 0" in text
    assert "expert#1" in text
    assert "rounds where the country was discovered" in text


def stopped_run(wait: float) -> tuple[int, str, str, float]:
    """Start a long simulation, interrupt it after ``wait`` seconds: status, out, err, and
    how long it took to stop."""
    process = subprocess.Popen(
        [GEODECK, *RUN, "--jobs", "2", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=plain_env(),
        start_new_session=True,
    )
    try:
        time.sleep(wait)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        _end_group(process)
    return process.returncode, out, err, time.monotonic() - sent


def test_sigint_to_the_command_gives_the_json_of_the_games_played() -> None:
    # A busy machine may finish no game in the first seconds: wait longer, then.
    for wait in (4, 10, 25):
        status, out, err, seconds = stopped_run(wait)
        if "before the first game" not in err:
            break
    assert status == 130, err
    assert seconds < 10, seconds  # at once, not after the 100,000 games (minutes)
    assert "Traceback" not in err
    note = STOPPED.fullmatch(err.strip())
    assert note is not None, err
    summary = json.loads(out)
    assert summary["stopped"] is True
    assert summary["planned"] == GAMES
    assert summary["games"] == int(note.group(1).replace(",", "")) > 0
    wins = sum(bot["wins"]["rate"] for bot in summary["bots"])
    assert wins == pytest.approx(1.0)


def test_no_worker_is_left_behind() -> None:
    process = subprocess.Popen(
        [GEODECK, *RUN, "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=plain_env(),
        start_new_session=True,
    )
    try:
        time.sleep(3)
        os.killpg(process.pid, signal.SIGINT)  # as a terminal does: to every process of the group
        assert process.wait(timeout=30) == 130
        deadline = time.monotonic() + 5
        while _group_alive(process.pid):
            assert time.monotonic() < deadline, "worker processes outlived the command"
            time.sleep(0.1)
    finally:
        _end_group(process)


def _end_group(process: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    """Kill what is left of a command's process group, so that a failed check leaves no
    simulation running for the tests after it."""
    if _group_alive(process.pid):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


INTERRUPTED_WHILE_STARTING = """
import multiprocessing, os, signal
from geodeck.simulate import pool
from geodeck.simulate.runner import Spec

real = multiprocessing.Pool

def starting(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the workers start
    return real(*args, **kwargs)

pool.multiprocessing.Pool = starting
spec = Spec("undercover", None, ("random", "random", "random"), seed=0)
try:
    results = pool.run(spec, 400, jobs=2)
except pool.Stopped as stopped:
    print("stopped", len(stopped.results))
else:
    print("finished", len(results))
"""


def test_ctrl_c_while_the_workers_start_is_not_lost() -> None:
    """A Ctrl-C that comes while the worker processes start (when the parent used to ignore
    it) stops the run once they have started, not after every game."""
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_WHILE_STARTING],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=plain_env(),
    )
    assert done.returncode == 0, done.stderr
    outcome, count = done.stdout.split()
    assert outcome == "stopped", done.stdout
    assert int(count) < 400
