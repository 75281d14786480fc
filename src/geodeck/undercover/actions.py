"""The five actions of Undercover in Europa, with their ``geodeck/1`` wire form (RECORDS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from geodeck.core.errors import RecordError


@dataclass(frozen=True, slots=True)
class Hide:
    """The undercover player hides in a laid-out ``country``; ``salt`` keeps the
    commitment secret until the round ends (RULES.md B2.2). It is the hider's own secret:
    ``legal_actions`` lists hides without one (``None``), and the hider (a person's
    client, a bot from its own random numbers, the server from its secrets) adds it."""

    seat: int
    country: str
    salt: str | None = None
    act: ClassVar[str] = "hide"

    def salted(self, salt: str) -> Hide:
        """This hide with ``salt``."""
        return Hide(self.seat, self.country, salt)

    def to_wire(self) -> dict[str, Any]:
        wire: dict[str, Any] = {"seat": self.seat, "act": "hide", "country": self.country}
        if self.salt is not None:
            wire["salt"] = self.salt
        return wire


@dataclass(frozen=True, slots=True)
class Name:
    """The reader names the ``seeker`` who stands for X in a question about a seeker (B1)."""

    seat: int
    seeker: int
    act: ClassVar[str] = "name"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "name", "seeker": self.seeker}


@dataclass(frozen=True, slots=True)
class Answer:
    """The undercover player answers the question turned over (B2.3)."""

    seat: int
    answer: str
    act: ClassVar[str] = "answer"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "answer", "answer": self.answer}


@dataclass(frozen=True, slots=True)
class Stone:
    """A seeker places one guess stone (``small`` or ``large``) on ``country`` (B2.4)."""

    seat: int
    country: str
    size: str
    act: ClassVar[str] = "stone"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "stone", "country": self.country, "size": self.size}


@dataclass(frozen=True, slots=True)
class Pass:
    """A seeker places no stone after this answer (B2.4)."""

    seat: int
    act: ClassVar[str] = "pass"

    def to_wire(self) -> dict[str, Any]:
        return {"seat": self.seat, "act": "pass"}


UndercoverAction = Hide | Name | Answer | Stone | Pass


FIELDS = {
    "hide": frozenset({"seat", "act", "country", "salt"}),
    "name": frozenset({"seat", "act", "seeker"}),
    "answer": frozenset({"seat", "act", "answer"}),
    "stone": frozenset({"seat", "act", "country", "size"}),
    "pass": frozenset({"seat", "act"}),
}
"""The fields of each action's wire form; any other field is refused (RECORDS.md)."""


def _int(raw: Mapping[str, Any], key: str) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{key!r} must be a whole number, got {value!r}")
    return value


def _str(raw: Mapping[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str):
        raise RecordError(f"{key!r} must be a string, got {value!r}")
    return value


def action_from_wire(raw: Any) -> UndercoverAction:
    """Parse one action of an undercover record."""
    if not isinstance(raw, Mapping):
        raise RecordError(f"an action must be an object, got {raw!r}")
    seat = _int(raw, "seat")
    act = raw.get("act")
    fields = FIELDS.get(act) if isinstance(act, str) else None
    if fields is not None and not raw.keys() <= fields:
        extra = sorted(str(key) for key in raw.keys() - fields)
        raise RecordError(f"a {act!r} action has no field {extra[0]!r}")
    if act == "hide":
        salt = raw.get("salt")
        return Hide(seat, _str(raw, "country"), None if salt is None else _str(raw, "salt"))
    if act == "name":
        return Name(seat, _int(raw, "seeker"))
    if act == "answer":
        return Answer(seat, _str(raw, "answer"))
    if act == "stone":
        return Stone(seat, _str(raw, "country"), _str(raw, "size"))
    if act == "pass":
        return Pass(seat)
    raise RecordError(f"unknown action {act!r} (undercover: hide, name, answer, stone, pass)")
