"""The four actions of the cross family, with their ``geodeck/1`` wire form (RECORDS.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from geodeck.core.wire import ActionSet, WireAction


@dataclass(frozen=True, slots=True)
class Place(WireAction):
    """Insert the drawn card into ``line`` so that it gets index ``at`` (RULES.md A2)."""

    seat: int
    line: str
    at: int
    act: ClassVar[str] = "place"
    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Accept(WireAction):
    """Let the placed card stand (RULES.md A4.1)."""

    seat: int
    act: ClassVar[str] = "accept"
    kind: ClassVar[str] = "respond"


@dataclass(frozen=True, slots=True)
class Challenge(WireAction):
    """Doubt the placed card, judged against its neighbour ``against`` (RULES.md A4.2)."""

    seat: int
    against: str
    act: ClassVar[str] = "challenge"
    kind: ClassVar[str] = "respond"


@dataclass(frozen=True, slots=True)
class Guess(WireAction):
    """A secret guess of how many cards on the table are wrong (RULES.md A6.1)."""

    seat: int
    wrong: int
    act: ClassVar[str] = "guess"
    kind: ClassVar[str] = "guess"


CrossAction = Place | Accept | Challenge | Guess

ACTIONS: ActionSet[CrossAction] = ActionSet("the cross family", Place, Accept, Challenge, Guess)
"""The cross family's actions by ``act``; any other act or field is refused (RECORDS.md)."""


# Actions are values; the engine hands out shared instances so that listing legal moves
# allocates almost nothing.
place = lru_cache(maxsize=4096)(Place)
accept = lru_cache(maxsize=16)(Accept)
guess = lru_cache(maxsize=1024)(Guess)


def action_from_wire(raw: object) -> CrossAction:
    """Parse one action of a cross-family record (``MalformedAction`` if it is none)."""
    return ACTIONS.from_wire(raw)
