"""Two people in two browsers and a bot play a game of Uppsala to its end at the browser
table: a short deal (five cards a stack, ``short_serve.py``) with every moment of a whole
one, dealt and sealed by the server. Whole deals are played to their end over the
websocket by the server's own tests."""

from __future__ import annotations

import random
import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from geodeck.core.deal import canonical
from geodeck.server.tokens import shown_code
from tests import loopback
from tests.browser.driver import (
    LAPTOP,
    PHONE,
    Player,
    create_table,
    cross_step,
    open_player,
    play_out,
)
from tests.browser.maps import scoring_map_problems

SHORT_DEALS = True  # cross games here are short deals (conftest.py, short_serve.py)


def test_two_browsers_and_a_bot_play_uppsala_to_the_end(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    ben = open_player(browser, "Ben", PHONE)
    code = create_table(
        ann, server, "uppsala", "geo", [("Ann", None), ("Ben", None), ("Robo", "random")]
    )
    expect(ann.page.locator("#waiting")).to_be_visible()
    assert re.fullmatch(r"[A-Z]{12}", code)
    expect(ann.page.locator("#table-code")).to_have_text(shown_code(code))

    # Ben types the code into the lobby as he heard it: small letters, spaces for dashes
    ben.page.goto(f"{server}/")
    ben.page.fill("#join-code", shown_code(code).lower().replace("-", " "))
    ben.page.locator(".join button[type='submit']").click()
    ben.page.wait_for_url(f"**/?table={code}")
    ben.page.locator("[data-join-seat='1']").click()
    expect(ben.page.locator("#players tr[data-seat='1'] .tag.you")).to_be_visible()
    expect(ann.page.locator("#waiting")).to_have_count(0)

    # Ann's first card goes in with the keyboard: arrow to the gap east of the start card.
    expect(ann.page.locator("[data-legal='true']")).to_have_count(4)
    ann.shot("cross-laptop-first-card")
    ben.shot("cross-phone-waiting")
    ann.page.locator(".board-scroll").focus()
    ann.page.keyboard.press("ArrowRight")
    focused = ann.page.evaluate("document.activeElement.dataset.focus")
    assert focused == "slot:west-east:1"
    ann.page.keyboard.press("Enter")
    expect(ann.page.locator(".log li").first).to_contain_text("west–east")

    shots = Shots(ann, ben)
    play_out([ann, ben], cross_step, random.Random(7), seconds=300, watch=shots.watch)

    for player in (ann, ben):
        expect(player.page.locator("#outcome")).to_be_visible()
        # the page hashed the revealed setup itself and found the commitment it saw first
        expect(player.page.locator("#deal-check")).to_have_attribute("data-result", "ok")
        expect(player.page.locator("#scorings .tab")).to_have_count(3)
        expect(player.page.locator("#scorings .dot").first).to_be_attached()
        assert scoring_map_problems(player.page) == []
    if not shots.seen.get("scoring"):
        shots.snap("scoring")
    ann_scores = ann.page.locator("#outcome .final-scores").inner_text()
    assert ann_scores == ben.page.locator("#outcome .final-scores").inner_text()
    ann.shot("cross-laptop-end")
    ben.shot("cross-phone-end")

    # Another seat's secret guess shows in the history with its number once the scoring
    # has turned every guess over (and without it before: see Shots.watch).
    ben_log = [t.strip() for t in ben.page.locator(".log li.ev-guess").all_inner_texts()]
    assert any(re.fullmatch(r"Ann guessed \d+", line) for line in ben_log), ben_log

    record = loopback.get(f"{server}/api/tables/{code}/record", timeout=10)
    assert record.status_code == 200
    assert record.json()["game"] == "uppsala"
    # the page's canonical JSON is geodeck's, so its hash is the one geodeck verify checks
    setup = {**record.json()["setup"], "zürich": ["ä", 1, {"b": 2, "a": None}]}
    script = "(setup) => import('/js/deal.js').then((m) => m.canonical(setup))"
    assert ann.page.evaluate(script, setup) == canonical(setup)
    assert ann.errors == []
    assert ben.errors == []


class Shots:
    """Checks and screenshots at the moments worth a look, on both screens."""

    def __init__(self, ann: Player, ben: Player) -> None:
        self.ann = ann
        self.ben = ben
        self.seen: dict[str, bool] = {}

    @staticmethod
    def read(player: Player, selector: str) -> list[str]:
        """The texts of everything ``selector`` matches on the page at this moment."""
        texts: list[str] = player.page.evaluate(
            "(s) => [...document.querySelectorAll(s)].map((e) => e.textContent)", selector
        )
        return texts

    def snap(self, name: str) -> None:
        self.ann.shot(f"cross-laptop-{name}")
        self.ben.shot(f"cross-phone-{name}")

    def watch(self, player: Player, did: str) -> None:
        seen = self.seen
        if did == "guess" and player is self.ann:
            # While Ben still guesses at the first scoring, Ann's guess is in his history
            # without its number (at a later one, the guesses of the scorings before are
            # in it with theirs).
            ben = self.ben.page.evaluate(
                "() => ({guessing: !!document.querySelector('#guess-send'),"
                " log: [...document.querySelectorAll('.log li.ev-guess')]"
                ".map((e) => e.textContent.trim())})"
            )
            if ben["guessing"] and not seen.get("scoring"):
                assert not any(re.fullmatch(r"Ann guessed \d+", line) for line in ben["log"])
        if did == "guess" and not seen.get(f"guess-{player.name}"):
            seen[f"guess-{player.name}"] = True
            expect(player.page.locator("#my-guess, #scorings").first).to_be_visible()
            screen = "laptop" if player is self.ann else "phone"
            player.shot(f"cross-{screen}-secret-guess")
        # The bot moves on its own, so a panel seen a moment ago may be gone: each page
        # is read in one step, and a check not made now is made at a later move.
        if not seen.get("verdict"):
            printed = [self.read(who, "#verdict .printed") for who in (self.ann, self.ben)]
            if all(printed):
                for texts in printed:
                    assert texts[0].count("°") == 2, texts
                seen["verdict"] = True
                self.snap("challenge")
        if not seen.get("scoring") and all(
            self.read(who, "#scorings .dot") for who in (self.ann, self.ben)
        ):
            seen["scoring"] = True
            self.snap("scoring")
        if not seen.get("board") and player.page.locator(".board .card").count() > 8:
            seen["board"] = True
            self.snap("board")
