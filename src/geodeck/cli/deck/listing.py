"""``geodeck deck list``: the shipped decks, their cards counted by kind."""

from __future__ import annotations

import json
from collections import Counter
from typing import Annotated, Literal, TypedDict

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from geodeck.cli.deck.common import (
    QUESTIONS,
    UNDERCOVER,
    kind_counts,
)
from geodeck.cross.editions import EDITIONS
from geodeck.decks import SHIPPED_DECKS, shipped_deck_file, shipped_undercover
from geodeck.decks.undercover import undercover_document


class DeckSummary(TypedDict):
    """One line of ``geodeck deck list`` (and one object of its ``--json``)."""

    id: str
    title: str
    region: str
    count: int
    by: dict[str, int]
    summary: str


WIDE: tuple[Literal["id", "region", "summary", "title"], ...] = ("id", "region", "summary", "title")
"""The columns whose widths decide whether the title is shown."""


def summaries() -> list[DeckSummary]:
    """One entry per shipped deck: id, title, region, count, counts by kind and a line."""
    out: list[DeckSummary] = []
    for deck in SHIPPED_DECKS:
        data = shipped_deck_file(deck)
        by = kind_counts(data["cards"])
        total = sum(by.values())
        out.append(
            {
                "id": deck,
                "title": data["title"],
                "region": EDITIONS[deck].region,
                "count": total,
                "by": by,
                "summary": f"{total} cards: " + ", ".join(f"{n} {k}" for k, n in by.items()),
            }
        )
    document = undercover_document()
    colours = Counter(str(c["colour"]) for c in document["countries"].values())
    out.append(
        {
            "id": UNDERCOVER,
            "title": "Undercover in Europa: countries",
            "region": "Europe",
            "count": len(document["countries"]),
            "by": dict(sorted(colours.items())),
            "summary": f"{len(document['countries'])} countries in {len(colours)} colours",
        }
    )
    questions = shipped_undercover()["questions"]
    about = Counter(str(q["about"]) for q in questions.values())
    out.append(
        {
            "id": QUESTIONS,
            "title": "Undercover in Europa: questions",
            "region": "Europe",
            "count": len(questions),
            "by": {"country": about["country"], "seeker": about["seeker"]},
            "summary": f"{len(questions)} questions: {about['country']} about the country, "
            f"{about['seeker']} about a seeker",
        }
    )
    return out


def list_decks(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """The decks geodeck ships, with their cards counted by kind."""
    rows = summaries()
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    console = Console(highlight=False)
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    for column in ("deck", "region", "cards"):
        table.add_column(column, no_wrap=True)
    widths = [max(len(str(r[k])) for r in rows) + 2 for k in WIDE]
    with_title = sum(widths) <= console.width
    if with_title:
        table.add_column("title", no_wrap=True, style="dim")
    for row in rows:
        cells: list[Text | str] = [Text(row["id"], "bold"), row["region"], row["summary"]]
        table.add_row(*cells, *([row["title"]] if with_title else []))
    console.print(table)
