"""Running many games over several processes, with results in game order."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from geodeck.simulate.runner import Result, Spec, play_many


def run(
    spec: Spec, games: int, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> list[Result]:
    """Play games 0 .. games-1; ``progress(k)`` is told each time k more have finished.

    Results are the same for any ``jobs``: each game depends only on the spec and its index.
    """
    indexes = list(range(games))
    if jobs <= 1:
        results = []
        for i in indexes:
            results.extend(play_many(spec, [i]))
            if progress:
                progress(1)
        return results
    size = max(1, min(50, games // (jobs * 8) or 1))
    chunks = [indexes[i : i + size] for i in range(0, games, size)]
    done: list[Result] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_many, spec, chunk) for chunk in chunks]
        for future in as_completed(futures):
            part = future.result()
            done.extend(part)
            if progress:
                progress(len(part))
    return sorted(done, key=lambda r: r.index)
