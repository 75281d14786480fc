"""Around the table (docs/browser.md, Rematch and Seat links): two browsers play a game,
play it again in one click each, move a seat to a third browser in the second game with
its seat link, play that game to its end, and step through the first game's replay;
screenshots of each screen at 1366x800 and 390x844."""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import Browser, expect

from geodeck.server.tokens import normal_code, shown_code
from tests.browser.driver import (
    DESKTOP,
    PHONE,
    Player,
    create_table,
    cross_step,
    make_moves,
    open_player,
    painted,
    play_out,
)

SHORT_DEALS = True  # cross games here are short deals (conftest.py, short_serve.py)


def shots(player: Player, name: str) -> None:
    """The page as it is now, at the desktop's size and the phone's."""
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        player.page.set_viewport_size({"width": viewport["width"], "height": viewport["height"]})
        painted(player.page)
        player.shot(f"around-{name}-{size}")
    player.page.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})


def stored_seat(player: Player, code: str) -> dict[str, object] | None:
    raw = player.page.evaluate(f"localStorage.getItem('geodeck.seat.{code}')")
    return None if raw is None else dict(json.loads(raw))


def table_code(player: Player) -> str:
    return normal_code(player.page.inner_text("#table-code"))


def first_game(server: str, ann: Player, ben: Player) -> str:
    """Ann sets the table up in the lobby, Ben takes his seat from its link, they play."""
    first = create_table(ann, server, "uppsala", "geo", [("Ann", None), ("Ben", None)])
    ben.page.goto(f"{server}/?table={first}")
    ben.page.locator("[data-join-seat='1']").click()
    expect(ben.page.locator("#players tr[data-seat='1'] .tag.you")).to_be_visible()
    play_out([ann, ben], cross_step, random.Random(16), seconds=300)
    return first


def rematch(ann: Player, ben: Player, first: str) -> tuple[str, str]:
    """Ann plays again in one click; Ben's page offers the rematch, his token copied to
    it, and he joins in one click. The new code and Ben's token."""
    expect(ann.page.locator("#rematch-offer")).to_be_visible()
    shots(ann, "endgame-rematch")
    # Every code the top bar shows from here on, with the address it showed it under.
    ann.page.evaluate(
        """() => {
          window.codesShown = [];
          new MutationObserver(() => {
            const code = document.getElementById("table-code");
            if (code) window.codesShown.push([location.search, code.textContent]);
          }).observe(document.body, { subtree: true, childList: true, characterData: true });
        }"""
    )
    ann.page.locator("#rematch-offer").click()
    ann.page.wait_for_function(f"!location.search.includes('{first}')")
    expect(ann.page.locator("#table-code")).not_to_have_text(shown_code(first))
    second = table_code(ann)
    assert second != first
    expect(ann.page.locator("#conn-state")).to_have_text("Waiting for Ben")
    # The first table, let go of, paints nothing into the rematch's page (its socket
    # closing once put its own code back in the top bar).
    shown = ann.page.evaluate("window.codesShown")
    assert shown
    stale = [text for address, text in shown if first not in address and normal_code(text) == first]
    assert stale == []
    # The new table waits for Ben: it says so and how he comes, and asks nobody to move.
    waiting = ann.page.locator("#gathering")
    expect(waiting).to_contain_text("Waiting for Ben…")
    expect(waiting).to_contain_text("Join the rematch")
    expect(waiting).to_have_attribute("data-seats", "1")
    # The top bar's status names him too, not "Waiting for players".
    expect(ann.page.locator("#conn-state")).to_have_text("Waiting for Ben")
    expect(ann.page.locator("#prompt")).to_have_count(0)
    expect(ann.page.locator("[data-legal='true']")).to_have_count(0)
    expect(ann.page.locator("#clock-line")).to_have_count(0)
    shots(ann, "rematch-waiting")
    expect(waiting).to_be_visible()

    join = ben.page.locator("#rematch-join")
    expect(join).to_be_visible()
    expect(ben.page.locator("#rematch")).to_have_attribute("data-code", second)
    shots(ben, "join-offer")
    kept = stored_seat(ben, first)
    assert kept is not None
    assert stored_seat(ben, second) == kept
    join.click()
    expect(ben.page.locator("#players tr[data-seat='1'] .tag.you")).to_be_visible()
    # Ben has come: the game starts, and Ann (seat 0 begins) is asked to move.
    expect(waiting).to_have_count(0)
    expect(ann.page.locator("#conn-state")).to_have_text("Playing")
    expect(ann.page.locator("#players tr[data-seat='0'] .tag.you")).to_be_visible()
    expect(ann.page.locator("[data-legal='true']")).not_to_have_count(0)
    expect(ann.page.locator("#not-here")).to_have_count(0)
    expect(ben.page.locator("#not-here")).to_have_count(0)
    expect(ben.page.locator("#join")).to_have_count(0)
    assert table_code(ben) == second
    return second, str(kept["token"])


