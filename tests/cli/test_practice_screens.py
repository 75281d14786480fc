"""The practice and daily screens fit a terminal of 80x24 (docs/practice.md)."""

from __future__ import annotations

import datetime
import io

import pytest
from rich.console import Console, RenderableType
from rich.rule import Rule

from geodeck.cli.practice.daily import table_view
from geodeck.cli.practice.screens import answer_screen, question_text, stats_screen
from geodeck.decks import SHIPPED_DECKS, shipped_deck
from geodeck.practice import Round, deck_hash, practice_cards
from geodeck.practice.boxes import Progress
from geodeck.practice.daily import Solo, daily_deal
from geodeck.practice.maps import extent_of


def height(*things: RenderableType) -> int:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    for thing in things:
        console.print(thing)
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert all(len(line) <= 80 for line in lines)
    return len(lines)


@pytest.mark.parametrize("game", SHIPPED_DECKS)
def test_a_question_with_the_last_answer_fits(game: str) -> None:
    cards = practice_cards(shipped_deck(game))
    places = [(c.lat, c.lon) for c in cards.values()]
    practice = Round(list(cards.values()), seed="fit")
    answer = practice.answer(practice.question().truth())
    screen = answer_screen(answer, extent_of(places), places)
    question = question_text(practice.question(), 2)
    assert height(Rule("header"), screen, question) + 1 <= 24  # and the prompt


def test_a_full_daily_table_fits() -> None:
    raw = shipped_deck("world")
    cards = practice_cards(raw)
    solo = Solo(daily_deal(list(cards), datetime.date(2026, 12, 1), "world", deck_hash(raw)), cards)
    while len(solo.placings) < 9:
        value = solo.current.values["west-east"]
        line = solo.lines["west-east"]
        solo.place("west-east", sum(solo.cards[c].values["west-east"] < value for c in line))
    assert height(Rule("header"), table_view(solo, "en"), "verdict", "question") <= 24


def test_the_stats_of_a_deck_fit() -> None:
    cards = practice_cards(shipped_deck("uppsala"))
    progress = Progress()
    progress.start()
    for number, card in enumerate(cards.values()):
        progress.record(card, right=number % 3 != 0)
    places = [(c.lat, c.lon) for c in cards.values()]
    assert height(stats_screen("Ausgerechnet Uppsala (geo)", progress, places)) <= 24
