"""What happened in a game, counted from what a spectator sees: the ranking, what each
seat did, and the hardest cards (docs/stats.md).

Pure: no IO. The counts are read off ``Game.view(None)``, whose history is public once the
game has ended; on a game still in progress they cover what has been shown so far, and a
card still on the table counts as neither right nor wrong.
"""

from __future__ import annotations

from typing import Any

from geodeck.core.game import Game
from geodeck.stats.cross import cross_stats
from geodeck.stats.ranking import ranking
from geodeck.stats.undercover import undercover_stats
from geodeck.undercover.game import UndercoverGame

__all__ = ["game_stats", "ranking"]


def game_stats(game: Game) -> dict[str, Any]:
    """The statistics of ``game``, JSON-ready (docs/stats.md)."""
    view = game.view(None)
    if isinstance(game, UndercoverGame):
        countries = {code: country.name for code, country in game.countries.items()}
        body = undercover_stats(view, countries)
    else:
        body = cross_stats(view)
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
