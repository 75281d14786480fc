"""A seat taken without typing a name is rated under the seat's name (docs/browser.md,
Player key): Ann's table lists a person's seat "Ben"; a fresh browser joins it from the
lobby's open tables, leaves "Your name" empty, and both seats are rated at the end."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, expect

from tests import loopback
from tests.browser.driver import DESKTOP, create_table, cross_step, open_player, play_out

SHORT_DEALS = True


def test_a_seat_taken_from_the_open_tables_without_a_name_is_rated(
    server: str, browser: Browser
) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    code = create_table(
        ann, server, "uppsala", "geo", [("Ann", None), ("Ben", "human")], pause=0, public=True
    )
    ben = open_player(browser, "Ben", DESKTOP)
    ben.page.goto(f"{server}/")
    ben.page.locator(f"#open-tables li[data-code='{code}'] button").click()
    expect(ben.page.locator("#join-name")).to_have_value("")
    ben.page.locator("[data-join-seat='1']").click()
    expect(ben.page.locator(".game")).to_be_visible()

    play_out([ann, ben], cross_step, random.Random(7), seconds=240)
    # Each seat's rating, before and after, in Ben's end panel as in Ann's.
    for player in (ann, ben):
        ratings = player.page.locator("#endgame-ratings")
        expect(ratings.locator("[data-seat='0']")).to_contain_text("Ann", timeout=20000)
        expect(ratings.locator("[data-seat='1']")).to_contain_text("Ben")
    info = loopback.get(f"{server}/api/tables/{code}").json()
    assert all(info["ratings"]), info["ratings"]
    ben.page.goto(f"{server}/")
    expect(ben.page.locator('#me [data-family="cross"] strong')).to_have_text(
        str(info["ratings"][1]["after"])
    )
    assert ann.errors == []
    assert ben.errors == []
