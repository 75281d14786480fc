"""The end of a round of Undercover in Europa and of the game, for the terminal: the
country and salt revealed, the commitment checked, the round scored (B2.5, B2.6), and the
final scores (B3). Where that is taller than the terminal the countries are shown one a
line, and if it is still too tall, in pages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from geodeck.cli.invocation import geodeck_command
from geodeck.cli.screens import height_of, pages, winners_line
from geodeck.cli.undercover.countries import ROWS_BELOW, countries
from geodeck.cli.undercover.render import scores_table
from geodeck.cli.undercover.shapes import events
from geodeck.cli.undercover.words import DIM, NAME, country_name, seat_name, seat_text, stones_text
from geodeck.core.shapes import Face
from geodeck.undercover.commitment import verify
from geodeck.undercover.shapes import QuestionView, StoneOn, UndercoverView


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
    cards: list[Face]
    stones: dict[str, list[StoneOn]] = field(default_factory=dict)
    questions: list[QuestionView] = field(default_factory=list)


def round_report(before: UndercoverView, after: UndercoverView) -> RoundReport | None:
    """The round that ended between two spectator views: ``before`` still shows its
    cards and questions; ``after`` holds the reveal in its history."""
    history = events(after["history"])
    reveal = next((e for e in reversed(history) if e["event"] == "reveal"), None)
    if reveal is None:
        return None
    number = reveal["round"]
    shown = reveal["commitment"]
    stones: dict[str, list[StoneOn]] = {}
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


def reveal_parts(
    view: UndercoverView, report: RoundReport, *, rows: bool = False
) -> list[RenderableType]:
    """The undercover player reveals the country and the salt; everyone checks the
    commitment; the round is scored (B2.5, B2.6): in parts that pages may be cut between,
    the countries as cards or one a line (``rows``)."""
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
    out: list[RenderableType] = [Group(*parts)]
    if report.cards:
        out.append(countries(view, report.cards, report.stones, report.country, rows=rows))
    out.append(commitment_check(view, report))
    out.append(round_points(view, report))
    return out


def reveal_screen(view: UndercoverView, report: RoundReport) -> Group:
    """The end of a round on one screen, the countries as cards (``reveal_parts``)."""
    return Group(*reveal_parts(view, report))


def reveal_pages(
    console: Console,
    view: UndercoverView,
    report: RoundReport | None,
    *,
    above: Sequence[RenderableType] = (),
    then: Sequence[RenderableType] = (),
    spare: int = 1,
) -> list[Group]:
    """``above``, the end of the round and ``then`` on one screen where that fits the
    terminal with ``spare`` lines under it, the countries as cards (from ``ROWS_BELOW``
    columns) or one a line; else in pages, each headed with the round from the second on."""

    def parts(rows: bool) -> list[RenderableType]:
        shown = reveal_parts(view, report, rows=rows) if report is not None else []
        return [*above, *shown, *then]

    forms = [True] if console.width < ROWS_BELOW else [False, True]
    for rows in forms:
        whole = Group(*parts(rows))
        if not console.is_terminal or height_of(console, whole) + spare <= console.size.height:
            return [whole]
    kind = f"End of round {report.number}" if report is not None else "Game over"

    def title(number: int, count: int) -> Text:
        return Text.assemble((kind, "bold magenta"), (f" · page {number} of {count}", DIM))

    return pages(console, parts(True), title, spare)


def end_pages(
    console: Console,
    view: UndercoverView,
    report: RoundReport | None,
    names: Mapping[str, str],
    *,
    above: Sequence[RenderableType] = (),
) -> list[Group]:
    """The last round's end (``report``, unless it was shown already) and the final scores,
    in pages where they do not fit the terminal together."""
    return reveal_pages(
        console, view, report, above=above, then=[Text(), final_screen(view, names)], spare=1
    )


def commitment_check(view: UndercoverView, report: RoundReport) -> Group:
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
    command = f"{geodeck_command()} verify {report.commitment} {report.country} {report.salt}"
    again = Text(command, DIM)
    return Group(table, again)


def round_points(view: UndercoverView, report: RoundReport) -> Table:
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


def final_screen(view: UndercoverView, names: Mapping[str, str]) -> Group:
    """The scores of every round and the winner(s) (B3). ``names`` gives the countries'
    names by id, as far as the views seen so far showed their cards."""
    rounds = Table(title="The rounds", title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    rounds.add_column("round", justify="right")
    rounds.add_column("undercover")
    rounds.add_column("hiding place")
    rounds.add_column("")
    rounds.add_column("points")
    for result in events(view["results"]):
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
