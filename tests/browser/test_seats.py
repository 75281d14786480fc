"""A reload keeps the seat; a spectator watches without a seat; the lobby speaks three languages."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.driver import LAPTOP, PHONE, create_table, make_moves, open_player


def test_reload_mid_game_continues_in_the_same_seat(server: str, browser: Browser) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    code = create_table(ann, server, "uppsala", "population", [("Ann", None), ("Robo", "random")])
    rng = random.Random(3)
    make_moves(ann, rng, "place", 3)
    expect(ann.page.locator("[data-legal='true']")).to_have_count(0)
    placed = ann.page.locator(".board .card").count()

    ann.page.reload()
    expect(ann.page.locator("#players tr[data-seat='0'] .tag.you")).to_be_visible()
    expect(ann.page.locator("#join")).to_have_count(0)
    stored = ann.page.evaluate(f"localStorage.getItem('geodeck.seat.{code}')")
    assert stored
    assert '"seat":0' in stored
    expect(ann.page.locator(".board .card").nth(max(placed - 2, 0))).to_be_attached()
    make_moves(ann, rng, "place", 1)
    # Newest first; the bot may place once more (then it waits for Ann's answer).
    ann.page.wait_for_function(
        "[...document.querySelectorAll('.log li.ev-place')].slice(0, 2)"
        ".some((li) => li.textContent.includes('Ann placed'))"
    )
    assert ann.errors == []


def test_a_spectator_watches_a_full_table(server: str, browser: Browser, screenshots: Path) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    code = create_table(ann, server, "uppsala", "geo", [("Ann", None), ("Robo", "casual")])
    watcher = open_player(browser, "Watcher", PHONE)
    watcher.page.goto(f"{server}/?table={code}")
    expect(watcher.page.locator("#join")).to_be_visible()
    expect(watcher.page.locator("[data-join-seat]")).to_have_count(0)
    watcher.page.locator("#watch").click()
    expect(watcher.page.locator("#watching")).to_be_visible()

    rng = random.Random(11)
    make_moves(ann, rng, "place", 2)
    # Both placements reach Ann's history (a bot's may come in between).
    ann.page.wait_for_function("document.querySelectorAll('.log li.ev-place').length >= 2")
    ann_places = ann.page.locator(".log li.ev-place").count()
    expect(watcher.page.locator(".log li.ev-place")).not_to_have_count(0)
    watcher.page.wait_for_function(
        f"document.querySelectorAll('.log li.ev-place').length >= {ann_places}"
    )
    expect(watcher.page.locator("[data-legal='true']")).to_have_count(0)
    expect(watcher.page.locator("[data-act]")).to_have_count(0)
    expect(watcher.page.locator(".tag.you")).to_have_count(0)
    watcher.shot("spectator-phone")
    assert watcher.errors == []


def test_the_lobby_speaks_english_german_and_italian(
    server: str, browser: Browser, screenshots: Path
) -> None:
    visitor = open_player(browser, "Visitor", PHONE)
    visitor.page.goto(f"{server}/")
    expect(visitor.page.locator("#create h2")).to_have_text("New table")
    visitor.page.select_option("#lang", "de")
    expect(visitor.page.locator("#create h2")).to_have_text("Neuer Tisch")
    visitor.shot("lobby-phone-de")
    visitor.page.select_option("#lang", "it")
    expect(visitor.page.locator("#create h2")).to_have_text("Nuovo tavolo")
    visitor.page.reload()
    expect(visitor.page.locator("#create h2")).to_have_text("Nuovo tavolo")
    visitor.page.select_option("#lang", "en")
    visitor.shot("lobby-phone")
    laptop = open_player(browser, "Visitor", LAPTOP)
    laptop.page.goto(f"{server}/")
    expect(laptop.page.locator("#create h2")).to_have_text("New table")
    laptop.shot("lobby-laptop")
    laptop.page.goto(f"{server}/?table=ZZZZZZ")
    expect(laptop.page.locator("#not-found")).to_be_visible()
    assert visitor.errors == []
