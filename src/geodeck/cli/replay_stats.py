"""``geodeck replay --stats``: the statistics of ``geodeck.stats`` as sheets, each narrow
enough for 80 columns. The counting is all in ``geodeck.stats``; this module only lays
the figures out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geodeck.cli.front import cli_front
from geodeck.cli.sheet import Column, Sheet
from geodeck.core.game import Game
from geodeck.stats import game_stats


def stats_sheets(game: Game, title: str = "") -> list[Sheet]:
    """The ranking, what each seat did, and the hardest cards (or countries)."""
    stats = game_stats(game)
    head = f"{title}: " if title else ""
    sheets = [ranking_sheet(stats, f"{head}ranking" + ("" if stats["finished"] else " so far"))]
    sheets += cli_front(game.game).stats_sheets(stats, head)
    return [s for s in sheets if s.rows]


def ranking_sheet(stats: Mapping[str, Any], title: str) -> Sheet:
    sheet = Sheet(title, [Column("place", "right"), Column("player"), Column("score", "right")])
    for entry in stats["ranking"]:
        won = " (wins)" if entry["winner"] else ""
        sheet.add(str(entry["place"]), entry["name"] + won, str(entry["score"]))
    return sheet
