"""The toy family's statistics: the stones left."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geodeck.core.game import Game


def family_stats(game: Game, view: Mapping[str, Any]) -> dict[str, Any]:
    return {"pile": view["pile"]}
