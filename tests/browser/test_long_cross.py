"""A long cross on every screen: with 9, 15 and 25 cards a line, at 320, 390, 1366 and
1920 px, the frame fits the window, and whatever of a line lies beyond an edge of the
frame is announced there ("4 more cards east ▸") by a button that pans the board until
the line's end, every gap of it a target of 44 by 44 px, is in view."""

from __future__ import annotations

import random
import time
from typing import Any
from unittest.mock import ANY

import pytest
from playwright.sync_api import Browser, Locator, expect

from tests.browser.driver import (
    Player,
    create_table,
    cross_step,
    open_player,
    painted,
    settled,
)
from tests.browser.grown import every, grow_cross
from tests.browser.test_placement import check_targets

SHORT_DEALS = True

SCREENS = {
    "320": {"width": 320, "height": 640},
    "390": {"width": 390, "height": 844},
    "1366": {"width": 1366, "height": 800},
    "1920": {"width": 1920, "height": 1080},
}

# What of each line lies beyond each edge of the board's frame, found from where things
# are: the west-east line is the cards in the start card's row, the north-south line those
# in its column; a card counts when any of it is out of view.
BEYOND = """() => {
  const frame = document.querySelector('.board-scroll');
  const box = frame.getBoundingClientRect();
  const view = {
    left: box.left + frame.clientLeft, top: box.top + frame.clientTop,
    right: box.left + frame.clientLeft + frame.clientWidth,
    bottom: box.top + frame.clientTop + frame.clientHeight,
  };
  const start = document.querySelector('.board .card.start').getBoundingClientRect();
  const mid = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  const s = mid(start);
  const cards = [...document.querySelectorAll('.board .card')]
    .map((el) => el.getBoundingClientRect());
  const row = cards.filter((r) => Math.abs(mid(r).y - s.y) < 2);
  const column = cards.filter((r) => Math.abs(mid(r).x - s.x) < 2);
  const gaps = (line) => [...document.querySelectorAll(`[data-legal='true'][data-line='${line}']`)]
    .map((el) => el.getBoundingClientRect());
  const labels = (names) => names.map((n) => document.querySelector(`.board .end-label.end-${n}`))
    .filter(Boolean).map((el) => el.getBoundingClientRect());
  const lines = {
    left: [row, gaps('west-east'), labels(['w'])],
    right: [row, gaps('west-east'), labels(['e'])],
    top: [column, gaps('north-south').concat(gaps('column')), labels(['n'])],
    bottom: [column, gaps('north-south').concat(gaps('column')), labels(['s'])],
  };
  const out = {};
  for (const [edge, [lineCards, lineGaps, ends]] of Object.entries(lines)) {
    const before = edge === 'left' || edge === 'top';
    const past = (r) => (before ? r[edge] < view[edge] - 1 : r[edge] > view[edge] + 1);
    out[edge] = {
      cards: lineCards.filter(past).length,
      gaps: lineGaps.filter(past).length,
      end: ends.some(past),
    };
  }
  return {
    out,
    frame: {
      top: box.top, bottom: box.bottom, left: box.left, right: box.right, height: box.height,
    },
    window: { width: innerWidth, height: innerHeight },
    pageWider: document.documentElement.scrollWidth > innerWidth + 1,
  };
}"""

CROSS = {"left": "west", "right": "east", "top": "north", "bottom": "south"}
COLUMN = {"top": "above", "bottom": "below"}


def marker(player: Player, edge: str) -> Locator:
    return player.page.locator(f"#board .beyond[data-edge='{edge}']")


