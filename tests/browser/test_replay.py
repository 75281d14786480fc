"""A finished game's replay in the browser: forward, back, a jump to a scoring, another
seat's view, and a link to a step (docs/browser.md, Replays)."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests import loopback
from tests.browser.driver import DESKTOP, PHONE, open_player

SHORT_DEALS = True  # a scoring or an ended game is enough here (conftest.py)


def finished_table(server: str, game: str, seats: int) -> tuple[str, int]:
    """A table of bots only, played to its end: its code and number of actions."""
    bots = [{"name": f"Bot{i + 1}", "bot": "random"} for i in range(seats)]
    created = loopback.post(f"{server}/api/tables", json={"game": game, "seats": bots}, timeout=10)
    assert created.status_code == 201, created.text
    code: str = created.json()["table"]["code"]
    deadline = time.monotonic() + 120
    while True:
        info = loopback.get(f"{server}/api/tables/{code}", timeout=10).json()
        if info["status"] == "finished":
            return code, info["version"]
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)


def bar_in_words(page: Page) -> None:
    """As on every player: ▶ plays; the steps and jumps say in words where they go, and a
    jump with nothing that way (at the first step) is off."""
    expect(page.locator("#replay-play")).to_have_text("▶ Play")
    expect(page.locator("#replay-forward")).to_have_text("Next ›")
    expect(page.locator("#replay-back")).to_have_text("‹ Back")
    expect(page.locator("#replay-next-scoring")).to_have_text("Scoring ▸")
    expect(page.locator("#replay-prev-scoring")).to_have_text("◂ Scoring")
    expect(page.locator("#replay-prev-challenge")).to_be_disabled()


def test_a_finished_uppsala_game_replays_step_by_step(
    server: str, browser: Browser, screenshots: Path
) -> None:
    code, actions = finished_table(server, "uppsala", 3)
    ann = open_player(browser, "Ann", DESKTOP)
    page = ann.page
    page.goto(f"{server}/?table={code}")
    expect(page.locator("#outcome")).to_be_visible()
    page.locator("#replay-open").click()
    bar = page.locator("#replay")
    expect(bar).to_have_attribute("data-step", "0")
    expect(bar).to_have_attribute("data-total", str(actions + 1))
    expect(bar).to_have_attribute("data-kind", "deal")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#outcome")).to_have_count(0)
    bar_in_words(page)

    page.locator("#replay-forward").click()
    page.locator("#replay-forward").click()
    expect(bar).to_have_attribute("data-step", "2")
    page.locator("#replay-back").click()
    expect(bar).to_have_attribute("data-step", "1")
    expect(page.locator("#replay-count")).to_contain_text(f"Step 1 of {actions}")
    page.keyboard.press("ArrowRight")
    expect(bar).to_have_attribute("data-step", "2")

    # The first scoring: its map shows, as at the live table.
    page.locator("#replay-next-scoring").click()
    expect(bar).to_have_attribute("data-kind", "scoring")
    expect(page.locator("#scorings .tab")).to_have_count(1)
    expect(page.locator("#scorings .dot").first).to_be_attached()
    scoring_step = int(bar.get_attribute("data-step") or "0")
    assert 2 < scoring_step < actions
    page.locator("#replay-prev-challenge").click()
    expect(bar).to_have_attribute("data-kind", "challenge")
    assert int(bar.get_attribute("data-step") or "0") < scoring_step
    ann.shot("replay-desktop-challenge")

    # The same step as seat 1 saw it: the page names the seat in the address.
    page.locator("#replay-seat").select_option("1")
    expect(bar).to_have_attribute("data-seat", "1")
    page.locator("#replay-next-scoring").click()
    expect(bar).to_have_attribute("data-step", str(scoring_step))
    assert f"step={scoring_step}&seat=1" in page.url
    ann.shot("replay-desktop-scoring")
    link = page.locator("#replay-share").get_attribute("href")
    assert link == f"/?table={code}&step={scoring_step}&seat=1"

    # Autoplay moves on by itself, and stops on a second press.
    page.locator("#replay-play").click()
    expect(page.locator("#replay-play")).to_have_text("⏸ Pause")
    expect(bar).not_to_have_attribute("data-step", str(scoring_step), timeout=5000)
    page.locator("#replay-play").click()
    expect(page.locator("#replay-play")).to_have_text("▶ Play")

    follow_link(browser, server, link, scoring_step)
    assert ann.errors == []


def follow_link(browser: Browser, server: str, link: str, step: int) -> None:
    """The link opens the same step for someone else, on a phone."""
    ben = open_player(browser, "Ben", PHONE)
    ben.page.goto(f"{server}{link}")
    other = ben.page.locator("#replay")
    expect(other).to_have_attribute("data-step", str(step))
    expect(other).to_have_attribute("data-seat", "1")
    expect(other).to_have_attribute("data-kind", "scoring")
    expect(ben.page.locator("#replay-seat")).to_have_value("1")
    ben.shot("replay-phone-scoring")
    ben.page.locator("#replay-last").click()
    expect(other).to_have_attribute("data-kind", "end")
    ben.shot("replay-phone-end")
    assert ben.errors == []


def test_an_undercover_replay_jumps_to_each_rounds_reveal(
    server: str, browser: Browser, screenshots: Path
) -> None:
    code, _ = finished_table(server, "undercover", 3)
    cem = open_player(browser, "Cem", DESKTOP)
    cem.page.goto(f"{server}/?table={code}&step=0&seat=0")
    bar = cem.page.locator("#replay")
    expect(bar).to_have_attribute("data-kind", "deal")
    cem.page.locator("#replay-next-reveal").click()
    expect(bar).to_have_attribute("data-kind", "reveal")
    cem.shot("replay-desktop-undercover-reveal")
    assert cem.errors == []


def test_the_replay_of_a_game_in_progress_is_refused_on_the_page(
    server: str, browser: Browser
) -> None:
    seats = [{"name": "Ann"}, {"name": "Ben"}]
    created = loopback.post(f"{server}/api/tables", json={"game": "uppsala", "seats": seats})
    code = created.json()["table"]["code"]
    dan = open_player(browser, "Dan", DESKTOP)
    dan.page.goto(f"{server}/?table={code}&step=3")
    refused = dan.page.locator("#replay-refused")
    expect(refused).to_have_attribute("data-code", "replay/not_finished")
    assert dan.errors == [] or all("409" in e for e in dan.errors)


DROP = """(text) => {
  const files = new DataTransfer();
  files.items.add(new File([text], 'game.json', { type: 'application/json' }));
  const zone = document.querySelector('#replay-drop');
  const drop = { dataTransfer: files, bubbles: true, cancelable: true };
  zone.dispatchEvent(new DragEvent('drop', drop));
}"""


def test_a_record_file_replays_in_the_page_or_the_page_says_pyodide_is_missing(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    code, actions = finished_table(server, "uppsala", 2)
    record = loopback.get(f"{server}/api/tables/{code}/record", timeout=10)
    file = tmp_path / "game.json"
    file.write_text(record.text, encoding="utf-8")
    installed = loopback.head(f"{server}/pyodide/pyodide.mjs", timeout=10).status_code == 200
    eve = open_player(browser, "Eve", DESKTOP)
    eve.page.goto(f"{server}/?replay")
    zone = eve.page.locator("#replay-drop")
    expect(zone).to_have_attribute("data-engine", "yes" if installed else "no")
    if not installed:
        # No button that cannot work, a file dropped is not taken, and the page says what
        # the server's host installs.
        notice = eve.page.locator("#replay-no-engine")
        expect(notice).to_contain_text("has no Pyodide")
        expect(notice).to_contain_text("scripts/web-deps")
        expect(notice).to_contain_text("npm")
        expect(eve.page.get_by_text("Choose a file")).to_have_count(0)
        expect(eve.page.locator("#replay-file")).to_have_count(0)
        eve.page.evaluate(DROP, record.text)
        expect(notice).to_be_visible()
        expect(eve.page.locator("#replay")).to_have_count(0)
        expect(eve.page.get_by_text("refused")).to_have_count(0)
        eve.shot("replay-desktop-no-engine")
        assert eve.errors == []
        return
    # Read in the page and replayed by the engine there: nothing is sent to the server.
    posted: list[str] = []
    eve.page.on("request", lambda r: posted.append(r.url) if r.method != "GET" else None)
    eve.page.locator("#replay-file").set_input_files(str(file))
    bar = eve.page.locator("#replay")
    expect(bar).to_have_attribute("data-total", str(actions + 1), timeout=60000)
    eve.page.locator("#replay-next-scoring").click()
    expect(bar).to_have_attribute("data-kind", "scoring")
    expect(eve.page.locator("#scorings .dot").first).to_be_attached()
    eve.page.locator("#replay-seat").select_option("1")
    expect(bar).to_have_attribute("data-seat", "1", timeout=30000)
    expect(eve.page.locator("#replay-share")).to_have_count(0)
    eve.shot("replay-desktop-file")
    assert [u for u in posted if "/pyodide/" not in u] == []
    assert eve.errors == []
