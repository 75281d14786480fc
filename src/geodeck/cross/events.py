"""What happens in a cross-family game, as typed events. The history is a list of these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Drawn:
    seat: int
    card: str

    def to_wire(self) -> dict[str, Any]:
        return {"event": "draw", "seat": self.seat, "card": self.card}


@dataclass(frozen=True, slots=True)
class Placed:
    seat: int
    card: str
    line: str
    at: int

    def to_wire(self) -> dict[str, Any]:
        return {
            "event": "place",
            "seat": self.seat,
            "card": self.card,
            "line": self.line,
            "at": self.at,
        }


@dataclass(frozen=True, slots=True)
class Accepted:
    seat: int

    def to_wire(self) -> dict[str, Any]:
        return {"event": "accept", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Challenged:
    seat: int
    against: str

    def to_wire(self) -> dict[str, Any]:
        return {"event": "challenge", "seat": self.seat, "against": self.against}


@dataclass(frozen=True, slots=True)
class Revealed:
    """Cards turned over for everyone to see; their data is public from now on."""

    cards: tuple[str, ...]

    def to_wire(self) -> dict[str, Any]:
        return {"event": "reveal", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Judged:
    """A challenge's verdict: ``right`` is whether the placed card was in the right order."""

    card: str
    against: str
    right: bool

    def to_wire(self) -> dict[str, Any]:
        return {"event": "judge", "card": self.card, "against": self.against, "right": self.right}


@dataclass(frozen=True, slots=True)
class Paid:
    """Chips moved. ``None`` on either side is the supply."""

    payer: int | None
    receiver: int | None
    amount: int

    def to_wire(self) -> dict[str, Any]:
        return {"event": "pay", "from": self.payer, "to": self.receiver, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class Exchanged:
    """A seat gave 5 chips back and took the top removed card, worth 5 at the end (A5)."""

    seat: int
    card: str

    def to_wire(self) -> dict[str, Any]:
        return {"event": "exchange", "seat": self.seat, "card": self.card}


@dataclass(frozen=True, slots=True)
class Lapsed:
    """Part of a payout the supply could not make, even after exchanges (A5)."""

    seat: int
    amount: int

    def to_wire(self) -> dict[str, Any]:
        return {"event": "lapse", "seat": self.seat, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class Removed:
    """Cards that left the game for the removed pile (a wrong card, or a cleared table)."""

    cards: tuple[str, ...]

    def to_wire(self) -> dict[str, Any]:
        return {"event": "remove", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Scoring:
    """Play stops for an interim (or the final) scoring (A6.1)."""

    final: bool

    def to_wire(self) -> dict[str, Any]:
        return {"event": "scoring", "final": self.final}


@dataclass(frozen=True, slots=True)
class Guessed:
    """A secret guess. Only its seat sees ``wrong`` until all guesses are shown."""

    seat: int
    wrong: int

    def to_wire(self) -> dict[str, Any]:
        return {"event": "guess", "seat": self.seat, "wrong": self.wrong}


@dataclass(frozen=True, slots=True)
class Checked:
    """All guesses shown and the table checked (A6.2): ``set_aside`` are the wrong cards."""

    guesses: tuple[int, ...]
    wrong: int
    set_aside: tuple[str, ...]

    def to_wire(self) -> dict[str, Any]:
        return {
            "event": "check",
            "guesses": list(self.guesses),
            "wrong": self.wrong,
            "set_aside": list(self.set_aside),
        }


@dataclass(frozen=True, slots=True)
class Started:
    """A new start card is laid out from the reserve (A6.4)."""

    card: str

    def to_wire(self) -> dict[str, Any]:
        return {"event": "start", "card": self.card}


@dataclass(frozen=True, slots=True)
class Ended:
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_wire(self) -> dict[str, Any]:
        return {"event": "end", "scores": list(self.scores), "winners": list(self.winners)}


Event = (
    Drawn
    | Placed
    | Accepted
    | Challenged
    | Revealed
    | Judged
    | Paid
    | Exchanged
    | Lapsed
    | Removed
    | Scoring
    | Guessed
    | Checked
    | Started
    | Ended
)
