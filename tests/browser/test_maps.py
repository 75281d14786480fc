"""The maps at the browser table: the Undercover board at laptop and phone size (no band
across it, codes that neither cover each other nor leave the map, micro-states that can be
tapped) and, in the cross games' tests, the scoring maps."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import DESKTOP, PHONE, create_table, open_player, save_screenshot
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
    save_screenshot(page.locator(".uc-board .map-frame"), map_shot)
    assert ann.errors == []


# Piombino's label first (a wrong card chooses first), then Pontedera's, on a map too narrow
# for either to go beside its dot: Pontedera's may only go below Piombino's.
CROWDED = """async () => {
  const { placeLabels } = await import('/js/labels.js');
  const dot = (x, y) => ({ x0: x - 7, x1: x + 7, y0: y - 7, y1: y + 7 });
  const items = [
    { x: 100, y: 45, text: 'Piombino 21 m', size: 20, weight: 600, gap: 8, card: 'piombino' },
    { x: 100, y: 20, text: 'Pontedera 14 m', size: 20, weight: 600, gap: 8, card: 'pontedera' },
  ];
  const placed = placeLabels(items, [dot(100, 45), dot(100, 20)], 200, 200);
  const reach = (b, p) => Math.hypot(Math.max(b.x0 - p.x, 0, p.x - b.x1),
    Math.max(b.y0 - p.y, 0, p.y - b.y1));
  return placed.map((label) => {
    const other = items.find((item) => item.card !== label.card);
    return {
      card: label.card,
      joined: label.moved,
      nearer: reach(label.box, other) < reach(label.box, label),
    };
  });
}"""


def test_a_label_beside_another_dot_is_joined_to_its_own(server: str, browser: Browser) -> None:
    """A label nearer another card's dot than its own would read as that card's: it goes
    where it is nearest its own, or a line joins it to its own dot."""
    ann = open_player(browser, "Ann", PHONE)
    ann.page.goto(f"{server}/")
    labels = ann.page.evaluate(CROWDED)
    assert [label["card"] for label in labels] == ["piombino", "pontedera"]
    for label in labels:
        assert label["joined"] or not label["nearer"], label
    assert ann.errors == []
