"""The end-of-game screen (docs/stats.md, docs/browser.md): a finished table of either
family shows the ranking and scores, then each player's figures and the hardest cards or
countries, the very ones ``GET /api/tables/{code}/stats`` gives, at desktop and phone
sizes."""

from __future__ import annotations

import json
import time
from importlib import resources

import pytest
from playwright.sync_api import Browser, expect

from tests import loopback
from tests.browser.driver import DESKTOP, PHONE, open_player

SHORT_DEALS = True  # a scoring or an ended game is enough here (conftest.py)


def finished_table(server: str, game: str, seats: int) -> str:
    """The code of a table of bots only, once their game has ended."""
    body = {"game": game, "seats": [{"bot": "random"} for _ in range(seats)], "claim": []}
    code: str = loopback.post(f"{server}/api/tables", json=body).json()["table"]["code"]
    deadline = time.monotonic() + 60
    while loopback.get(f"{server}/api/tables/{code}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"table {code} did not finish"
        time.sleep(0.1)
    return code


@pytest.mark.parametrize(("game", "seats"), [("uppsala", 3), ("undercover", 3)])
def test_a_finished_game_shows_ranking_statistics_and_hardest(
    browser: Browser, server: str, game: str, seats: int
) -> None:
    code = finished_table(server, game, seats)
    stats = loopback.get(f"{server}/api/tables/{code}/stats").json()
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        watcher = open_player(browser, f"watcher-{size}", viewport)
        page = watcher.page
        page.goto(f"{server}/?table={code}")
        page.wait_for_selector("#endgame-players", timeout=20000)
        rows = page.locator("#endgame-players tbody tr")
        expect(rows).to_have_count(seats)
        for i, entry in enumerate(stats["ranking"]):
            cells = rows.nth(i).locator("th, td").all_inner_texts()
            assert cells[:3] == [str(entry["place"]), entry["name"], str(entry["score"])]
        hardest = page.locator("#endgame-hardest li")
        expect(hardest).to_have_count(len(stats["hardest"]))
        if game == "undercover":
            shown = hardest.first.locator("strong").inner_text()
            assert shown == stats["hardest"][0]["name"]
        else:
            expect(page.locator("#endgame-chips tbody tr")).to_have_count(seats)
            player = stats["players"][stats["ranking"][0]["seat"]]
            right = f"{player['placed_right']} of {player['placed']}"
            assert rows.first.locator("td").nth(2).inner_text() == right
        watcher.shot(f"endgame-{game}-{size}")
        assert watcher.errors == []
        page.context.close()


def test_the_hardest_countries_are_named_in_the_page_language(
    browser: Browser, server: str
) -> None:
    """In German the hardest countries carry their German names: the card's where the page
    has seen it, else the browser's name for the country code, never the English one."""
    deck = json.loads(
        (resources.files("geodeck") / "decks" / "data" / "undercover.json").read_text("utf-8")
    )["countries"]
    code = finished_table(server, "undercover", 3)
    stats = loopback.get(f"{server}/api/tables/{code}/stats").json()
    watcher = open_player(browser, "watcher-de", DESKTOP)
    page = watcher.page
    page.goto(f"{server}/")
    page.select_option("#lang", "de")
    page.goto(f"{server}/?table={code}")
    page.wait_for_selector("#endgame-hardest li", timeout=20000)
    shown = page.locator("#endgame-hardest li strong").all_inner_texts()
    assert len(shown) == len(stats["hardest"])
    differs = 0
    for name, entry in zip(shown, stats["hardest"], strict=True):
        country = entry["country"]
        browser_name = page.evaluate(
            f"new Intl.DisplayNames(['de'], {{type: 'region'}}).of({json.dumps(country)})"
        )
        assert name in (deck[country]["name_de"], browser_name), (name, entry)
        differs += name != entry["name"]
    assert differs or all(deck[e["country"]]["name_de"] == e["name"] for e in stats["hardest"])
    assert watcher.errors == []


FIGURES = """() => {
  const scrolls = [...document.querySelectorAll(".endgame-scroll")];
  const chat = document.querySelector(".chat-toggle");
  const floats = chat && getComputedStyle(chat.parentElement).position !== "static";
  const under = floats ? chat.getBoundingClientRect() : null;
  const cells = [...document.querySelectorAll(".endgame-table td, .endgame-table tbody th")];
  return {
    pageWide: document.documentElement.scrollWidth > innerWidth,
    cut: scrolls.filter((s) => s.scrollWidth > s.clientWidth + 1).length,
    unlabelled: cells.filter((c) => c.tagName === "TD"
      && getComputedStyle(c, "::before").content !== JSON.stringify(c.dataset.label)).length,
    covered: under ? cells.filter((c) => {
      const r = c.getBoundingClientRect();
      return r.bottom > under.top && r.top < under.bottom
        && r.right > under.left && r.left < under.right;
    }).map((c) => c.innerText) : [],
  };
}"""


@pytest.mark.parametrize(
    ("game", "width"),
    [
        ("uppsala", 320),
        ("uppsala", 390),
        ("uppsala", 768),
        ("uppsala", 960),
        ("uppsala", 1366),
        ("uppsala", 1920),
        ("undercover", 320),
    ],
)
def test_the_end_tables_fit_the_page_and_the_chat_button_covers_no_figure(
    browser: Browser, server: str, game: str, width: int
) -> None:
    code = finished_table(server, game, 4)
    phone = width <= 900  # each row a card
    watcher = open_player(browser, f"watcher-{width}", {"width": width, "height": 800})
    page = watcher.page
    page.goto(f"{server}/?table={code}")
    page.wait_for_selector("#endgame-players tbody tr", timeout=20000)
    page.wait_for_selector("#endgame-hardest", timeout=20000)
    height = page.evaluate("() => document.documentElement.scrollHeight")
    for scroll in range(0, height, 150):
        page.evaluate(f"() => window.scrollTo(0, {scroll})")
        found = page.evaluate(FIGURES)
        assert not found["pageWide"], (scroll, found)
        assert found["cut"] == 0, (scroll, found)
        assert found["covered"] == [], (scroll, found)
        # a phone names each figure beside it; a wider page keeps the column heads
        assert found["unlabelled"] == (0 if phone else page.locator(".endgame-table td").count())
    heads = "() => document.querySelector('#endgame-players thead').getBoundingClientRect().width"
    heads_width = page.evaluate(heads)
    assert heads_width <= 1 if phone else heads_width > 200  # left for screen readers alone
    watcher.shot(f"endgame-tables-{game}-{width}")
    assert watcher.errors == []
