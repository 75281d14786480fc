"""Place cards: what is printed on the front (public) and on the back (hidden until revealed)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from geodeck.core.errors import RecordError

KINDS = ("place", "sight", "landmark", "attraction", "mountain")
NUMBERS = ("population", "area", "altitude")


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
        self._front: dict[str, Any] | None = None
        self._back: dict[str, Any] | None = None
        self.kind: str = str(data["kind"])
        lat, lon = float(data["lat"]), float(data["lon"])
        self.values: dict[str, float] = {
            "west-east": signed_minutes(lon),
            "north-south": signed_minutes(lat),
        }
        for number in NUMBERS:
            if data.get(number) is not None:
                self.values[number] = float(data[number])

    def public(self) -> dict[str, Any]:
        """The front of the card (a fresh dict; the card works it out once)."""
        return dict(self.face(revealed=False))

    def revealed(self) -> dict[str, Any]:
        """Front and back, as everybody sees it once it is turned over (a fresh dict)."""
        return dict(self.face(revealed=True))

    def face(self, *, revealed: bool) -> dict[str, Any]:
        """The card's own dict of its front (or front and back): the same object every
        time, for views that share it (``Game.view(shared=True)``). Not to be changed."""
        if not revealed:
            if self._front is None:
                front: dict[str, Any] = {"id": self.id}
                front.update((k, v) for k, v in self.data.items() if is_public_field(k))
                self._front = front
            return self._front
        if self._back is None:
            back: dict[str, Any] = {"id": self.id}
            back.update(self.data)
            back["printed"] = printed_position(float(self.data["lat"]), float(self.data["lon"]))
            self._back = back
        return self._back


def parse_cards(raw: Mapping[str, Any]) -> dict[str, Card]:
    """Cards keyed by id, with the fields every card needs checked. ``Card`` objects (a
    deck parsed once and kept) pass through as they are."""
    cards: dict[str, Card] = {}
    for card_id, data in raw.items():
        if isinstance(data, Card) and data.id == card_id:
            cards[card_id] = data
            continue
        where = f"card {card_id!r}"
        if card_id == "intermezzo":
            raise RecordError(f"{where}: 'intermezzo' is reserved for the scoring marker")
        if not isinstance(data, Mapping):
            raise RecordError(f"{where}: must be an object")
        for field in ("name", "kind", "lat", "lon"):
            if field not in data:
                raise RecordError(f"{where}: missing field {field!r}")
        lat, lon = data["lat"], data["lon"]
        if not _is_number(lat) or not -90 <= lat <= 90:
            raise RecordError(f"{where}: lat must be a number from -90 to 90, got {lat!r}")
        if not _is_number(lon) or not -180 <= lon <= 180:
            raise RecordError(f"{where}: lon must be a number from -180 to 180, got {lon!r}")
        for number in NUMBERS:
            value = data.get(number)
            if value is not None and (not _is_number(value) or value < -500):
                raise RecordError(f"{where}: {number} must be a number, got {value!r}")
        cards[card_id] = Card(card_id, data)
    return cards


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
