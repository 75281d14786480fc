"""Every string the page's JavaScript asks for exists in English, German and Italian
(``web/i18n/LANG.json``): a key missing from a table shows as the raw key on the page
("Bot: level.learned (27)").

The scan reads the code under ``web/js``: every string literal that looks like a key of a
namespace the tables have ("lobby.title"), and every key built at run time in a template
(`` t(`level.${seat.bot}`) ``). A built key's values come from where the page gets them:
the server's bot levels, games, variants, error codes and chat modes, the decks' card
kinds and answers, or the page's own lists. A template this test does not know fails it,
so that whoever adds one says here which values it takes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import get_args

from geodeck.bots.base import LEVELS
from geodeck.catalogue import catalogue
from geodeck.decks.cards import KINDS
from geodeck.decks.countries import ANSWERS
from geodeck.practice.rounds import MODES
from geodeck.server.chat import EMOTES
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import FINISHED, PLAYING, WAITING, ChatMode
from geodeck.stats.cross import CAUSES

WEB = Path(str(resources.files("geodeck") / "web"))
LANGUAGES = ("en", "de", "it")

LITERAL = re.compile(r"""(?<![\w$`])(["'])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)\1""")
"""A string literal shaped like a key: "lobby.title", 'answer.probably_not'."""
TEMPLATE = re.compile(r"(?<![\w.$])(t|has)\(\s*`([^`]*)`")
"""A key built at run time: t(`level.${seat.bot}`); ``has`` asks whether one exists."""
HOLE = re.compile(r"\$\{(?:[^{}]|\{[^{}]*\})*\}")

SIDES = ("west", "east", "south", "north", "below", "above")
LINES = ("west-east", "north-south", "column")
COLUMNS = ("population", "area", "altitude")
ASKED_SIDES = ("west", "east", "south", "north", "lower", "higher")


def codes(prefix: str) -> list[str]:
    return [code.value.split("/", 1)[1] for code in ErrorCode if code.value.startswith(prefix)]


BUILT: dict[str, Iterable[str] | None] = {
    # what the server sends
    "level.*": LEVELS,
    "variant.*": {v for game in catalogue() for v in game.variants},
    "game.*": [game.id for game in catalogue() if game.family == "cross"],
    "rating.family.*": {game.family for game in catalogue()},
    "status.*": (WAITING, PLAYING, FINISHED),
    "emote.*": EMOTES,
    "chat.error.*": codes("chat/"),
    "opening.chat.*": get_args(ChatMode),
    "stats.cause.*": CAUSES,
    "kind.*": KINDS,
    "answer.*": ANSWERS,
    "ev.*": ("small", "large"),
    "practice.mode.*": MODES,
    "class.mode.*": MODES,
    "class.error.*": ("bad_name", "name_taken", "not_found", "full"),
    # the page's own
    "conn.*": ("connecting", "open", "closed", "gone", "moved"),
    "line.*": LINES,
    "daily.line.*": LINES[:2],
    "where.*": SIDES,
    "verdict.rule.*": SIDES,
    "board.beyond.*": SIDES,
    "board.onward.*": SIDES,
    "practice.ask.*": LINES,
    "practice.column.*": COLUMNS,
    "practice.side.*": ASKED_SIDES,
    "practice.truth.*": ASKED_SIDES,
    "replay.kind.*": ("challenge", "scoring", "round", "reveal"),
    "class.col.*": (
        "name",
        "answers",
        "right",
        "streak",
        "games",
        "placements",
        "challenges",
        "weak",
    ),
    "weak.key**": ("Weak", "Learnt", "Sure"),
    # asked with has() first, and named otherwise where the table has no string
    "name.*": None,
    "in.*": None,
    "on.*": None,
}


def tables() -> dict[str, dict[str, str]]:
    return {
        language: json.loads((WEB / "i18n" / f"{language}.json").read_text("utf-8"))
        for language in LANGUAGES
    }


def scripts() -> dict[str, str]:
    return {
        str(path.relative_to(WEB)): path.read_text("utf-8")
        for path in sorted((WEB / "js").rglob("*.js"))
    }


def missing(keys: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """Each (file, key) a table lacks, with the language."""
    strings = tables()
    return sorted(
        (language, where, key)
        for where, key in keys
        for language, table in strings.items()
        if key not in table
    )


def test_every_key_written_in_the_code_is_in_every_language() -> None:
    namespaces = {key.split(".", 1)[0] for key in tables()["en"]}
    found = [
        (where, match[2])
        for where, code in scripts().items()
        for match in LITERAL.finditer(code)
        if match[2].split(".", 1)[0] in namespaces
    ]
    assert len(found) > 300
    assert missing(found) == []


def test_every_key_built_in_the_code_is_in_every_language() -> None:
    built: list[tuple[str, str]] = []
    for where, code in scripts().items():
        for match in TEMPLATE.finditer(code):
            pattern = HOLE.sub("*", match[2])
            if match[1] == "has":
                continue
            assert pattern in BUILT, f"{where}: say in BUILT which values {pattern!r} takes"
            values = BUILT[pattern]
            if values is None:
                continue
            stem = pattern.rstrip("*")
            built.extend((where, f"{stem}{value}") for value in values)
    assert ("js/table.js", "level.learned") in built
    assert missing(built) == []
