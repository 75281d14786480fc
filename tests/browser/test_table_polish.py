"""Small things a new player would trip over at the table (docs/browser.md): the Chat
button covers no line of the players, card marks and history beside the board; the join
screen says nothing of a connection before a seat is taken."""

from __future__ import annotations

import random
import time

from playwright.sync_api import Browser, expect

from tests.browser.driver import (
    DESKTOP,
    PHONE,
    create_table,
    cross_step,
    open_player,
    painted,
)

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
            page.wait_for_timeout(40)
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
