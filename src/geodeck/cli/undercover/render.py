"""Rich renderings of Undercover in Europa for the terminal.

Everything drawn here comes from one view (``game.view(seat)``): the shared screen is drawn
from the spectator's view, a private screen from the undercover seat's. Only that seat's
view holds the hidden country (``hidden``) and the data's answers (``hint``), so a shared
screen cannot show them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from geodeck.cli.screens import Beside, Spread, first_fitting, room, shorten

ANSWER_WORDS = {
    "yes": ("yes", "bold green"),
    "no": ("no", "bold red"),
    "probably": ("probably", "green"),
    "probably_not": ("probably not", "red"),
    "not_sure": ("not sure", "yellow"),
}
SEAT_COLOURS = ("red", "yellow", "green", "blue", "magenta", "cyan")
"""The colour of each seat's guess stones (the box has six sets)."""
SMALL, LARGE = "●", "◉"
NUMBER = "bold cyan"
NAME = "bold"
DIM = "dim"
SECRET = "bold magenta"
CARD_WIDTH = 25
CARDS_ACROSS = 4
QUESTION_LINES = 12


@functools.cache
def _groups() -> dict[str, dict[str, str]]:
    """The colour groups of the shipped country cards: display colour and name."""
    from geodeck.decks.undercover import undercover_document

    try:
        colours = undercover_document().get("colours", {})
    except Exception:
        return {}
    return {key: dict(value) for key, value in colours.items() if isinstance(value, dict)}


def group_style(colour: str) -> str:
    hexcode = _groups().get(colour, {}).get("hex", "")
    return hexcode if hexcode.startswith("#") and len(hexcode) == 7 else "white"


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    return str(view["seats"][seat]["name"])


def seat_text(view: Mapping[str, Any], seat: int) -> Text:
    return Text(seat_name(view, seat), seat_style(seat))


def answer_text(answer: str | None) -> Text:
    if answer is None:
        return Text("…", DIM)
    word, style = ANSWER_WORDS.get(answer, (answer, NAME))
    return Text(word, style)


def number_text(value: Any) -> str:
    if not isinstance(value, int | float):
        return "?"
    if float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:,.2f}".rstrip("0")


def flagged(card: Mapping[str, Any]) -> str:
    flag = card.get("flag_emoji")
    return f"{flag} {card['name']}" if isinstance(flag, str) and flag else str(card["name"])


def short_names(view: Mapping[str, Any]) -> list[str]:
    """A short tag per seat for the stones on a card: the first three letters of the name;
    where those would clash, its first letter and the number in the name (``Bot 2
    (casual)``: ``B2``) or else the seat number."""
    names = [str(seat["name"]) for seat in view["seats"]]
    tags = [name[:3] for name in names]
    out = []
    for seat, (name, tag) in enumerate(zip(names, tags, strict=True)):
        number = re.search(r"\d+", name)
        clash = tags.count(tag) > 1
        out.append(f"{name[:1]}{number.group() if number else seat + 1}" if clash else tag)
    return out if len(set(out)) == len(out) else [f"{n[:1]}{i + 1}" for i, n in enumerate(names)]


def initials(view: Mapping[str, Any]) -> list[str]:
    """A tag per seat as short as can be: the first letter of the name, or where those
    clash, the short tags of ``short_names``."""
    first = [str(seat["name"])[:1] for seat in view["seats"]]
    return first if len(set(first)) == len(first) else short_names(view)


