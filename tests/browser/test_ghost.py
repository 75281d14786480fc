"""The drawn card's ghost in a gap. On a touch screen: one ghost, in the gap tapped last,
with the whole name ("Mönchengladbach" gets a smaller type, never a cut), and the end's
name beside an end gap steps aside instead of peeking out under it. Under a mouse: where
it moves, never where it rests while the board is drawn again."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from tests.browser.driver import DESKTOP, PHONE, create_table, open_player
from tests.browser.grown import rewrite_states

SHORT_DEALS = True

LONG = "Mönchengladbach"

SHOWN = """() => [...document.querySelectorAll('.slot-ghost')]
  .filter((el) => getComputedStyle(el).visibility === 'visible'
    && getComputedStyle(el).display !== 'none')
  .map((el) => {
    const name = el.querySelector('.card-name');
    return {
      gap: el.closest('.slot').dataset.focus,
      cut: name.scrollWidth > name.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    };
  })"""


def long_drawn_name(message: dict[str, Any]) -> None:
    view = message.get("view") or {}
    card = (view.get("cards") or {}).get(view.get("current"))
    if card is not None:
        card.update(name=LONG, name_en=LONG, name_de=LONG, name_it=LONG)


def test_one_ghost_shows_the_whole_name_and_no_end_label_peeks_out(
    server: str, browser: Browser
) -> None:
    ada = open_player(browser, "Ada", PHONE)
    rewrite_states(ada.page, long_drawn_name)
    create_table(ada, server, "buxtehude", "geo", [("Ada", None), ("Bo", "casual")])
    page = ada.page
    north = page.locator("[data-focus='slot:north-south:1']")
    east = page.locator("[data-focus='slot:west-east:1']")
    north.tap()
    expect(page.locator("#place-confirm")).to_be_visible()
    assert page.evaluate(SHOWN) == [{"gap": "slot:north-south:1", "cut": False}]
    expect(page.locator(".board .end-n")).to_be_hidden()
    expect(page.locator(".board .end-e")).to_be_visible()
    east.tap()
    expect(east).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(SHOWN) == [{"gap": "slot:west-east:1", "cut": False}]
    expect(page.locator(".board .end-e")).to_be_hidden()
    expect(page.locator(".board .end-n")).to_be_visible()
    ada.shot("ghost-phone", full_page=False)
    assert ada.errors == []


def test_a_mouse_shows_the_ghost_where_it_moves_not_where_it_rests(
    server: str, browser: Browser
) -> None:
    """docs/browser.md: under a mouse the ghost shows once the pointer moves in a gap; a
    board drawn again under a pointer at rest (here: another language chosen from the
    keyboard) shows none until the mouse moves."""
    ada = open_player(browser, "Ada", DESKTOP)
    create_table(ada, server, "uppsala", "geo", [("Ada", None), ("Bo", "casual")])
    page = ada.page
    east = page.locator("[data-focus='slot:west-east:1']")
    east.hover()
    expect(east.locator(".slot-ghost")).to_be_visible()
    page.select_option("#lang", "de")
    expect(page.locator("#prompt")).to_contain_text("Lücke")
    east = page.locator("[data-focus='slot:west-east:1']")
    assert page.evaluate(SHOWN) == []
    box = east.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2 + 1, box["y"] + box["height"] / 2)
    expect(east.locator(".slot-ghost")).to_be_visible()
    assert [shown["gap"] for shown in page.evaluate(SHOWN)] == ["slot:west-east:1"]
    page.mouse.move(5, 5)
    expect(east.locator(".slot-ghost")).to_be_hidden()
    assert ada.errors == []
