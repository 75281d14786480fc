"""The four actions of the cross family, with their ``geodeck/1`` wire form (RECORDS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from geodeck.core.errors import RecordError


@dataclass(frozen=True, slots=True)
class Place:
    """Insert the drawn card into ``line`` so that it gets index ``at`` (RULES.md A2)."""

    seat: int
    line: str
    at: int
    act: ClassVar[str] = "place"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "place", "line": self.line, "at": self.at}


@dataclass(frozen=True, slots=True)
class Accept:
    """Let the placed card stand (RULES.md A4.1)."""

    seat: int
    act: ClassVar[str] = "accept"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "accept"}


@dataclass(frozen=True, slots=True)
class Challenge:
    """Doubt the placed card, judged against its neighbour ``against`` (RULES.md A4.2)."""

    seat: int
    against: str
    act: ClassVar[str] = "challenge"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "challenge", "against": self.against}


@dataclass(frozen=True, slots=True)
class Guess:
    """A secret guess of how many cards on the table are wrong (RULES.md A6.1)."""

    seat: int
    wrong: int
    act: ClassVar[str] = "guess"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "guess", "wrong": self.wrong}


CrossAction = Place | Accept | Challenge | Guess


# Actions are values; the engine hands out shared instances so that listing legal moves
# allocates almost nothing.
place = lru_cache(maxsize=4096)(Place)
accept = lru_cache(maxsize=16)(Accept)
guess = lru_cache(maxsize=1024)(Guess)


FIELDS = {
    "place": frozenset({"seat", "act", "line", "at"}),
    "accept": frozenset({"seat", "act"}),
    "challenge": frozenset({"seat", "act", "against"}),
    "guess": frozenset({"seat", "act", "wrong"}),
}
"""The fields of each action's wire form; any other field is refused (RECORDS.md)."""


def _int(raw: Mapping[str, Any], key: str) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{key!r} must be a whole number, got {value!r}")
    return value


def action_from_wire(raw: Any) -> CrossAction:
    """Parse one action of a cross-family record."""
    if not isinstance(raw, Mapping):
        raise RecordError(f"an action must be an object, got {raw!r}")
    seat = _int(raw, "seat")
    act = raw.get("act")
    fields = FIELDS.get(act) if isinstance(act, str) else None
    if fields is not None and not raw.keys() <= fields:
        extra = sorted(str(key) for key in raw.keys() - fields)
        raise RecordError(f"a {act!r} action has no field {extra[0]!r}")
    if act == "place":
        line = raw.get("line")
        if not isinstance(line, str):
            raise RecordError(f"'line' must be a string, got {line!r}")
        return Place(seat, line, _int(raw, "at"))
    if act == "accept":
        return Accept(seat)
    if act == "challenge":
        against = raw.get("against")
        if not isinstance(against, str):
            raise RecordError(f"'against' must be a card id, got {against!r}")
        return Challenge(seat, against)
    if act == "guess":
        return Guess(seat, _int(raw, "wrong"))
    raise RecordError(f"unknown action {act!r} (cross family: place, accept, challenge, guess)")
