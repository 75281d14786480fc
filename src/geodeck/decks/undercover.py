"""The shipped Undercover in Europa data: 47 country cards, 73 question cards, 47 flags.

The files live in ``geodeck/decks/data`` (``undercover.json``, ``questions.json``,
``flags/CC.svg``) and are rebuilt by ``python -m tools countries``. The cards come in the
format a ``geodeck/1`` record embeds them (RECORDS.md, Undercover): every country carries
``name``, ``colour``, ``capital``, ``vehicle``, ``area``, ``area_rank``, ``population`` and
``population_rank`` plus extra fields; every question ``text``, ``about`` and, about the
country, ``answers`` for all 47 countries.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import orjson

from geodeck.core.errors import SetupError

COUNTRIES_FILE = "undercover.json"
QUESTIONS_FILE = "questions.json"
FLAGS_DIR = "flags"


def _data() -> Traversable:
    return resources.files("geodeck.decks").joinpath("data")


@cache
def _text(name: str) -> bytes:
    """The file's bytes, read once: every copy of its document is parsed from them, which
    is about 30 times quicker than ``copy.deepcopy`` of the parsed document."""
    try:
        return _data().joinpath(name).read_bytes()
    except FileNotFoundError as err:
        raise SetupError(f"the package lacks its Undercover data file {name}") from err


def _fresh(name: str) -> dict[str, Any]:
    """A new copy of the file's document, the caller's own."""
    document = orjson.loads(_text(name))
    if not isinstance(document, dict):
        raise SetupError(f"{name} is not a JSON object")
    return document


@cache
def _document(name: str) -> dict[str, Any]:
    """The file's document, parsed once and shared: never to be changed."""
    return _fresh(name)


def shipped_undercover() -> dict[str, Any]:
    """The shipped countries and questions: ``{"countries": {...}, "questions": {...}}``.

    Each call returns a fresh copy, which the caller may change freely.
    """
    return {
        "countries": _fresh(COUNTRIES_FILE)["countries"],
        "questions": _fresh(QUESTIONS_FILE)["questions"],
    }


def undercover_document() -> dict[str, Any]:
    """The whole country document: cards plus ``colours`` (names and display colour of the
    six groups), ``ranking_set``, ``politics``, ``sources`` and ``memberships_as_of``."""
    return _fresh(COUNTRIES_FILE)


def flag_svg(code: str) -> str:
    """The SVG flag of a country card, by its code (``"DE"``, ``"XK"``)."""
    countries = _document(COUNTRIES_FILE)["countries"]
    if code not in countries:
        raise SetupError(f"no Undercover country {code!r}")
    name = str(countries[code]["flag"])
    return _data().joinpath(FLAGS_DIR).joinpath(name).read_text(encoding="utf-8")
