"""The toy family's bots: every level takes as many stones as it may, up to two."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geodeck.bots.base import Bot, BotOrder


class Greedy:
    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        return legal[-1]


def make_bot(order: BotOrder) -> Bot:
    return Greedy(order.level)
