"""What happened in a game, counted from what a spectator sees: the ranking, what each
seat did, and the hardest cards (docs/stats.md).

Pure: no IO. The counts are read off ``Game.view(None)``, whose history is public once the
game has ended; on a game still in progress they cover what has been shown so far, and a
card still on the table counts as neither right nor wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, cast

from geodeck.core.family import family_of
from geodeck.core.game import Game
from geodeck.stats.ranking import ranking

__all__ = ["game_stats", "ranking"]


class StatsFront(Protocol):
    """What a family's stats module (its ``stats`` front) gives."""

    def family_stats(self, game: Game, view: Mapping[str, object]) -> Mapping[str, object]:
        """The family's own statistics of ``game``, from its spectator's ``view``."""


def game_stats(game: Game) -> dict[str, Any]:
    """The statistics of ``game``, JSON-ready (docs/stats.md)."""
    view = game.view(None)
    front = cast(StatsFront, family_of(game.game).front("stats"))
    body = front.family_stats(game, view)
    scores = [s["score"] for s in view["seats"]]
    names = [s["name"] for s in view["seats"]]
    return {
        "game": game.game,
        "family": game.family,
        "variant": game.variant,
        "finished": game.finished,
        "ranking": ranking(names, scores, finished=game.finished),
        **body,
    }
