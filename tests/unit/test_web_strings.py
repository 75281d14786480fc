"""The browser table's strings (``web/i18n/LANG.json``): English, German and Italian say
the same things, each key with the same placeholders in every language."""

from __future__ import annotations

import json
import re
from importlib import resources

PLACEHOLDER = re.compile(r"\{(\w+)\}")
LANGUAGES = ("en", "de", "it")


def tables() -> dict[str, dict[str, str]]:
    """Each language's strings, read from its JSON table."""
    folder = resources.files("geodeck") / "web" / "i18n"
    found: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        table = json.loads((folder / f"{language}.json").read_text("utf-8"))
        assert isinstance(table, dict)
        assert all(isinstance(v, str) for v in table.values()), language
        found[language] = table
    return found


def test_every_language_has_every_string_with_the_same_placeholders() -> None:
    strings = tables()
    assert set(strings) == {"en", "de", "it"}
    english = strings["en"]
    assert len(english) > 100
    for language in ("de", "it"):
        table = strings[language]
        assert sorted(set(english) - set(table)) == [], language
        assert sorted(set(table) - set(english)) == [], language
        for key, text in english.items():
            wanted = set(PLACEHOLDER.findall(text))
            assert set(PLACEHOLDER.findall(table[key])) == wanted, (language, key)


def test_a_card_beyond_the_end_of_a_line_is_named_in_every_language() -> None:
    """Each end of each line has its own words (``where.*``), not one word joined to a
    preposition that fits only some of them ("above of")."""
    strings = tables()
    for table in strings.values():
        for end in ("west", "east", "south", "north", "below", "above"):
            assert "{a}" in table[f"where.{end}"]
    assert strings["de"]["where.above"] == "oberhalb von {a}"
