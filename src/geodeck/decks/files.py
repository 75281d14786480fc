"""Deck files: the cards a cross-family game is dealt from.

A deck file is JSON in one of two shapes:

- an object whose ``cards`` maps card ids to card data:
  ``{"cards": {"berlin": {"name": "Berlin", "kind": "place", "lat": 52.52, "lon": 13.41}}}``
- a list of card objects, each with its ``id``:
  ``[{"id": "berlin", "name": "Berlin", "kind": "place", "lat": 52.52, "lon": 13.41}]``

Every card is checked by the rules of ``geodeck.decks.cards``, the same that
``new_game(deck=...)`` deals by, and a deck that breaks one is refused with a
``DeckError`` (code ``deck/invalid``) that names the card and the field. ``geodeck play
--deck``, ``geodeck serve --deck`` and a table's deck on the server all read a deck here.

Reading the file is the caller's business; these functions take the parsed JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geodeck.decks.cards import DeckError, check_card, check_id, kind_of

__all__ = ["DeckError", "deck_cards", "deck_file", "table_deck"]


def deck_file(data: object, *, deck: str, title: str) -> dict[str, object]:
    """A parsed deck file as a deck: its checked ``cards`` (``deck_cards``) and its
    ``deck``, ``title`` and ``attribution``, with ``deck`` and ``title`` for a file that
    does not give them."""
    cards = deck_cards(data)
    head = data if isinstance(data, Mapping) else {}
    return {
        "deck": str(head.get("deck") or deck),
        "title": str(head.get("title") or title),
        "attribution": str(head.get("attribution") or ""),
        "cards": cards,
    }


def table_deck(data: object) -> Any:
    """A deck as a table is given it (docs/protocol.md, Creating a table): the content of a
    deck file is read by ``deck_cards``; anything else (a mapping of card ids to cards, an
    Undercover deck) is passed on as it is, for ``new_game`` to check."""
    if isinstance(data, list) or (
        isinstance(data, Mapping) and isinstance(data.get("cards"), Mapping | list)
    ):
        return deck_cards(data)
    return data


def deck_cards(data: object) -> dict[str, dict[str, object]]:
    """The cards of a parsed deck file, keyed by id, each checked and without its ``id``."""
    if isinstance(data, Mapping):
        if "cards" not in data:
            raise DeckError('a deck file object needs a "cards" field')
        raw = data["cards"]
    elif isinstance(data, list):
        raw = data
    else:
        raise DeckError(
            f'a deck file is an object with "cards" or a list of cards, not {kind_of(data)}'
        )
    if isinstance(raw, Mapping):
        entries = [(card_id, card, f"card {card_id!r}") for card_id, card in raw.items()]
    elif isinstance(raw, list):
        entries = [_listed(i, card) for i, card in enumerate(raw)]
    else:
        raise DeckError(f'"cards" must be an object or a list, not {kind_of(raw)}')
    cards: dict[str, dict[str, object]] = {}
    for card_id, card, where in entries:
        check_id(card_id, where)
        if card_id in cards:
            raise DeckError(f"{where}: the id {card_id!r} is used twice")
        check_card(card, where)
        cards[card_id] = {k: v for k, v in card.items() if k != "id"}
    if not cards:
        raise DeckError("the deck has no cards")
    return cards


def _listed(index: int, card: object) -> tuple[object, Mapping[str, object], str]:
    where = f"card #{index + 1}"
    if not isinstance(card, Mapping):
        raise DeckError(f"{where}: must be an object, not {kind_of(card)}")
    if "id" not in card:
        raise DeckError(f'{where}: a card in a list needs an "id"')
    return card["id"], card, f"card #{index + 1} ({card['id']!r})"
