"""The browser table's strings (``web/js/i18n.js``): English, German and Italian say the
same things, each key with the same placeholders in every language."""

from __future__ import annotations

import re
from importlib import resources

KEY = re.compile(r'^\s*"([\w.-]+)":\s*"((?:[^"\\]|\\.)*)",?\s*$')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def tables() -> dict[str, dict[str, str]]:
    """Each language's strings, read from the module's ``const en = {...}`` blocks."""
    text = (resources.files("geodeck") / "web" / "js" / "i18n.js").read_text("utf-8")
    found: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for line in text.splitlines():
        start = re.match(r"^const (en|de|it) = \{$", line)
        if start:
            current = found.setdefault(start.group(1), {})
        elif line == "};":
            current = None
        elif current is not None:
            match = KEY.match(line)
            assert match, f"a line the check cannot read: {line!r}"
            assert match.group(1) not in current, f"{match.group(1)} twice"
            current[match.group(1)] = match.group(2)
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
