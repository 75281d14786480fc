"""The Practice page and the weak areas (docs/practice.md, docs/browser.md): survival to
the first mistake, a timed round, regional focus, the map after an answer, a misplaced
card first in the next round, and the weak areas, at 1366x800 and 390x844."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests import loopback
from tests.browser.driver import (
    DESKTOP,
    PHONE,
    ROOT,
    SCREENSHOTS,
    Player,
    open_player,
    save_screenshot,
)

LESSER = {"west-east": "west", "north-south": "south"}
GREATER = {"west-east": "east", "north-south": "north"}
OTHER = {"west": "east", "east": "west", "south": "north", "north": "south"}

LISTEN = """() => {
  window.practiceEvents = [];
  for (const name of ["geodeck:practice-answer", "geodeck:practice-end"]) {
    document.addEventListener(name, (event) => window.practiceEvents.push([name, event.detail]));
  }
}"""


def deck(server: str, game: str) -> dict[str, dict[str, Any]]:
    body = loopback.get(f"{server}/api/practice/{game}/cards").json()
    return {card["id"]: card for card in body["cards"]}


def question(page: Page) -> tuple[str, str, str]:
    box = page.locator("#practice-question")
    box.wait_for()
    return (
        str(box.get_attribute("data-card")),
        str(box.get_attribute("data-reference")),
        str(box.get_attribute("data-line")),
    )


def true_side(cards: dict[str, dict[str, Any]], card: str, reference: str, line: str) -> str:
    """RULES.md A3: the side the card lies on (for a tie, where either is right, the
    greater one)."""
    mine, theirs = cards[card]["values"][line], cards[reference]["values"][line]
    return LESSER[line] if mine < theirs else GREATER[line]


def tied(cards: dict[str, dict[str, Any]], card: str, reference: str, line: str) -> bool:
    return bool(cards[card]["values"][line] == cards[reference]["values"][line])


def answer(page: Page, side: str) -> None:
    """Click a side and wait until the page has taken the answer."""
    count = page.evaluate("() => (window.practiceEvents || []).length")
    page.locator(f".practice-side[data-side='{side}']").click()
    page.wait_for_function(f"() => (window.practiceEvents || []).length > {count}")


def start_from_lobby(player: Player, base: str, game: str, mode: str, region: str = "") -> None:
    page = player.page
    page.goto(f"{base}/")
    page.wait_for_selector("#practice-entry")
    page.fill("#practice-name", player.name)
    page.select_option("#practice-game", game)
    page.select_option("#practice-mode", mode)
    if region:
        page.wait_for_selector(f"#practice-region-pick option[value='{region}']", state="attached")
        page.select_option("#practice-region-pick", region)
    page.locator("#practice-start").click()
    page.wait_for_selector("#practice-question")
    page.evaluate(LISTEN)


def play_to_a_mistake(page: Page, cards: dict[str, dict[str, Any]]) -> tuple[int, str, str]:
    """Answer three cards right, then one wrong: the right answers, the card and the
    reference of the mistake. The batch of answers goes to the server at the round's end."""
    rights = 0
    while True:
        card, reference, line = question(page)
        side = true_side(cards, card, reference, line)
        if rights < 3 or tied(cards, card, reference, line):
            answer(page, side)
            rights += 1
            assert page.locator("#practice-feedback").get_attribute("data-right") == "yes"
            if rights == 1:
                save_screenshot(page, SCREENSHOTS / "practice-desktop-question.png")
            continue
        with page.expect_request("**/api/practice/answers") as sent:
            answer(page, OTHER[side])
        body = sent.value.post_data_json
        assert body is not None
        assert body["answers"][-1] == {"card": card, "right": False}
        kept = page.evaluate("JSON.parse(localStorage.getItem('geodeck.player')).key")
        assert body["key"] == kept  # the browser's player key (docs/protocol.md)
        return rights, card, reference


def check_answer_map(page: Page, card: str, reference: str) -> None:
    """The map after the answer: both cards at their true places, over the countries."""
    figure = page.locator("#practice-map")
    assert figure.get_attribute("data-card") == card
    assert figure.get_attribute("data-reference") == reference
    page.wait_for_selector("#practice-map path[data-country]", state="attached")
    asked = page.locator(f"#practice-map [data-role='asked'][data-card='{card}']")
    expect(asked).to_have_count(1)
    shown = page.locator(f"#practice-map [data-role='reference'][data-card='{reference}']")
    expect(shown).to_have_count(1)


