"""The rules help during a game: the Rules button opens the rules of the game in play with
the section of the current prompt marked and scrolled into view, closes with Esc and with
its button, follows the language picker, and fits a phone's screen."""

from __future__ import annotations

import random
import time
from pathlib import Path

from playwright.sync_api import Browser, expect

from geodeck.server.tokens import normal_code
from tests.browser.driver import DESKTOP, PHONE, Player, create_table, cross_step, open_player

SHORT_DEALS = True  # a scoring or an ended game is enough here (conftest.py)


def open_help(player: Player, section: str) -> None:
    page = player.page
    page.locator("#help-open").click()
    dialog = page.locator("#help")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-current", section)
    current = dialog.locator(".help-section.current")
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-section", section)
    expect(current).to_have_attribute("aria-current", "step")
    expect(current).to_be_in_viewport()
    expect(page.locator("#help-close")).to_be_focused()


def closed(player: Player) -> None:
    expect(player.page.locator("#help")).not_to_be_visible()
    expect(player.page.locator("#help-open")).to_be_focused()


def until(player: Player, selector: str, rng: random.Random, seconds: float = 120) -> None:
    """Play this seat's moves (accepting, no guesses) until the page shows ``selector``."""
    deadline = time.monotonic() + seconds
    while not player.has(selector):
        assert time.monotonic() < deadline, f"{selector} never came"
        if cross_step(player, rng, challenge_rate=0, guess=False) is None:
            player.idle()


def test_the_rules_mark_placing_challenging_and_scoring_in_uppsala(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    create_table(ann, server, "uppsala", "geo", [("Ann", None), ("Bo", "casual"), ("Cy", "casual")])
    page = ann.page
    rng = random.Random(3)
    page.wait_for_selector("[data-legal='true']")

    code = normal_code(page.inner_text("#table-code"))
    open_help(ann, "place")
    expect(page.locator("#help")).to_contain_text("west")
    # A spectator arrives: the table and the open dialog are drawn again; the focus stays.
    watcher = open_player(browser, "Watcher", DESKTOP)
    watcher.page.goto(f"{server}/?table={code}&watch")
    expect(page.locator("#spectators")).to_have_attribute("data-count", "1")
    expect(page.locator("#help-close")).to_be_focused()
    ann.shot("help-desktop-place")
    page.keyboard.press("Escape")
    closed(ann)
    # The spectator's rules, in German, mark the same section as Ann's move, not theirs.
    watcher.page.select_option("#lang", "de")
    open_help(watcher, "place")
    marked = watcher.page.locator("#help .help-section.current h3")
    expect(marked).to_have_text("Die Karte anlegenjetzt: Ann")
    watcher.shot("help-desktop-spectator-de")

    page.locator("[data-legal='true']").first.click()
    until(ann, "[data-act='accept']", rng)
    open_help(ann, "challenge")
    # The picker behind the dialog is out of reach; the language follows from the page.
    page.evaluate("document.getElementById('help').close()")
    page.select_option("#lang", "de")
    open_help(ann, "challenge")
    expect(page.locator("#help-title")).to_contain_text("Spielregeln")
    expect(page.locator("#help .help-section.current h3")).to_contain_text("anzweifeln")
    page.locator("#help-close").click()
    closed(ann)
    page.select_option("#lang", "en")

    until(ann, "#guess-send", rng)
    open_help(ann, "scoring")
    ann.shot("help-desktop-scoring")
    page.locator("#help-close").click()
    closed(ann)
    assert ann.errors == []


def test_the_rules_on_a_phone_mark_hiding_in_undercover(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", PHONE)
    create_table(
        ann, server, "undercover", "standard", [("Ann", None), ("Bo", "casual"), ("Cy", "casual")]
    )
    page = ann.page
    expect(page.locator(".can-hide button.country-card")).to_have_count(16)
    page.locator("#help-open").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#help")).to_be_visible()
    expect(page.locator("#help")).to_have_attribute("data-current", "hide")
    expect(page.locator("#help .help-section.current")).to_be_in_viewport()
    box = page.locator("#help").bounding_box()
    assert box is not None
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= PHONE["width"], box
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= PHONE["height"], box
    close = page.locator("#help-close").bounding_box()
    assert close is not None
    assert close["width"] >= 44, close
    assert close["height"] >= 44, close
    sections = page.locator("#help .help-section")
    expect(sections).to_have_count(8)
    ann.shot("help-phone-hide")
    page.keyboard.press("Escape")
    closed(ann)
    assert ann.errors == []
