"""The cross family's bots by level (its ``bots`` front): the policy bots of
``geodeck.bots.cross`` and the learned bot."""

from __future__ import annotations

from geodeck.bots.base import Bot, BotOrder
from geodeck.bots.cross import CrossBot
from geodeck.bots.learned import LearnedBot, load_weights


def make_bot(order: BotOrder) -> Bot:
    """A cross-family bot (``geodeck.bots.make_bot``); it knows the cards from the deck's
    card data (``order.atlas``), by default the shipped deck of the game."""
    atlas = order.atlas
    if atlas is None:
        from geodeck.decks import shipped_deck

        atlas = shipped_deck(order.game)
    if order.level == "learned":
        return LearnedBot(order.seed, atlas, load_weights())
    return CrossBot(order.level, order.seed, atlas, order.difficulty)
