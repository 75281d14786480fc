"""What the ``geodeck deck`` commands share: the decks by name, loading one, errors."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn

from geodeck.cli.errors import USAGE, CommandError
from geodeck.cli.files import read_deck_file
from geodeck.core.errors import GeodeckError
from geodeck.decks import SHIPPED_DECKS, shipped_deck_file, shipped_undercover
from geodeck.decks.cards import KINDS
from geodeck.decks.undercover import undercover_document

UNDERCOVER = "undercover"
QUESTIONS = "questions"
ALL_DECKS = (*SHIPPED_DECKS, UNDERCOVER, QUESTIONS)
ANSWERS = ("yes", "probably", "probably_not", "no")


class Lang(StrEnum):
    en = "en"
    de = "de"
    it = "it"


def fail(message: str, status: int = USAGE) -> NoReturn:
    """Stop the command: ``geodeck deck SUBCOMMAND: message`` on stderr, exit ``status``."""
    raise CommandError(message, status)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A deck by id or file: ``kind`` is ``places``, ``undercover`` or ``questions``."""

    id: str
    kind: str
    data: dict[str, Any]


def load(deck: str) -> Loaded:
    """A shipped deck by id, or a deck file by path."""
    if deck in SHIPPED_DECKS:
        return Loaded(deck, "places", shipped_deck_file(deck))
    if deck == UNDERCOVER:
        return Loaded(deck, UNDERCOVER, undercover_document())
    if deck == QUESTIONS:
        return Loaded(deck, QUESTIONS, {"questions": shipped_undercover()["questions"]})
    path = Path(deck)
    if path.suffix.lower() == ".json" or path.is_file():
        try:
            return Loaded(path.stem, "places", read_deck_file(path))
        except GeodeckError as err:
            fail(str(err))
    fail(
        f"unknown deck {deck!r}: the decks are {', '.join(ALL_DECKS)} "
        "(or give a deck file, FILE.json)"
    )


def kind_counts(cards: Mapping[str, Mapping[str, object]]) -> dict[str, int]:
    """How many cards of each kind, in the order of the kinds."""
    counts = Counter(str(c["kind"]) for c in cards.values())
    order = sorted(counts, key=lambda k: (KINDS.index(k) if k in KINDS else len(KINDS), k))
    return {k: counts[k] for k in order}
