"""The state a record reaches, as ``geodeck replay`` prints it: for both families, with the
cards and countries by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from geodeck.core.game import Game
from geodeck.cross.game import CrossGame
from geodeck.undercover.game import UndercoverGame
from geodeck.undercover.view import stones_of


def summary_of(game: Game) -> dict[str, Any]:
    """The state as ``geodeck replay --json`` prints it (RECORDS.md, Replaying): whether it
    is finished, the family's own keys, who is to move next and the winners."""
    if isinstance(game, UndercoverGame):
        state = undercover_state(game)
    elif isinstance(game, CrossGame):
        state = cross_state(game)
    else:
        raise TypeError(f"no summary for a {game.family} game")
    outcome = game.outcome()
    expects = game.expects()
    return {
        "finished": outcome is not None,
        **state,
        "next": {"seats": list(expects.seats), "expects": expects.kind},
        "winners": list(outcome.winners) if outcome else [],
    }


def cross_state(game: CrossGame) -> dict[str, Any]:
    """A cross game's own keys of its summary: the seats' chips, the table, the removed."""
    chips = game.chips
    return {
        "seats": [
            {
                "name": name,
                "chips": chips.hands[i],
                "exchanged": len(chips.exchanged[i]),
                "score": chips.score(i),
            }
            for i, name in enumerate(game.seats)
        ],
        "supply": chips.supply,
        "table": {line: list(ids) for line, ids in game.table.lines.items()},
        "removed": list(game.removed),
    }


def undercover_state(game: UndercoverGame) -> dict[str, Any]:
    """An Undercover game's own keys of its summary: the round, the seats, the board."""
    r = game.round
    return {
        "round": r.number,
        "undercover": r.undercover,
        "asked": len(r.asked),
        "seats": [
            {"name": name, "score": game.scores[i], "small": game.small[i], "large": game.large[i]}
            for i, name in enumerate(game.seats)
        ],
        "layout": list(r.layout),
        "stones": stones_of(game),
    }


def names_of(game: Game) -> dict[str, str]:
    """The display name of every card (cross) or country (Undercover) the record holds,
    by id."""
    record: dict[str, Any] = game.to_record()
    items: Mapping[str, Mapping[str, Any]] = record.get("cards") or record.get("countries") or {}
    return {key: str(item.get("name") or key) for key, item in items.items()}


def render_summary(game: Game, *, title: str = "") -> RenderableType:
    """The state a record reaches: scores, the table, what comes next or who won."""
    summary = summary_of(game)
    names = names_of(game)
    if game.family == "undercover":
        lines = _undercover_lines(summary, title, names)
    else:
        lines = _cross_lines(summary, title, names)
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


def _seat_table(title: str, columns: list[str], rows: list[list[str]]) -> Table:
    table = Table(title=title or None, title_justify="left")
    table.add_column("seat")
    table.add_column("player")
    for column in columns:
        table.add_column(column, justify="right")
    for i, row in enumerate(rows):
        table.add_row(str(i + 1), *row)
    return table


def _cross_lines(
    summary: dict[str, Any], title: str, names: Mapping[str, str]
) -> list[RenderableType]:
    rows = [
        [s["name"], str(s["chips"]), str(s["exchanged"]), str(s["score"])] for s in summary["seats"]
    ]
    table = _seat_table(title, ["chips", "exchanged", "score"], rows)
    lines: list[RenderableType] = [table, Text(f"supply: {summary['supply']} chips")]
    for line, ids in summary["table"].items():
        lines.append(Text(f"{line}: " + " · ".join(names.get(i, i) for i in ids)))
    lines.append(Text(f"removed: {len(summary['removed'])} cards"))
    return lines


def _undercover_lines(
    summary: dict[str, Any], title: str, names: Mapping[str, str]
) -> list[RenderableType]:
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
        Text("layout: " + " · ".join(names.get(c, c) for c in summary["layout"])),
    ]
    for country, stones in summary["stones"].items():
        placed = ", ".join(
            f"{summary['seats'][st['seat']]['name']} ({st['size']})" for st in stones
        )
        lines.append(Text(f"stones on {names.get(country, country)}: {placed}"))
    return lines
