"""The bot interface and the simplest bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from geodeck.core.errors import SetupError

LEVELS = ("random", "novice", "casual", "expert", "oracle")


class Bot(Protocol):
    """Chooses one of ``legal`` for the seat whose ``view`` it is given."""

    level: str

    def choose(self, view: dict[str, Any], legal: Sequence[Any]) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Any]) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]


def make_bot(level: str, seed: int = 0, *, game: str = "uppsala") -> Bot:
    """A bot of ``level`` for ``game`` with its own random numbers from ``seed``."""
    if level not in LEVELS:
        raise SetupError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    return RandomBot(seed)
