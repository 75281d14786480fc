"""Learning the map alone: practice rounds, spaced repetition, weak areas and the daily
challenge (docs/practice.md, docs/daily.md).

Pure like the engine: the module takes the cards of a deck and the player's answers and
says what is right; the clock, the screens and the files are the terminal's business.
"""

from __future__ import annotations

from geodeck.practice.cards import (
    PracticeCard,
    deck_hash,
    practice_cards,
    regions_of,
)
from geodeck.practice.rounds import MODES, Answer, Question, Round, RoundError

__all__ = [
    "MODES",
    "Answer",
    "PracticeCard",
    "Question",
    "Round",
    "RoundError",
    "deck_hash",
    "practice_cards",
    "regions_of",
]
