"""Deck files: the cards a cross-family game is dealt from.

A deck file is JSON in one of two shapes:

- an object whose ``cards`` maps card ids to card data:
  ``{"cards": {"berlin": {"name": "Berlin", "kind": "place", "lat": 52.52, "lon": 13.41}}}``
- a list of card objects, each with its ``id``:
  ``[{"id": "berlin", "name": "Berlin", "kind": "place", "lat": 52.52, "lon": 13.41}]``

Reading the file is the caller's business; ``deck_cards`` takes the parsed JSON.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from geodeck.core.errors import SetupError

RESERVED_IDS = ("intermezzo",)
NUMBER_FLOORS = {"population": 0.0, "area": 0.0, "altitude": -500.0}
DIFFICULTIES = (1, 2, 3)
YEAR_FIELDS = ("population_year", "area_year")
"""The year a card's population or area is of (optional; a whole number)."""
YEARS = (1800, 2100)


class DeckError(SetupError):
    """A deck file that does not hold a usable list of cards; the message says where."""

    code = "deck/invalid"


def deck_cards(data: Any) -> dict[str, dict[str, Any]]:
    """The cards of a parsed deck file, keyed by id, each checked and without its ``id``."""
    if isinstance(data, Mapping):
        if "cards" not in data:
            raise DeckError('a deck file object needs a "cards" field')
        raw = data["cards"]
    elif isinstance(data, list):
        raw = data
    else:
        raise DeckError(
            f'a deck file is an object with "cards" or a list of cards, not {_kind_of(data)}'
        )
    if isinstance(raw, Mapping):
        entries = [(card_id, card, f"card {card_id!r}") for card_id, card in raw.items()]
    elif isinstance(raw, list):
        entries = [_listed(i, card) for i, card in enumerate(raw)]
    else:
        raise DeckError(f'"cards" must be an object or a list, not {_kind_of(raw)}')
    cards: dict[str, dict[str, Any]] = {}
    for card_id, card, where in entries:
        _check_id(card_id, where)
        if card_id in cards:
            raise DeckError(f"{where}: the id {card_id!r} is used twice")
        cards[card_id] = _checked(card, where)
    if not cards:
        raise DeckError("the deck has no cards")
    return cards


def _listed(index: int, card: Any) -> tuple[Any, Any, str]:
    where = f"card #{index + 1}"
    if not isinstance(card, Mapping):
        raise DeckError(f"{where}: must be an object, not {_kind_of(card)}")
    if "id" not in card:
        raise DeckError(f'{where}: a card in a list needs an "id"')
    return card["id"], card, f"card #{index + 1} ({card['id']!r})"


def _check_id(card_id: Any, where: str) -> None:
    if not isinstance(card_id, str) or not card_id.strip():
        raise DeckError(f"{where}: the id must be a non-empty string, got {card_id!r}")
    if card_id in RESERVED_IDS:
        raise DeckError(f"{where}: {card_id!r} is reserved for the scoring marker")


def _checked(card: Any, where: str) -> dict[str, Any]:
    if not isinstance(card, Mapping):
        raise DeckError(f"{where}: must be an object, not {_kind_of(card)}")
    for field in ("name", "kind"):
        value = card.get(field)
        if not isinstance(value, str) or not value.strip():
            raise DeckError(f"{where}: {field!r} must be a non-empty string, got {value!r}")
    for field, limit in (("lat", 90), ("lon", 180)):
        value = card.get(field)
        if not isinstance(value, int | float) or not _is_number(value) or abs(value) > limit:
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
        if year is not None and (
            not isinstance(year, int) or isinstance(year, bool) or not YEARS[0] <= year <= YEARS[1]
        ):
            raise DeckError(
                f"{where}: {field!r} must be a year from {YEARS[0]} to {YEARS[1]}, got {year!r}"
            )
    difficulty = card.get("difficulty")
    if difficulty is not None and (
        not isinstance(difficulty, int)
        or isinstance(difficulty, bool)
        or difficulty not in DIFFICULTIES
    ):
        raise DeckError(f"{where}: 'difficulty' must be 1, 2 or 3, got {difficulty!r}")
    return {k: v for k, v in card.items() if k != "id"}


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _kind_of(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    for kind, name in names.items():
        if isinstance(value, kind):
            return name
    return "a number" if isinstance(value, int | float) else type(value).__name__
