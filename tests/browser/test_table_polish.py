"""Small things a new player would trip over at the table (docs/browser.md): the Chat
button covers no line of the players, card marks and history beside the board; the join
screen says nothing of a connection before a seat is taken; an Undercover card's vehicle
code sits inside its name band however many lines the name takes, and a cross card's
name stays clear of its corner marks; a fresh lobby says "not rated yet" under the seats
as in its ratings panel, not "Your rating here: 0"; a phone's top bar names every button
in words, none a bare icon, and keeps each label on one line in German and Italian at 320
px."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, expect

from tests.browser.driver import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    create_table,
    cross_step,
    open_player,
    painted,
    save_screenshot,
)
from tests.browser.grown import rewrite_states

SHORT_DEALS = True

UNDER_CHAT = """() => {
  const chat = document.querySelector('#chat-toggle').getBoundingClientRect();
  const side = document.querySelector('.cross-side').getBoundingClientRect();
  const shown = Math.min(side.bottom, innerHeight);
  const lines = [...document.querySelectorAll('.cross-side li, .cross-side tr')]
    .map((el) => el.getBoundingClientRect())
    // what of each line shows: the side column clips what lies below its end
    .filter((r) => Math.min(r.bottom, shown) > chat.top && r.top < chat.bottom
      && r.right > chat.left && r.left < chat.right);
  return { covered: lines.length, sideEnds: Math.round(shown), chatTop: Math.round(chat.top) };
}"""


def test_the_chat_button_covers_no_line_beside_the_board(server: str, browser: Browser) -> None:
    ada = open_player(browser, "Ada", DESKTOP)
    create_table(ada, server, "uppsala", "geo", [("Ada", None), ("Bo", "casual")])
    page = ada.page
    rng = random.Random(2)
    deadline = time.monotonic() + 60
    while page.locator("#history .log li").count() < 16:
        assert time.monotonic() < deadline, "the history stayed short"
        if cross_step(ada, rng, challenge_rate=0.5) is None:
            ada.idle()
    for scroll in (0, 400, 5000):
        page.evaluate(f"() => window.scrollTo(0, {scroll})")
        painted(page)
        found = page.evaluate(UNDER_CHAT)
        assert found["covered"] == 0, (scroll, found)
        assert found["sideEnds"] <= found["chatTop"], (scroll, found)
    ada.shot("table-side-and-chat", full_page=False)
    assert ada.errors == []


def test_the_join_screen_shows_no_connection_before_a_seat_is_taken(
    server: str, browser: Browser
) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    code = create_table(ann, server, "uppsala", "geo", [("Ann", None), ("Ben", "human")])
    ben = open_player(browser, "Ben", PHONE)
    page = ben.page
    page.goto(f"{server}/?table={code}")
    seat = page.locator("[data-join-seat='1']")
    state = page.locator("#conn-state")
    expect(seat).to_be_visible()
    # Nothing is connecting yet: no amber "Connecting…" while Ben reads the seats.
    expect(state).to_have_count(0)
    expect(page.get_by_text("Connecting")).to_have_count(0)
    ben.shot("join-phone")
    seat.click()
    expect(state).to_have_attribute("data-status", "open")
    assert ann.errors == []
    assert ben.errors == []


LONG_NAMES = ("Bosnia and Herzegovina", "North Macedonia", "United Kingdom")

BADGES = """() => [...document.querySelectorAll('.country-card')].map((card) => {
  const band = card.querySelector('.cc-band').getBoundingClientRect();
  const code = card.querySelector('.vehicle');
  const box = code && code.getBoundingClientRect();
  return {
    country: card.dataset.country,
    name: card.querySelector('.cc-name').textContent,
    inside: !box || (box.top >= band.top - 0.5 && box.bottom <= band.bottom + 0.5),
  };
})"""


def long_country_names(message: dict[str, Any]) -> None:
    layout = (message.get("view") or {}).get("layout") or []
    for country, name in zip(layout, LONG_NAMES, strict=False):
        country.update(dict.fromkeys(("name", "name_en", "name_de", "name_it"), name))


LONG_SIGHT = "Monumento alla battaglia delle nazioni"
"""The longest name a shipped card carries (a landmark of Buxtehude's deck, in Italian)."""

MARKS_TOUCHED = """() => [...document.querySelectorAll('.card')].filter((card) => {
  const box = card.getBoundingClientRect();
  const face = card.querySelector('.card-front').getBoundingClientRect();
  if (face.top < box.top + card.clientTop - 1 || face.bottom > box.bottom - card.clientTop + 1) {
    return true;  // spilt over an edge, where no mark check would see it
  }
  const marks = [...card.querySelectorAll('.card-kind, .card-seen')]
    .map((mark) => mark.getBoundingClientRect());
  return [...card.querySelectorAll('.card-name, .card-value')].some((text) => {
    const range = document.createRange();
    range.selectNodeContents(text);
    return [...range.getClientRects()].some((line) => marks.some((mark) =>
      line.left < mark.right - 1 && mark.left < line.right - 1
      && line.top < mark.bottom - 1 && mark.top < line.bottom - 1));
  });
}).map((card) => card.textContent)"""


def long_sights(message: dict[str, Any]) -> None:
    """Every card a sight of the longest name, its value turned over (◐ and a printed
    value under the name)."""
    for card in ((message.get("view") or {}).get("cards") or {}).values():
        card.update(
            kind="sight",
            printed="51.3397, 12.4133",
            **dict.fromkeys(("name", "name_en", "name_de", "name_it"), LONG_SIGHT),
        )


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_no_card_name_runs_into_its_corner_marks(
    server: str, browser: Browser, screen: str
) -> None:
    """The longest name of a shipped card, on a sight's card, kept clear of the ★ at its
    top left and of the turned-over mark at its bottom right (docs/browser.md)."""
    ada = open_player(browser, "Ada", DESKTOP if screen == "desktop" else PHONE)
    rewrite_states(ada.page, long_sights)
    create_table(ada, server, "uppsala", "geo", [("Ada", None), ("Bo", "casual")])
    page = ada.page
    expect(page.locator(".board .card .card-name").first).to_have_text(LONG_SIGHT)
    expect(page.locator(".board .card .card-kind").first).to_have_text("★")
    expect(page.locator(".board .card .card-seen").first).to_have_text("◐")
    assert page.evaluate(MARKS_TOUCHED) == []
    marks = page.locator(".board .card .card-kind, .board .card .card-seen")
    assert marks.count() >= 2
    assert all(mark.is_visible() for mark in marks.all())
    save_screenshot(page.locator(".board"), SCREENSHOTS / f"corner-marks-{screen}.png")
    assert ada.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_an_undercover_cards_code_stays_in_its_name_band(
    server: str, browser: Browser, screen: str
) -> None:
    ada = open_player(browser, "Ada", DESKTOP if screen == "desktop" else PHONE)
    rewrite_states(ada.page, long_country_names)
    create_table(
        ada, server, "undercover", "standard", [("Ada", None), ("Bo", "casual"), ("Cy", "casual")]
    )
    page = ada.page
    expect(page.locator(".country-card")).to_have_count(16)
    expect(page.locator(".country-card .cc-name").first).to_have_text(LONG_NAMES[0])
    cards = page.evaluate(BADGES)
    assert [c for c in cards if not c["inside"]] == [], cards
    save_screenshot(page.locator("#countries"), SCREENSHOTS / f"undercover-names-{screen}.png")
    assert ada.errors == []


def test_a_fresh_lobby_says_not_rated_yet_under_the_seats_too(
    server: str, browser: Browser
) -> None:
    eve = open_player(browser, "Eve", DESKTOP)
    page = eve.page
    page.goto(f"{server}/")
    expect(page.locator('#me [data-family="cross"] small')).to_have_text("not rated yet")
    hint = page.locator("#level-hint")
    expect(hint).to_contain_text("Not rated here yet")
    expect(hint).not_to_contain_text("Your rating here")
    assert eve.errors == []


BARE = """() => [...document.querySelectorAll('.topbar a, .topbar button')]
  .filter((el) => el.offsetParent !== null)
  .filter((el) => !/\\p{L}/u.test(el.innerText))
  .map((el) => el.id || el.outerHTML.slice(0, 60))"""
TOP: FloatRect = {"x": 0, "y": 0, "width": PHONE["width"], "height": 240}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_phones_top_bar_names_every_button(server: str, browser: Browser, lang: str) -> None:
    ada = open_player(browser, "Ada", PHONE)
    page = ada.page
    page.goto(f"{server}/")
    page.evaluate(f"() => localStorage.setItem('geodeck.lang', JSON.stringify('{lang}'))")
    page.goto(f"{server}/")
    expect(page.locator("#replay-file-link")).to_be_visible()
    assert page.evaluate(BARE) == []
    create_table(ada, server, "uppsala", "geo", [("Ada", None), ("Bo", "casual")])
    expect(page.locator("#seat-link-open")).to_be_visible()
    assert page.evaluate(BARE) == []
    words = {"en": "Move seat", "de": "Platz umziehen"}[lang]
    expect(page.locator("#seat-link-open")).to_contain_text(words)
    save_screenshot(page, SCREENSHOTS / f"topbar-phone-{lang}.png", clip=TOP)
    assert ada.errors == []


# Every visible top-bar control (and the lobby's Refresh beside its heading): how many
# lines its label takes (boxes of its text that start below the ones before), and whether
# it or the page runs past the screen's right edge.
BAR_LINES = """() => {
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0)
      .sort((a, b) => a.top - b.top);
    // a new line begins where a box starts below the boxes before it (mixed sizes overlap)
    let count = 0;
    let end = -Infinity;
    for (const r of rects) {
      if (r.top >= end - 1) count += 1;
      end = Math.max(end, r.bottom);
    }
    return count;
  };
  const controls = '.topbar a, .topbar button, .topbar select, #table-bar > *, #tables-refresh';
  const shown = [...document.querySelectorAll(controls)]
    .filter((el) => el.offsetParent !== null);
  return {
    tall: shown.filter((el) => lines(el) > 1)
      .map((el) => `${el.id || el.className}: ${el.innerText}`),
    out: shown.filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
      .map((el) => el.id || el.className),
    wide: document.documentElement.scrollWidth > innerWidth,
  };
}"""


@pytest.mark.parametrize("lang", ["de", "it"])
def test_a_narrow_phones_top_bar_keeps_each_label_on_one_line(
    server: str, browser: Browser, lang: str
) -> None:
    ada = open_player(browser, "Ada", {"width": 320, "height": 640})
    page = ada.page
    page.goto(f"{server}/")
    page.evaluate(f"() => localStorage.setItem('geodeck.lang', JSON.stringify('{lang}'))")
    page.goto(f"{server}/")
    expect(page.locator("#replay-file-link")).to_be_visible()
    expect(page.locator("#tables-refresh")).to_be_visible()
    painted(page)
    top: FloatRect = {"x": 0, "y": 0, "width": 320, "height": 240}
    save_screenshot(page, SCREENSHOTS / f"topbar-320-lobby-{lang}.png", clip=top)
    assert page.evaluate(BAR_LINES) == {"tall": [], "out": [], "wide": False}
    create_table(ada, server, "uppsala", "geo", [("Ada", None), ("Bo", "casual")])
    expect(page.locator("#seat-link-open")).to_be_visible()
    expect(page.locator("#conn-state")).to_have_attribute("data-status", "open")
    painted(page)
    save_screenshot(page, SCREENSHOTS / f"topbar-320-table-{lang}.png", clip=top)
    assert page.evaluate(BAR_LINES) == {"tall": [], "out": [], "wide": False}
    assert ada.errors == []
