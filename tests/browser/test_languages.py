"""The browser table in German and Italian: the questions of Undercover are read in the
page's language (the cards carry their text in each), and switching the language midway
turns the question on screen with it."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

from playwright.sync_api import Browser

from tests.browser.driver import LAPTOP, create_table, open_player


def texts(language: str) -> list[re.Pattern[str]]:
    """Each question as it may be read in ``language``: X stands for a seeker's name."""
    data = json.loads(
        (resources.files("geodeck") / "decks" / "data" / "questions.json").read_text("utf-8")
    )
    return [
        re.compile(re.escape(q[f"text_{language}"]).replace("X", r"\w+"))
        for q in data["questions"].values()
    ]


def test_questions_are_read_in_the_page_s_language(
    server: str, browser: Browser, screenshots: Path
) -> None:
    ann = open_player(browser, "Ann", LAPTOP)
    ann.page.goto(f"{server}/")
    ann.page.select_option("#lang", "de")
    create_table(
        ann,
        server,
        "undercover",
        "standard",
        [("Ann", None), ("Bea", "casual"), ("Cy", "casual"), ("Dan", "casual")],
    )
    # Ann (seat 0) is the first round's undercover player: she picks and confirms.
    ann.page.locator(".can-hide button.country-card").first.click()
    ann.page.locator("#hide-confirm").click()
    question = ann.page.locator(".question-card .q-text").first
    question.wait_for(timeout=20000)
    german = question.inner_text()
    assert any(p.fullmatch(german) for p in texts("de")), german
    assert not any(p.fullmatch(german) for p in texts("en")), german
    ann.shot("undercover-laptop-de")

    ann.page.select_option("#lang", "it")
    italian = ann.page.locator(".question-card .q-text").first.inner_text()
    assert any(p.fullmatch(italian) for p in texts("it")), italian
    assert ann.errors == []
