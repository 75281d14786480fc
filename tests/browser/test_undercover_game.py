"""A game of Undercover in Europa at the browser table, to its end: one person, two bots, a
spectator. It is a short game, one round a player (``short_serve.py``)."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.driver import (
    LAPTOP,
    PHONE,
    Player,
    create_table,
    open_player,
    play_out,
    undercover_step,
)
from tests.browser.short_serve import short_rounds

SHORT_DEALS = True  # one round a player (conftest.py, short_serve.py)


def test_a_person_and_two_bots_play_undercover_to_the_end(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    code = create_table(
        ann,
        server,
        "undercover",
        "standard",
        [("Ann", None), ("Bea", "casual"), ("Cy", "casual")],
    )
    watcher = open_player(browser, "Watcher", PHONE)
    watcher.page.goto(f"{server}/?table={code}&watch")
    expect(watcher.page.locator("#watching")).to_be_visible()

    expect(ann.page.locator(".can-hide button.country-card")).to_have_count(16)
    expect(ann.page.locator(".europe-map path.laid")).not_to_have_count(0)
    ann.shot("undercover-laptop-hide")
    watcher.shot("undercover-phone-hide")

    seen: dict[str, bool] = {}

    def watch(player: Player, did: str) -> None:
        if did == "hide":
            expect(ann.page.locator("#hidden-in")).to_be_visible()
            expect(watcher.page.locator("#commitment")).to_be_visible()
            expect(watcher.page.locator("#hidden-in")).to_have_count(0)
        if did == "answer" and not seen.get("answer"):
            seen["answer"] = True
            ann.shot("undercover-laptop-answered")
        if did in ("stone", "pass") and not seen.get("stone") and ann.has(".cc-stones .stone"):
            seen["stone"] = True
            ann.shot("undercover-laptop-stones")
            watcher.shot("undercover-phone-stones")
        if not seen.get("result"):
            # The result panel shows only until the next round gets going, and the
            # bots move fast: read the check in one step and look again on a later
            # move if the panel has gone or is still hashing (the end panel stays).
            check = ann.page.evaluate(
                "() => document.querySelector('#commit-check')?.dataset.ok ?? null"
            )
            assert check != "false", "a commitment failed to verify"
            if check == "true":
                seen["result"] = True
                ann.shot("undercover-laptop-round-result")
                watcher.shot("undercover-phone-round-result")

    play_out([ann], undercover_step, random.Random(5), seconds=200, watch=watch)
    if not seen.get("result"):
        # Once the game is over the last round's result stays on screen.
        expect(ann.page.locator("#commit-check")).to_have_attribute("data-ok", "true")
        ann.shot("undercover-laptop-round-result")
        watcher.shot("undercover-phone-round-result")

    expect(watcher.page.locator("#outcome")).to_be_visible()
    for player in (ann, watcher):
        expect(player.page.locator("#deal-check")).to_have_attribute("data-result", "ok")
    rows = ann.page.locator("#score-sheet tbody tr")
    expect(rows).to_have_count(short_rounds(3))
    expect(ann.page.locator("#score-sheet tbody .check.ok")).to_have_count(short_rounds(3))
    ann.shot("undercover-laptop-end")
    watcher.shot("undercover-phone-end")
    assert ann.errors == []
    assert watcher.errors == []
