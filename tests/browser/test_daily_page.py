"""The Daily page (docs/daily.md, docs/browser.md): a day's challenge played in the
browser to the end gives the grid the engine's ``Solo`` gives for the same moves, the
day's scores show the player's own among them (in English, German and Italian), a reload
does not play the day again, and the shared link replays the result. The lobby shows each
bot level's rating and the player's level."""

from __future__ import annotations

import datetime
import re

from playwright.sync_api import Browser, expect

from geodeck.decks import shipped_deck_file
from geodeck.practice.cards import deck_hash, practice_cards
from geodeck.practice.daily import Solo, daily_deal
from geodeck.ratings import bot_rating
from tests.browser.driver import DESKTOP, PHONE, open_player

DAY = datetime.date(2026, 11, 30)


def expected(game: str, day: datetime.date, moves: list[list[object]]) -> Solo:
    cards = shipped_deck_file(game)["cards"]
    solo = Solo(daily_deal(list(cards), day, game, deck_hash(cards)), practice_cards(cards))
    solo.replay(moves)
    return solo


SPILLED = """() => [...document.querySelectorAll('.daily-lines *')].filter((el) => {
  const r = el.getBoundingClientRect(), q = el.parentElement.getBoundingClientRect();
  return r.width > 0 && (r.right > q.right + 1 || r.left < q.left - 1);
}).map((el) => el.className + ': ' + el.textContent)"""
"""What in the lines reaches out of its parent (a long card name pushing a line past its
panel, off a phone's screen)."""


PLACE = {
    "en": "You: {score}/10. Better: 0 · the same: 0 · fewer right: 0",
    "de": "Du: {score}/10. Besser: 0 · gleich: 0 · weniger richtig: 0",
    "it": "Tu: {score}/10. Meglio: 0 · uguale: 0 · meno giuste: 0",
}
"""The place of the only result of the day, in each language."""


def test_a_daily_challenge_is_played_shared_and_kept(browser: Browser, server: str) -> None:
    today = datetime.datetime.now(datetime.UTC).date()  # the day the server always takes
    for viewport, game, line in ((DESKTOP, "uppsala", "w"), (PHONE, "world", "n")):
        tag = f"{viewport['width']}x{viewport['height']}"
        ann = open_player(browser, "Ann", viewport)
        page = ann.page
        page.goto(server + "/")
        page.fill("#nickname", f"Ann {tag}")
        page.locator("#nickname").dispatch_event("change")
        expect(page.locator("#me")).to_be_visible()
        ann.shot(f"daily-lobby-{tag}")
        page.goto(f"{server}/?daily={game}&date={today.isoformat()}")
        expect(page.locator("#daily-current")).to_be_visible()
        moves: list[list[object]] = []
        for n in range(10):
            if n == 3:
                ann.shot(f"daily-playing-{tag}")
            gap = 1 if n % 2 else 0
            assert page.evaluate(SPILLED) == [], (tag, n)
            page.locator(f'[data-gap="{line}{gap}"]').click()
            moves.append(["west-east" if line == "w" else "north-south", gap])
        solo = expected(game, today, moves)
        expect(page.locator("#daily-grid")).to_have_text(solo.grid())
        mine = page.locator(".daily-bar.mine")
        expect(mine).to_have_attribute("data-score", str(solo.score))
        expect(mine.locator(".daily-bar-count")).to_have_text("1")
        expect(page.locator(".daily-bar")).to_have_count(11)
        expect(page.locator("#daily-board")).not_to_contain_text("Ann")
        expect(page.locator("#daily-window")).to_contain_text("(UTC)")
        for language in ("de", "it", "en"):
            page.select_option("#lang", language)
            place = PLACE[language].format(score=solo.score)
            expect(page.locator("#daily-place")).to_have_text(place)
        share = page.locator("#daily-share").input_value()
        assert share.splitlines()[1:3] == solo.grid().splitlines()
        link = share.splitlines()[-1]
        day = today.isoformat()
        assert re.fullmatch(rf"http://[^ ]+/\?daily={game}&date={day}&moves=[wn0-9.]+", link)
        ann.shot(f"daily-result-{tag}")

        page.reload()
        expect(page.locator("#daily-grid")).to_have_text(solo.grid())
        expect(page.locator(".gap-button:not([disabled])")).to_have_count(0)

        ben = open_player(browser, "Ben", viewport)
        ben.page.goto(link)
        expect(ben.page.locator("#daily-grid")).to_have_text(solo.grid())
        expect(ben.page.locator("#daily-result")).to_contain_text("replayed")
        assert ann.errors == []
        assert ben.errors == []


def test_an_old_day_is_played_but_not_counted(browser: Browser, server: str) -> None:
    """DAY has ended everywhere: its challenge plays as ever, and the page says the result
    is not among the day's scores (daily/closed) rather than a refusal."""
    ann = open_player(browser, "Ann", DESKTOP)
    page = ann.page
    page.goto(f"{server}/?daily=italia&date={DAY.isoformat()}")
    expect(page.locator("#daily-current")).to_be_visible()
    for _ in range(10):
        page.locator('[data-gap="w0"]').click()
    expect(page.locator("#daily-place")).to_contain_text("is not among the day’s scores")
    expect(page.locator(".daily-bar.mine .daily-bar-count")).to_have_text("0")
    page.reload()  # not sent again
    expect(page.locator("#daily-place")).to_contain_text("is not among the day’s scores")
    expect(page.locator("#toast.toast-error.show")).to_have_count(0)
    # the one refusal, as the browser logs it, and nothing else
    assert ann.errors == [
        "Failed to load resource: the server responded with a status of 409 (Conflict)"
    ]


def test_the_lobby_shows_the_bot_levels_ratings(browser: Browser, server: str) -> None:
    new = open_player(browser, "New", DESKTOP)
    new.page.goto(server + "/")
    picker = new.page.locator('[data-seat-kind="1"]')
    expect(picker).to_be_visible()
    options = picker.locator("option").all_inner_texts()
    novice = bot_rating("uppsala", "novice").shown()
    assert any(f"Novice ({novice}) · your level" == o.split(": ", 1)[-1] for o in options), options
    assert sum("your level" in o for o in options) == 1
    expect(new.page.locator("#level-hint")).to_contain_text(f"Novice ({novice})")
    expect(new.page.locator('#me [data-family="cross"]')).to_contain_text("not rated yet")
    assert new.errors == []


def test_a_long_name_stays_inside_its_line_on_a_phone(browser: Browser, server: str) -> None:
    """A day whose start card has a long name (the longest of the 90 days before today,
    all out): on a phone nothing in the two lines reaches past its panel."""
    cards = shipped_deck_file("uppsala")["cards"]
    today = datetime.datetime.now(datetime.UTC).date()
    days = [today - datetime.timedelta(days=n) for n in range(1, 91)]
    deals = {day: daily_deal(list(cards), day, "uppsala", deck_hash(cards)) for day in days}
    day = max(days, key=lambda d: len(deals[d].start))
    assert len(deals[day].start) >= 18, deals[day].start
    ann = open_player(browser, "Ann", PHONE)
    page = ann.page
    page.goto(f"{server}/?daily=uppsala&date={day.isoformat()}")
    expect(page.locator("#daily-current")).to_be_visible()
    for n in range(3):
        assert page.evaluate(SPILLED) == [], n
        page.locator(f'[data-gap="w{n % 2}"]').click()
    assert page.evaluate(SPILLED) == []
    ann.shot("daily-long-name-phone")