def check_weak_areas(page: Page, area: str) -> None:
    """My weak areas: the area of the misplaced card first, its country shaded."""
    page.wait_for_selector("#weak .weak-deck")
    first = page.locator(".weak-table tbody tr").first
    assert first.get_attribute("data-area") == area
    assert first.get_attribute("data-weak") == "1"
    page.wait_for_selector(f".weak-map path[data-country='{area}'].shaded", state="attached")
    share = page.locator(f".weak-map path[data-country='{area}']").get_attribute("data-share")
    assert share is not None
    assert float(share) > 0
    expect(page.locator(".weak-dot.weak")).to_have_count(1)


def test_survival_to_the_first_mistake_then_it_comes_back_first_and_shows_as_weak(
    browser: Browser, server: str
) -> None:
    cards = deck(server, "uppsala")
    player = open_player(browser, "Ann", DESKTOP)
    page = player.page
    page.goto(f"{server}/")
    page.wait_for_selector("#practice-entry")
    player.shot("practice-lobby-desktop")
    start_from_lobby(player, server, "uppsala", "survival")
    assert "practice=uppsala" in page.url
    rights, missed, reference = play_to_a_mistake(page, cards)
    page.wait_for_selector("#practice-end")
    expect(page.locator("#practice-question")).to_have_count(0)
    assert page.locator("#practice-end").get_attribute("data-score") == str(rights)
    assert page.locator("#practice-feedback").get_attribute("data-right") == "no"
    check_answer_map(page, missed, reference)
    events = page.evaluate("() => window.practiceEvents")
    answers = [detail for name, detail in events if name == "geodeck:practice-answer"]
    assert [a["streak"] for a in answers] == [*range(1, rights + 1), 0]
    area = cards[missed]["area"]
    assert answers[-1] == {
        "game": "uppsala",
        "mode": "survival",
        "card": missed,
        "right": False,
        "streak": 0,
        "area": area,
    }
    ends = [detail for name, detail in events if name == "geodeck:practice-end"]
    assert ends == [{"game": "uppsala", "mode": "survival", "score": rights, "mistakes": [missed]}]
    player.shot("practice-desktop-survival")

    # The misplaced card comes back sooner: it leads the next round.
    page.locator("#practice-again").click()
    page.wait_for_selector(f"#practice-question[data-card='{missed}']")

    page.locator("#practice-weak").first.click()
    check_weak_areas(page, area)
    player.shot("practice-desktop-weak")
    assert player.errors == []


def test_a_timed_round_ends_on_its_clock_and_mistakes_do_not_end_it(
    browser: Browser, server: str
) -> None:
    cards = deck(server, "world")
    player = open_player(browser, "Ben", PHONE)
    page = player.page
    page.goto(f"{server}/?practice=world&mode=timed&seconds=8")
    page.wait_for_selector("#practice-question")
    page.evaluate(LISTEN)
    page.wait_for_selector("#practice-clock[data-left]")
    card, reference, line = question(page)
    wrong = OTHER[true_side(cards, card, reference, line)]
    if tied(cards, card, reference, line):
        wrong = true_side(cards, card, reference, line)
    answer(page, wrong)
    card, reference, line = question(page)
    answer(page, true_side(cards, card, reference, line))
    expect(page.locator("#practice-question")).to_have_count(1)
    player.shot("practice-phone-timed")
    page.wait_for_selector("#practice-end", timeout=15000)
    expect(page.locator("#practice-question")).to_have_count(0)
    events = page.evaluate("() => window.practiceEvents")
    ends = [detail for name, detail in events if name == "geodeck:practice-end"]
    assert len(ends) == 1
    assert ends[0]["mode"] == "timed"
    assert ends[0]["score"] == int(str(page.locator("#practice-end").get_attribute("data-score")))
    assert page.locator("#practice-end").get_attribute("data-answers") == "2"
    player.shot("practice-phone-timed-end")
    assert player.errors == []


