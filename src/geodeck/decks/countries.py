"""Country cards and question cards, as a deck or a record embeds them (RULES.md B1)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from geodeck.core.errors import RecordError
from geodeck.core.shapes import Face

ANSWERS = ("yes", "no", "probably", "probably_not", "not_sure")
COUNTRY, SEEKER = "country", "seeker"
NUMBERS = ("area", "population")
RANKS = ("area_rank", "population_rank")
TEXTS = ("capital", "vehicle")


class Country:
    """One country card. ``data`` keeps every field of the deck or record, for round trips."""

    __slots__ = ("_face", "colour", "data", "id", "name")

    def __init__(self, country_id: str, data: Mapping[str, object]) -> None:
        self.id = country_id
        self.data: dict[str, object] = dict(data)
        self.name: str = str(data["name"])
        self.colour: str = str(data["colour"])
        self._face: Face | None = None

    def card(self) -> Face:
        """The card as it lies face up: everything on it is public (a fresh dict)."""
        return dict(self.face())

    def face(self) -> Face:
        """The card's own dict of its face: the same object every time, for views that
        share it (``Game.view(shared=True)``). Not to be changed."""
        if self._face is None:
            face: Face = {"id": self.id}
            face.update(self.data)
            self._face = face
        return self._face


class Question:
    """One question card: about the country (with an answer per country) or about a seeker."""

    __slots__ = ("about", "answers", "data", "id", "text", "translations")

    def __init__(self, question_id: str, data: Mapping[str, Any]) -> None:
        self.id = question_id
        self.data: dict[str, Any] = dict(data)
        self.text: str = str(data["text"])
        self.about: str = str(data["about"])
        self.translations: dict[str, str] = {
            key.removeprefix("text_"): str(text)
            for key, text in data.items()
            if key.startswith("text_") and key != "text_en" and isinstance(text, str)
        }
        """The card's text in other languages (``text_de``, ``text_it`` ...), by language."""
        self.answers: dict[str, str] = dict(data.get("answers") or {})

    @property
    def about_seeker(self) -> bool:
        return self.about == SEEKER


def parse_countries(raw: object) -> dict[str, Country]:
    """Country cards keyed by id (a code such as ``ES``), with their fields checked."""
    if not isinstance(raw, Mapping) or not raw:
        raise RecordError("'countries' must be a non-empty object of country cards", rule="B1")
    countries: dict[str, Country] = {}
    for country_id, data in raw.items():
        where = f"country {country_id!r}"
        if not isinstance(country_id, str) or not country_id or ":" in country_id:
            raise RecordError(f"{where}: an id is a non-empty code without ':'", rule="B1")
        if not isinstance(data, Mapping):
            raise RecordError(f"{where}: must be an object", rule="B1")
        for field in ("name", "colour"):
            if not isinstance(data.get(field), str) or not data[field]:
                raise RecordError(f"{where}: needs a non-empty {field!r}", rule="B1")
        for field in TEXTS:
            if field in data and not isinstance(data[field], str):
                raise RecordError(f"{where}: {field} must be text, got {data[field]!r}", rule="B1")
        for field in NUMBERS:
            value = data.get(field)
            if field in data and not _at_least(value, 0, whole=False):
                raise RecordError(f"{where}: {field} must be a number >= 0, got {value!r}")
        for field in RANKS:
            value = data.get(field)
            if field in data and not _at_least(value, 1, whole=True):
                raise RecordError(f"{where}: {field} must be a whole number >= 1, got {value!r}")
        countries[country_id] = Country(country_id, data)
    return countries


def parse_questions(raw: object, countries: Mapping[str, Country]) -> dict[str, Question]:
    """Question cards keyed by id. A question about the country must answer it for every
    country embedded; a question about a seeker carries no answers (B1)."""
    if not isinstance(raw, Mapping):
        raise RecordError("'questions' must be an object of question cards", rule="B1")
    questions: dict[str, Question] = {}
    for question_id, data in raw.items():
        where = f"question {question_id!r}"
        if not isinstance(question_id, str) or not question_id:
            raise RecordError(f"{where}: an id is a non-empty string", rule="B1")
        if not isinstance(data, Mapping):
            raise RecordError(f"{where}: must be an object", rule="B1")
        if not isinstance(data.get("text"), str) or not data["text"]:
            raise RecordError(f"{where}: needs a non-empty 'text'", rule="B1")
        about = data.get("about")
        if about == SEEKER:
            if data.get("answers"):
                raise RecordError(f"{where}: a question about a seeker has no answers", rule="B1")
        elif about == COUNTRY:
            _check_answers(where, data.get("answers"), countries)
        else:
            raise RecordError(f"{where}: 'about' must be 'country' or 'seeker'", rule="B1")
        questions[question_id] = Question(question_id, data)
    return questions


def _check_answers(where: str, answers: object, countries: Mapping[str, Country]) -> None:
    if not isinstance(answers, Mapping):
        raise RecordError(f"{where}: a question about the country needs 'answers'", rule="B1")
    missing = [c for c in countries if c not in answers]
    if missing:
        raise RecordError(
            f"{where}: no answer for {', '.join(missing[:5])}"
            + (f" and {len(missing) - 5} more" if len(missing) > 5 else ""),
            rule="B1",
        )
    for country, answer in answers.items():
        if answer not in ANSWERS:
            raise RecordError(
                f"{where}: the answer for {country!r} must be one of {', '.join(ANSWERS)}, "
                f"got {answer!r}",
                rule="B1",
            )


def _at_least(value: object, low: int, *, whole: bool) -> bool:
    """A finite number (a whole one if ``whole``; a bool is none) of at least ``low``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if whole and not isinstance(value, int):
        return False
    return math.isfinite(value) and value >= low
