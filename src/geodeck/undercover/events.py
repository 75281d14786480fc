"""What happens in a game of Undercover, as typed events. The history is a list of these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A round begins: the undercover seat and the countries laid out (B2.1)."""

    round: int
    undercover: int
    layout: tuple[str, ...]

    def to_wire(self) -> dict[str, Any]:
        return {
            "event": "round",
            "round": self.round,
            "undercover": self.undercover,
            "layout": list(self.layout),
        }


@dataclass(frozen=True, slots=True)
class Hidden:
    """The country is hidden. Only ``seat`` sees ``country`` and ``salt`` before the
    round ends; everyone sees the ``commitment`` (B2.2)."""

    round: int
    seat: int
    commitment: str
    country: str
    salt: str

    def to_wire(self) -> dict[str, Any]:
        return {**self.public(), "country": self.country, "salt": self.salt}

    def public(self) -> dict[str, Any]:
        """What everyone else sees."""
        return {
            "event": "hide",
            "round": self.round,
            "seat": self.seat,
            "commitment": self.commitment,
        }


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The discard pile became the new question pile (B2.7)."""

    cards: int

    def to_wire(self) -> dict[str, Any]:
        return {"event": "reshuffle", "cards": self.cards}


@dataclass(frozen=True, slots=True)
class Turned:
    """The top question card is turned over and read by ``reader`` (B2.3)."""

    number: int
    question: str
    about: str
    reader: int

    def to_wire(self) -> dict[str, Any]:
        return {
            "event": "question",
            "number": self.number,
            "question": self.question,
            "about": self.about,
            "reader": self.reader,
        }


@dataclass(frozen=True, slots=True)
class Replaced:
    """A question about a seeker was turned over with a computer player as the hider, or
    with no human seeker to stand for X: it goes to the discard pile unread and the next
    card is turned over instead (geodeck's rule for computer players, docs/rules.md)."""

    question: str
    reason: str
    """``computer_hider`` or ``no_human_seeker``."""

    def to_wire(self) -> dict[str, Any]:
        return {"event": "replace", "question": self.question, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Named:
    """The reader named the seeker who stands for X (B1)."""

    seat: int
    seeker: int

    def to_wire(self) -> dict[str, Any]:
        return {"event": "name", "seat": self.seat, "seeker": self.seeker}


@dataclass(frozen=True, slots=True)
class Answered:
    seat: int
    answer: str

    def to_wire(self) -> dict[str, Any]:
        return {"event": "answer", "seat": self.seat, "answer": self.answer}


@dataclass(frozen=True, slots=True)
class Placed:
    """A guess stone on a country (B2.4)."""

    seat: int
    country: str
    size: str

    def to_wire(self) -> dict[str, Any]:
        return {"event": "stone", "seat": self.seat, "country": self.country, "size": self.size}


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int

    def to_wire(self) -> dict[str, Any]:
        return {"event": "pass", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class RoundEnded:
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

    def to_wire(self) -> dict[str, Any]:
        return {
            "event": "reveal",
            "round": self.round,
            "undercover": self.undercover,
            "country": self.country,
            "salt": self.salt,
            "commitment": self.commitment,
            "discovered": self.discovered,
            "asked": self.asked,
            "points": list(self.points),
        }


@dataclass(frozen=True, slots=True)
class Ended:
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_wire(self) -> dict[str, Any]:
        return {"event": "end", "scores": list(self.scores), "winners": list(self.winners)}


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
