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


def test_plural_forms_go_with_a_counted_string() -> None:
    """A plural form ``KEY.one`` (Intl.PluralRules' category) sits beside the string ``KEY``
    it replaces for that count, with the same placeholders, ``{n}`` among them."""
    strings = tables()
    english = strings["en"]
    forms = [
        key for key in english if key.rsplit(".", 1)[-1] in {"zero", "one", "two", "few", "many"}
    ]
    assert "uc.questionsLeft.one" in forms
    for key in forms:
        base = key.rsplit(".", 1)[0]
        assert base in english, key
        assert "{n}" in english[base], key
        for table in strings.values():
            assert set(PLACEHOLDER.findall(table[key])) == set(PLACEHOLDER.findall(table[base]))
    assert strings["en"]["uc.questionsLeft.one"] == "{n} question card left"
    assert strings["de"]["ev.payFromSupply"] == "{to} bekommt {n} Chips aus dem Vorrat"
    assert strings["it"]["ev.payFromSupply"] == "{to} riceve {n} gettoni dalla riserva"


def test_every_undercover_country_is_named_as_on_its_card() -> None:
    """``name.CC`` names a country the page has not seen on a card (an earlier round's,
    after a reload) with its card's own words, never the browser's ("Republik Moldau"
    where the card says "Moldawien")."""
    deck = json.loads(
        (resources.files("geodeck") / "decks" / "data" / "undercover.json").read_text("utf-8")
    )
    strings = tables()
    for code, country in deck["countries"].items():
        for language, table in strings.items():
            assert table[f"name.{code}"] == country[f"name_{language}"], (language, code)
    assert strings["de"]["name.MD"] == "Moldawien"


def test_every_undercover_country_has_its_phrases_in_every_language() -> None:
    """Where someone hides (``in.CC``: "in der Schweiz", "nei Paesi Bassi") and where a stone
    goes (``on.CC``: "auf die Schweiz", "sulla Svizzera"), for each country of the deck."""
    deck = json.loads(
        (resources.files("geodeck") / "decks" / "data" / "undercover.json").read_text("utf-8")
    )
    strings = tables()
    declined = {
        ("de", "in.GB"): "im Vereinigten Königreich",
        ("de", "on.GB"): "auf das Vereinigte Königreich",
        ("de", "in.NL"): "in den Niederlanden",
    }
    for code, country in deck["countries"].items():
        for language, table in strings.items():
            for key in (f"in.{code}", f"on.{code}"):
                if (language, key) in declined:
                    assert table[key] == declined[language, key]
                else:
                    assert country[f"name_{language}"] in table[key], (language, key)
    assert strings["de"]["in.CH"] == "in der Schweiz"
    assert strings["it"]["on.NL"] == "sui Paesi Bassi"
    assert strings["en"]["in.GB"] == "in the United Kingdom"
