"""``geodeck deck show``: the cards of a deck as a table, or as JSON."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any

import typer
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
from geodeck.cli.deck.difficulty import given_ratings, local_ratings, rated_cell
from geodeck.cli.errors import fail
from geodeck.cli.sheet import Column, Sheet
from geodeck.cli.sheet import show as show_sheet
from geodeck.decks.cards import KINDS, printed_position
from geodeck.ratings import CardRatings


def _number(value: float | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.2f}"
    return f"{int(value):,}"


def _place_rows(data: Mapping[str, Any]) -> list[dict[str, object]]:
    return [{"id": key, **card} for key, card in data["cards"].items()]


def _show_places(loaded: Loaded, lang: str, rated: CardRatings, *, narrow: bool = False) -> Sheet:
    """The place cards, one row each, with the printed difficulty and the one ``rated``
    from this machine's games and practice (with its number of answers); ``narrow``: in
    fewer, taller columns (the id, kind and difficulties under the name, the region under
    the country, the position on two lines)."""
    cards: Mapping[str, Mapping[str, Any]] = loaded.data["cards"]
    numbers = [n for n in ("population", "area", "altitude") if any(n in c for c in cards.values())]
    areas = [a for a in ("land", "region") if any(a in c for c in cards.values())]
    by = kind_counts(cards)
    summary = ", ".join(f"{n} {k}" for k, n in by.items())
    labels = {"population": "population", "area": "area km²", "altitude": "altitude m"}
    gap = "\n" if narrow else " "
    if narrow:
        labels = {"population": "population", "area": "area\nkm²", "altitude": "altitude\nm"}
    words = [w for key, c in cards.items() for w in (key, *_card_name(c, lang).split())]
    sheet = Sheet(
        f"{loaded.data.get('title') or loaded.id}: {len(cards)} cards ({summary})",
        [
            Column(
                "name\nid · kind · diff." if narrow else "name",
                max_width=max(12, *map(len, words)) if narrow else None,
            ),
            *([] if narrow else [Column("kind")]),
            Column(gap.join(("country", *areas)) if narrow else "/".join(("country", *areas))),
            Column("position", wrap=False),
            *(Column(labels[n], "right", wrap=False) for n in numbers),
            *(
                []
                if narrow
                else [
                    Column("diff.", "center", wrap=False),
                    Column("rated", "center", wrap=False),
                    Column("id", style="dim"),
                ]
            ),
        ],
    )

    def order(item: tuple[str, Mapping[str, object]]) -> tuple[int, str]:
        kind = str(item[1]["kind"])
        rank = KINDS.index(kind) if kind in KINDS else len(KINDS)
        return rank, _card_name(item[1], lang).casefold()

    for key, card in sorted(cards.items(), key=order):
        name = Text(_card_name(card, lang), "bold" if card.get("capital") else "")
        kind, difficulty = str(card["kind"]), str(card.get("difficulty", ""))
        found = rated_cell(rated, key)
        if narrow:
            name.append(f"\n{key} · {kind} · {difficulty}", "dim")
            if found:
                name.append(f" · rated {found}", "dim")
        where = gap.join(str(card[a]) for a in ("country", *areas) if card.get(a))
        position = printed_position(float(card["lat"]), float(card["lon"]))
        sheet.add(
            name,
            *([] if narrow else [kind]),
            where,
            position.replace(", ", gap if narrow else ", "),
            *(_number(card.get(n)) for n in numbers),
            *([] if narrow else [difficulty, found, key]),
        )
    return sheet


def _card_name(card: Mapping[str, object], lang: str) -> str:
    return str(card.get(f"name_{lang}") or card.get("name") or "")


def _group_order(document: Mapping[str, Any]) -> dict[str, int]:
    countries = document["countries"].values()
    mean = {
        key: sum(float(c["capital_lon"]) for c in countries if c["colour"] == key)
        / max(1, sum(1 for c in countries if c["colour"] == key))
        for key in document["colours"]
    }
    return {key: i for i, key in enumerate(sorted(mean, key=lambda k: mean[k]))}


def _show_undercover(document: Mapping[str, Any], lang: str, *, narrow: bool = False) -> Sheet:
    """The countries, one row each, with the year of each population figure; ``narrow``:
    the ranks under the numbers."""
    countries: Mapping[str, Mapping[str, Any]] = document["countries"]
    colours: Mapping[str, Mapping[str, Any]] = document["colours"]
    gap = "\n" if narrow else " "
    sheet = Sheet(
        f"Undercover in Europa: {len(countries)} countries in {len(colours)} colours",
        [
            Column("country"),
            Column("capital"),
            Column("code", "center", wrap=False),
            Column(f"area km²{gap}(rank)", "right", wrap=False),
            Column(f"population{gap}(rank)", "right", wrap=False),
            Column("year", "right", wrap=False),
            Column("colour"),
        ],
    )
    rank = _group_order(document)
    for c in sorted(
        countries.values(),
        key=lambda c: (rank[str(c["colour"])], _card_name(c, lang).casefold()),
    ):
        group = colours[str(c["colour"])]
        sheet.add(
            f"{c.get('flag_emoji', '')} {_card_name(c, lang)}".strip(),
            str(c.get(f"capital_{lang}") or c["capital"]),
            str(c["vehicle"]),
            f"{_number(c['area'])}{gap}({c['area_rank']})",
            f"{_number(c['population'])}{gap}({c['population_rank']})",
            str(c.get("population_year") or ""),
            Text.assemble(
                ("■ ", str(group["hex"])), str(group.get(f"name_{lang}") or group["name"])
            ),
        )
    return sheet


def _show_questions(questions: Mapping[str, Mapping[str, Any]], lang: str) -> Sheet:
    about = Counter(str(q["about"]) for q in questions.values())
    sheet = Sheet(
        f"Undercover in Europa: {len(questions)} questions, {about['country']} about "
        f"the country, {about['seeker']} about a seeker (X)",
        [
            Column("id", wrap=False),
            Column("question"),
            *(Column(answer.replace("_", " ")) for answer in ANSWERS[:3]),
            Column("no", "right"),
        ],
    )
    for key, q in sorted(questions.items()):
        text = str(q.get(f"text_{lang}") or q["text"])
        answers: Mapping[str, str] = q.get("answers") or {}
        if not answers:
            sheet.add(key, text, Text("about a seeker: no fixed answer", "dim"), "", "", "")
            continue
        codes = {a: sorted(c for c, v in answers.items() if v == a) for a in ANSWERS}
        sheet.add(
            key,
            text,
            *(" ".join(codes[a]) for a in ANSWERS[:3]),
            f"{len(codes['no'])} others" if codes["no"] else "",
        )
    return sheet


def json_items(loaded: Loaded) -> list[dict[str, object]]:
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
    ratings: Annotated[
        str | None,
        typer.Option(
            "--ratings",
            metavar="URL-or-FILE",
            help="Take the rated column from a server (its base URL) or a ratings file.",
        ),
    ] = None,
) -> None:
    """The cards of a deck: names, kinds, positions as printed, numbers, difficulty.

    Next to the printed difficulty, "rated" is the difficulty found from this machine's
    saved games and practice answers (docs/ratings.md), with the number of answers; with
    --ratings, the one a server found from every game and practice answer there.

    On a terminal the table wraps to its width; into a file or a pipe it is plain text, one
    line per card, nothing cut.
    """
    loaded = load(deck)
    if as_json:
        typer.echo(json.dumps(json_items(loaded), ensure_ascii=False, indent=1))
        return
    narrow = None
    if loaded.kind == UNDERCOVER:
        sheet = _show_undercover(loaded.data, lang.value)
        narrow = _show_undercover(loaded.data, lang.value, narrow=True)
    elif loaded.kind == QUESTIONS:
        sheet = _show_questions(loaded.data["questions"], lang.value)
    else:
        rated = _rated(loaded, deck, ratings)
        sheet = _show_places(loaded, lang.value, rated)
        narrow = _show_places(loaded, lang.value, rated, narrow=True)
    show_sheet(sheet, narrow=narrow)


def _rated(loaded: Loaded, deck: str, source: str | None) -> CardRatings:
    """The rated column: this machine's, or a server's or file's (``--ratings``)."""
    if source is None:
        return local_ratings(loaded.data["cards"])
    try:
        return given_ratings(source, deck if deck in ALL_DECKS else None)
    except ValueError as err:
        fail(f"--ratings {err}")
