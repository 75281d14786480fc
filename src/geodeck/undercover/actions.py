"""The five actions of Undercover in Europa, with their ``geodeck/1`` wire form (RECORDS.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from geodeck.core.wire import ActionSet, WireAction


@dataclass(frozen=True, slots=True)
class Hide(WireAction):
    """The undercover player hides in a laid-out ``country``; ``salt`` keeps the
    commitment secret until the round ends (RULES.md B2.2). It is the hider's own secret:
    ``legal_actions`` lists hides without one (``None``), and the hider (a person's
    client, a bot from its own random numbers, the server from its secrets) adds it."""

    seat: int
    country: str
    salt: str | None = None
    act: ClassVar[str] = "hide"
    kind: ClassVar[str] = "hide"

    def salted(self, salt: str) -> Hide:
        """This hide with ``salt``."""
        return Hide(self.seat, self.country, salt)


@dataclass(frozen=True, slots=True)
class Name(WireAction):
    """The reader names the ``seeker`` who stands for X in a question about a seeker (B1)."""

    seat: int
    seeker: int
    act: ClassVar[str] = "name"
    kind: ClassVar[str] = "name"


@dataclass(frozen=True, slots=True)
class Answer(WireAction):
    """The undercover player answers the question turned over (B2.3)."""

    seat: int
    answer: str
    act: ClassVar[str] = "answer"
    kind: ClassVar[str] = "answer"


@dataclass(frozen=True, slots=True)
class Stone(WireAction):
    """A seeker places one guess stone (``small`` or ``large``) on ``country`` (B2.4)."""

    seat: int
    country: str
    size: str
    act: ClassVar[str] = "stone"
    kind: ClassVar[str] = "stone"


@dataclass(frozen=True, slots=True)
class Pass(WireAction):
    """A seeker places no stone after this answer (B2.4)."""

    seat: int
    act: ClassVar[str] = "pass"
    kind: ClassVar[str] = "stone"


UndercoverAction = Hide | Name | Answer | Stone | Pass

ACTIONS: ActionSet[UndercoverAction] = ActionSet("Undercover", Hide, Name, Answer, Stone, Pass)
"""Undercover's actions by ``act``; any other act or field is refused (RECORDS.md)."""


def action_from_wire(raw: object) -> UndercoverAction:
    """Parse one action of an undercover record (``MalformedAction`` if it is none)."""
    return ACTIONS.from_wire(raw)
