"""A table's time: the clock of each awaited seat with its bank, and the pauses after the
moments people should have time to read (docs/protocol.md, Moments and The clock).

Neither is part of the game: the engine and the record know nothing of them. The room
(``clock.py``) asks here when a move is due and whether the table waits; this module only
does the arithmetic and keeps the facts a state tells about them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from geodeck.core.family import families


def moments() -> tuple[type, ...]:
    """The events after which the table waits (``Family.moments``): a challenge's verdict,
    an interim scoring's check (the final one ends the game), an Undercover round's
    result."""
    return tuple(kind for family in families() for kind in family.moments)


def is_moment(events: Iterable[object]) -> bool:
    """Whether one of ``events`` is a moment the table waits after."""
    kinds = moments()
    return any(isinstance(event, kinds) for event in events)


def wall_ms(wall: float) -> int:
    return int(wall * 1000)


@dataclass
class Pause:
    """The table waits after a moment until every seat in ``waiting`` has continued, or
    until ``due`` (the event loop's time; ``wall`` is the same as Unix milliseconds)."""

    version: int
    due: float
    wall: int
    waiting: set[int]

    def to_wire(self) -> dict[str, object]:
        return {"version": self.version, "until": self.wall, "waiting": sorted(self.waiting)}


@dataclass
class Turn:
    """One awaited seat's running clock: when its move became due, and when the server
    plays for it (the move's time and then what is left of its bank)."""

    started: float
    due: float
    wall: int


@dataclass
class Clock:
    """The clocks of a table: ``seconds`` per move, and a bank of ``bank`` seconds per seat
    that is drawn on once a move's own time has run out (as on Board Game Arena)."""

    seconds: float
    bank: float = 0.0
    banks: dict[int, float] = field(default_factory=dict)
    """Each seat's bank left, for the seats that have used some of theirs."""
    turns: dict[int, Turn] = field(default_factory=dict)

    def left(self, seat: int) -> float:
        return self.banks.get(seat, self.bank)

    def start(self, seat: int, now: float, wall: float) -> None:
        """The seat's move is due from ``now`` (event loop time; ``wall`` is Unix time)."""
        allowed = self.seconds + self.left(seat)
        self.turns[seat] = Turn(now, now + allowed, wall_ms(wall + allowed))

    def stop(self, seat: int, now: float) -> bool:
        """The seat moved (or its move is no longer awaited) at ``now``: the time it took
        past the move's own is taken from its bank. Whether its bank changed."""
        turn = self.turns.pop(seat, None)
        if turn is None:
            return False
        over = now - turn.started - self.seconds
        if over <= 0 or self.bank <= 0:
            return False
        self.banks[seat] = max(0.0, self.left(seat) - over)
        return True

    def due(self) -> float | None:
        """When the next clock runs out (event loop time), ``None`` if none runs."""
        return min((t.due for t in self.turns.values()), default=None)

    def to_wire(self) -> dict[str, object]:
        return {
            "seconds": self.seconds,
            "bank": self.bank,
            "deadlines": {str(s): t.wall for s, t in sorted(self.turns.items())},
            "banks": {str(s): round(self.left(s), 3) for s in sorted({*self.turns, *self.banks})},
        }
