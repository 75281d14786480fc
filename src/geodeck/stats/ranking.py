"""The ranking at the end (A7, B3): the highest score first, ties sharing a place."""

from __future__ import annotations

from collections.abc import Sequence

from geodeck.stats.shapes import Ranked


def ranking(names: Sequence[str], scores: Sequence[int], *, finished: bool = True) -> list[Ranked]:
    """One entry per seat, best first: ``place`` is 1 plus the number of seats that scored
    more, so tied seats share a place (and the next place is skipped); every seat with the
    highest score is a ``winner`` once the game has ``finished``. Seats that tie keep their
    seat order."""
    best = max(scores, default=0)
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return [
        {
            "place": 1 + sum(1 for other in scores if other > scores[seat]),
            "seat": seat,
            "name": names[seat],
            "score": scores[seat],
            "winner": finished and scores[seat] == best,
        }
        for seat in order
    ]
