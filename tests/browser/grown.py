"""A cross grown long: the states a real table sends are rewritten on their way to the
page (Playwright's websocket routing) so that its lines hold as many cards as a test
asks, every gap of them a legal place for the drawn card. A whole deal rarely lays more than a dozen
cards on one line; the page must still show 25 of them, and the gaps between, on a phone.

Only what the page draws is changed: the lines, the cards' names and the legal gaps. The
page's own moves still go to the real table, which knows nothing of the extra cards, so a
test that grows the cross looks at the board and makes no move on it."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

from tests.browser.driver import ROOT

DATA = ROOT / "src" / "geodeck" / "decks" / "data"


LINES = ("west-east", "north-south", "column")


@cache
def deck_cards(game: str) -> dict[str, dict[str, Any]]:
    """The shipped deck's cards, by id."""
    cards: dict[str, dict[str, Any]] = json.loads((DATA / f"{game}.json").read_text())["cards"]
    return cards


Sizes = Mapping[str, int]
"""How many cards each line is to hold, by its name; a line not named keeps its cards."""


def every(n: int) -> Sizes:
    """``n`` cards on every line."""
    return dict.fromkeys(LINES, n)


def grow_view(view: dict[str, Any], sizes: Sizes) -> None:
    """Lay cards of the game's own deck on the lines, in turn west and east of the cards
    already there (south and north), until each holds as many as ``sizes`` says."""
    cards = view["cards"]
    spare = (cid for cid in sorted(deck_cards(view["game"])) if cid not in cards)
    for name, n in sizes.items():
        line = view["lines"].get(name)
        if line is None:
            continue
        while len(line) < n:
            cid = next(spare)
            card = deck_cards(view["game"])[cid]
            cards[cid] = {"id": cid, "kind": card["kind"]} | {
                key: card[key] for key in ("name", "name_de", "name_en", "name_it") if key in card
            }
            if len(line) % 2:
                line.insert(0, cid)
            else:
                line.append(cid)


def grow_state(message: dict[str, Any], sizes: Sizes) -> None:
    """A state's lines grown to ``sizes`` (in place); a placement then has every gap."""
    view = message.get("view")
    if message.get("type") != "state" or not view or "lines" not in view:
        return
    grow_view(view, sizes)
    legal = message.get("legal", [])
    places = [a for a in legal if a.get("act") == "place"]
    if places:
        seat = places[0]["seat"]
        gaps = [
            {"seat": seat, "act": "place", "line": name, "at": at}
            for name in LINES
            if name in view["lines"]
            for at in range(len(view["lines"][name]) + 1)
        ]
        message["legal"] = [a for a in legal if a.get("act") != "place"] + gaps


def rewrite_states(page: Page, change: Callable[[dict[str, Any]], None]) -> None:
    """From now on every message a table sends this page goes through ``change`` (which
    edits it in place) on its way; the page's own messages go to the table unchanged."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if isinstance(message, bytes):
                ws.send(message)
                return
            data = json.loads(message)
            change(data)
            ws.send(json.dumps(data))

        server.on_message(to_page)

    page.route_web_socket("**/ws/**", route)


def grow_cross(page: Page, sizes: Callable[[], Sizes]) -> None:
    """From now on the page sees every table's lines grown to ``sizes()`` (read as each
    message comes: change it, then reload the page)."""
    rewrite_states(page, lambda message: grow_state(message, sizes()))
