"""The events of an Undercover view's history as the terminal reads them. (No ``from
__future__ import annotations`` here, as in the other ``shapes`` modules.)"""

from typing import TypedDict, cast

from geodeck.core.shapes import EventWire
from geodeck.undercover.shapes import StoneOn


class Event(TypedDict, total=False):
    """One event of ``geodeck.undercover.events`` (or ``end``), whichever its kind, in its
    wire form: ``event`` names it, and it holds the fields of that kind only."""

    event: str
    round: int
    undercover: int
    layout: list[str]
    seat: int
    commitment: str
    country: str
    salt: str
    cards: int
    number: int
    question: str
    about: str
    reader: int
    reason: str
    seeker: int
    answer: str
    size: str
    discovered: bool
    asked: int
    points: list[int]
    scores: list[int]
    winners: list[int]


class SeatSummary(TypedDict):
    name: str
    score: int
    small: int
    large: int


class State(TypedDict):
    """An Undercover game's own keys of its summary (``geodeck replay --json``)."""

    round: int
    undercover: int
    asked: int
    seats: list[SeatSummary]
    layout: list[str]
    stones: dict[str, list[StoneOn]]


def events(wire: list[EventWire]) -> list[Event]:
    """The events of a view's ``history`` or ``results``: the engine writes each from the
    fields above (``WireEvent.to_wire``)."""
    return cast(list[Event], wire)
