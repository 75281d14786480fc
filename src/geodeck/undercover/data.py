"""Undercover's country and question cards: the model lives in ``geodeck.decks.countries``."""

from geodeck.decks.countries import (
    ANSWERS,
    COUNTRY,
    NUMBERS,
    RANKS,
    SEEKER,
    TEXTS,
    Country,
    Question,
    parse_countries,
    parse_questions,
)

__all__ = [
    "ANSWERS",
    "COUNTRY",
    "NUMBERS",
    "RANKS",
    "SEEKER",
    "TEXTS",
    "Country",
    "Question",
    "parse_countries",
    "parse_questions",
]