def stones_text(
    view: Mapping[str, Any],
    stones: Sequence[Mapping[str, Any]],
    *,
    short: bool = False,
    marks: bool = False,
    tags: Sequence[str] | None = None,
) -> Text:
    """``Ann ●● Ben ◉``: the stones on one country, grouped by seat in the order placed
    (``short``: ``Ann●● Ben3●◉ B1:4●`` with short tags and counts, or with ``tags`` of
    one's own; ``marks``: ``●●◉`` alone)."""
    by_seat: dict[int, list[str]] = {}
    for stone in stones:
        by_seat.setdefault(stone["seat"], []).append(stone["size"])
    if tags is None:
        tags = short_names(view) if short else [str(seat["name"]) for seat in view["seats"]]
    out = Text()
    for seat, sizes in by_seat.items():
        if out:
            out.append(" ")
        if not marks:
            out.append(tags[seat], seat_style(seat))
        if not short and not marks:
            out.append(" ")
        if short:
            small = sizes.count("small")
            dots = f"{small}{SMALL}" if small > 2 else SMALL * small
            if small > 2 and not marks and tags[seat][-1:].isdigit():
                dots = ":" + dots  # B1:4● rather than B14●
            out.append(dots + LARGE * sizes.count("large"), seat_style(seat))
        else:
            out.append("".join(LARGE if s == "large" else SMALL for s in sizes), seat_style(seat))
    return out


def stones_in_hand(seat: Mapping[str, Any]) -> Text:
    style = seat_style(seat["seat"])
    out = Text(SMALL * seat["small"], style)
    out.append(" " * (5 - seat["small"]))
    out.append(" ")
    out.append(LARGE if seat["large"] else " ", style)
    return out


# -- the country cards ---------------------------------------------------------------------


@dataclass
class CountryCards:
    """The laid-out countries as cards in rows: number, flag, name, capital, vehicle code,
    area and population with their world ranks, colour group, and the stones on each."""

    view: Mapping[str, Any]
    cards: Sequence[Mapping[str, Any]]
    stones: Mapping[str, Sequence[Mapping[str, Any]]]
    mark: str | None = None
    """The country to single out: the hiding place (a private screen, or after the reveal)."""
    mark_label: str = "★"

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

    def card(self, number: int, card: Mapping[str, Any], width: int) -> list[Text]:
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
        on = self.stones.get(card["id"], [])
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


def _rank(rank: Any) -> Text:
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


def millions(value: Any) -> str:
    """A population of a million or more in millions (``68.8 M``), else in full."""
    if isinstance(value, int | float) and value >= 1_000_000:
        return f"{value / 1_000_000:.1f} M"
    return number_text(value)


@dataclass
class CountryRows:
    """The laid-out countries one a line: a mark in the colour of the group, number, flag
    and name, capital, vehicle code, area and population with their world ranks, the colour
    group and the stones on each. Where the terminal is narrow the colour's name goes, the
    population is given in millions, the ranks go (``ROW_FORMS``); capitals and names are
    cut short only where even that does not fit."""

    view: Mapping[str, Any]
    cards: Sequence[Mapping[str, Any]]
    stones: Mapping[str, Sequence[Mapping[str, Any]]]
    mark: str | None = None
    """The country to single out: the hiding place (a private screen, or after the reveal)."""
    mark_label: str = "★"

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
        self, number: int, card: Mapping[str, Any], leave_out: Sequence[str]
    ) -> dict[str, Text]:
        colour = str(card.get("colour", ""))
        marked = card["id"] == self.mark
        on = self.stones.get(card["id"], [])
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
    view: Mapping[str, Any],
    cards: Sequence[Mapping[str, Any]],
    stones: Mapping[str, Sequence[Mapping[str, Any]]],
    mark: str | None = None,
    mark_label: str = "★",
    *,
    rows: bool = False,
) -> CountryCards | CountryRows:
    """The countries as cards, or one a line (``rows``)."""
    kind = CountryRows if rows else CountryCards
    return kind(view, cards, stones, mark, mark_label)


# -- the table -----------------------------------------------------------------------------


