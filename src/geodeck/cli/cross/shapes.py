"""The events of a cross-family view's history as the terminal reads them. (No ``from
__future__ import annotations`` here, as in the other ``shapes`` modules.)"""

from typing import TypedDict, cast

from geodeck.core.shapes import EventWire

Event = TypedDict(
    "Event",
    {
        "event": str,
        "seat": int,
        "card": str,
        "line": str,
        "at": int,
        "against": str,
        "cards": list[str],
        "right": bool,
        "from": int | None,
        "to": int | None,
        "amount": int,
        "final": bool,
        "wrong": int,
        "guesses": list[int],
        "set_aside": list[str],
        "scores": list[int],
        "winners": list[int],
    },
    total=False,
)
"""One event of ``geodeck.cross.events`` (or ``end``), whichever its kind, in its wire
form: ``event`` names it, and it holds the fields of that kind only (a payment's ``from``
makes this the functional form)."""


class SeatSummary(TypedDict):
    name: str
    chips: int
    exchanged: int
    score: int


class State(TypedDict):
    """A cross game's own keys of its summary (``geodeck replay --json``)."""

    seats: list[SeatSummary]
    supply: int
    table: dict[str, list[str]]
    removed: list[str]


def events(wire: list[EventWire]) -> list[Event]:
    """The events of a view's ``history``: the engine writes each from the fields above
    (``WireEvent.to_wire``)."""
    return cast(list[Event], wire)
