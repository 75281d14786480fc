"""Rich renderings of Undercover in Europa for the terminal.

Everything drawn here comes from one view (``game.view(seat)``): the shared screen is drawn
from the spectator's view, a private screen from the undercover seat's. Only that seat's
view holds the hidden country (``hidden``) and the data's answers (``hint``), so a shared
screen cannot show them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from geodeck.cli.screens import Beside, fit_height, shorten, winners_line
from geodeck.undercover.commitment import verify

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


def stones_text(
    view: Mapping[str, Any],
    stones: Sequence[Mapping[str, Any]],
    *,
    short: bool = False,
    marks: bool = False,
) -> Text:
    """``Ann ●● Ben ◉``: the stones on one country, grouped by seat in the order placed
    (``short``: ``Ann●● Ben3●◉`` with short tags and counts; ``marks``: ``●●◉`` alone)."""
    by_seat: dict[int, list[str]] = {}
    for stone in stones:
        by_seat.setdefault(stone["seat"], []).append(stone["size"])
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


# -- the table -----------------------------------------------------------------------------


def header(view: Mapping[str, Any]) -> Table:
    grid = Table.grid(expand=True, padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right", no_wrap=True, overflow="ellipsis")
    title = Text.assemble(
        (view["title"], "bold"),
        f"  ·  {view['variant']}  ·  round {view['round']} of {view['rounds']}",
    )
    if view["outcome"] is not None:
        right = Text("the game is over", DIM)
    else:
        right = Text.assemble(
            "question ",
            (str(len(view["questions"])), NAME),
            " of 12 · ",
            (str(view["questions_left"]), NAME),
            " in the pile",
        )
    grid.add_row(title, right)
    return grid


def commitment_line(view: Mapping[str, Any]) -> Text:
    if view["commitment"] is None:
        return Text.assemble(
            seat_text(view, view["undercover"]), " is undercover, choosing a country in secret…"
        )
    return Text.assemble(
        seat_text(view, view["undercover"]),
        " is undercover · commitment ",
        (view["commitment"], "bold yellow"),
    )


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


def questions_panel(view: Mapping[str, Any], limit: int = QUESTION_LINES) -> Panel:
    """The questions turned over this round, X named, who read them and the answers; under
    the current one, the stones placed since its answer. The undercover player's own view
    adds the data's answer for the hidden country."""
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
    if len(shown) < len(questions):
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
    return Panel(
        grid,
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


def table_screen(view: Mapping[str, Any], *, questions: int = QUESTION_LINES) -> Group:
    """The table as the view's seat may see it: cards, stones, questions, scores."""
    hidden = view["hidden"]
    parts: list[RenderableType] = [header(view)]
    if hidden is not None:
        parts.append(
            Text.assemble(
                ("🔒 Private screen of ", SECRET),
                seat_text(view, view["seat"]),
                (": you are hiding in ", SECRET),
                (country_name(view["layout"], hidden["country"]), "bold reverse magenta"),
            )
        )
    elif view["seat"] is not None and view["seat"] == view["undercover"]:
        parts.append(
            Text.assemble(
                ("🔒 Private screen of ", SECRET),
                seat_text(view, view["seat"]),
                (": choose the country you hide in", SECRET),
            )
        )
    else:
        parts.append(commitment_line(view))
    parts.append(
        CountryCards(
            view,
            view["layout"],
            view["stones"],
            mark=hidden["country"] if hidden else None,
            mark_label="★ you",
        )
    )
    parts.append(legend())
    parts.append(
        Beside(
            questions_panel(view, questions),
            scores_table(view, marked=view["next"]["seats"]),
            grow="left",
        )
    )
    return Group(*parts)


def fitted_screen(console: Console, view: Mapping[str, Any], *, spare: int = 0) -> Group:
    """``table_screen`` with the question list cut short so that the screen and ``spare``
    lines below it fit the terminal (down to the last three questions)."""
    return fit_height(
        console, lambda count: table_screen(view, questions=count), QUESTION_LINES, spare
    )


def country_name(cards: Sequence[Mapping[str, Any]], country: str) -> str:
    """The flag and name of ``country`` as its card among ``cards`` shows it (else its id)."""
    card = next((c for c in cards if c["id"] == country), None)
    return flagged(card) if card else country


# -- the end of a round and of the game ----------------------------------------------------


@dataclass
class RoundReport:
    """A finished round as the shared screen tells it."""

    number: int
    undercover: int
    country: str
    salt: str
    commitment: str
    """The commitment everyone was shown when the country was hidden."""
    discovered: bool
    asked: int
    points: list[int]
    cards: list[dict[str, Any]]
    stones: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    questions: list[dict[str, Any]] = field(default_factory=list)


def round_report(before: Mapping[str, Any], after: Mapping[str, Any]) -> RoundReport | None:
    """The round that ended between two spectator views: ``before`` still shows its
    cards and questions; ``after`` holds the reveal in its history."""
    history = after["history"]
    reveal = next((e for e in reversed(history) if e["event"] == "reveal"), None)
    if reveal is None:
        return None
    number = reveal["round"]
    shown = reveal["commitment"]
    stones: dict[str, list[dict[str, Any]]] = {}
    current = 0
    for event in history:
        kind = event["event"]
        if kind == "round":
            current = event["round"]
        elif current != number:
            continue
        elif kind == "hide":
            shown = event["commitment"]
        elif kind == "stone":
            stones.setdefault(event["country"], []).append(
                {"seat": event["seat"], "size": event["size"]}
            )
    same_round = before["round"] == number
    return RoundReport(
        number=number,
        undercover=reveal["undercover"],
        country=reveal["country"],
        salt=reveal["salt"],
        commitment=shown,
        discovered=reveal["discovered"],
        asked=reveal["asked"],
        points=list(reveal["points"]),
        cards=list(before["layout"]) if same_round else [],
        stones=stones,
        questions=list(before["questions"]) if same_round else [],
    )


def reveal_screen(view: Mapping[str, Any], report: RoundReport) -> Group:
    """The undercover player reveals the country and the salt; everyone checks the
    commitment; the round is scored (B2.5, B2.6)."""
    place = country_name(report.cards, report.country)
    who = seat_text(view, report.undercover)
    parts: list[RenderableType] = [
        Text(f"End of round {report.number}", "bold magenta"),
        Text.assemble(who, " was hiding in ", (place, "bold reverse magenta"), "."),
    ]
    on_it = len(report.stones.get(report.country, []))
    if report.discovered:
        parts.append(
            Text(
                f"Discovered after {_questions(report.asked)}: {on_it} stones lie on {place}.",
                "bold green",
            )
        )
    else:
        parts.append(
            Text(
                f"Not discovered after {_questions(report.asked)} "
                f"({on_it} stone{'' if on_it == 1 else 's'} on {place}).",
                "bold yellow",
            )
        )
    if report.cards:
        parts.append(CountryCards(view, report.cards, report.stones, report.country, "★"))
    parts.append(commitment_check(view, report))
    parts.append(round_points(view, report))
    return Group(*parts)


def commitment_check(view: Mapping[str, Any], report: RoundReport) -> Group:
    """The commitment shown when the country was hidden, checked against the country and
    salt revealed now."""
    good = verify(report.commitment, report.country, report.salt)
    table = Table.grid(padding=(0, 1))
    table.add_column(style=DIM)
    table.add_column()
    table.add_row("commitment", Text(report.commitment, "yellow"))
    table.add_row(
        "revealed",
        Text.assemble("country ", (report.country, NAME), "  salt ", (report.salt, NAME)),
    )
    if good:
        verdict = Text.assemble(
            ("✓ ", "bold green"),
            (f'sha256("{report.country}:{report.salt}") is the commitment: ', "green"),
            seat_text(view, report.undercover),
            (" did not change the country.", "green"),
        )
    else:
        verdict = Text.assemble(
            ("✗ ", "bold red"),
            (f'sha256("{report.country}:{report.salt}") is not the commitment!', "bold red"),
        )
    table.add_row("check", verdict)
    again = Text(f"geodeck verify {report.commitment} {report.country} {report.salt}", DIM)
    return Group(table, again)


def round_points(view: Mapping[str, Any], report: RoundReport) -> Table:
    table = Table(
        title=f"Scoring of round {report.number}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    table.add_column("player")
    table.add_column("stones on the hiding place")
    table.add_column("points", justify="right")
    table.add_column("total", justify="right")
    on_it = report.stones.get(report.country, [])
    for seat in view["seats"]:
        index = seat["seat"]
        mine = [s for s in on_it if s["seat"] == index]
        if index == report.undercover:
            stones: RenderableType = Text("undercover: scores nothing", DIM)
        elif mine:
            stones = stones_text(view, mine, marks=True)
        else:
            stones = Text("–", DIM)
        points = report.points[index]
        table.add_row(
            seat_text(view, index),
            stones,
            Text(f"+{points}" if points else "0", "bold green" if points else DIM),
            Text(str(seat["score"]), NAME),
        )
    return table


def _questions(count: int) -> str:
    return f"{count} question" + ("" if count == 1 else "s")


def final_screen(view: Mapping[str, Any], names: Mapping[str, str]) -> Group:
    """The scores of every round and the winner(s) (B3). ``names`` gives the countries'
    names by id, as far as the views seen so far showed their cards."""
    rounds = Table(title="The rounds", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    rounds.add_column("round", justify="right")
    rounds.add_column("undercover")
    rounds.add_column("hiding place")
    rounds.add_column("")
    rounds.add_column("points")
    for result in view["results"]:
        scored = ", ".join(
            f"{seat_name(view, s)} +{p}" for s, p in enumerate(result["points"]) if p
        )
        rounds.add_row(
            str(result["round"]),
            seat_text(view, result["undercover"]),
            Text(names.get(result["country"], result["country"]), NAME),
            Text(
                f"discovered after {_questions(result['asked'])}"
                if result["discovered"]
                else f"not discovered ({_questions(result['asked'])})",
                "green" if result["discovered"] else "yellow",
            ),
            Text(scored or "nobody scored", "" if scored else DIM),
        )
    return Group(
        Text("Game over", "bold magenta"),
        rounds,
        Text("Final scores", NAME),
        scores_table(view, hand=False),
        Text(),
        winners_line(view),
    )
