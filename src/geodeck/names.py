"""One rule for the names people give (seats, nicknames, classes, pupils) and the text
they write (chat), and the safe form of such text on a terminal.

A name is NFC, its runs of white space made one space, trimmed, 1 to ``limit``
characters, and holds no character of these Unicode categories: control (Cc), format
(Cf: zero-width characters, bidirectional marks and overrides, tag characters, the soft
hyphen), surrogate (Cs), private use (Co), unassigned (Cn), line and paragraph separator
(Zl, Zp). Two names are the same name when they are equal after case folding or look
alike: their skeletons (Unicode Technical Standard #39, from ICU's spoof checker) are
equal, so "Ann" and "\u0391nn" (with a Greek capital alpha) or "rn" and "m" cannot sit at one
table.

A chat line follows the same rule but for its length and for two characters that join
emoji: the zero-width joiner and the variation selectors; a line whose every character
is invisible (spaces, marks, joiners) is empty.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

import icu

REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""The Unicode categories no name or chat line may hold."""
JOINER = "\u200d"
INVISIBLE = frozenset({"Mn", "Me", "Cf", "Zs"})
"""Categories that show nothing on their own."""


class BadName(ValueError):
    """Why a text cannot be a name (or a chat line): ``reason`` says it in words, ``kind``
    is ``empty``, ``long`` or ``character``."""

    def __init__(self, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind


def _shown(char: str) -> str:
    return f"U+{ord(char):04X}"


def clean_name(text: str, *, limit: int, what: str = "a name") -> str:
    """``text`` as a name is kept (NFC, one space between words, trimmed), or ``BadName``."""
    given = unicodedata.normalize("NFC", text)
    name = " ".join(given.split())
    if not name:
        raise BadName(f"{what} must not be empty", "empty")
    if len(name) > limit:
        raise BadName(f"{what} may be at most {limit} characters", "long")
    for char in given.strip(" "):
        if unicodedata.category(char) in REFUSED:
            raise BadName(
                f"{what} may hold only visible characters ({_shown(char)} is not one)",
                "character",
            )
    return name


def clean_line(text: str, *, limit: int) -> str:
    """``text`` as a chat line (NFC, trimmed), or ``BadName``: the name rule, but emoji
    may be joined (U+200D) and a line must show something."""
    line = unicodedata.normalize("NFC", text).strip()
    if len(line) > limit:
        raise BadName(f"a chat line may be at most {limit} characters", "long")
    for char in line:
        if char != JOINER and unicodedata.category(char) in REFUSED:
            raise BadName(
                f"a chat line is one line of plain text ({_shown(char)} is not allowed)",
                "character",
            )
    if all(unicodedata.category(char) in INVISIBLE or char.isspace() for char in line):
        raise BadName("a chat line needs some text", "empty")
    return line


@lru_cache(maxsize=1)
def _checker() -> icu.SpoofChecker:
    return icu.SpoofChecker()


@lru_cache(maxsize=4096)
def skeleton(name: str) -> str:
    """The form ``name`` has for the eye: ICU's confusable skeleton, case folded, and its
    skeleton again (so a capital I reads as the l it looks like, and a 0 as an o, before
    case is set aside)."""
    checker = _checker()
    shape = str(checker.getSkeleton(0, unicodedata.normalize("NFC", name)))
    return str(checker.getSkeleton(0, shape.casefold()))


def same_name(a: str, b: str) -> bool:
    """Whether two names would be taken for one another."""
    return skeleton(a) == skeleton(b)


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: every character of a refused category (a
    terminal escape, a bidirectional override, a zero-width character) as ``�``."""
    if all(unicodedata.category(char) not in REFUSED for char in text):
        return text
    return "".join("\ufffd" if unicodedata.category(c) in REFUSED else c for c in text)


def printable_data(value: object) -> Any:
    """A JSON value with ``printable`` applied to every string in it, keys too."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable(str(k)): printable_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [printable_data(item) for item in value]
    return value
