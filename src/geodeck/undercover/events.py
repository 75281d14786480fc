"""What happens in a game of Undercover, as typed events. The history is a list of these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from geodeck.core.shapes import EventWire
from geodeck.core.wire import Ended, WireEvent


@dataclass(frozen=True, slots=True)
class RoundStarted(WireEvent):
    """A round begins: the undercover seat and the countries laid out (B2.1)."""

    round: int
    undercover: int
    layout: tuple[str, ...]
    event: ClassVar[str] = "round"


@dataclass(frozen=True, slots=True)
class Hidden(WireEvent):
    """The country is hidden. Only ``seat`` sees ``country`` and ``salt`` before the
    round ends; everyone sees the ``commitment`` (B2.2)."""

    round: int
    seat: int
    commitment: str
    country: str
    salt: str
    event: ClassVar[str] = "hide"

    def public(self) -> EventWire:
        """What everyone else sees."""
        return {
            "event": "hide",
            "round": self.round,
            "seat": self.seat,
            "commitment": self.commitment,
        }


@dataclass(frozen=True, slots=True)
class Reshuffled(WireEvent):
    """The discard pile became the new question pile (B2.7)."""

    cards: int
    event: ClassVar[str] = "reshuffle"


@dataclass(frozen=True, slots=True)
class Turned(WireEvent):
    """The top question card is turned over and read by ``reader`` (B2.3)."""

    number: int
    question: str
    about: str
    reader: int
    event: ClassVar[str] = "question"


@dataclass(frozen=True, slots=True)
class Replaced(WireEvent):
    """A question about a seeker was turned over with a computer player as the hider, or
    with no human seeker to stand for X: it goes to the discard pile unread and the next
    card is turned over instead (geodeck's rule for computer players, docs/rules.md)."""

    question: str
    reason: str
    """``computer_hider`` or ``no_human_seeker``."""
    event: ClassVar[str] = "replace"


@dataclass(frozen=True, slots=True)
class Named(WireEvent):
    """The reader named the seeker who stands for X (B1)."""

    seat: int
    seeker: int
    event: ClassVar[str] = "name"


@dataclass(frozen=True, slots=True)
class Answered(WireEvent):
    seat: int
    answer: str
    event: ClassVar[str] = "answer"


@dataclass(frozen=True, slots=True)
class Placed(WireEvent):
    """A guess stone on a country (B2.4)."""

    seat: int
    country: str
    size: str
    event: ClassVar[str] = "stone"


@dataclass(frozen=True, slots=True)
class Passed(WireEvent):
    seat: int
    event: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class RoundEnded(WireEvent):
    """The undercover player reveals the country and the salt; the round is scored
    (B2.5, B2.6). ``points`` holds what each seat scored in the round."""

    round: int
    undercover: int
    country: str
    salt: str
    commitment: str
    discovered: bool
    asked: int
    points: tuple[int, ...]
    event: ClassVar[str] = "reveal"


Event = (
    RoundStarted
    | Hidden
    | Reshuffled
    | Turned
    | Replaced
    | Named
    | Answered
    | Placed
    | Passed
    | RoundEnded
    | Ended
)