def header(view: Mapping[str, Any]) -> Spread:
    """The game, the round and the questions on one line, in fewer words where it is
    narrow."""
    title, variant = Text(view["title"], "bold"), view["variant"]
    rounds = f"round {view['round']} of {view['rounds']}"
    if view["outcome"] is not None:
        done = Text("the game is over", DIM)
        return Spread([(Text.assemble(title, f"  ·  {variant}  ·  {rounds}"), done)])
    asked = Text.assemble("question ", (str(len(view["questions"])), NAME), " of 12")
    pile = Text.assemble(" · ", (str(view["questions_left"]), NAME), " in the pile")
    return Spread(
        [
            (Text.assemble(title, f"  ·  {variant}  ·  {rounds}"), asked + pile),
            (Text.assemble(title, f" · {variant} · {rounds}"), asked + pile),
            (Text.assemble(title, f" · {rounds}"), asked + pile),
            (Text.assemble(title, f" · {rounds}"), asked),
            (Text(rounds), asked),
        ]
    )


def commitment_line(view: Mapping[str, Any], *, cut: bool = False) -> Text:
    """Who is undercover, and the commitment to the country (``cut``: on one line, the
    commitment cut short where the line is too narrow for it)."""
    if view["commitment"] is None:
        return Text.assemble(
            seat_text(view, view["undercover"]), " is undercover, choosing a country in secret…"
        )
    line = Text.assemble(
        seat_text(view, view["undercover"]),
        " is undercover · commitment ",
        (view["commitment"], "bold yellow"),
    )
    if cut:
        line.no_wrap, line.overflow = True, "ellipsis"
    return line


def _answer_cell(view: Mapping[str, Any], question: Mapping[str, Any]) -> Text:
    reader = question["reader"]
    short = re.sub(r" \([a-z]+\)$", "", seat_name(view, reader))
    out = Text.assemble((short, seat_style(reader)), " → ")
    if question["answer"] is not None:
        out.append_text(answer_text(question["answer"]))
    elif question["about"] == "seeker" and question["seeker"] is None:
        out.append("names X", DIM)
    else:
        out.append("…", DIM)
    return out


def _hint_cell(question: Mapping[str, Any]) -> Text:
    if "hint" not in question:
        return Text("")
    word, _ = ANSWER_WORDS.get(question["hint"], (question["hint"], ""))
    return Text(f"data: {word}", SECRET)


def guesses_after_answer(view: Mapping[str, Any]) -> Text | None:
    """The stones placed and passes since the latest answer, from the history."""
    history = view["history"]
    start = None
    for index in range(len(history) - 1, -1, -1):
        kind = history[index]["event"]
        if kind == "answer":
            start = index + 1
            break
        if kind in ("question", "round", "reveal"):
            return None
    if start is None:
        return None
    names = {card["id"]: str(card["name"]) for card in view["layout"]}
    parts: list[Text] = []
    for event in history[start:]:
        if event["event"] == "stone":
            mark = LARGE if event["size"] == "large" else SMALL
            where = names.get(event["country"], event["country"])
            parts.append(Text.assemble(seat_text(view, event["seat"]), f" {mark} {where}"))
        elif event["event"] == "pass":
            parts.append(Text.assemble(seat_text(view, event["seat"]), " passes"))
    return Text("  ·  ").join(parts) if parts else None


def questions_grid(
    view: Mapping[str, Any], limit: int = QUESTION_LINES, *, compact: bool = False
) -> Table:
    """The questions turned over this round, X named, who read them and the answers; under
    the current one, the stones placed since its answer. The undercover player's own view
    adds the data's answer for the hidden country. ``compact`` leaves out the line that
    counts the earlier questions not shown."""
    questions = view["questions"]
    current = view["question"]
    private = view["hidden"] is not None
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, justify="right")
    grid.add_column(ratio=1)
    grid.add_column(no_wrap=True)
    if private:
        grid.add_column(no_wrap=True)
    shown = questions[-limit:] if limit > 0 else []
    if len(shown) < len(questions) and not compact:
        hidden = len(questions) - len(shown)
        grid.add_row("", Text(f"… {hidden} earlier question{'s' if hidden > 1 else ''}", DIM))
    for question in shown:
        is_current = current is not None and question["number"] == current["number"]
        row: list[RenderableType] = [
            Text(("▶ " if is_current else "") + f"{question['number']}.", NUMBER),
            Text(question["reads"], NAME if is_current else ""),
            _answer_cell(view, question),
        ]
        if private:
            row.append(_hint_cell(question))
        grid.add_row(*row)
        if is_current:
            guesses = guesses_after_answer(view)
            if guesses is not None:
                grid.add_row("", guesses)
    if not questions:
        grid.add_row("", Text("No question yet this round.", DIM))
    return grid


