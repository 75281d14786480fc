"""``geodeck daily``: the day's challenge, the same deal for everyone (docs/daily.md),
played once per day per person; a second run shows the day's result again."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from geodeck.cli.deck.common import Lang
from geodeck.cli.errors import fail
from geodeck.cli.keyboard import Keyboard, Quit
from geodeck.cli.practice.decks import load_practice_deck
from geodeck.cli.practice.store import (
    checked_player,
    default_player,
    player_file,
    read_store,
    write_store,
)
from geodeck.decks.cards import dms
from geodeck.practice.cards import NORTH_SOUTH, WEST_EAST
from geodeck.practice.daily import Placing, Solo, daily_deal

MOVE = re.compile(r"(we|ew|w|e|ns|sn|n|s)\s*(\d+)")
LINE_OF = {"we": WEST_EAST, "ew": WEST_EAST, "w": WEST_EAST, "e": WEST_EAST}
HEADS = {WEST_EAST: "west-east (west first)", NORTH_SOUTH: "north-south (south first)"}
FIRST_DAY = datetime.date(2024, 1, 1)


def daily(
    game: Annotated[
        str, typer.Argument(metavar="GAME", help="uppsala, buxtehude, italia or world.")
    ],
    *,
    date: Annotated[
        str | None,
        typer.Option(
            metavar="YYYY-MM-DD", help="The day whose challenge to play (default: today, UTC)."
        ),
    ] = None,
    deck: Annotated[
        Path | None, typer.Option(help="Deck file to deal from; default: the game's shipped deck.")
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(help="Who plays (default: GEODECK_PLAYER or the login name)."),
    ] = None,
    lang: Annotated[Lang, typer.Option(help="Card names in en, de or it.")] = Lang.en,
) -> None:
    """The daily challenge: ten cards to place on the cross, the same for everyone today.

    Each card goes into the west-east or the north-south line at a gap (type we 2, ns 0)
    and is turned over at once. One try a day: a second run shows the day's result and
    the text to share.
    """
    day = parse_day(date)
    name = checked_player(player if player is not None else default_player())
    loaded = load_practice_deck(game, deck)
    deal = daily_deal(list(loaded.cards), day, game, loaded.hash)
    solo = Solo(deal, loaded.cards)
    path = player_file("daily", name)
    data = read_store(path)
    results = data.setdefault("results", {})
    key = f"{game}/{day.isoformat()}/{loaded.hash[:12]}"
    kept = results.get(key, {})
    solo.replay(kept.get("moves", []) if isinstance(kept, dict) else [])

    def _keep() -> None:
        results[key] = {
            "hash": loaded.hash,
            "moves": [p.to_json() for p in solo.placings],
            "score": solo.score,
            "done": solo.over,
        }
        data["player"] = name
        write_store(path, data)

    console = Console(highlight=False)
    keyboard = Keyboard(console)
    if solo.over:
        console.print(Text(f"{name} played the challenge of {day.isoformat()} already:", "bold"))
    else:
        try:
            _play(keyboard, solo, loaded.title, day, lang, _keep)
        except (Quit, EOFError):
            console.print()
            console.print(Text("Stopped: the same deal goes on where it stopped next time.", "dim"))

    if solo.over:
        console.print(table_view(solo, lang))
        console.print(Text(solo.share(game, day)))


def parse_day(text: str | None) -> datetime.date:
    today = datetime.datetime.now(datetime.UTC).date()
    if text is None:
        return today
    if not re.fullmatch(r"\d{4}-\d\d-\d\d", text.strip()):
        fail(f"--date takes a day as YYYY-MM-DD (2026-12-01), not {text!r}")
    try:
        day = datetime.date.fromisoformat(text.strip())
    except ValueError:
        fail(f"--date {text}: there is no such day")
    if day > today + datetime.timedelta(days=1):
        fail(f"--date {text}: that day's challenge is not out yet (today is {today.isoformat()})")
    if day < FIRST_DAY:
        fail(f"--date {text}: the daily challenges begin on {FIRST_DAY.isoformat()}")
    return day


def table_view(solo: Solo, lang: str) -> Table:
    """Both lines with the gaps numbered: a card typed at gap ``i`` goes before the card
    shown with ``i``."""
    table = Table(box=None, padding=(0, 3), show_edge=False)
    columns = []
    for line in (WEST_EAST, NORTH_SOUTH):
        table.add_column(HEADS[line], no_wrap=True)
        rows = []
        for gap, card_id in enumerate(solo.lines[line]):
            card = solo.cards[card_id]
            where = dms(card.lon, "E", "W") if line == WEST_EAST else dms(card.lat, "N", "S")
            style = "bold" if card_id == solo.deal.start else ""
            rows.append(Text(f"{gap:>2} ▸ {card.name_in(lang)[:18]}  {where}", style))
        rows.append(Text(f"{len(solo.lines[line]):>2} ▸ (end)", "dim"))
        columns.append(rows)
    for i in range(max(len(c) for c in columns)):
        table.add_row(*(c[i] if i < len(c) else Text("") for c in columns))
    return table


def _play(
    keyboard: Keyboard,
    solo: Solo,
    title: str,
    day: datetime.date,
    lang: str,
    keep: Callable[[], None],
) -> None:
    last: Text | None = None
    while not solo.over:
        card = solo.current
        keyboard.clear()
        head = f"{title}: the challenge of {day.isoformat()}, card {len(solo.placings) + 1} of "
        keyboard.show(Rule(Text(f"{head}{len(solo.deal.cards)} ({solo.score} right)", "bold")))
        keyboard.show(table_view(solo, lang))
        if last is not None:
            keyboard.show(last)
        question = Text("Where does ")
        question.append(card.name_in(lang), "bold yellow")
        question.append(" go? (we GAP or ns GAP): ")
        while True:
            said = keyboard.line(
                question, [("we 2", "west-east line, gap 2"), ("ns 0", "north-south line, gap 0")]
            ).lower()
            found = MOVE.fullmatch(said.strip())
            if found is None:
                keyboard.error("type the line and the gap: we 2 (west-east) or ns 0 (north-south)")
                continue
            line = LINE_OF.get(found.group(1), NORTH_SOUTH)
            gap = int(found.group(2))
            if gap > len(solo.lines[line]):
                keyboard.error(f"the {line} line has gaps 0 to {len(solo.lines[line])}")
                continue
            break
        last = _verdict(solo, solo.place(line, gap), lang)
        keep()
    if last is not None:
        keyboard.show(last)


def _verdict(solo: Solo, placing: Placing, lang: str) -> Text:
    card = solo.cards[placing.card]
    where = dms(card.lon, "E", "W") if placing.line == WEST_EAST else dms(card.lat, "N", "S")
    if placing.right:
        return Text(f"✔ {card.name_in(lang)} ({where}) is right there.", "green")
    return Text(f"✘ {card.name_in(lang)} ({where}) is wrong there: it leaves the table.", "red")
