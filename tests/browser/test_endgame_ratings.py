"""The end of a rated game in the browser (docs/ratings.md, docs/browser.md): each rated
seat's rating before and after, as the table info gives them, and the new rating in the
lobby's panel."""

from __future__ import annotations

import json
import random
import threading

from playwright.sync_api import Browser, expect

from tests import loopback
from tests.browser.driver import DESKTOP, open_player
from tests.server.live import Player, play_out, run


def test_the_end_of_a_rated_game_shows_the_ratings(browser: Browser, server: str) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    page = ann.page
    page.goto(server + "/")
    page.wait_for_function("() => localStorage.getItem('geodeck.player') !== null")
    key = page.evaluate("() => JSON.parse(localStorage.getItem('geodeck.player')).key")
    seats = [{"name": "Ann"}, {"name": "Robo", "bot": "novice"}]
    player = {"key": key, "nickname": "Annie"}
    body = {"game": "uppsala", "seats": seats, "pause": 0, "player": player}
    created = loopback.post(f"{server}/api/tables", json=body).json()
    code, token = created["table"]["code"], created["tokens"]["0"]

    async def play() -> None:
        seat = await Player(server.replace("http", "ws", 1) + f"/ws/{code}", "Ann").open()
        await seat.hello(token)
        await play_out([seat], random.Random(1))

    # Playwright's own event loop runs in this thread: the seat plays from another.
    failed: list[BaseException] = []

    def played() -> None:
        try:
            run(play)
        except BaseException as err:
            failed.append(err)

    worker = threading.Thread(target=played)
    worker.start()
    worker.join(120)
    assert not worker.is_alive()
    assert failed == []
    seat_entry = json.dumps({"seat": 0, "token": token})
    page.evaluate(f"() => localStorage.setItem('geodeck.seat.{code}', {json.dumps(seat_entry)})")
    page.goto(f"{server}/?table={code}")
    expect(page.locator("#endgame-ratings")).to_be_visible(timeout=20000)
    info = loopback.get(f"{server}/api/tables/{code}").json()
    mine = info["ratings"][0]
    change = mine["after"] - mine["before"]
    shown = f"{mine['before']} → {mine['after']} ({'+' if change >= 0 else ''}{change})"
    expect(page.locator('#endgame-ratings [data-seat="0"]')).to_contain_text(shown)
    expect(page.locator('#endgame-ratings [data-seat="1"]')).to_contain_text("Robo")
    ann.shot("endgame-ratings-1366x800")
    page.goto(server + "/")
    expect(page.locator('#me [data-family="cross"] strong')).to_have_text(str(mine["after"]))
    # one game against a bot: the rating is provisional (docs/ratings.md, Standing)
    expect(page.locator('#me [data-family="cross"] small')).to_have_text("1 game · provisional")
    assert ann.errors == []