def move_seat(browser: Browser, server: str, ben: Player, second: str, token: str) -> Player:
    """Ben opens his seat link on his phone; his first page says the seat moved."""
    ben.page.locator("#seat-link-open").click()
    expect(ben.page.locator("#seat-link")).to_be_visible()
    qr = ben.page.locator("#seat-link-qr")
    expect(qr).to_be_visible()
    assert qr.evaluate("(img) => img.complete && img.naturalWidth > 0")
    link = ben.page.input_value("#seat-link-url")
    assert link == f"{server}/?table={second}#seat=1&key={token}"
    shots(ben, "seat-link")

    phone = open_player(browser, "Ben's phone", PHONE)
    phone.page.goto(link)
    expect(phone.page.locator("#players tr[data-seat='1'] .tag.you")).to_be_visible()
    assert "key=" not in phone.page.url  # the token left the address bar
    assert stored_seat(phone, second) == {"seat": 1, "token": token}

    expect(ben.page.locator("#seat-moved")).to_be_visible()
    expect(ben.page.locator("#conn-state")).to_have_attribute("data-status", "moved")
    assert stored_seat(ben, second) is None
    shots(ben, "seat-moved")
    ben.page.wait_for_timeout(1500)
    expect(phone.page.locator("#players tr[data-seat='1'] .tag.you")).to_be_visible()
    expect(ben.page.locator("#seat-moved")).to_be_visible()  # it did not reconnect
    return phone


def replay(server: str, ann: Player, first: str) -> None:
    """The first game's replay, a step at a time."""
    ann.page.goto(f"{server}/?table={first}")
    expect(ann.page.locator("#rematch-join")).to_be_visible()
    ann.page.locator("#replay-open").click()
    bar = ann.page.locator("#replay")
    expect(bar).to_have_attribute("data-step", "0")
    ann.page.locator("#replay-forward").click()
    ann.page.locator("#replay-forward").click()
    expect(bar).to_have_attribute("data-step", "2")
    ann.page.locator("#replay-back").click()
    expect(bar).to_have_attribute("data-step", "1")
    shots(ann, "replay-step")


def test_play_rematch_recover_a_seat_and_replay(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    ben = open_player(browser, "Ben", DESKTOP)
    first = first_game(server, ann, ben)
    second, token = rematch(ann, ben, first)

    # The second game, a few moves in; then Ben's seat moves to his phone.
    make_moves(ann, random.Random(61), "place", 1)
    expect(ben.page.locator(".log li.ev-place")).not_to_have_count(0)
    shots(ben, "second-game")
    phone = move_seat(browser, server, ben, second, token)

    # The phone plays Ben's seat to the end of the second game.
    play_out([ann, phone], cross_step, random.Random(62), seconds=300)
    expect(ann.page.locator("#rematch-offer")).to_have_count(1)
    replay(server, ann, first)
    for player in (ann, ben, phone):
        assert player.errors == [], (player.name, player.errors)
