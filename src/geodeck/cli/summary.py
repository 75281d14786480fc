"""The state a record reaches, as ``geodeck replay`` prints it: for both families."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from geodeck.core.game import Game


def render_summary(game: Game, *, title: str = "") -> RenderableType:
    """The state a record reaches: scores, the table, what comes next or who won."""
    summary = game.summary()
    if game.family == "undercover":
        lines = _undercover_summary(summary, title)
    else:
        lines = _cross_summary(summary, title)
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


def _seat_table(title: str, columns: list[str], rows: list[list[str]]) -> Table:
    table = Table(title=title or None, title_justify="left")
    table.add_column("seat")
    table.add_column("player")
    for column in columns:
        table.add_column(column, justify="right")
    for i, row in enumerate(rows):
        table.add_row(str(i), *row)
    return table


def _cross_summary(summary: dict[str, Any], title: str) -> list[RenderableType]:
    rows = [
        [s["name"], str(s["chips"]), str(s["exchanged"]), str(s["score"])] for s in summary["seats"]
    ]
    table = _seat_table(title, ["chips", "exchanged", "score"], rows)
    lines: list[RenderableType] = [table, Text(f"supply: {summary['supply']} chips")]
    for line, ids in summary["table"].items():
        lines.append(Text(f"{line}: " + " · ".join(ids)))
    lines.append(Text(f"removed: {len(summary['removed'])} cards"))
    return lines


def _undercover_summary(summary: dict[str, Any], title: str) -> list[RenderableType]:
    rows = [
        [s["name"], str(s["score"]), str(s["small"]), str(s["large"])] for s in summary["seats"]
    ]
    table = _seat_table(title, ["score", "small stones", "large stones"], rows)
    undercover = summary["seats"][summary["undercover"]]["name"]
    lines: list[RenderableType] = [
        table,
        Text(
            f"round {summary['round']}: {undercover} is undercover; "
            f"{summary['asked']} questions asked"
        ),
        Text("layout: " + " · ".join(summary["layout"])),
    ]
    for country, stones in summary["stones"].items():
        placed = ", ".join(
            f"{summary['seats'][st['seat']]['name']} ({st['size']})" for st in stones
        )
        lines.append(Text(f"stones on {country}: {placed}"))
    return lines
