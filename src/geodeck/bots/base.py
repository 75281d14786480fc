"""The bot interface and the simplest bot."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from geodeck.core.errors import SetupError
from geodeck.core.family import families, family_of

T = TypeVar("T")

LEVELS = ("random", "novice", "casual", "expert", "oracle", "learned")
"""``learned`` plays the cross family only (numpy only trains it); for Undercover it
plays as ``expert`` (``geodeck.bots.learned``)."""


class Bot(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` it is given: the actions are
    the game's family's own, and so is the one chosen."""

    level: str

    def choose(self, view: Mapping[str, object], legal: Sequence[Any]) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, object], legal: Sequence[T]) -> T:
        if not legal:
            raise ValueError("no legal action to choose from")
        return own_secret(legal[self.rng.randrange(len(legal))], self.rng)


def own_secret(action: T, rng: random.Random) -> T:
    """``action`` with the secret its actor adds to it, from ``rng``: an Undercover hide
    is listed without a salt (RULES.md B2.2), and a bot salts it from its own random
    numbers (``Family.own_secret``). Any other action as it is."""
    for family in families():
        action = family.own_secret(action, rng)
    return action


@dataclass(frozen=True, slots=True)
class BotOrder:
    """The bot ``make_bot`` is asked for (its arguments say what each field means)."""

    level: str
    seed: int
    game: str
    atlas: Mapping[str, Mapping[str, object]] | None
    difficulty: Mapping[str, float] | None


class BotFront(Protocol):
    """What a family's bots module (its ``bots`` front) gives."""

    def make_bot(self, order: BotOrder) -> Bot:
        """The family's bot of ``order.level``; ``random`` is never asked for."""


def make_bot(
    level: str,
    seed: int = 0,
    *,
    game: str = "uppsala",
    atlas: Mapping[str, Mapping[str, object]] | None = None,
    difficulty: Mapping[str, float] | None = None,
) -> Bot:
    """A bot of ``level`` for ``game`` with its own random numbers from ``seed``.

    ``atlas`` is the reference data the bot knows the world from: for the cross family the
    deck's card data (default: the shipped deck of ``game``); for Undercover the countries
    and questions with their data answers (default: the shipped ones). It is public
    reference material, not the game's state. ``difficulty``: the cards' rated difficulty
    by id (``geodeck.ratings.CardRatings.difficulties``), which the novice and casual
    cross-family bots know the cards by (``geodeck.bots.knowledge``); without it they go
    by the printed difficulty.
    """
    if level not in LEVELS:
        raise SetupError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    if level == "random":
        return RandomBot(seed)
    front = cast(BotFront, family_of(game).front("bots"))
    return front.make_bot(BotOrder(level, seed, game, atlas, difficulty))