def check_edges(player: Player, sides: dict[str, str] = CROSS) -> dict[str, dict[str, int]]:
    """The frame fits the window, and each edge beyond which a line goes on has its
    button, on screen, with the number of cards there; the others have none."""
    page = player.page
    # Scrolled in the page, on the frame there now: a state that comes meanwhile draws
    # the board anew, and a handle read a moment before is then no longer attached.
    page.evaluate(
        "() => document.querySelector('.board-scroll')"
        ".scrollIntoView({ block: 'nearest', inline: 'nearest' })"
    )
    painted(page)
    found = page.evaluate(BEYOND)
    assert not found["pageWider"], found
    frame, window = found["frame"], found["window"]
    assert frame["height"] <= window["height"], found
    assert frame["top"] >= -1, found
    assert frame["bottom"] <= window["height"] + 1, found
    assert frame["left"] >= 0, found
    assert frame["right"] <= window["width"], found
    for edge, beyond in found["out"].items():
        button = marker(player, edge)
        if beyond["cards"] or beyond["gaps"] or beyond["end"]:
            expect(button).to_be_visible()
            expect(button).to_have_attribute("data-count", str(beyond["cards"]))
            expect(button).to_be_in_viewport()
            if beyond["cards"]:
                n = beyond["cards"]
                words = f"{n} more {'card' if n == 1 else 'cards'} {sides[edge]}"
                expect(button).to_have_attribute("aria-label", words)
            box = button.bounding_box()
            assert box is not None
            assert box["width"] >= 44, box
            assert box["height"] >= 32, box
        else:
            expect(button).to_be_hidden()
    out: dict[str, dict[str, int]] = found["out"]
    return out


def pan_to_the_end(player: Player, edge: str) -> None:
    """Press the button at ``edge`` until the line's end is in view there."""
    button = marker(player, edge)
    for _ in range(40):
        if not button.is_visible():
            break
        button.click()
        painted(player.page)
    expect(button).to_be_hidden()
    beyond = player.page.evaluate(BEYOND)["out"][edge]
    assert beyond == {"cards": 0, "gaps": 0, "end": False}, (edge, beyond)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_long_cross_fits_or_says_what_lies_beyond(
    server: str, browser: Browser, screen: str
) -> None:
    ada = open_player(browser, "Ada", SCREENS[screen])
    size = [9]
    grow_cross(ada.page, lambda: every(size[0]))
    create_table(ada, server, "uppsala", "geo", [("Ada", None), ("Bo", "casual")])
    page = ada.page
    for n in (9, 15, 25):
        size[0] = n
        page.reload()
        expect(page.locator("[data-legal='true']")).to_have_count(2 * n + 2)
        expect(page.locator(".board .card")).to_have_count(2 * n - 1)
        first = check_edges(ada)
        if n == 25:
            # Even the widest screen cannot show 25 cards a line at a readable size.
            assert first["left"]["cards"] + first["right"]["cards"] > 0, first
            ada.shot(f"long-cross-{n}-{screen}")
        for edge in ("right", "bottom", "left", "top"):
            pan_to_the_end(ada, edge)
            check_edges(ada)
        # Every gap is still a target of 44 by 44 px that nothing covers.
        assert check_targets(ada) == 2 * n + 2
    # A window turned or dragged to another size fits the board again.
    page.set_viewport_size({"width": SCREENS[screen]["height"], "height": SCREENS[screen]["width"]})
    check_edges(ada)
    assert ada.errors == []


def test_a_long_column_says_what_lies_above_and_below(server: str, browser: Browser) -> None:
    ada = open_player(browser, "Ada", SCREENS["390"])
    grow_cross(ada.page, lambda: every(25))
    create_table(ada, server, "uppsala", "population", [("Ada", None), ("Bo", "casual")])
    page = ada.page
    expect(page.locator("[data-legal='true']")).to_have_count(26)
    first = check_edges(ada, COLUMN)
    assert first["top"]["cards"] + first["bottom"]["cards"] > 0, first
    for edge in ("bottom", "top"):
        pan_to_the_end(ada, edge)
        check_edges(ada, COLUMN)
    assert check_targets(ada) == 26
    assert ada.errors == []


ON_ONE_SCREEN = """() => {
  const prompt = document.querySelector('#prompt').getBoundingClientRect();
  const cards = [...document.querySelectorAll('.board .card')]
    .map((el) => el.getBoundingClientRect());
  const board = {
    top: Math.min(...cards.map((r) => r.top)), bottom: Math.max(...cards.map((r) => r.bottom)),
    left: Math.min(...cards.map((r) => r.left)), right: Math.max(...cards.map((r) => r.right)),
  };
  const tall = Math.round(board.bottom - prompt.top);
  return { fits: tall <= innerHeight, across: board.left >= 0 && board.right <= innerWidth, tall };
}"""


