"""Rich renderings of games for the terminal."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from geodeck.core.game import Game


def render_summary(game: Game, *, title: str = "") -> RenderableType:
    """The state a record reaches: chips, table, removed cards, what comes next or who won."""
    summary = game.summary()
    seats = Table(title=title or None, title_justify="left")
    seats.add_column("seat")
    seats.add_column("player")
    seats.add_column("chips", justify="right")
    seats.add_column("exchanged", justify="right")
    seats.add_column("score", justify="right")
    for i, seat in enumerate(summary["seats"]):
        seats.add_row(
            str(i), seat["name"], str(seat["chips"]), str(seat["exchanged"]), str(seat["score"])
        )
    lines: list[RenderableType] = [seats, Text(f"supply: {summary['supply']} chips")]
    for line, ids in summary["table"].items():
        lines.append(Text(f"{line}: " + " · ".join(ids)))
    lines.append(Text(f"removed: {len(summary['removed'])} cards"))
    if summary["finished"]:
        names = [summary["seats"][w]["name"] for w in summary["winners"]]
        lines.append(
            Text("finished; " + ("winner: " if len(names) == 1 else "winners: ") + ", ".join(names))
        )
    else:
        nxt = summary["next"]
        who = ", ".join(summary["seats"][s]["name"] for s in nxt["seats"])
        lines.append(Text(f"next: {who} to {nxt['expects']}"))
    return Group(*lines)
