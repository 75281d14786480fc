"""The lobby draws itself again when the player's ratings arrive from the server; whatever
was typed meanwhile stays where it was typed (docs/browser.md, Lobby)."""

from __future__ import annotations

from playwright.sync_api import Browser, Route, expect

from tests.browser.driver import DESKTOP, open_player


def test_what_is_typed_before_the_ratings_arrive_stays(server: str, browser: Browser) -> None:
    ada = open_player(browser, "Ada", DESKTOP)
    page = ada.page
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/players/me", hold)
    with page.expect_request("**/api/players/me"):
        page.goto(f"{server}/")
    expect(page.locator("#nickname")).to_be_visible()
    page.locator("#join-code").fill("KXQ")
    page.locator("#nickname").click()
    page.keyboard.type("Ada Lovel")
    page.keyboard.press("ArrowLeft")
    assert len(held) == 1
    before = page.locator("#me").element_handle()

    # The ratings arrive: the lobby is drawn anew.
    held[0].continue_()
    page.unroute("**/api/players/me")
    page.wait_for_function("(old) => !old.isConnected", arg=before)
    expect(page.locator("#join-code")).to_have_value("KXQ")
    expect(page.locator("#nickname")).to_have_value("Ada Lovel")
    expect(page.locator("#nickname")).to_be_focused()
    # The caret is where it was: typing goes on in the same place.
    page.keyboard.type("x")
    expect(page.locator("#nickname")).to_have_value("Ada Lovexl")
    stored = page.evaluate("JSON.parse(localStorage.getItem('geodeck.player')).nickname")
    assert stored == "Ada Lovexl"
    assert ada.errors == []
