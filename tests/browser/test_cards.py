"""Cards that explain themselves, on a desktop and a phone screen in each game: a legend
for the kind marks, values turned over earlier printed on the card face, whole names (no
card name cut off or overflowing its card), the deck's SVG flags; and a screenshot of the
table at its start and at the first scoring or round result."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import PHONE, Player, create_table, cross_step, open_player
from tests.browser.driver import undercover_step as hide_and_seek

SHORT_DEALS = True  # a scoring or an ended game is enough here (conftest.py)

DESKTOP = {"width": 1366, "height": 800}
SCREENS = {"desktop": DESKTOP, "phone": PHONE}
GAMES = {
    "uppsala": "geo",
    "buxtehude": "geo",
    "italia": "geo",
    "world": "geo",
    "undercover": "easy",
}

# Every name, value and card in view, measured: what overflows its box.
OVERFLOWS = r"""() => {
  const out = [];
  for (const el of document.querySelectorAll('.card .card-name, .card .printed, .cc-name')) {
    if (el.scrollWidth > el.clientWidth + 1) out.push(el.textContent);
  }
  for (const card of document.querySelectorAll('.card')) {
    if (card.scrollHeight > card.clientHeight + 1) out.push(card.textContent);
    // a face centred in a card too short for it also spills over the top edge
    const face = card.querySelector('.card-front');
    if (face) {
      const box = card.getBoundingClientRect();
      const r = face.getBoundingClientRect();
      if (r.top < box.top + card.clientTop - 1 || r.bottom > box.bottom - card.clientTop + 1) {
        out.push(`${card.textContent} (spills)`);
      }
    }
  }
  // A word split over two lines ("Colosseu/m") has two boxes; a break after a hyphen
  // ("Villingen-/Schwenningen") is between words.
  for (const el of document.querySelectorAll('.card .card-name, .cc-name')) {
    const node = el.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    const text = node.textContent;
    for (const match of text.matchAll(/[^\s\-‐–]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(`${match[0]} (split)`);
    }
  }
  return out;
}"""


def check_cards(player: Player) -> None:
    assert player.page.evaluate(OVERFLOWS) == []


def play_until(player: Player, done: str, game: str, seconds: float = 90) -> None:
    rng = random.Random(17)
    deadline = time.monotonic() + seconds
    while not player.has(done):
        assert time.monotonic() < deadline, f"{done} did not show"
        did = hide_and_seek(player, rng) if game == "undercover" else cross_step(player, rng, 0.5)
        if did is None:
            player.idle()
        elif game != "undercover":
            check_cards(player)


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", list(GAMES))
def test_cards_explain_themselves(
    server: str, browser: Browser, screenshots: Path, game: str, screen: str
) -> None:
    ada = open_player(browser, "Ada", SCREENS[screen])
    seats: list[tuple[str, str | None]] = [("Ada", None), ("Bo", "casual"), ("Cy", "casual")]
    create_table(ada, server, game, GAMES[game], seats)
    page = ada.page
    if game == "undercover":
        cards = page.locator(".country-card")
        expect(cards).to_have_count(12)
        flags = page.locator(".country-card img.flag-svg")
        expect(flags).to_have_count(12)
        page.wait_for_function(
            "[...document.querySelectorAll('.country-card img.flag-svg')]"
            ".every((img) => img.complete && img.naturalWidth > 0)"
        )
        assert flags.first.get_attribute("src", timeout=1000) is not None
    else:
        legend = page.locator("#kind-legend li")
        expect(legend.first).to_be_visible()
        expect(page.locator("#kind-legend li[data-kind='seen']")).to_have_count(1)
    check_cards(ada)
    ada.shot(f"screen-{game}-{screen}-start")

    done = "#round-result" if game == "undercover" else "#scorings .dot"
    play_until(ada, done, game)
    check_cards(ada)
    ada.shot(f"screen-{game}-{screen}-{'result' if game == 'undercover' else 'scoring'}")
    if game != "undercover":
        # A card a challenge turned over shows its value on the face from then on.
        for card in page.locator(".board .card:has(.card-seen)").all():
            assert card.locator(".card-value").inner_text().strip()
    assert ada.errors == []
