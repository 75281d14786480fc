"""The state a record reaches, as ``geodeck replay`` prints it: for both families, with the
cards and countries by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from geodeck.cli.front import cli_front
from geodeck.core.game import Game


def summary_of(game: Game) -> dict[str, Any]:
    """The state as ``geodeck replay --json`` prints it (RECORDS.md, Replaying): whether it
    is finished, the family's own keys, who is to move next and the winners."""
    state = cli_front(game.game).summary(game)
    outcome = game.outcome()
    expects = game.expects()
    return {
        "finished": outcome is not None,
        **state,
        "next": {"seats": list(expects.seats), "expects": expects.kind},
        "winners": list(outcome.winners) if outcome else [],
    }


def names_of(game: Game) -> dict[str, str]:
    """The display name of every card (cross) or country (Undercover) the record holds,
    by id."""
    record = game.to_record()
    items: Mapping[str, Mapping[str, object]] = record.get("cards") or record.get("countries") or {}
    return {key: str(item.get("name") or key) for key, item in items.items()}


def render_summary(game: Game, *, title: str = "") -> RenderableType:
    """The state a record reaches: scores, the table, what comes next or who won."""
    summary = summary_of(game)
    names = names_of(game)
    lines = cli_front(game.game).summary_lines(summary, title, names)
    if summary["finished"]:
        winners = [summary["seats"][w]["name"] for w in summary["winners"]]
        lines.append(
            Text(
                "finished; "
                + ("winner: " if len(winners) == 1 else "winners: ")
                + ", ".join(winners)
            )
        )
    else:
        nxt = summary["next"]
        who = ", ".join(summary["seats"][s]["name"] for s in nxt["seats"])
        lines.append(Text(f"next: {who} to {nxt['expects']}"))
    return Group(*lines)


def seat_table(title: str, columns: list[str], rows: list[list[str]]) -> Table:
    table = Table(title=title or None, title_justify="left")
    table.add_column("seat")
    table.add_column("player")
    for column in columns:
        table.add_column(column, justify="right")
    for i, row in enumerate(rows):
        table.add_row(str(i + 1), *row)
    return table
