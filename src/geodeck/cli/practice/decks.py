"""The deck a practice round or a daily challenge is dealt from: the game's shipped deck,
or a deck file (``--deck FILE``, a deck of ``geodeck deck build`` for one)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from geodeck.catalogue import catalogue
from geodeck.cli.errors import fail
from geodeck.cli.files import read_deck_file
from geodeck.core.errors import GeodeckError
from geodeck.core.family import family_of
from geodeck.cross.editions import Edition, edition
from geodeck.decks import SHIPPED_DECKS, shipped_deck_file
from geodeck.practice import PracticeCard, deck_hash, practice_cards


@dataclass(frozen=True, slots=True)
class PracticeDeck:
    game: Edition
    title: str
    cards: dict[str, PracticeCard]
    hash: str


def cross_game(game: str) -> Edition:
    """The cross-family game named ``game``; any other name is refused, the games listed."""
    games = [g.id for g in catalogue() if family_of(g.id).places_cards]
    if game not in games:
        others = [g.id for g in catalogue() if g.id not in games]
        why = " (practice places cards on the map)" if game in others else ""
        fail(f"unknown game {game!r}{why}: practice plays {', '.join(games)}")
    return edition(game)


def load_practice_deck(game: str, deck: Path | None) -> PracticeDeck:
    ed = cross_game(game)
    if deck is None:
        if game not in SHIPPED_DECKS:
            fail(f"geodeck ships no {game} deck: give one with --deck FILE")
        data: dict[str, Any] = shipped_deck_file(game)
    else:
        try:
            data = read_deck_file(deck)
        except GeodeckError as err:
            fail(str(err))
    cards = data["cards"]
    return PracticeDeck(
        ed, str(data.get("title") or ed.title), practice_cards(cards), deck_hash(cards)
    )
