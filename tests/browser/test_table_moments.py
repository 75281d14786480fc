"""Moments that stay, the clock and the turn signals at the browser table: two people and a
bot play Uppsala (a verdict and a scoring stay until both pressed Continue; the bot waits),
and an Undercover round's result stays with its board and points."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.driver import (
    PHONE,
    ROOT,
    Player,
    create_table,
    cross_step,
    open_player,
    undercover_step,
)
from tests.browser.short_serve import STACK

SHORT_DEALS = True  # cross games here are short deals (conftest.py, short_serve.py)

DESKTOP = {"width": 1366, "height": 800}
TIMINGS = ROOT / "artifacts" / "timings"


def log_length(player: Player) -> int:
    return player.page.locator(".log li").count()


def log_still(player: Player, seen: int) -> None:
    """The history has no more lines than it had (the table waited)."""
    expect(player.page.locator(".log li")).to_have_count(seen)


def both_shot(ann: Player, ben: Player, name: str) -> None:
    ann.shot(f"moments-desktop-{name}")
    ben.shot(f"moments-phone-{name}")


def waiting_then_started(ann: Player, ben: Player, server: str) -> str:
    """Ann opens a table with Robo and Ben; the waiting screen, then Ben takes his seat."""
    # Robo sits between them: whoever challenges Ann's first card, Robo places next.
    seats = [("Ann", None), ("Robo", "random"), ("Ben", None)]
    code = create_table(ann, server, "uppsala", "geo", seats, clock=60, bank=60)
    # Waiting for Ben: a waiting screen, not "Ann is placing the card".
    waiting = ann.page.locator("#waiting")
    expect(waiting).to_contain_text("Waiting for players")
    expect(waiting).to_contain_text("2 of 3 seats taken")
    expect(ann.page.locator("#prompt")).to_have_count(0)
    ann.shot("moments-desktop-waiting")
    ben.page.goto(f"{server}/?table={code}")
    ben.page.locator("[data-join-seat='2']").click()
    expect(ann.page.locator("#waiting")).to_have_count(0)
    return code


def whose_turn_it_is(ann: Player, ben: Player) -> None:
    """Ann's tab says it is her turn and she sees her own countdown; Ben sees Ann's."""
    expect(ann.page).to_have_title("▶ Your turn · geodeck")
    assert "Your turn" not in ben.page.title()
    expect(ann.page.locator("#clock-line.mine[data-seat='0']")).to_contain_text("Your move: ")
    expect(ben.page.locator("#clock-line[data-seat='0']")).to_contain_text("Ann is on the clock")
    expect(ben.page.locator("#players tr[data-seat='0'] [data-clock-seat='0']")).to_be_attached()
    expect(ben.page.locator("[data-clock-seat='2']")).to_have_count(0)


def a_verdict_that_stays(ann: Player, ben: Player) -> None:
    """Ann places, Robo or Ben challenges: the verdict stays until both continue."""
    ann.click("[data-legal='true']")
    verdict = ben.page.locator("#verdict")
    deadline = time.monotonic() + 20
    while not verdict.count():
        assert time.monotonic() < deadline, "no verdict"
        if ben.has("[data-act='challenge']"):
            ben.click("[data-act='challenge']")
        ben.idle()
    for player in (ann, ben):
        expect(player.page.locator("#verdict-rule")).to_contain_text(" of ")
        expect(player.page.locator("#continue")).to_be_visible()
    rule = ann.page.locator("#verdict-rule").inner_text()
    assert rule.endswith(("challenge fails", "challenge succeeds")), rule
    assert "°" in rule, rule
    expect(ann.page).to_have_title("▶ Your turn · geodeck")  # Continue is waited for
    both_shot(ann, ben, "verdict")

    # Robo would move at once (--bot-delay 0.02): it waits for both people.
    seen = log_length(ann)
    ann.page.wait_for_timeout(1500)
    log_still(ann, seen)
    expect(ann.page.locator("#verdict")).to_be_visible()
    expect(ann.page.locator("#clock-line")).to_have_count(0)  # no clock runs meanwhile
    ann.page.locator("#continue").dblclick()  # a double click is harmless
    expect(ann.page.locator("#moment")).to_contain_text("Waiting for Ben to continue")
    expect(ann.page.locator("#continue")).to_have_count(0)
    expect(ben.page.locator("#moment")).to_have_attribute("data-waiting", "2")
    ann.page.wait_for_timeout(500)
    log_still(ann, seen)
    ben.page.locator("#continue").click()
    expect(ann.page.locator("#moment")).to_have_count(0)
    expect(ann.page.locator(".log li.ev-place").first).to_contain_text("Robo")
    expect(ann.page.locator(".toast.error")).to_have_count(0)


def to_the_end_past_a_scoring(ann: Player, ben: Player) -> int:
    """Play on; the first interim scoring stays with its map until both continue. Returns
    the number of moves the two made."""
    rng = random.Random(3)
    deadline = time.monotonic() + 300  # a busy machine plays slowly
    scoring_shot = False
    moves = 0
    while not (ann.finished() and ben.finished()):
        assert time.monotonic() < deadline, f"the game did not end ({moves} moves)"
        if not scoring_shot and ann.has("#moment") and ann.has(".log li.ev-check"):
            expect(ann.page.locator("#scorings")).to_be_visible()
            expect(ben.page.locator("#scorings")).to_be_visible()
            seen = log_length(ann)
            ann.page.wait_for_timeout(800)
            log_still(ann, seen)
            both_shot(ann, ben, "scoring")
            scoring_shot = True
        acted = False
        for player in (ann, ben):
            if cross_step(player, rng, challenge_rate=0.2):
                moves += 1
                acted = True
        if not acted:
            ann.idle()
    assert scoring_shot
    return moves


def test_a_verdict_and_a_scoring_stay_until_both_continue(
    server: str, browser: Browser, screenshots: Path
) -> None:
    started = time.monotonic()
    ann = open_player(browser, "Ann", DESKTOP)
    ben = open_player(browser, "Ben", PHONE)
    code = waiting_then_started(ann, ben, server)
    whose_turn_it_is(ann, ben)
    # A spectator comes: everyone is told.
    spy = open_player(browser, "Spy", DESKTOP)
    spy.page.goto(f"{server}/?table={code}&watch")
    expect(ann.page.locator("#spectators")).to_have_attribute("data-count", "1")
    expect(ben.page.locator("#spectators")).to_contain_text("1 spectator")
    a_verdict_that_stays(ann, ben)
    moves = to_the_end_past_a_scoring(ann, ben)
    seconds = time.monotonic() - started
    TIMINGS.mkdir(parents=True, exist_ok=True)
    figures = {"game": "uppsala", "people": 2, "bots": 1, "moves_by_people": moves, "stack": STACK}
    figures["seconds"] = round(seconds, 1)
    (TIMINGS / "uppsala-two-people-a-bot.json").write_text(json.dumps(figures) + "\n")
    print(f"a game of {STACK} cards a stack, two people and a bot: {seconds:.1f} s, {moves} moves")
    for player in (ann, ben, spy):
        assert player.errors == [], player.errors


def test_an_undercover_round_result_stays_with_its_board_and_points(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    ben = open_player(browser, "Ben", PHONE)
    seats = [("Ann", None), ("Ben", None), ("Robo", "random")]
    code = create_table(ann, server, "undercover", "easy", seats)
    ben.page.goto(f"{server}/?table={code}")
    ben.page.locator("[data-join-seat='1']").click()
    expect(ann.page.locator("#waiting")).to_have_count(0)
    rng = random.Random(5)
    deadline = time.monotonic() + 150
    while not ann.has("#round-moment"):
        assert time.monotonic() < deadline, "no round ended"
        acted = False
        for player in (ann, ben):
            # Continue stays for the checks below: a seat's step whose look came with the
            # round's result must not press it.
            if undercover_step(player, rng, moments=False):
                acted = True
        if not acted:
            ann.idle()
    for player in (ann, ben):
        moment = player.page.locator("#round-moment")
        expect(moment).to_be_visible()
        expect(moment.locator(".round-board svg .map-stone").first).to_be_attached()
        expect(moment.locator(".round-board .hidden-here").first).to_be_attached()
        expect(moment.locator("#round-points li")).to_have_count(3)
    points = ann.page.locator("#round-points").inner_text()
    assert "scores nothing" in points, points
    seen = log_length(ann)
    both_shot(ann, ben, "undercover-round")
    ann.page.wait_for_timeout(1000)
    log_still(ann, seen)  # Robo waits too
    ann.page.locator("#continue").click()
    ben.page.locator("#continue").click()
    expect(ann.page.locator("#round-moment")).to_have_count(0)
    for player in (ann, ben):
        assert player.errors == [], player.errors
