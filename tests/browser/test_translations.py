"""Every visible string and tooltip in the page's language: a whole game of Undercover in
German and one of Uppsala in Italian (a short deal) leave no English string of the tables
(and no raw key) on screen or in a tooltip; after a reload, the German history and score
sheet still name the earlier rounds' countries in German."""

from __future__ import annotations

import json
import random
import re
from importlib import resources

from playwright.sync_api import Browser, expect

from tests.browser.driver import (
    LAPTOP,
    PHONE,
    Player,
    create_table,
    cross_step,
    open_player,
    play_out,
    undercover_step,
)

SHORT_DEALS = True  # cross games here are short deals (conftest.py, short_serve.py)

# Every text node and every tooltip, label, placeholder and alt text on the page.
SEEN = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.textContent.trim();
    if (text && !node.parentElement.closest('script, style, code, #lang')) out.push(text);
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value) out.push(value);
    }
  }
  return out;
}"""


def table(language: str) -> dict[str, str]:
    folder = resources.files("geodeck") / "web" / "i18n"
    found: dict[str, str] = json.loads((folder / f"{language}.json").read_text("utf-8"))
    return found


def english_patterns(language: str) -> dict[str, re.Pattern[str]]:
    """The English strings that read differently in ``language``, as patterns in which a
    placeholder stands for any text (strings of fewer than three letters are left out)."""
    english = table("en")
    other = table(language)
    out = {}
    for key, text in english.items():
        if other[key] == text or len(re.sub(r"\{\w+\}|[^A-Za-z]", "", text)) < 3:
            continue
        parts = re.split(r"(\{\w+\})", text)
        out[key] = re.compile("".join(".+?" if p.startswith("{") else re.escape(p) for p in parts))
    return out


class Reader:
    """Collects what a page shows over a game and tells which of it is English."""

    def __init__(self, player: Player, language: str) -> None:
        self.player = player
        self.patterns = english_patterns(language)
        self.keys = set(table("en"))
        self.seen: set[str] = set()

    def read(self, *_: object) -> None:
        self.seen.update(self.player.page.evaluate(SEEN))

    def english(self) -> list[str]:
        found = []
        for text in sorted(self.seen):
            if text in self.keys:
                found.append(f"raw key {text!r}")
            for key, pattern in self.patterns.items():
                if pattern.fullmatch(text):
                    found.append(f"{text!r} is {key} in English")
        return found


def test_a_whole_undercover_game_in_german(server: str, browser: Browser) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    ann.page.goto(f"{server}/")
    ann.page.select_option("#lang", "de")
    seats: list[tuple[str, str | None]] = [("Ann", None), ("Bea", "casual"), ("Cy", "casual")]
    create_table(ann, server, "undercover", "easy", seats)
    reader = Reader(ann, "de")
    reader.read()
    play_out([ann], undercover_step, random.Random(23), seconds=240, watch=reader.read)
    reader.read()
    assert reader.english() == []

    # After a reload the page has seen only the last round's cards: the earlier rounds'
    # countries are still named in German, never by code or in English.
    deck = json.loads(
        (resources.files("geodeck") / "decks" / "data" / "undercover.json").read_text("utf-8")
    )
    countries = deck["countries"]
    german = {c["name_de"] for c in countries.values()}
    english_only = {c["name_en"] for c in countries.values()} - german
    ann.page.reload()
    expect(ann.page.locator("#score-sheet tbody th").first).to_be_visible()
    titles = ann.page.locator("#score-sheet tbody th").evaluate_all(
        "(cells) => cells.map((cell) => cell.title.split(' — ')[0])"
    )
    assert len(titles) >= 3
    assert set(titles) <= german, titles
    # A line may name the country in its "in ..." form ("im Vereinigten Königreich").
    named = german | {text for key, text in table("de").items() if key.startswith("in.")}
    lines = ann.page.locator(".log li.ev-revealUc, .log li.ev-reveal").all_inner_texts()
    assert lines
    for line in lines:
        assert any(name in line for name in named), line
        assert not any(re.search(rf"\b{re.escape(n)}\b", line) for n in english_only), line
        assert not re.search(r"\b[A-Z]{2}\b", line), line
    reader.seen.clear()
    reader.read()
    assert reader.english() == []
    assert ann.errors == []


def test_an_uppsala_game_in_italian_on_a_phone(server: str, browser: Browser) -> None:
    """A short deal (five cards a stack): every moment of a whole game, a third of it."""
    ada = open_player(browser, "Ada", PHONE)
    ada.page.goto(f"{server}/")
    ada.page.select_option("#lang", "it")
    seats: list[tuple[str, str | None]] = [("Ada", None), ("Bo", "casual"), ("Cy", "expert")]
    create_table(ada, server, "uppsala", "geo", seats)
    reader = Reader(ada, "it")
    reader.read()
    play_out([ada], cross_step, random.Random(29), seconds=200, watch=reader.read)
    reader.read()
    assert reader.english() == []
    assert ada.errors == []


def test_the_check_finds_english_on_an_english_page(server: str, browser: Browser) -> None:
    """The same check on a page left in English finds its strings (and so can fail)."""
    ada = open_player(browser, "Ada", LAPTOP)
    create_table(ada, server, "uppsala", "geo", [("Ada", None), ("Bo", "casual")])
    reader = Reader(ada, "de")
    reader.read()
    found = reader.english()
    assert "'History' is cross.history in English" in found
    assert any("is cross.placeHere in English" in line for line in found)
    assert ada.errors == []