def questions_panel(view: Mapping[str, Any], limit: int = QUESTION_LINES) -> Panel:
    """``questions_grid`` in a panel headed with the round."""
    return Panel(
        questions_grid(view, limit),
        title=f"Round {view['round']}: questions and answers",
        title_align="left",
        border_style="blue",
    )


def scores_table(
    view: Mapping[str, Any], *, marked: Sequence[int] = (), hand: bool = True
) -> Table:
    """Per seat: role, stones in hand, points in every round so far and in total."""
    table = Table(
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=0,
        caption="points per round (– undercover)",
        caption_justify="left",
        caption_style=DIM,
    )
    table.add_column("", width=1)
    table.add_column("player", no_wrap=True)
    if hand:
        table.add_column("in hand", no_wrap=True)
    rounds = view["rounds"]
    for number in range(1, rounds + 1):
        table.add_column(str(number), justify="right")
    table.add_column("total", justify="right")
    results = view["results"]
    for seat in view["seats"]:
        index = seat["seat"]
        cells: list[RenderableType] = [
            Text("▶", "bold green") if index in marked else "",
            seat_text(view, index),
        ]
        if hand:
            undercover_now = index == view["undercover"] and view["outcome"] is None
            cells.append(Text("undercover", SECRET) if undercover_now else stones_in_hand(seat))
        for number in range(1, rounds + 1):
            if number <= len(results):
                result = results[number - 1]
                if result["undercover"] == index:
                    cells.append(Text("–", DIM))
                else:
                    points = result["points"][index]
                    cells.append(Text(str(points), NAME if points else DIM))
            else:
                cells.append(Text("·", DIM))
        cells.append(Text(str(seat["score"]), "bold green"))
        table.add_row(*cells)
    return table


def scores_line(view: Mapping[str, Any], *, marked: Sequence[int] = ()) -> Text:
    """The scores in a line: ``▶Ben ●●●●◉ 3 · Cem ●●●●● 0 · Ann undercover 2``."""
    out = Text()
    for seat in view["seats"]:
        index = seat["seat"]
        if out:
            out.append(" · ", DIM)
        if index in marked:
            out.append("▶", "bold green")
        out.append_text(seat_text(view, index))
        if index == view["undercover"] and view["outcome"] is None:
            out.append(" undercover", SECRET)
        else:
            style = seat_style(index)
            out.append(" " + SMALL * seat["small"] + (LARGE if seat["large"] else ""), style)
        out.append(f" {seat['score']}", "bold green")
    return out


def who_line(view: Mapping[str, Any], *, cut: bool = False) -> Text:
    """On a private screen, whose it is and where they hide; else who is undercover."""
    hidden = view["hidden"]
    if hidden is not None:
        return Text.assemble(
            ("🔒 Private screen of ", SECRET),
            seat_text(view, view["seat"]),
            (": you are hiding in ", SECRET),
            (country_name(view["layout"], hidden["country"]), "bold reverse magenta"),
        )
    if view["seat"] is not None and view["seat"] == view["undercover"]:
        return Text.assemble(
            ("🔒 Private screen of ", SECRET),
            seat_text(view, view["seat"]),
            (": choose the country you hide in", SECRET),
        )
    return commitment_line(view, cut=cut)


