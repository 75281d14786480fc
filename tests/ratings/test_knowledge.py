"""The novice and casual bots know the cards by their rated difficulty when it is given
(docs/bots.md, docs/ratings.md)."""

from __future__ import annotations

import pytest

from geodeck.bots import make_bot
from geodeck.bots.cross import CrossBot
from geodeck.bots.knowledge import Knowledge, rated_obscurity
from geodeck.decks import shipped_deck


def test_rated_obscurity_meets_the_printed_points() -> None:
    assert [rated_obscurity(d) for d in (1.0, 2.0, 3.0)] == pytest.approx([0.6, 1.0, 1.6])
    assert rated_obscurity(2.5) == pytest.approx(1.3)
    assert rated_obscurity(-10.0) == pytest.approx(0.2)


def test_a_card_rated_harder_is_known_less_well() -> None:
    atlas = shipped_deck("uppsala")
    card = next(k for k, c in atlas.items() if c.get("difficulty") == 2)
    for level in ("novice", "casual"):
        plain = Knowledge(atlas, level, 7).belief(card, "west-east")[1]
        hard = Knowledge(atlas, level, 7, {card: 3.5}).belief(card, "west-east")[1]
        easy = Knowledge(atlas, level, 7, {card: 0.5}).belief(card, "west-east")[1]
        assert easy < plain < hard


def test_without_ratings_the_beliefs_are_as_before() -> None:
    atlas = shipped_deck("uppsala")
    cards = list(atlas)[:20]
    before = Knowledge(atlas, "novice", 3)
    after = Knowledge(atlas, "novice", 3, {})
    assert [before.belief(c, "north-south") for c in cards] == [
        after.belief(c, "north-south") for c in cards
    ]


def test_expert_and_oracle_ignore_the_ratings() -> None:
    atlas = shipped_deck("uppsala")
    card = next(iter(atlas))
    for level in ("expert", "oracle"):
        plain = Knowledge(atlas, level, 1).belief(card, "west-east")
        rated = Knowledge(atlas, level, 1, {card: 3.5}).belief(card, "west-east")
        assert plain == rated


def test_make_bot_passes_the_ratings_on() -> None:
    atlas = shipped_deck("uppsala")
    card = next(iter(atlas))
    bot = make_bot("casual", 5, atlas=atlas, difficulty={card: 3.0})
    assert isinstance(bot, CrossBot)
    assert bot.knowledge.rated == {card: 3.0}
