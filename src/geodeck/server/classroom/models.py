"""The classroom's request bodies and its codes (docs/classroom.md).

A class code is nine letters and three digits (``KXMQRTPWZ428``, shown to people as
``KXMQ-RTPW-Z428``): letters from the table codes' alphabet, digits 2 to 9, 24⁹ · 8³
(about 1.4 · 10¹⁵) of them, too many to find a class by guessing. Classes opened before keep
their codes of three letters and three digits (``KXM428``). A table code has letters only,
so the two are never taken for each other, on the page or by the server. Both are typed in
any case, with spaces and dashes (``tokens.normal_code``).
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from geodeck.names import BadName, clean_name
from geodeck.server.tokens import CODE_ALPHABET

CLASS_DIGITS = "23456789"
CLASS_LETTERS = 9
CLASS_CODE = re.compile(rf"^[{CODE_ALPHABET}]{{{CLASS_LETTERS}}}[{CLASS_DIGITS}]{{3}}$")
OLD_CLASS_CODE = re.compile(rf"^[{CODE_ALPHABET}]{{3}}[{CLASS_DIGITS}]{{3}}$")
"""The codes of classes opened before class codes had twelve characters."""
NAME_LIMIT = 24
"""The longest first name, in characters."""
MAX_PUPILS = 60
MAX_ANSWERS = 200
"""The most answers one request may post."""
PUPIL_ANSWERS = 20_000
"""The most answers (and round ends) one pupil may have stored."""
TABLE_SIZES = (2, 6)
BOT_NAME = re.compile(r"^(bot|player) \d+$", re.IGNORECASE)
"""The names the server gives seats it fills itself: no pupil is called that."""


def new_class_code() -> str:
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CLASS_LETTERS))
    return letters + "".join(secrets.choice(CLASS_DIGITS) for _ in range(3))


def could_be_class_code(code: str) -> bool:
    """Whether a normal code has the form of a class code, new or old."""
    return CLASS_CODE.match(code) is not None or OLD_CLASS_CODE.match(code) is not None


def first_name(raw: str) -> str | None:
    """A pupil's name as kept: NFC, runs of white space made one space, trimmed; ``None``
    if it is empty, too long, has control characters or looks like a seat the server
    names (``Bot 2``)."""
    try:
        text = clean_name(raw, limit=NAME_LIMIT, what="a first name")
    except BadName:
        return None
    return None if BOT_NAME.match(text) else text


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


PRINTABLE = r"^[^\x00-\x1f\x7f]*$"
"""Text without control characters (PostgreSQL keeps no NUL in a text column)."""


class OpenClass(_Strict):
    game: Annotated[str, Field(min_length=1, max_length=32)]
    title: Annotated[str, Field(max_length=200)] | None = None
    """Checked by the name rule (``geodeck.names``): 1 to 80 visible characters."""
    deck: dict[str, object] | list[object] | None = None


class JoinClass(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=200)]


class StartPractice(_Strict):
    mode: Literal["survival", "timed", "region"] = "survival"
    region: Annotated[str, Field(pattern=r"^[A-Za-z0-9-]{1,16}$")] | None = None
    variant: Annotated[str, Field(min_length=1, max_length=32)] | None = None


class StartGames(_Strict):
    size: Annotated[int, Field(ge=TABLE_SIZES[0], le=TABLE_SIZES[1])] = 4
    bot: Annotated[str, Field(max_length=32)] = "casual"
    variant: Annotated[str, Field(min_length=1, max_length=32)] | None = None


class PracticeItem(_Strict):
    type: Literal["answer", "end"] = "answer"
    game: Annotated[str, Field(max_length=32)] | None = None
    mode: Annotated[str, Field(max_length=16)] | None = None
    card: Annotated[str, Field(min_length=1, max_length=64, pattern=PRINTABLE)] | None = None
    right: bool | None = None
    streak: Annotated[int, Field(ge=0, le=100_000)] | None = None
    area: Annotated[str, Field(pattern=r"^[A-Za-z0-9-]{0,16}$")] | None = None
    score: Annotated[int, Field(ge=0, le=100_000)] | None = None
    mistakes: Annotated[int, Field(ge=0, le=100_000)] | None = None


class PostAnswers(_Strict):
    answers: Annotated[list[PracticeItem], Field(min_length=1, max_length=MAX_ANSWERS)]
