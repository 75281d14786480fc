"""Decks: loading deck files and (once they exist) the shipped decks."""

from __future__ import annotations

from typing import Any

from geodeck.core.errors import SetupError


def shipped_deck(game: str) -> dict[str, Any]:
    """The deck a game uses when none is given."""
    raise SetupError(
        f"geodeck does not ship a {game} deck yet: give one with a deck file "
        "(geodeck play --deck FILE, or new_game(..., deck=cards))"
    )
