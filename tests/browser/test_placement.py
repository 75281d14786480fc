"""Sure placement in the cross games: gaps of at least 44 by 44 px that nothing covers, the
drawn card shown in the gap before it goes in (under the pointer, or tapped and then
confirmed on a touch screen), and the whole cross in view while the players guess."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import (
    DESKTOP,
    PHONE,
    Player,
    continued,
    create_table,
    cross_step,
    open_player,
    settled,
)

TARGETS = """async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const found = [];
  for (const el of document.querySelectorAll("[data-legal='true']")) {
    // The board may be longer than its frame: each gap is scrolled into view first, and
    // the page given a frame to answer the scroll (the buttons at the frame's edges move).
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    await frame();
    await frame();
    const r = el.getBoundingClientRect();
    // What the pointer finds at the middle and near each corner of the gap.
    const spots = [[0.5, 0.5], [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]];
    const covered = spots.map(([fx, fy]) => {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (hit && el.contains(hit)) return null;
      return hit ? hit.getAttribute('class') || hit.tagName : 'nothing';
    }).filter(Boolean);
    found.push({ key: el.dataset.focus, width: r.width, height: r.height, covered });
  }
  return found;
}"""

WHOLE = """() => {
  const area = document.querySelector('.board-scroll');
  const board = area.querySelector('.board').getBoundingClientRect();
  const frame = area.getBoundingClientRect();
  return {
    scrolls: area.scrollWidth > area.clientWidth + 1 || area.scrollHeight > area.clientHeight + 1,
    inside: board.left >= frame.left - 1 && board.right <= frame.right + 1
      && board.top >= frame.top - 1 && board.bottom <= frame.bottom + 1,
    onScreen: board.left >= 0 && board.right <= window.innerWidth,
  };
}"""

BROKEN_WORDS = """() => {
  // A word broken over two lines has two boxes; a break after a hyphen
  // ("Rostov-on-" / "Don") is a break between words.
  const broken = [];
  for (const name of document.querySelectorAll('.board .card .card-name')) {
    const node = name.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    const text = node.textContent;
    for (const match of text.matchAll(/[^\\s\\-\u2010]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


def check_targets(player: Player) -> int:
    targets = player.page.evaluate(TARGETS)
    for target in targets:
        assert target["width"] >= 44, target
        assert target["height"] >= 44, target
        # nothing lies over a gap: not the compass rose, not a card
        assert target["covered"] == [], target
    return len(targets)


def until_guessing(player: Player, rng: random.Random, seconds: float = 90) -> int:
    """Take this seat's moves (accepting every placement, checking the gaps at each of its
    turns) until the players are asked for their guesses; the number of turns checked."""
    deadline = time.monotonic() + seconds
    checked = 0
    gaps = player.page.locator("[data-legal='true']")
    while not player.has("#guess-send"):
        assert time.monotonic() < deadline, "no scoring came"
        if player.has("#place-confirm") or not player.has("[data-legal='true']"):
            # Continue, accept or confirm a tapped gap: never a gap not checked first.
            did = continued(player) or player.click("#place-confirm") or accepted(player)
        else:
            # The gaps, once offered, stay until this seat places its card.
            checked += 1 if check_targets(player) else 0
            did = bool(cross_step(player, rng, challenge_rate=0, guess=False))
            # until the server answers, the page still shows the gaps it just left
            if did and not player.has("#place-confirm"):
                expect(gaps).to_have_count(0)
        if not did:
            player.idle()
    return checked


def accepted(player: Player) -> bool:
    return player.has("[data-act='accept']") and player.click("[data-act='accept']")


@pytest.mark.parametrize(
    ("game", "screen"),
    [("world", "desktop"), ("uppsala", "phone")],
)
def test_the_gaps_are_sure_targets_and_the_whole_cross_shows_while_guessing(
    server: str, browser: Browser, game: str, screen: str
) -> None:
    phone = screen == "phone"
    ada = open_player(browser, "Ada", PHONE if phone else DESKTOP)
    create_table(ada, server, game, "geo", [("Ada", None), ("Bo", "casual"), ("Cy", "casual")])
    page = ada.page
    expect(page.locator("[data-legal='true']")).to_have_count(4)
    assert check_targets(ada) == 4
    hint = page.locator("#prompt .prompt-text").inner_text()
    drawn = page.locator("#drawn-card .card-name").inner_text()
    east = page.locator("[data-focus='slot:west-east:1']")
    if phone:
        # The arrow keys are no use on a touch screen, so the hint does not name them.
        assert "arrow" not in hint
        east.tap()
        expect(east.locator(".slot-ghost")).to_be_visible()
        expect(east.locator(".slot-ghost")).to_have_text(drawn)
        expect(page.locator("#place-confirm")).to_be_in_viewport()
        ada.shot(f"placing-{screen}-{game}")
        # Nothing is placed yet: the player can change their mind.
        page.locator("#place-cancel").tap()
        expect(page.locator("#place-confirm-bar")).to_have_count(0)
        expect(page.locator("[data-legal='true']")).to_have_count(4)
        east.tap()
        page.locator("#place-confirm").tap()
    else:
        assert "arrow" in hint
        east.hover()
        expect(east.locator(".slot-ghost")).to_be_visible()
        expect(east.locator(".slot-ghost")).to_have_text(drawn)
        ada.shot(f"placing-{screen}-{game}")
        east.click()
    # Placed where it was put (a bot's challenge may then take it off the board again).
    expect(page.locator("#history .log li").filter(has_text=f"Ada placed {drawn}")).to_have_count(1)

    turns = until_guessing(ada, random.Random(5))
    assert turns >= 1
    ada.shot(f"guessing-{screen}-{game}")
    whole = {"scrolls": False, "inside": True, "onScreen": True}
    assert settled(page, WHOLE, whole) == whole
    expect(page.locator(".board .card").nth(5)).to_be_attached()
    if phone:
        assert settled(page, BROKEN_WORDS, []) == []
    assert ada.errors == []


def test_the_lobby_offers_join_a_table_at_the_top_of_a_phone(server: str, browser: Browser) -> None:
    ada = open_player(browser, "Ada", PHONE)
    ada.page.goto(f"{server}/")
    join = ada.page.locator(".lobby .join")
    expect(join).to_be_in_viewport()
    # the lobby is drawn again as its lists come in: wait for the order, never read once
    ada.page.wait_for_function(JOIN_ABOVE_CREATE)


JOIN_ABOVE_CREATE = """() => {
  const join = document.querySelector('.lobby .join');
  const create = document.querySelector('.lobby .create');
  return Boolean(join && create)
    && join.getBoundingClientRect().top < create.getBoundingClientRect().top;
}"""


LOBBY_LAYOUT = """() => {
  const lobby = document.querySelector('.lobby');
  const columns = getComputedStyle(lobby).gridTemplateColumns.split(' ').length;
  const parts = [...lobby.children].filter((el) => getComputedStyle(el).display !== 'none')
    .map((el) => ({ name: el.className, box: el.getBoundingClientRect() }));
  const overlaps = [];
  for (const [i, a] of parts.entries()) {
    for (const b of parts.slice(i + 1)) {
      const apart = a.box.right <= b.box.left + 1 || b.box.right <= a.box.left + 1
        || a.box.bottom <= b.box.top + 1 || b.box.bottom <= a.box.top + 1;
      if (!apart) overlaps.push([a.name, b.name]);
    }
  }
  const narrow = parts.filter((p) => p.box.width < 280).map((p) => p.name);
  const pickers = [...document.querySelectorAll('.seat-row select')].map((s) => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:'
      + getComputedStyle(s).font;
    probe.textContent = s.options[s.selectedIndex].text;
    document.body.append(probe);
    const room = s.clientWidth - 30;  // the arrow and the padding
    const wide = probe.getBoundingClientRect().width;
    probe.remove();
    return { text: probe.textContent, fits: wide <= room };
  });
  const wider = document.documentElement.scrollWidth > window.innerWidth + 1;
  return { columns, overlaps, narrow, pickers, parts: parts.length, wider };
}"""


SIZES = {"desktop": DESKTOP, "phone": PHONE, "small-phone": {"width": 320, "height": 640}}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_the_lobbys_parts_each_have_their_place(
    server: str, browser: Browser, size: str, lang: str
) -> None:
    """Every part of the lobby in its own place: two columns on a desktop, one on a phone,
    no part over another or squeezed, each seat's bot level shown whole, and the page no
    wider than the screen, down to 320 px."""
    ada = open_player(browser, "Ada", SIZES[size])
    page = ada.page
    page.goto(f"{server}/")
    page.evaluate(f"() => localStorage.setItem('geodeck.lang', JSON.stringify('{lang}'))")
    page.goto(f"{server}/")
    expect(page.locator(".lobby .tables-lists")).to_be_visible()
    expect(page.locator(".lobby .practice-entry")).to_be_visible()
    expect(page.locator(".seat-row select").first).to_be_visible()
    found = page.evaluate(LOBBY_LAYOUT)
    assert found["columns"] == (2 if size == "desktop" else 1), found
    assert found["parts"] >= 5, found
    assert found["overlaps"] == [], found
    assert found["narrow"] == [] or size == "small-phone", found
    assert not found["wider"], found
    assert found["pickers"], found
    assert all(p["fits"] for p in found["pickers"]), found["pickers"]
    # Every bot level has its name in the page's language, "learned" too.
    levels = page.locator(".seat-row select").last.locator("option")
    expect(levels.filter(has_text="level.")).to_have_count(0)
    expect(levels).to_have_count(7)
