"""The machine's own speed, over a long run: a fixed piece of geodeck's work, timed again
and again in a small process of its own.

    python benchmarks/gauge.py [--every 2] [--games 1] [--rounds N]

Every ``--every`` seconds it plays the same seeded games (three seats, random legal
moves), writes their actions to a new SQLite file and sends every seat's view, encoded,
through a local socket pair after each action: the kinds of work a server's action takes.
It prints one line a round: the wall-clock time and the CPU milliseconds the round took
(``time.thread_time``: its own CPU, system calls included, whatever else runs). Its heap
and its file start afresh every round, so the figure moves only with the machine (a
virtual machine's neighbours, its caches), not with the gauge's age: a server's CPU per
action divided by it tells how much of that server's drift over a run is its own.
``server_load.py --gauge`` runs it beside an ageing run and prints both. It stops when the
process that started it ends or stops reading.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from statistics import fmean

import orjson

import geodeck
from geodeck.bots.base import own_secret


def one_round(games: int) -> float:
    """CPU seconds of ``games`` seeded games, each action written to a new SQLite file (a
    commit every ten) and every seat's view encoded and sent through a local socket pair
    after it: the rules, views, encoding, system calls and storage a server's action
    takes, on a heap and a file that start afresh every round."""
    gc.collect()
    gc.disable()
    sender, receiver = socket.socketpair()
    with tempfile.TemporaryDirectory() as folder:
        database = sqlite3.connect(Path(folder) / "gauge.sqlite3", isolation_level=None)
        database.execute("PRAGMA journal_mode=WAL")
        database.execute("CREATE TABLE actions (code TEXT, idx INTEGER, action TEXT)")
        started = time.thread_time()
        for seed in range(games):
            play(seed, database, sender, receiver)
        spent = time.thread_time() - started
        database.close()
    sender.close()
    receiver.close()
    gc.enable()
    return spent


def moves(seed: int) -> Iterator[tuple[geodeck.Game, object]]:
    """The seeded game of three seats, random legal moves to its end: the game after each
    action, with the action."""
    rng = random.Random(seed)
    game = geodeck.new_game("uppsala", ["A", "B", "C"], variant="geo", seed=seed)
    while True:
        seats, _ = game.expects()
        if not seats:
            return
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        action = own_secret(rng.choice(game.legal_actions(seat)), rng)
        game.apply(action)
        yield game, action


def play(
    seed: int, database: sqlite3.Connection, sender: socket.socket, receiver: socket.socket
) -> None:
    rows: list[tuple[str, int, str]] = []
    for game, action in moves(seed):
        rows.append((f"g{seed}", len(rows), repr(action)))
        if len(rows) % 10 == 0:
            database.executemany("INSERT INTO actions VALUES (?, ?, ?)", rows[-10:])
        for viewer in range(3):
            frame = orjson.dumps(game.view(viewer))
            sender.sendall(frame)
            left = len(frame)
            while left:
                left -= len(receiver.recv(left))


class Gauge:
    """``gauge.py`` in a process of its own, its rounds collected as they come."""

    def __init__(self, every: float = 2.0, games: int = 1) -> None:
        script = Path(__file__)
        self.rounds: list[tuple[float, float]] = []
        self.process = subprocess.Popen(
            [sys.executable, str(script), "--every", str(every), "--games", str(games)],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            at, milliseconds = line.split()
            self.rounds.append((float(at), float(milliseconds)))

    def between(self, start: float, stop: float) -> float | None:
        """The mean CPU milliseconds of the rounds that ended between two wall-clock
        times (``time.time``), or None without any: a mean, as a window's CPU per action
        is (a round takes 90 to 160 ms on an idle machine of two virtual cores, by the
        second)."""
        inside = [ms for at, ms in list(self.rounds) if start <= at <= stop]
        return fmean(inside) if inside else None

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        self.reader.join(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=float, default=2.0, help="seconds between rounds")
    parser.add_argument("--games", type=int, default=1, help="games a round")
    parser.add_argument("--rounds", type=int, default=0, help="stop after N rounds (0: never)")
    args = parser.parse_args()
    if args.every <= 0 or args.games < 1 or args.rounds < 0:
        parser.error("--every and --games must be positive, --rounds at least 0")
    parent = os.getppid()
    one_round(args.games)  # imports and caches warm, not printed
    done = 0
    while (not args.rounds or done < args.rounds) and os.getppid() == parent:
        spent = one_round(args.games)
        try:
            print(f"{time.time():.3f} {1000 * spent:.3f}", flush=True)
        except BrokenPipeError:  # whoever read the rounds is gone
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return
        done += 1
        time.sleep(args.every)


if __name__ == "__main__":
    main()
