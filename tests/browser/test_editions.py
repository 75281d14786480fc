"""Every cross edition plays in the browser: one person and two bots play a game of
Buxtehude, Città d'Italia and Map It! World to its end, each in another variant and
language, and the interim scorings show their maps. The games are short deals (five cards
a stack, ``short_serve.py``) with every moment of a whole one."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests import loopback
from tests.browser.driver import (
    LAPTOP,
    PHONE,
    create_table,
    cross_step,
    open_player,
    play_out,
    save_screenshot,
)
from tests.browser.maps import scoring_map_problems

SHORT_DEALS = True  # cross games here are short deals (conftest.py, short_serve.py)

TITLES = {
    "buxtehude": "Ausgerechnet Buxtehude",
    "italia": "Città d'Italia",
    "world": "Map It! World",
}
GAME_OVER = {"en": "Game over", "de": "Spielende", "it": "Fine della partita"}


@pytest.mark.parametrize(
    ("game", "variant", "language", "screen"),
    [
        ("buxtehude", "population", "de", "laptop"),
        ("italia", "altitude", "it", "phone"),
        ("world", "geo", "en", "laptop"),
    ],
)
def test_one_person_and_two_bots_play_an_edition_to_the_end(
    server: str,
    browser: Browser,
    screenshots: Path,
    game: str,
    variant: str,
    language: str,
    screen: str,
) -> None:
    player = open_player(browser, "Ada", LAPTOP if screen == "laptop" else PHONE)
    player.page.goto(f"{server}/")
    player.page.select_option("#lang", language)
    code = create_table(
        player, server, game, variant, [("Ada", None), ("Bo", "expert"), ("Cy", "casual")]
    )
    expect(player.page.locator(".game")).to_contain_text(TITLES[game])
    info = loopback.get(f"{server}/api/tables/{code}", timeout=10).json()
    assert info["game"] == game
    assert info["variant"] == variant

    shot: list[str] = []

    def watch(_player: object, _did: str) -> None:
        if not shot and player.has("#scorings .dot"):
            shot.append(player.shot(f"edition-{game}-{screen}-scoring").name)

    play_out([player], cross_step, random.Random(11), seconds=300, watch=watch)

    expect(player.page.locator("#outcome")).to_be_visible()
    expect(player.page.locator("#outcome")).to_contain_text(GAME_OVER[language])
    expect(player.page.locator("#deal-check")).to_have_attribute("data-result", "ok")
    expect(player.page.locator("#scorings .tab").first).to_be_attached()
    # The scoring's map shows the cards of the cross at their true positions.
    expect(player.page.locator("#scorings .dot").nth(2)).to_be_attached()
    assert scoring_map_problems(player.page) == []
    scoring_shot = screenshots / f"map-scoring-{game}-{screen}.png"
    save_screenshot(player.page.locator("#scorings"), scoring_shot)
    player.shot(f"edition-{game}-{screen}-end")
    assert player.errors == []
