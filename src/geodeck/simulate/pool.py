"""Running many games over several processes, with results in game order.

Ctrl-C stops a run at once: the worker processes ignore it (only the parent is told), the
parent stops waiting and ends the workers, and ``Stopped`` carries the games finished so
far. While the workers start, Ctrl-C is held back rather than ignored, so that one pressed
at that moment still stops the run once they have started.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from functools import partial
from multiprocessing.pool import Pool

from geodeck.simulate.runner import Result, Spec, play_many


class Stopped(KeyboardInterrupt):
    """Ctrl-C stopped a run; ``results`` are the games finished before it, in game order."""

    def __init__(self, results: list[Result]) -> None:
        super().__init__()
        self.results = results


def run(
    spec: Spec, games: int, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> list[Result]:
    """Play games 0 .. games-1; ``progress(k)`` is told each time k more have finished.

    Results are the same for any ``jobs``: each game depends only on the spec and its index.
    Ctrl-C raises ``Stopped`` with the games finished so far.
    """
    done: list[Result] = []
    try:
        if jobs <= 1:
            for i in range(games):
                done.extend(play_many(spec, [i]))
                if progress:
                    progress(1)
        else:
            _in_processes(spec, games, jobs, done, progress)
    except KeyboardInterrupt:
        raise Stopped(sorted(done, key=lambda r: r.index)) from None
    return sorted(done, key=lambda r: r.index)


def _in_processes(
    spec: Spec,
    games: int,
    jobs: int,
    done: list[Result],
    progress: Callable[[int], None] | None,
) -> None:
    """Play the games in ``jobs`` processes, adding each finished chunk to ``done``. Small
    chunks, so that a stopped run keeps most of what was played."""
    size = max(1, min(10, games // (jobs * 8)))
    indexes = list(range(games))
    chunks = [indexes[i : i + size] for i in range(0, games, size)]
    pool: Pool | None = None
    try:
        pool = _pool(jobs)
        for part in pool.imap_unordered(partial(play_many, spec), chunks):
            done.extend(part)
            if progress:
                progress(len(part))
        pool.close()
    finally:
        if pool is not None:
            pool.terminate()  # at once, also when stopped: the games still running are dropped
            pool.join()


def _pool(jobs: int) -> Pool:
    """Worker processes that ignore Ctrl-C from the moment they start. Until they do, the
    signal is blocked in this thread (and so in the pool's threads and the workers, which
    start with its mask): one that comes meanwhile waits, and is delivered here once the
    pool is up, where ignoring it would lose it."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return multiprocessing.Pool(jobs, initializer=_ignore_interrupts)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
