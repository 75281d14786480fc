"""The laid-out countries on the terminal: as cards in rows, or one a line where it is
narrow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from geodeck.cli.screens import shorten
from geodeck.cli.undercover.words import (
    CARD_WIDTH,
    CARDS_ACROSS,
    DIM,
    LARGE,
    NAME,
    NUMBER,
    SECRET,
    SMALL,
    flagged,
    group_style,
    initials,
    millions,
    number_text,
    stones_text,
)
from geodeck.undercover.shapes import StoneOn, UndercoverView


@dataclass
class Countries:
    """The laid-out countries with the stones on each, as the two forms below draw them."""

    view: UndercoverView
    cards: Sequence[Mapping[str, object]]
    stones: Mapping[str, Sequence[StoneOn]]
    mark: str | None = None
    """The country to single out: the hiding place (a private screen, or after the reveal)."""
    mark_label: str = "★"


@dataclass
class CountryCards(Countries):
    """The laid-out countries as cards in rows: number, flag, name, capital, vehicle code,
    area and population with their world ranks, colour group, and the stones on each."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        across = max(1, min(CARDS_ACROSS, width // CARD_WIDTH))
        card_width = max(12, width // across)
        cards = [self.card(n, card, card_width) for n, card in enumerate(self.cards, 1)]
        for first in range(0, len(cards), across):
            row = cards[first : first + across]
            for line in range(max(len(card) for card in row)):
                out = Text()
                for card in row:
                    out.append_text(card[line] if line < len(card) else Text(" " * card_width))
                yield out

    def card(self, number: int, card: Mapping[str, object], width: int) -> list[Text]:
        """One card as lines of text, its border in the colour of its group (doubled
        for the marked country)."""
        inner = width - 4
        marked = card["id"] == self.mark
        colour = str(card.get("colour", ""))
        border = ("bold " if marked else "") + group_style(colour)
        corners = "╔═╗║╚╝" if marked else "╭─╮│╰╯"
        rows: list[tuple[Text, Text]] = []
        vehicle = str(card.get("vehicle", ""))
        rows.append(
            (
                Text(shorten(str(card.get("capital", "")), max(4, inner - len(vehicle) - 1))),
                Text(vehicle, "bold reverse"),
            )
        )
        if "area" in card:
            rows.append((Text(f"{number_text(card['area'])} km²"), _rank(card.get("area_rank"))))
        if "population" in card:
            rows.append(
                (
                    Text(f"{number_text(card['population'])} inh."),
                    _rank(card.get("population_rank")),
                )
            )
        title = Text.assemble(
            (f"{number}", NUMBER), " ", (shorten(flagged(card), max(4, inner - 4)), NAME)
        )
        on = self.stones.get(str(card["id"]), [])
        subtitle = (
            stones_text(self.view, on, short=True)
            if on
            else Text(colour, f"italic {group_style(colour)}")
        )
        if marked:
            subtitle = (
                Text.assemble((self.mark_label, SECRET), " ", subtitle)
                if on
                else Text(self.mark_label, SECRET)
            )
        title.truncate(width - 6, overflow="ellipsis")
        subtitle.truncate(width - 6, overflow="ellipsis")
        line = corners[1]
        top = Text.assemble((corners[0] + line + " ", border), title)
        top.append(" " + line * (width - top.cell_len - 2) + corners[2], border)
        lines = [top]
        for left, right in rows:
            left.truncate(max(1, inner - right.cell_len - 1), overflow="ellipsis")
            gap = " " * max(1, inner - left.cell_len - right.cell_len)
            lines.append(
                Text.assemble(
                    (corners[3] + " ", border), left, gap, right, (" " + corners[3], border)
                )
            )
        bottom = Text(corners[4] + line * (width - subtitle.cell_len - 5) + " ", border)
        bottom.append_text(subtitle)
        bottom.append(" " + line + corners[5], border)
        lines.append(bottom)
        return lines


def _rank(rank: object) -> Text:
    return Text(f"#{rank}", DIM) if isinstance(rank, int) else Text("")


def legend() -> Text:
    return Text.assemble(
        (SMALL, NAME),
        " small stone, 1 point · ",
        (LARGE, NAME),
        " large stone, 2 points · #: rank among all countries of the world",
        style=DIM,
    )


# -- the countries one a line --------------------------------------------------------------

ROWS_BELOW = 120
"""Below this many columns the countries are shown one a line, not as cards."""


@dataclass
class Column:
    """A column of ``CountryRows``: a key of the cells, where the text sits, the spaces
    before it."""

    key: str
    right: bool = False
    gap: int = 2


COLUMNS = (
    Column("mark", gap=0),
    Column("number", right=True, gap=0),
    Column("name", gap=1),
    Column("capital"),
    Column("vehicle"),
    Column("area", right=True),
    Column("area_rank", gap=1),
    Column("population", right=True),
    Column("population_rank", gap=1),
    Column("colour"),
    Column("stones"),
)
ROW_FORMS = (
    ("long",),
    ("long", "colour"),
    ("short", "colour"),
    ("short", "colour", "area_rank", "population_rank"),
    ("short", "colour", "area_rank", "population_rank", "inh."),
    ("short", "colour", "area_rank", "population_rank", "inh.", "tight"),
    ("short", "colour", "area_rank", "population_rank", "inh.", "tight", "initials"),
)
"""What each narrower form leaves out: the colour group's name (the mark at the start of
the line keeps its colour), then the population's digits (``short``: in millions), then
the ranks, then the population's unit (the area keeps its ``km²``, which tells the two
numbers apart), then a space between columns, then all but the first letter of the names
by the stones."""
SHORTEST = {"capital": 8, "name": 10}
"""Where no form fits, capitals and then names are cut, down to this many cells."""


@dataclass
class CountryRows(Countries):
    """The laid-out countries one a line: a mark in the colour of the group, number, flag
    and name, capital, vehicle code, area and population with their world ranks, the colour
    group and the stones on each. Where the terminal is narrow the colour's name goes, the
    population is given in millions, the ranks go (``ROW_FORMS``); capitals and names are
    cut short only where even that does not fit."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for leave_out in ROW_FORMS:
            rows = [self.cells(n, card, leave_out) for n, card in enumerate(self.cards, 1)]
            tight = "tight" in leave_out
            if self.width(rows, tight) <= width:
                yield from self.lines(rows, tight)
                return
        for key, shortest in SHORTEST.items():
            longest = max(row[key].cell_len for row in rows)
            over = self.width(rows, tight) - width
            if over <= 0:
                break
            for row in rows:
                row[key].truncate(max(shortest, longest - over), overflow="ellipsis")
        yield from self.lines(rows, tight)

    def cells(
        self, number: int, card: Mapping[str, object], leave_out: Sequence[str]
    ) -> dict[str, Text]:
        colour = str(card.get("colour", ""))
        marked = card["id"] == self.mark
        on = self.stones.get(str(card["id"]), [])
        tags = initials(self.view) if "initials" in leave_out else None
        stones = stones_text(self.view, on, short=True, tags=tags)
        if marked:
            stones = Text.assemble((self.mark_label, SECRET), " " if on else "", stones)
        population = card.get("population")
        shown = {
            "mark": Text("▌", group_style(colour)),
            "number": Text(str(number), NUMBER),
            "name": Text(flagged(card), "bold reverse magenta" if marked else NAME),
            "capital": Text(str(card.get("capital", ""))),
            "vehicle": Text(str(card.get("vehicle", "")), "bold reverse"),
            "area": Text(f"{number_text(card['area'])} km²") if "area" in card else Text(""),
            "area_rank": _rank(card.get("area_rank")),
            "population": Text(
                (millions(population) if "short" in leave_out else number_text(population))
                + ("" if "inh." in leave_out else " inh.")
            )
            if population is not None
            else Text(""),
            "population_rank": _rank(card.get("population_rank")),
            "colour": Text(colour, f"italic {group_style(colour)}"),
            "stones": stones,
        }
        return {key: Text("") if key in leave_out else text for key, text in shown.items()}

    @staticmethod
    def width(rows: Sequence[Mapping[str, Text]], tight: bool = False) -> int:
        total = 0
        for column in COLUMNS:
            widest = max((row[column.key].cell_len for row in rows), default=0)
            if widest:
                total += widest + (min(1, column.gap) if tight else column.gap)
        return total

    @staticmethod
    def lines(rows: Sequence[Mapping[str, Text]], tight: bool = False) -> list[Text]:
        widths = {c.key: max((row[c.key].cell_len for row in rows), default=0) for c in COLUMNS}
        out = []
        for row in rows:
            line = Text()
            for column in COLUMNS:
                widest = widths[column.key]
                if not widest:
                    continue
                cell = row[column.key]
                pad = " " * (widest - cell.cell_len)
                line.append(" " * (min(1, column.gap) if tight else column.gap))
                line.append_text(Text(pad) + cell if column.right else cell + Text(pad))
            line.rstrip()
            out.append(line)
        return out


def countries(
    view: UndercoverView,
    cards: Sequence[Mapping[str, object]],
    stones: Mapping[str, Sequence[StoneOn]],
    mark: str | None = None,
    mark_label: str = "★",
    *,
    rows: bool = False,
) -> CountryCards | CountryRows:
    """The countries as cards, or one a line (``rows``)."""
    kind = CountryRows if rows else CountryCards
    return kind(view, cards, stones, mark, mark_label)
