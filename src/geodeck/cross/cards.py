"""The place cards the cross family deals: the model lives in ``geodeck.decks.cards``."""

from geodeck.decks.cards import (
    KINDS,
    NUMBERS,
    Card,
    dms,
    is_public_field,
    parse_cards,
    printed_position,
    signed_minutes,
)

__all__ = [
    "KINDS",
    "NUMBERS",
    "Card",
    "dms",
    "is_public_field",
    "parse_cards",
    "printed_position",
    "signed_minutes",
]
