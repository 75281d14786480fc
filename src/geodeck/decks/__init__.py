"""Decks, the data layer under both families: the place-card model and its one set of
rules (``cards``), the Undercover country and question cards (``countries``), deck files
(``files``), the shipped decks and country data (package data in ``decks/data``) and the
rules by which place decks are built (``places``, ``spacing``).

Nothing here imports a family: ``geodeck.cross`` and ``geodeck.undercover`` import this."""

from __future__ import annotations

import copy
import functools
import importlib.resources
import json
from typing import Any

from geodeck.core.errors import SetupError
from geodeck.decks.cards import Card, parse_cards
from geodeck.decks.undercover import shipped_undercover

__all__ = [
    "SHIPPED_DECKS",
    "shipped_cards",
    "shipped_deck",
    "shipped_deck_file",
    "shipped_undercover",
]

SHIPPED_DECKS = ("uppsala", "buxtehude", "italia", "world")
"""The cross-family games whose deck ships with geodeck (package data in decks/data)."""


def shipped_deck(game: str) -> dict[str, Any]:
    """The cards a game is dealt from when none are given: ``{card id: card data}``."""
    if game not in SHIPPED_DECKS:
        raise SetupError(
            f"geodeck does not ship a {game} deck: give one with a deck file "
            "(geodeck play --deck FILE, or new_game(..., deck=cards))"
        )
    cards: dict[str, Any] = copy.deepcopy(_shipped_file(game)["cards"])
    return cards


def shipped_deck_file(game: str) -> dict[str, Any]:
    """The whole shipped deck file of a game: ``deck``, ``title``, ``attribution``, ``cards``."""
    if game not in SHIPPED_DECKS:
        raise SetupError(f"geodeck does not ship a {game} deck")
    data: dict[str, Any] = copy.deepcopy(_shipped_file(game))
    return data


@functools.cache
def _shipped_file(game: str) -> dict[str, Any]:
    resource = importlib.resources.files("geodeck.decks") / "data" / f"{game}.json"
    try:
        data = json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SetupError(f"the shipped {game} deck cannot be read: {err}") from err
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise SetupError(f"the shipped {game} deck has no cards")
    return data


@functools.cache
def shipped_cards(game: str) -> dict[str, Card]:
    """The shipped deck of a game, parsed once and kept: the engine deals from these
    (cards are never changed by a game, so one parse serves every game)."""
    return parse_cards(_shipped_file(game)["cards"]) if game in SHIPPED_DECKS else {}
