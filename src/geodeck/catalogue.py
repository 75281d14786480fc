"""The games geodeck plays, as one list for whoever offers them (``geodeck about``, the
server's ``/api/games`` and through it the browser's lobby)."""

from __future__ import annotations

from dataclasses import dataclass

from geodeck.cross import editions
from geodeck.undercover import variants


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    title: str
    family: str
    """``cross`` or ``undercover``."""
    region: str
    variants: tuple[str, ...]
    """The first is the default."""
    players: tuple[int, int]
    """The fewest and the most players."""


def catalogue() -> list[GameInfo]:
    """Every game, the four cross editions first."""
    games = [
        GameInfo(e.id, e.title, "cross", e.region, e.all_variants, editions.PLAYERS)
        for e in editions.EDITIONS.values()
    ]
    games.append(
        GameInfo(
            variants.GAME,
            variants.TITLE,
            "undercover",
            variants.REGION,
            tuple(variants.VARIANTS),
            variants.PLAYERS,
        )
    )
    return games
