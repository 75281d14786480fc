"""Place cards: what is printed on the front (public) and on the back (hidden until
revealed), and the one set of rules a place card is checked by, wherever it comes from (a
deck file, ``new_game(deck=...)``, a table's deck on the server, a record).

The rules (docs/data.md, Deck files; RULES.md A1): an id is a non-empty string other than
``intermezzo`` (the scoring marker); ``name`` and ``kind`` are non-empty strings; ``lat``
is a number from -90 to 90 and ``lon`` one from -180 to 180; ``population`` and ``area``,
where given, are numbers of at least 0 and ``altitude`` one of at least -500;
``population_year`` and ``area_year`` are whole years from 1800 to 2100; ``difficulty`` is
1, 2 or 3 (RULES.md A1.4). Numbers are finite and never booleans. Other fields are kept as
they are.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, TypeGuard

from geodeck.core.errors import SetupError
from geodeck.core.shapes import Face

KINDS = ("place", "sight", "landmark", "attraction", "mountain")
NUMBERS = ("population", "area", "altitude")
STACKS = 3
STACK_SIZE = 15
"""A cross-family game draws three stacks of 15 cards (RULES.md A1)."""
INTERMEZZO = "intermezzo"
"""The scoring marker between the stacks: no card may have its id."""
RESERVED_IDS = (INTERMEZZO,)
NUMBER_FLOORS = {"population": 0.0, "area": 0.0, "altitude": -500.0}
DIFFICULTIES = (1, 2, 3)
YEAR_FIELDS = ("population_year", "area_year")
"""The year a card's population or area is of (optional; a whole number)."""
YEARS = (1800, 2100)


class DeckError(SetupError):
    """A deck that does not hold a usable list of cards; the message says where."""

    code = "deck/invalid"


class BuildError(SetupError):
    """A custom deck that cannot be made: unknown country, bad box, too few places."""

    code = "deck/build"


def is_public_field(key: str) -> bool:
    """Fields printed on a card's front: its name (in any language) and its kind."""
    return key in ("name", "kind", "names") or key.startswith("name_")


def signed_minutes(degrees: float) -> int:
    """The printed value in whole arc-minutes, signed (east and north positive).

    Cards print degrees and minutes; the minutes are cut, not rounded, so that the value
    compared is exactly the value a player reads (RULES.md A3).
    """
    total = math.floor(abs(degrees) * 60 + 1e-9)
    return -total if degrees < 0 else total


def dms(degrees: float, positive: str, negative: str) -> str:
    total = abs(signed_minutes(degrees))
    hemisphere = negative if degrees < 0 else positive
    return f"{total // 60}° {total % 60:02d}' {hemisphere}"


def printed_position(lat: float, lon: float) -> str:
    """A card's coordinates as printed: ``52° 31' N, 13° 24' E``."""
    return f"{dms(lat, 'N', 'S')}, {dms(lon, 'E', 'W')}"


class Card:
    """One place card. ``data`` keeps every field of the deck or record, for round trips."""

    __slots__ = ("_back", "_front", "data", "id", "kind", "name", "values")

    def __init__(self, card_id: str, data: Mapping[str, Any]) -> None:
        self.id = card_id
        self.data: dict[str, Any] = dict(data)
        self.name: str = str(data["name"])
        self._front: Face | None = None
        self._back: Face | None = None
        self.kind: str = str(data["kind"])
        lat, lon = float(data["lat"]), float(data["lon"])
        self.values: dict[str, float] = {
            "west-east": signed_minutes(lon),
            "north-south": signed_minutes(lat),
        }
        for number in NUMBERS:
            if data.get(number) is not None:
                self.values[number] = float(data[number])

    def public(self) -> Face:
        """The front of the card (a fresh dict; the card works it out once)."""
        return dict(self.face(revealed=False))

    def revealed(self) -> Face:
        """Front and back, as everybody sees it once it is turned over (a fresh dict)."""
        return dict(self.face(revealed=True))

    def face(self, *, revealed: bool) -> Face:
        """The card's own dict of its front (or front and back): the same object every
        time, for views that share it (``Game.view(shared=True)``). Not to be changed."""
        if not revealed:
            if self._front is None:
                front: Face = {"id": self.id}
                front.update((k, v) for k, v in self.data.items() if is_public_field(k))
                self._front = front
            return self._front
        if self._back is None:
            back: Face = {"id": self.id}
            back.update(self.data)
            back["printed"] = printed_position(float(self.data["lat"]), float(self.data["lon"]))
            self._back = back
        return self._back


def parse_cards(raw: Mapping[str, Any]) -> dict[str, Card]:
    """Cards keyed by id, each checked by the rules above (``DeckError`` names the first
    card that breaks one). ``Card`` objects (a deck parsed once and kept) pass through as
    they are."""
    if not isinstance(raw, Mapping):
        raise DeckError(f"a deck maps card ids to cards, not {kind_of(raw)}")
    cards: dict[str, Card] = {}
    for card_id, data in raw.items():
        if isinstance(data, Card) and data.id == card_id:
            cards[card_id] = data
            continue
        where = f"card {card_id!r}"
        check_id(card_id, where)
        check_card(data, where)
        cards[card_id] = Card(card_id, data)
    return cards


def check_id(card_id: object, where: str) -> None:
    """``DeckError`` unless ``card_id`` may name a card."""
    if not isinstance(card_id, str) or not card_id.strip():
        raise DeckError(f"{where}: the id must be a non-empty string, got {card_id!r}")
    if card_id in RESERVED_IDS:
        raise DeckError(f"{where}: {card_id!r} is reserved for the scoring marker")


def check_card(card: object, where: str) -> None:
    """``DeckError`` unless ``card`` keeps the rules of a place card (see the module)."""
    if not isinstance(card, Mapping):
        raise DeckError(f"{where}: must be an object, not {kind_of(card)}")
    for field in ("name", "kind"):
        value = card.get(field)
        if not isinstance(value, str) or not value.strip():
            raise DeckError(f"{where}: {field!r} must be a non-empty string, got {value!r}")
    for field, limit in (("lat", 90), ("lon", 180)):
        value = card.get(field)
        if not _is_number(value) or abs(value) > limit:
            raise DeckError(
                f"{where}: {field!r} must be a number from -{limit} to {limit}, got {value!r}"
            )
    for field, floor in NUMBER_FLOORS.items():
        value = card.get(field)
        if value is not None and (not _is_number(value) or value < floor):
            raise DeckError(
                f"{where}: {field!r} must be a number of at least {floor:g}, got {value!r}"
            )
    for field in YEAR_FIELDS:
        year = card.get(field)
        if year is not None and not _is_whole(year, YEARS):
            raise DeckError(
                f"{where}: {field!r} must be a year from {YEARS[0]} to {YEARS[1]}, got {year!r}"
            )
    difficulty = card.get("difficulty")
    if difficulty is not None and not _is_whole(difficulty, (DIFFICULTIES[0], DIFFICULTIES[-1])):
        raise DeckError(f"{where}: 'difficulty' must be 1, 2 or 3, got {difficulty!r}", rule="A1.4")


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _is_whole(value: object, bounds: tuple[int, int]) -> bool:
    return (
        isinstance(value, int) and not isinstance(value, bool) and bounds[0] <= value <= bounds[1]
    )


def kind_of(value: object) -> str:
    """What a JSON value is, for messages: ``an object``, ``a list``, ``null`` ..."""
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    for kind, name in names.items():
        if isinstance(value, kind):
            return name
    return "a number" if isinstance(value, int | float) else type(value).__name__
