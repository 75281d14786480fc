"""Server bots know the table's own deck: its cards, or Undercover's countries and
questions, taken from the table's record."""

from __future__ import annotations

import json
import logging
import random

import pytest

import geodeck
from geodeck.server.bots import atlas_of, build_bot, choose
from tests.support import FIXTURES, sample_cards


def test_a_cross_bot_knows_the_tables_cards() -> None:
    cards = {f"custom-{cid}": card for cid, card in sample_cards().items()}
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=2, deck=cards)
    head = game.to_record()
    assert atlas_of(head) == cards
    bot = build_bot("expert", bytes(32), 1, "uppsala", atlas=atlas_of(head))
    assert bot.level == "expert"
    seat = game.expects().seats[0]
    legal = game.legal_actions(seat)
    assert choose(bot, game.view(seat), legal, random.Random(0)) in legal


@pytest.mark.parametrize("level", ["casual", "expert"])
def test_an_undercover_bot_knows_the_tables_countries_and_questions(
    level: str, caplog: pytest.LogCaptureFixture
) -> None:
    data = json.loads((FIXTURES / "undercover-mini.json").read_text("utf-8"))
    deck = {"countries": data["countries"], "questions": data["questions"]}
    game = geodeck.new_game("undercover", ["Ann", "Ben", "Cem"], seed=4, deck=deck)
    atlas = atlas_of(game.to_record())
    assert atlas == deck
    bots = [build_bot(level, bytes(32), seat, "undercover", atlas=atlas) for seat in range(3)]
    assert all(bot.level == level for bot in bots)
    caplog.set_level(logging.WARNING, logger="geodeck.server")
    for _ in range(60):
        if game.finished:
            break
        seat = game.expects().seats[0]
        legal = game.legal_actions(seat)
        game.apply(choose(bots[seat], game.view(seat), legal, random.Random(0)))
    assert game.version > 20
    assert not caplog.records, caplog.text
