"""Inputs the page checks itself: an empty or out-of-range guess is refused in the page
(never sent), and a second click on a button never earns a false refusal."""

from __future__ import annotations

import random
import time

from playwright.sync_api import Browser, expect

from tests.browser.driver import LAPTOP, PHONE, Player, create_table, cross_step, open_player

SHORT_DEALS = True  # a scoring or an ended game is enough here (conftest.py)


def error_toast(player: Player) -> bool:
    return player.has("#toast.toast-error.show")


def until_guess(player: Player, rng: random.Random, seconds: float = 60) -> None:
    """Place and accept (never challenge) until this seat is asked for its guess."""
    deadline = time.monotonic() + seconds
    while not player.has("#guess-send"):
        assert time.monotonic() < deadline, "no scoring came"
        if (
            player.has("[data-legal='true']")
            or player.has("[data-act='accept']")
            or player.has("#continue:not([disabled])")  # after Robo's verdict
        ):
            cross_step(player, rng, challenge_rate=0, guess=False)
        else:
            player.idle()


def test_an_empty_or_out_of_range_guess_is_refused_in_the_page(
    server: str, browser: Browser
) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    code = create_table(ann, server, "uppsala", "geo", [("Ann", None), ("Robo", "casual")])
    until_guess(ann, random.Random(5))
    page = ann.page
    most = int(page.locator("#guess-input").get_attribute("max") or "0")
    problem = page.locator("#guess-error")
    expect(problem).to_be_hidden()

    page.locator("#guess-input").fill("")
    page.locator("#guess-send").click()
    expect(problem).to_be_visible()
    expect(problem).to_have_text(f"Enter a number from 0 to {most} first.")
    # A spectator arrives: the table is drawn again, and the page's refusal stays.
    watcher = open_player(browser, "Watcher", PHONE)
    watcher.page.goto(f"{server}/?table={code}&watch")
    expect(page.locator("#spectators")).to_be_visible()
    expect(problem).to_have_text(f"Enter a number from 0 to {most} first.")
    expect(page.locator("#guess-input")).to_have_attribute("aria-invalid", "true")

    page.locator("#guess-input").fill(str(most + 1))
    page.locator("#guess-send").click()
    expect(problem).to_have_text(f"Your guess must be a whole number from 0 to {most}.")
    # Neither was sent: the guess is still asked for, and no secret guess is shown.
    expect(page.locator("#my-guess")).to_have_count(0)
    expect(page.locator("#guess-send")).to_have_count(1)
    expect(page.locator(".log li.ev-guess", has_text="Ann guessed")).to_have_count(0)

    page.locator("#guess-input").fill("0")
    page.locator("#guess-send").click()
    expect(page.locator(".log li.ev-guess", has_text="Ann")).not_to_have_count(0)
    assert not error_toast(ann)
    assert ann.errors == []


def test_a_double_click_on_a_seat_or_a_move_shows_no_false_refusal(
    server: str, browser: Browser
) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    code = create_table(ann, server, "uppsala", "geo", [("Ann", None), ("Ben", None)])
    ben = open_player(browser, "Ben", PHONE)
    ben.page.goto(f"{server}/?table={code}")
    ben.page.locator("[data-join-seat='1']").dblclick()
    expect(ben.page.locator("#players tr[data-seat='1'] .tag.you")).to_be_visible()
    ben.page.wait_for_timeout(500)
    assert not error_toast(ben)

    # Ann places; Ben double-clicks Accept; then Ben places and Ann double-clicks a gap.
    ann.page.locator("[data-legal='true']").first.dblclick()
    ben.page.locator("[data-act='accept']").dblclick()
    ben.page.locator("[data-legal='true']").first.wait_for(timeout=10000)
    ben.page.locator("[data-legal='true']").first.dblclick()
    # On a phone the tap shows the card in the gap; the confirm button places it.
    ben.page.locator("#place-confirm").dblclick()
    ann.page.locator("[data-act='accept']").dblclick()
    expect(ann.page.locator("[data-legal='true']").first).to_be_visible()
    ann.page.wait_for_timeout(500)
    for player in (ann, ben):
        assert not error_toast(player), player.page.inner_text("#toast")
        assert player.errors == []
