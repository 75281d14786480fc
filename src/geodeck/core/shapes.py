"""The JSON forms every family shares, as ``TypedDict``s: the head of a ``geodeck/1``
record (docs/records.md), its deal commitment, and the parts of a view alike in every
family. A family's own forms are in its ``shapes`` module; a test holds the record forms
to the JSON Schema shipped in ``geodeck/schema``. (No ``from __future__ import annotations`` here:
``TypedDict`` must see ``NotRequired`` to know which keys are required.)"""

from typing import NotRequired, TypedDict


class Deal(TypedDict):
    """A record's deal commitment (``geodeck.core.deal``); ``salt`` once the game has ended."""

    commitment: str
    salt: NotRequired[str]


class RecordHead(TypedDict):
    """The keys of every record, whatever its family."""

    format: str
    game: str
    seats: list[str]
    variant: NotRequired[str]
    options: NotRequired[dict[str, object]]
    deal: NotRequired[Deal]


class Next(TypedDict):
    """Whose move is awaited and what kind of move (``Game.expects``)."""

    seats: list[int]
    expects: str | None


class OutcomeWire(TypedDict):
    """The final scores and the winners, in seat order (``Outcome.to_wire``)."""

    scores: list[int]
    winners: list[int]


EventWire = dict[str, object]
"""One event of a view's history as it goes on the wire (``WireEvent.to_wire``)."""

Face = dict[str, object]
"""A card as a view shows it: its id and the fields the seat may see."""
