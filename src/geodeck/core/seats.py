"""Seats and turn order: clockwise is ascending seat number, wrapping."""

from __future__ import annotations

from collections.abc import Sequence

from geodeck.core.errors import SetupError


def clockwise_from(first: int, count: int) -> list[int]:
    """All seats in clockwise order, starting with ``first``."""
    return [(first + i) % count for i in range(count)]


def left_of(seat: int, count: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % count


def check_seats(names: Sequence[str], low: int, high: int, rule: str) -> list[str]:
    """Validate seat names: ``low`` to ``high`` non-empty, distinct names."""
    seats = [str(n).strip() for n in names]
    if not low <= len(seats) <= high:
        raise SetupError(f"{low} to {high} players are needed, got {len(seats)}", rule=rule)
    if any(not s for s in seats):
        raise SetupError("every seat needs a name")
    if len(set(seats)) != len(seats):
        raise SetupError(f"seat names must differ: {', '.join(seats)}")
    return seats
