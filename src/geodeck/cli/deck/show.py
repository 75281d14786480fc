"""``geodeck deck show``: the cards of a deck as a table, or as JSON."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from geodeck.cli.deck.common import (
    ALL_DECKS,
    ANSWERS,
    QUESTIONS,
    UNDERCOVER,
    Lang,
    Loaded,
    kind_counts,
    load,
)
from geodeck.cross.cards import KINDS, printed_position


def _number(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.2f}"
    return f"{int(value):,}"


def _place_rows(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{"id": key, **card} for key, card in data["cards"].items()]


def _show_places(loaded: Loaded, lang: str) -> Table:
    cards: Mapping[str, Mapping[str, Any]] = loaded.data["cards"]
    numbers = [n for n in ("population", "area", "altitude") if any(n in c for c in cards.values())]
    areas = [a for a in ("land", "region") if any(a in c for c in cards.values())]
    by = kind_counts(cards)
    summary = ", ".join(f"{n} {k}" for k, n in by.items())
    table = Table(
        title=f"{loaded.data.get('title') or loaded.id}: {len(cards)} cards ({summary})",
        title_justify="left",
        header_style="bold",
        show_lines=False,
    )
    table.add_column("name")
    table.add_column("kind")
    table.add_column("country" + ("/" + "/".join(areas) if areas else ""))
    table.add_column("position", no_wrap=True)
    labels = {"population": "population", "area": "area km²", "altitude": "altitude m"}
    for n in numbers:
        table.add_column(labels[n], justify="right", no_wrap=True)
    table.add_column("diff.", justify="center")
    table.add_column("id", style="dim")

    def order(item: tuple[str, Mapping[str, Any]]) -> tuple[int, str]:
        kind = str(item[1]["kind"])
        rank = KINDS.index(kind) if kind in KINDS else len(KINDS)
        return rank, _card_name(item[1], lang).casefold()

    for key, card in sorted(cards.items(), key=order):
        name = Text(_card_name(card, lang), "bold" if card.get("capital") else "")
        where = " ".join(str(card[a]) for a in ("country", *areas) if card.get(a))
        table.add_row(
            name,
            str(card["kind"]),
            where,
            printed_position(float(card["lat"]), float(card["lon"])),
            *(_number(card.get(n)) for n in numbers),
            str(card.get("difficulty", "")),
            key,
        )
    return table


def _card_name(card: Mapping[str, Any], lang: str) -> str:
    return str(card.get(f"name_{lang}") or card.get("name") or "")


def _group_order(document: Mapping[str, Any]) -> dict[str, int]:
    countries = document["countries"].values()
    mean = {
        key: sum(float(c["capital_lon"]) for c in countries if c["colour"] == key)
        / max(1, sum(1 for c in countries if c["colour"] == key))
        for key in document["colours"]
    }
    return {key: i for i, key in enumerate(sorted(mean, key=lambda k: mean[k]))}


def _show_undercover(document: Mapping[str, Any], lang: str) -> Table:
    countries: Mapping[str, Mapping[str, Any]] = document["countries"]
    colours: Mapping[str, Mapping[str, Any]] = document["colours"]
    table = Table(
        title=f"Undercover in Europa: {len(countries)} countries in {len(colours)} colours",
        title_justify="left",
        header_style="bold",
    )
    table.add_column("country")
    table.add_column("capital")
    table.add_column("code", justify="center")
    table.add_column("area km² (rank)", justify="right", no_wrap=True)
    table.add_column("population (rank)", justify="right", no_wrap=True)
    table.add_column("colour", no_wrap=True, overflow="ellipsis")
    rank = _group_order(document)
    for c in sorted(
        countries.values(),
        key=lambda c: (rank[str(c["colour"])], _card_name(c, lang).casefold()),
    ):
        group = colours[str(c["colour"])]
        table.add_row(
            f"{c.get('flag_emoji', '')} {_card_name(c, lang)}",
            str(c.get(f"capital_{lang}") or c["capital"]),
            str(c["vehicle"]),
            f"{_number(c['area'])} ({c['area_rank']})",
            f"{_number(c['population'])} ({c['population_rank']})",
            Text.assemble(
                ("■ ", str(group["hex"])), str(group.get(f"name_{lang}") or group["name"])
            ),
        )
    return table


def _show_questions(questions: Mapping[str, Mapping[str, Any]], lang: str) -> Table:
    about = Counter(str(q["about"]) for q in questions.values())
    table = Table(
        title=f"Undercover in Europa: {len(questions)} questions, {about['country']} about "
        f"the country, {about['seeker']} about a seeker (X)",
        title_justify="left",
        header_style="bold",
    )
    table.add_column("id", no_wrap=True)
    table.add_column("question", ratio=3)
    for answer in ANSWERS[:3]:
        table.add_column(answer.replace("_", " "), ratio=2)
    table.add_column("no", justify="right")
    for key, q in sorted(questions.items()):
        text = str(q.get(f"text_{lang}") or q["text"])
        answers: Mapping[str, str] = q.get("answers") or {}
        if not answers:
            table.add_row(key, text, Text("about a seeker: no fixed answer", "dim"), "", "", "")
            continue
        codes = {a: sorted(c for c, v in answers.items() if v == a) for a in ANSWERS}
        table.add_row(
            key,
            text,
            *(" ".join(codes[a]) for a in ANSWERS[:3]),
            f"{len(codes['no'])} others" if codes["no"] else "",
        )
    return table


def json_items(loaded: Loaded) -> list[dict[str, Any]]:
    """The deck as one list of objects, each with its ``id`` and every field."""
    if loaded.kind == UNDERCOVER:
        return [{"id": code, **c} for code, c in loaded.data["countries"].items()]
    if loaded.kind == QUESTIONS:
        return [{"id": key, **q} for key, q in loaded.data["questions"].items()]
    return _place_rows(loaded.data)


def show(
    deck: Annotated[
        str,
        typer.Argument(
            metavar="DECK",
            help=f"{', '.join(ALL_DECKS)}, or a deck file.",
            show_default=False,
        ),
    ],
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the names.")] = Lang.en,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the cards as one JSON array.")
    ] = False,
) -> None:
    """The cards of a deck: names, kinds, positions as printed, numbers, difficulty."""
    loaded = load(deck)
    if as_json:
        typer.echo(json.dumps(json_items(loaded), ensure_ascii=False, indent=1))
        return
    if loaded.kind == UNDERCOVER:
        table = _show_undercover(loaded.data, lang.value)
    elif loaded.kind == QUESTIONS:
        table = _show_questions(loaded.data["questions"], lang.value)
    else:
        table = _show_places(loaded, lang.value)
    Console(highlight=False).print(table)