@pytest.mark.parametrize("screen", ["1366", "390"])
def test_the_prompt_and_the_whole_cross_share_one_screen_while_guessing(
    server: str, browser: Browser, screen: str
) -> None:
    """An interim scoring asks for a guess: the field and the whole cross (15 cards a line
    on a laptop, 15 north to south on a phone) show on one screen, so nobody scrolls down
    to count and back up to type."""
    ada = open_player(browser, "Ada", SCREENS[screen])
    grown: dict[str, int] = {}
    grow_cross(ada.page, lambda: grown)
    create_table(ada, server, "world", "geo", [("Ada", None), ("Bo", "casual")])
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    while not ada.has("#guess-send"):
        assert time.monotonic() < deadline, "no scoring came"
        if cross_step(ada, rng, challenge_rate=0, guess=False) is None:
            ada.idle()
    grown.update(every(15) if screen == "1366" else {"north-south": 15})
    page = ada.page
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('.board .card').length >= 15")
    page.evaluate("() => document.querySelector('#prompt').scrollIntoView({ block: 'nearest' })")
    found = settled(page, ON_ONE_SCREEN, {"fits": True, "across": True, "tall": ANY})
    assert found == {"fits": True, "across": True, "tall": ANY}, found
    page.evaluate("() => document.querySelector('#prompt').scrollIntoView({ block: 'start' })")
    expect(page.locator("#guess-input")).to_be_in_viewport()
    expect(page.locator(".board .card.start")).to_be_in_viewport()
    ada.shot(f"guessing-long-{screen}")
    assert ada.errors == []


# Where the board's frame ends, in the page (the page scrolled to its start), and what
# the table is doing then.
FOLD = """() => {
  const frame = document.querySelector('.board-scroll');
  if (!frame) return null;
  const box = frame.getBoundingClientRect();
  return {
    bottom: Math.round(box.bottom + scrollY),
    top: Math.round(box.top + scrollY),
    window: innerHeight,
    phase: document.querySelector('#prompt')?.dataset.phase ?? null,
    moment: document.querySelector('#moment') !== null,
  };
}"""


def above_the_fold(player: Player) -> dict[str, Any] | None:
    """The board's frame, if there is one, ends within the window's first screen; while
    a moment shows (a verdict, a scoring's check: read first, above the board) the frame
    is no taller than the window."""
    page = player.page
    deadline = time.monotonic() + 3  # the page may still be laying out what just came
    while True:
        page.evaluate("() => window.scrollTo(0, 0)")
        painted(page)
        found: dict[str, Any] | None = page.evaluate(FOLD)
        if found is None:
            return None
        if found["moment"]:
            fits = found["bottom"] - found["top"] <= found["window"]
        else:
            fits = found["bottom"] <= found["window"] + 1
        if fits or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert fits, found
    return found


@pytest.mark.parametrize("game", ["uppsala", "buxtehude", "italia", "world"])
def test_on_a_small_phone_the_board_ends_above_the_fold(
    server: str, browser: Browser, game: str
) -> None:
    """At 320x640, whatever the table is doing, from the first move through an interim
    scoring, the board's frame ends on the first screen: nobody scrolls to see its
    bottom edge, its buttons or the gaps along it (and at 390x844 too)."""
    ada = open_player(browser, "Ada", SCREENS["320"])
    create_table(ada, server, game, "geo", [("Ada", None), ("Bo", "casual")])
    rng = random.Random(7)
    seen: set[object] = set()
    deadline = time.monotonic() + 120
    while not ada.has("#guess-send"):
        assert time.monotonic() < deadline, "no scoring came"
        found = above_the_fold(ada)
        if found is not None and not found["moment"] and found["phase"] not in seen:
            seen.add(found["phase"])
            ada.shot(f"fold-{game}-320-{found['phase']}", full_page=False)
        if cross_step(ada, rng, challenge_rate=0, guess=False) is None:
            ada.idle()
    assert "place" in seen, seen
    for screen in ("320", "390"):
        size = SCREENS[screen]
        ada.page.set_viewport_size({"width": size["width"], "height": size["height"]})
        assert above_the_fold(ada) is not None
        ada.shot(f"fold-{game}-{screen}-guess", full_page=False)
    assert ada.errors == []
