"""The maps at the browser table: the Undercover board at laptop and phone size (no band
across it, codes that neither cover each other nor leave the map, micro-states that can be
tapped) and, in the cross games' tests, the scoring maps."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import DESKTOP, PHONE, create_table, open_player
from tests.browser.maps import label_count, map_problems


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_undercover_board_map_is_readable_and_every_country_can_be_tapped(
    server: str, browser: Browser, screenshots: Path, screen: str
) -> None:
    ann = open_player(browser, "Ann", DESKTOP if screen == "desktop" else PHONE)
    create_table(
        ann, server, "undercover", "standard", [("Ann", None), ("Bea", "casual"), ("Cy", "casual")]
    )
    page = ann.page
    expect(page.locator(".europe-map path.laid")).to_have_count(16)
    # Every laid-out country has its code on the map, and the map is whole (Russia's far
    # east once came back as a band along the top).
    assert label_count(page, ".europe-map .codes") == 16
    assert map_problems(page, ".europe-map", whole=True) == []
    # The micro-states are dots on the map, and buttons of at least 44 by 44 px in the list
    # under it.
    ids = "els => els.map(e => e.dataset.country)"
    tiny = page.eval_on_selector_all(".europe-map .mark.tiny", ids)
    listed = page.eval_on_selector_all(".micro-pick", ids)
    assert sorted(tiny) == sorted(listed)
    for button in page.locator(".micro-pick").all():
        box = button.bounding_box()
        assert box is not None
        assert box["width"] >= 44
        assert box["height"] >= 44
    if listed:
        page.locator(".micro-pick").first.click()
        expect(page.locator("#hide-confirm")).to_be_in_viewport()
    else:
        page.locator(".can-hide button.country-card").last.click()
        expect(page.locator("#hide-confirm")).to_be_in_viewport()
    ann.shot(f"undercover-{screen}-board")
    map_shot = screenshots / f"map-undercover-{screen}.png"
    page.locator(".uc-board .map-frame").screenshot(path=str(map_shot))
    assert ann.errors == []