def short_header(view: Mapping[str, Any]) -> Spread:
    """The header with who is undercover in it (or, on a private screen, where the player
    hides), for the barest form of the table."""
    hidden = view["hidden"]
    if hidden is not None:
        who = Text.assemble(
            ("🔒 you hide in ", SECRET),
            (country_name(view["layout"], hidden["country"]), "bold reverse magenta"),
        )
    elif view["seat"] is not None and view["seat"] == view["undercover"]:
        who = Text("🔒 choose where you hide", SECRET)
    else:
        who = Text.assemble(seat_text(view, view["undercover"]), " is undercover")
    rounds = f" · round {view['round']} of {view['rounds']}"
    asked = Text.assemble("question ", (str(len(view["questions"])), NAME), " of 12")
    pile = Text.assemble(" · ", (str(view["questions_left"]), NAME), " in the pile")
    return Spread([(who + rounds, asked + pile), (who + rounds, asked), (who, asked)])


CARDS, ROWS, COMPACT, BARE = "cards", "rows", "compact", "bare"
"""The table screen's forms, the fullest first: the countries as cards; one a line with the
questions and scores in a panel and a table; without the panel, the scores in a line and
the commitment cut to a line; the header telling who is undercover, the current question
alone and no scores."""


def table_screen(
    view: Mapping[str, Any], *, questions: int = QUESTION_LINES, form: str = CARDS
) -> Group:
    """The table as the view's seat may see it: cards, stones, questions, scores."""
    hidden = view["hidden"]
    marked = view["next"]["seats"]
    if form == BARE:
        parts: list[RenderableType] = [short_header(view)]
    else:
        parts = [header(view), who_line(view, cut=form == COMPACT)]
    parts.append(
        countries(
            view,
            view["layout"],
            view["stones"],
            mark=hidden["country"] if hidden else None,
            mark_label="★ you" if form == CARDS else "★",
            rows=form != CARDS,
        )
    )
    if form == COMPACT:
        parts.append(questions_grid(view, questions, compact=True))
        parts.append(scores_line(view, marked=marked))
    elif form == BARE:
        parts.append(current_question(view))
    else:
        parts.append(legend())
        parts.append(
            Beside(
                questions_panel(view, questions),
                scores_table(view, marked=marked),
                grow="left",
            )
        )
    return Group(*parts)


def current_question(view: Mapping[str, Any]) -> Text:
    """The question turned over last and its answer so far, on a line."""
    questions = view["questions"]
    if not questions:
        return Text("No question yet this round.", DIM)
    question = questions[-1]
    out = Text.assemble((f"▶ {question['number']}. ", NUMBER), (question["reads"], NAME), "  ")
    out.append_text(_answer_cell(view, question))
    if "hint" in question:
        out.append("  ")
        out.append_text(_hint_cell(question))
    return out


def fitted_screen(
    console: Console,
    view: Mapping[str, Any],
    *,
    spare: int = 0,
    below: Sequence[RenderableType] = (),
) -> Group:
    """The fullest ``table_screen`` that fits the terminal with ``below`` (shown under it)
    and ``spare`` more lines for the prompt: with the countries as cards (from ``ROWS_BELOW``
    columns) and the question list cut down to the last three, then one country a line,
    then the compact forms down to the current question alone."""

    def screens() -> Iterator[Group]:
        forms = [(ROWS, 3), (COMPACT, 1), (BARE, 1)]
        if console.width >= ROWS_BELOW:
            forms.insert(0, (CARDS, 3))
        for form, fewest in forms:
            for count in range(QUESTION_LINES, fewest - 1, -1):
                yield table_screen(view, questions=count, form=form)

    return first_fitting(console, screens(), room(console, below, spare))


def country_name(cards: Sequence[Mapping[str, Any]], country: str) -> str:
    """The flag and name of ``country`` as its card among ``cards`` shows it (else its id)."""
    card = next((c for c in cards if c["id"] == country), None)
    return flagged(card) if card else country