def test_regional_focus_asks_every_card_of_the_region(browser: Browser, server: str) -> None:
    cards = deck(server, "buxtehude")
    regions = loopback.get(f"{server}/api/practice/buxtehude/cards").json()["regions"]
    lands = [r for r in regions if r["code"].startswith("DE-") and r["cards"] >= 4]
    region = min(lands, key=lambda r: r["cards"])
    player = open_player(browser, "Cem", PHONE)
    page = player.page
    page.goto(f"{server}/")
    page.wait_for_selector("#practice-entry")
    player.shot("practice-lobby-phone")
    start_from_lobby(player, server, "buxtehude", "region", region["code"])
    asked = []
    while page.locator("#practice-end").count() == 0:
        card, reference, line = question(page)
        asked.append(card)
        assert region["code"] in cards[card]["areas"]
        assert region["code"] in cards[reference]["areas"]
        side = true_side(cards, card, reference, line)
        answer(page, side if len(asked) % 2 else OTHER[side])
        if len(asked) == 1:
            player.shot("practice-phone-region")
        page.wait_for_selector("#practice-question, #practice-end")
    assert len(asked) == region["cards"] - 1 == len(set(asked))
    assert page.locator("#practice-end").get_attribute("data-answers") == str(len(asked))

    # Leaving a round before a batch is full sends what was answered.
    page.locator("#practice-again").click()
    card, reference, line = question(page)
    page.evaluate(LISTEN)
    answer(page, true_side(cards, card, reference, line))
    with page.expect_request("**/api/practice/answers") as sent:
        page.locator(".practice-links a[href='/']").click()
    # A beacon's body is not shown to Playwright; the server's answer says what it stored:
    # the answer, unless the first round asked the card (a key's first answer is kept).
    response = sent.value.response()
    assert response is not None
    assert response.json() == {"game": "buxtehude", "stored": int(card not in asked)}
    page.wait_for_selector("#practice-entry")

    # A region the deck does not have is refused with the deck's regions listed.
    page.goto(f"{server}/?practice=buxtehude&mode=region&region=XX-YY")
    page.wait_for_selector("#practice-error")
    assert region["code"] in page.inner_text("#practice-error")
    page.goto(f"{server}/?practice=buxtehude&mode=region")
    page.wait_for_selector("#practice-error")
    page.goto(f"{server}/?weak")
    page.wait_for_selector("#weak .weak-deck[data-game='buxtehude']")
    player.shot("practice-phone-weak")
    assert player.errors == []


def english_only(lang: str) -> list[str]:
    """The practice strings without placeholders whose English differs from ``lang``'s
    (longer than a word such as "West", which German has too)."""
    folder = ROOT / "src" / "geodeck" / "web" / "i18n"
    english = json.loads((folder / "en.json").read_text("utf-8"))
    other = json.loads((folder / f"{lang}.json").read_text("utf-8"))
    return [
        text
        for key, text in english.items()
        if key.startswith(("practice.", "weak."))
        and "{" not in text
        and other[key] != text
        and len(text) > 4
    ]


def test_practice_speaks_german_and_italian(browser: Browser, server: str) -> None:
    cards = deck(server, "italia")
    for lang, viewport in (("de", DESKTOP), ("it", PHONE)):
        player = open_player(browser, f"Lea-{lang}", viewport)
        page = player.page
        page.goto(f"{server}/")
        page.evaluate(f"() => localStorage.setItem('geodeck.lang', JSON.stringify('{lang}'))")
        page.goto(f"{server}/")
        page.wait_for_selector("#practice-entry")
        texts = [page.inner_text("#practice-entry")]
        page.goto(f"{server}/?practice=italia&mode=survival")
        page.evaluate(LISTEN)
        card, reference, line = question(page)
        name = cards[card]["names"].get(lang, cards[card]["name"])
        assert name in page.inner_text("#practice-question")
        texts.append(page.inner_text("#practice"))
        answer(page, OTHER[true_side(cards, card, reference, line)])
        page.wait_for_selector("#practice-end")
        texts.append(page.inner_text("#practice"))
        page.goto(f"{server}/?weak")
        page.wait_for_selector("#weak .weak-deck")
        texts.append(page.inner_text("#weak"))
        shown = "\n".join(texts)
        found = [t for t in english_only(lang) if re.search(rf"(?<!\w){re.escape(t)}(?!\w)", shown)]
        assert found == []
        assert "practice." not in shown
        assert player.errors == []
