"""The lobby lists a public table opened in another browser and the tables this browser
sits at; players chat at the table, one mutes another, an emote goes across, a spectator
writes where the table allows (docs/protocol.md, Open tables and Chat; docs/browser.md)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from geodeck.server.tokens import normal_code
from tests.browser.driver import DESKTOP, PHONE, Player, open_player, save_screenshot


def open_public_table(ann: Player, base: str) -> str:
    """Ann opens a two-seat Uppsala table in the lobby, listed, where spectators write too."""
    page = ann.page
    page.goto(f"{base}/")
    page.locator("label.game-uppsala").click()
    page.select_option("[data-seat-kind='1']", "human")
    while page.locator(".seat-row").count() > 2:
        page.locator(".seat-row .icon-button").last.click()
    page.fill("[data-seat-name='0']", "Ann")
    page.locator("#public").check()
    page.select_option("#chat-mode", "everyone")
    page.locator("#create-table").click()
    page.wait_for_selector("#waiting")
    return normal_code(page.inner_text("#table-code"))


def take_seat(ben: Player, base: str, code: str) -> None:
    ben.page.goto(f"{base}/?table={code}")
    ben.page.fill("#join-name", "Ben")
    ben.page.locator("[data-join-seat='1']").click()
    expect(ben.page.locator(".game")).to_be_visible()


def chat_line(page: Page, text: str) -> None:
    page.locator("#chat-input").fill(text)
    page.locator("#chat-send").click()


def test_the_lobby_lists_a_public_table_and_my_tables(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    code = open_public_table(ann, server)

    ben = open_player(browser, "Ben", PHONE)
    ben.page.goto(f"{server}/")
    listed = ben.page.locator(f"#open-tables li[data-code='{code}']")
    expect(listed).to_be_visible()
    expect(listed).to_contain_text("Ausgerechnet Uppsala")
    expect(listed).to_contain_text("1 of 2 seats free")
    ben.shot("lobby-open-tables-phone")
    cem = open_player(browser, "Cem", DESKTOP)
    cem.page.goto(f"{server}/")
    expect(cem.page.locator(f"#open-tables li[data-code='{code}']")).to_be_visible()
    cem.shot("lobby-open-tables-desktop")

    listed.locator("button").click()
    ben.page.fill("#join-name", "Ben")
    ben.page.locator("[data-join-seat='1']").click()
    expect(ben.page.locator(".game")).to_be_visible()

    # Back in the lobby: the table is no longer open, and it is among Ann's tables.
    ann.page.goto(f"{server}/")
    mine = ann.page.locator(f"#my-playing li[data-mine='{code}']")
    expect(mine).to_be_visible()
    expect(mine).to_contain_text("Playing")
    expect(ann.page.locator(f"#open-tables li[data-code='{code}']")).to_have_count(0)
    ann.shot("lobby-my-tables-desktop")
    ann.page.locator(f"[data-forget='{code}']").click()
    expect(mine).to_have_count(0)
    assert ann.page.evaluate(f"localStorage.getItem('geodeck.seat.{code}')") is None
    for player in (ann, ben, cem):
        assert player.errors == [], player.errors


def test_players_chat_mute_and_wave(server: str, browser: Browser, screenshots: Path) -> None:
    ann = open_player(browser, "Ann", DESKTOP)
    code = open_public_table(ann, server)
    ben = open_player(browser, "Ben", PHONE)
    take_seat(ben, server, code)
    expect(ann.page.locator(".game")).to_be_visible()

    # Ann writes; Ben reads it as text, markup and all.
    ann.page.locator("#chat-toggle").click()
    chat_line(ann.page, "Hello <b>Ben</b>")
    expect(ben.page.locator("#chat-unread")).to_have_text("1")
    ben.page.locator("#chat-toggle").click()
    line = ben.page.locator(".chat-line[data-seat='0'] .chat-text")
    expect(line).to_have_text("Hello <b>Ben</b>")
    expect(ben.page.locator(".chat-lines b")).to_have_count(0)

    # Ben waves; Ann sees the emote.
    ben.page.locator("[data-emote='wave']").click()
    expect(ann.page.locator(".chat-line.is-emote[data-seat='1']")).to_contain_text("waves")

    # A spectator may write at this table, and gets the lines so far.
    cem = open_player(browser, "Cem", DESKTOP)
    cem.page.goto(f"{server}/?table={code}&watch")
    cem.page.locator("#chat-toggle").click()
    expect(cem.page.locator(".chat-line")).to_have_count(2)
    chat_line(cem.page, "from the rail")
    expect(ann.page.locator(".chat-line[data-seat='spectators']")).to_contain_text("Spectator")

    # Ann mutes Ben: his next line is hidden from her, and stays so after a reload.
    ann.page.locator("[data-mute='1']").click()
    chat_line(ben.page, "a line Ann does not see")
    expect(ben.page.locator(".chat-line.own").last).to_contain_text("a line Ann does not see")
    expect(ann.page.locator("#chat-hidden")).to_be_visible()
    expect(ann.page.locator(".chat-lines")).not_to_contain_text("a line Ann does not see")
    ann.page.reload()
    ann.page.locator("#chat-toggle").click()
    expect(ann.page.locator("[data-mute='1']")).to_have_attribute("aria-pressed", "true")
    expect(ann.page.locator("#chat-hidden")).to_be_visible()
    expect(ann.page.locator(".chat-line[data-seat='0']")).to_have_count(1)
    ann.shot("table-chat-desktop")
    ben.shot("table-chat-phone")
    save_screenshot(ben.page, screenshots / "table-chat-phone-screen.png")

    # The saved chat holds every line, the muted ones too.
    with ann.page.expect_download() as download:
        ann.page.locator("#chat-save").click()
    saved = Path(download.value.path()).read_text("utf-8")
    assert "Ann: Hello <b>Ben</b>" in saved
    assert "a line Ann does not see" in saved
    for player in (ann, ben, cem):
        assert player.errors == [], player.errors


def test_the_lobby_explains_tables_codes_bots_and_seats(server: str, browser: Browser) -> None:
    ben = open_player(browser, "Ben", PHONE)
    page = ben.page
    page.goto(f"{server}/")
    page.locator("#help-open").click()
    dialog = page.locator("#help")
    expect(dialog).to_be_visible()
    expect(page.locator("#help-title")).to_have_text("How tables work")
    expect(dialog.locator(".help-section")).to_have_count(5)
    expect(dialog.locator("#help-seats")).to_contain_text("seat 1 begins")
    ben.shot("lobby-help-phone")
    page.locator("#help-close").click()
    expect(dialog).not_to_be_visible()
    page.select_option("#lang", "it")
    page.locator("#help-open").click()
    expect(page.locator("#help-title")).to_have_text("Come funzionano i tavoli")
    expect(dialog.locator("#help-bots")).to_contain_text("Oracolo")
    assert ben.errors == []
