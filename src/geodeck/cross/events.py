"""What happens in a cross-family game, as typed events. The history is a list of these."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from geodeck.core.wire import Ended, WireEvent


@dataclass(frozen=True, slots=True)
class Drawn(WireEvent):
    seat: int
    card: str
    event: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Placed(WireEvent):
    seat: int
    card: str
    line: str
    at: int
    event: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Accepted(WireEvent):
    seat: int
    event: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Challenged(WireEvent):
    seat: int
    against: str
    event: ClassVar[str] = "challenge"


@dataclass(frozen=True, slots=True)
class Revealed(WireEvent):
    """Cards turned over for everyone to see; their data is public from now on."""

    cards: tuple[str, ...]
    event: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Judged(WireEvent):
    """A challenge's verdict: ``right`` is whether the placed card was in the right order."""

    card: str
    against: str
    right: bool
    event: ClassVar[str] = "judge"


@dataclass(frozen=True, slots=True)
class Paid(WireEvent):
    """Chips moved. ``None`` on either side is the supply."""

    payer: int | None = field(metadata={"wire": "from"})
    receiver: int | None = field(metadata={"wire": "to"})
    amount: int
    event: ClassVar[str] = "pay"


@dataclass(frozen=True, slots=True)
class Exchanged(WireEvent):
    """A seat gave 5 chips back and took the top removed card, worth 5 at the end (A5)."""

    seat: int
    card: str
    event: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class Lapsed(WireEvent):
    """Part of a payout the supply could not make, even after exchanges (A5)."""

    seat: int
    amount: int
    event: ClassVar[str] = "lapse"


@dataclass(frozen=True, slots=True)
class Removed(WireEvent):
    """Cards that left the game for the removed pile (a wrong card, or a cleared table)."""

    cards: tuple[str, ...]
    event: ClassVar[str] = "remove"


@dataclass(frozen=True, slots=True)
class Scoring(WireEvent):
    """Play stops for an interim (or the final) scoring (A6.1)."""

    final: bool
    event: ClassVar[str] = "scoring"


@dataclass(frozen=True, slots=True)
class Guessed(WireEvent):
    """A secret guess. Only its seat sees ``wrong`` until all guesses are shown."""

    seat: int
    wrong: int
    event: ClassVar[str] = "guess"


@dataclass(frozen=True, slots=True)
class Checked(WireEvent):
    """All guesses shown and the table checked (A6.2): ``set_aside`` are the wrong cards."""

    guesses: tuple[int, ...]
    wrong: int
    set_aside: tuple[str, ...]
    event: ClassVar[str] = "check"


@dataclass(frozen=True, slots=True)
class Started(WireEvent):
    """A new start card is laid out from the reserve (A6.4)."""

    card: str
    event: ClassVar[str] = "start"


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
