"""``geodeck deck show`` keeps every name whole: one plain line per card into a pipe (however
narrow ``COLUMNS``), a table that wraps on a terminal, entries when even that is too wide."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from geodeck.decks import shipped_deck_file
from geodeck.decks.undercover import undercover_document
from tests.cli.command import run_geodeck
from tests.cli.on_terminal import OnTerminal


def piped(*args: str, columns: int = 80) -> list[str]:
    done = run_geodeck("deck", "show", *args, columns=columns)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def on_terminal(*args: str, columns: int) -> str:
    shown = OnTerminal("deck", "show", *args, columns=columns)
    assert shown.finish() == 0
    return shown.text


@pytest.mark.parametrize("lang", ["en", "it"])
def test_piped_the_italia_deck_is_one_whole_line_per_card(lang: str) -> None:
    cards = shipped_deck_file("italia")["cards"]
    lines = piped("italia", "--lang", lang)
    assert lines[0] == "Uppsala: Città d'Italia: 200 cards (170 place, 20 attraction, 10 mountain)"
    assert lines[1].split() == [
        "name",
        "kind",
        "country/region",
        "position",
        "population",
        "area",
        "km²",
        "altitude",
        "m",
        "diff.",
        "rated",
        "id",
    ]
    rows = lines[2:]
    assert len(rows) == len(cards)
    assert not any("…" in line for line in lines)
    by_id = {row.split()[-1]: row for row in rows}
    assert set(by_id) == set(cards)
    for key, card in cards.items():
        assert by_id[key].startswith(card[f"name_{lang}"] + " "), by_id[key]


def test_piped_the_undercover_countries_are_named_in_the_language() -> None:
    countries = undercover_document()["countries"]
    lines = piped("undercover", "--lang", "de")
    rows = lines[2:]
    assert len(rows) == len(countries)
    for country in countries.values():
        wanted = f"{country['flag_emoji']} {country['name_de']}"
        assert any(row.startswith(wanted + " ") for row in rows), wanted
    # Each population is shown with the year it refers to (Monaco: its 2023 census).
    monaco = next(row for row in rows if row.startswith(countries["MC"]["flag_emoji"]))
    assert "38.367" in monaco or "38,367" in monaco
    assert " 2023 " in monaco


@pytest.mark.parametrize("deck", ["italia", "buxtehude", "world"])
def test_on_an_80_column_terminal_every_name_is_whole(deck: str) -> None:
    cards = shipped_deck_file(deck)["cards"]
    text = on_terminal(deck, columns=80)
    assert "…" not in text
    assert all(cell_len(line) <= 80 for line in text.splitlines())
    words = set(text.split())
    for card in cards.values():
        for word in card["name"].split():
            assert word in words, (card["name"], word)
    for key in cards:
        assert key in words  # each id whole on a line of its own, under the name


def test_on_an_80_column_terminal_the_undercover_countries_have_their_names() -> None:
    countries = undercover_document()["countries"]
    text = on_terminal("undercover", "--lang", "it", columns=80)
    assert "…" not in text
    words = set(text.split())
    for country in countries.values():
        for word in country["name_it"].split():
            assert word in words, country["name_it"]


def test_on_a_very_narrow_terminal_each_card_is_an_entry() -> None:
    cards = shipped_deck_file("italia")["cards"]
    text = on_terminal("italia", columns=40)
    assert "…" not in text
    lines = text.splitlines()
    assert all(cell_len(line) <= 40 for line in lines)
    heads = {line.strip() for line in lines if line and not line.startswith(" ")}
    for card in cards.values():
        assert card["name"] in heads, card["name"]
