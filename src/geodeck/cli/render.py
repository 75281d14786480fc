"""Rich renderings of games for the terminal."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from geodeck.cli.history import Scoring, Story, card_name, chips, number_text, seat_name
from geodeck.cli.labels import COLUMN, NORTH_SOUTH, WEST_EAST
from geodeck.cli.layout import TableLayout
from geodeck.core.game import Game


def render_summary(game: Game, *, title: str = "") -> RenderableType:
    """The state a record reaches: scores, the table, what comes next or who won."""
    summary = game.summary()
    if game.game == "undercover":
        lines = _undercover_summary(summary, title)
    else:
        lines = _cross_summary(summary, title)
    if summary["finished"]:
        names = [summary["seats"][w]["name"] for w in summary["winners"]]
        lines.append(
            Text("finished; " + ("winner: " if len(names) == 1 else "winners: ") + ", ".join(names))
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
        table.add_row(str(i), *row)
    return table


def _cross_summary(summary: dict[str, Any], title: str) -> list[RenderableType]:
    rows = [
        [s["name"], str(s["chips"]), str(s["exchanged"]), str(s["score"])] for s in summary["seats"]
    ]
    table = _seat_table(title, ["chips", "exchanged", "score"], rows)
    lines: list[RenderableType] = [table, Text(f"supply: {summary['supply']} chips")]
    for line, ids in summary["table"].items():
        lines.append(Text(f"{line}: " + " · ".join(ids)))
    lines.append(Text(f"removed: {len(summary['removed'])} cards"))
    return lines


def _undercover_summary(summary: dict[str, Any], title: str) -> list[RenderableType]:
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
        Text("layout: " + " · ".join(summary["layout"])),
    ]
    for country, stones in summary["stones"].items():
        placed = ", ".join(
            f"{summary['seats'][st['seat']]['name']} ({st['size']})" for st in stones
        )
        lines.append(Text(f"stones on {country}: {placed}"))
    return lines


# -- playing at the table ------------------------------------------------------------------

LOG_LINES = 10


def header(view: Mapping[str, Any]) -> RenderableType:
    """The game's title and the piles: cards left to draw and until the next scoring."""
    grid = Table.grid(expand=True, padding=(0, 2))
    grid.add_column()
    grid.add_column(justify="right")
    title = Text.assemble((view["title"], "bold"), f"  ·  {view['variant']} variant")
    if view["outcome"] is not None:
        piles = Text("the game is over", "dim")
    elif view["guessing"] is not None:
        piles = Text.assemble(
            "draw pile ", (str(view["draw_left"]), "bold"), " · ", ("scoring now", "bold magenta")
        )
    else:
        piles = Text.assemble(
            "draw pile ",
            (str(view["draw_left"]), "bold"),
            " · until scoring ",
            (str(view["until_scoring"]), "bold"),
            " · removed ",
            (str(len(view["removed"])), "bold"),
        )
    grid.add_row(title, piles)
    return grid


def chips_table(view: Mapping[str, Any], *, marked: Sequence[int] = ()) -> Table:
    """Chips in hand, exchanged cards and score per seat; ``marked`` seats get an arrow."""
    table = Table(
        caption=f"supply: {view['supply']} of {view['box']} chips",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    table.add_column("", width=1)
    table.add_column("player")
    table.add_column("chips", justify="right")
    table.add_column("exchanged")
    table.add_column("score", justify="right")
    for seat in view["seats"]:
        exchanged = seat["exchanged"]
        cards = ", ".join(card_name(view, c) for c in exchanged)
        table.add_row(
            Text("▶", "bold green") if seat["seat"] in marked else "",
            Text(seat["name"], "bold"),
            str(seat["chips"]),
            f"{len(exchanged)} ({cards})" if exchanged else "–",
            Text(str(seat["score"]), "bold"),
        )
    return table


def table_panel(view: Mapping[str, Any], *, labels: bool = True) -> Panel:
    """The cards on the table, face down, with the gap labels to type."""
    placed = view["placed"]["card"] if view["placed"] else None
    cards = view["lines"]
    names = {cid: card_name(view, cid) for ids in cards.values() for cid in ids}
    layout = TableLayout(cards, names, view["start"], placed, view["variant"], labels)
    count = sum(len(ids) for ids in cards.values()) - len(cards)
    return Panel(
        layout,
        title=f"The table: {count} card{'' if count == 1 else 's'} around the start card ◆",
        title_align="left",
        border_style="blue",
    )


def log_panel(story: Story, count: int = LOG_LINES) -> Panel:
    lines = story.recent(count) or [Text("Nothing has happened yet.", "dim")]
    return Panel(Group(*lines), title="Recent events", title_align="left", border_style="dim")


class Beside:
    """Two renderables side by side when the terminal is wide enough, else one above the
    other. The right one takes the spare width, or the left one with ``grow="left"``."""

    def __init__(
        self, left: RenderableType, right: RenderableType, *, wide: int = 110, grow: str = "right"
    ) -> None:
        self.left, self.right, self.wide, self.grow = left, right, wide, grow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < self.wide:
            yield self.left
            yield self.right
            return
        grid = Table.grid(expand=True, padding=(0, 1))
        grid.add_column(ratio=1 if self.grow == "left" else None)
        grid.add_column(ratio=1 if self.grow == "right" else None)
        grid.add_row(self.left, self.right)
        yield grid


def table_screen(
    view: Mapping[str, Any], story: Story, *, labels: bool = True, log_lines: int = LOG_LINES
) -> Group:
    """What everyone sees during play: piles, table, chips and what just happened."""
    marked = view["next"]["seats"]
    return Group(
        header(view),
        table_panel(view, labels=labels),
        Beside(chips_table(view, marked=marked), log_panel(story, log_lines)),
    )


def fitted_screen(
    console: Console, view: Mapping[str, Any], *, labels: bool = True, spare: int = 0
) -> Group:
    """``table_screen`` with the log cut short so that the screen and ``spare`` lines
    below it fit a terminal's height (down to three log lines)."""
    story = Story(view)
    return fit_height(
        console,
        lambda count: table_screen(view, story, labels=labels, log_lines=count),
        LOG_LINES,
        spare,
    )


def fit_height(
    console: Console, screen: Callable[[int], Group], most: int, spare: int = 0
) -> Group:
    """``screen(count)`` for the largest ``count`` from ``most`` down to 3 at which it and
    ``spare`` lines below it fit the terminal's height (off a terminal: ``most``)."""
    count = most
    while True:
        shown = screen(count)
        if not console.is_terminal or count <= 3:
            return shown
        height = len(console.render_lines(shown, console.options, pad=False))
        if height + spare <= console.size.height:
            return shown
        count -= 1


def check_table(view: Mapping[str, Any], scoring: Scoring, line: str) -> Table:
    """One line of the table turned over, in order, with the cards the check set aside."""
    ids = list(scoring.lines[line])
    if line != WEST_EAST:
        ids.reverse()
    titles = {
        WEST_EAST: "The west–east line, west to east",
        NORTH_SOUTH: "The north–south line, north to south",
        COLUMN: "The column, top to bottom",
    }
    table = Table(title=titles[line], title_justify="left", box=box.SIMPLE)
    variant = view["variant"]
    table.add_column("card")
    if line == COLUMN:
        table.add_column(variant, justify="right")
    table.add_column("position")
    table.add_column("check")
    for card in ids:
        if card == scoring.start:
            verdict = Text("◆ start card", "yellow")
        elif card in scoring.set_aside:
            verdict = Text("✗ wrong, set aside", "bold red")
        else:
            verdict = Text("✓ right", "green")
        data = view["cards"].get(card, {})
        cells: list[RenderableType] = [Text(card_name(view, card), "bold")]
        if line == COLUMN:
            number = data.get(variant)
            cells.append("?" if number is None else number_text(variant, float(number)))
        cells.extend([str(data.get("printed", "?")), verdict])
        table.add_row(*cells)
    return table


def scoring_screen(view: Mapping[str, Any], scoring: Scoring) -> Group:
    """The guesses revealed together, the check, and who gets paid (A6)."""
    kind = "Final scoring" if scoring.final else f"Interim scoring {scoring.number}"
    parts: list[RenderableType] = [header(view), Text(kind, "bold magenta")]
    guesses = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    guesses.add_column("player")
    guesses.add_column("guess", justify="right")
    guesses.add_column("")
    best = min(abs(g - scoring.wrong) for g in scoring.guesses)
    exact = best == 0
    for seat, guess in enumerate(scoring.guesses):
        note = ""
        if abs(guess - scoring.wrong) == best:
            note = "exact: 2 chips" if exact else "closest: 1 chip"
        guesses.add_row(Text(seat_name(view, seat), "bold"), str(guess), Text(note, "green"))
    guesses.caption = f"answer: {scoring.wrong} wrong"
    guesses.caption_justify = "left"
    parts.append(guesses)
    parts.extend(check_table(view, scoring, line) for line in scoring.lines)
    wrong = Text.assemble(
        "The check finds ",
        (f"{scoring.wrong} wrong card" + ("" if scoring.wrong == 1 else "s"), "bold"),
    )
    if scoring.set_aside:
        wrong.append(": " + ", ".join(card_name(view, c) for c in scoring.set_aside))
    parts.append(wrong)
    parts.extend(_after_scoring(view, scoring))
    if not scoring.final:
        parts.append(chips_table(view))
    return Group(*parts)


def _after_scoring(view: Mapping[str, Any], scoring: Scoring) -> list[Text]:
    out = []
    for event in scoring.after:
        kind = event["event"]
        if kind == "pay" and event["to"] is not None:
            who, amount = seat_name(view, event["to"]), chips(event["amount"])
            out.append(Text(f"  {who} gets {amount} from the supply."))
        elif kind == "exchange":
            out.append(
                Text(
                    f"  {seat_name(view, event['seat'])} exchanges 5 chips for "
                    f"{card_name(view, event['card'])} (worth 5 at the end)."
                )
            )
        elif kind == "lapse":
            out.append(
                Text(
                    f"  {chips(event['amount'])} for {seat_name(view, event['seat'])} lapse: "
                    "the supply is empty.",
                    "red",
                )
            )
        elif kind == "start":
            out.append(
                Text(f"The table is cleared. New start card: {card_name(view, event['card'])}.")
            )
    if not any(e["event"] == "pay" for e in scoring.after):
        out.insert(0, Text("  Nobody gets chips."))
    return out


def final_screen(view: Mapping[str, Any]) -> Group:
    """Final scores and the winner(s) (A7)."""
    outcome = view["outcome"]
    ranking = sorted(view["seats"], key=lambda s: -s["score"])
    table = Table(
        title="Final scores",
        title_justify="left",
        caption="score = chips + 5 per exchanged card",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("player")
    table.add_column("chips", justify="right")
    table.add_column("exchanged", justify="right")
    table.add_column("score", justify="right")
    for seat in ranking:
        table.add_row(
            Text(seat["name"], "bold green" if seat["seat"] in outcome["winners"] else "bold"),
            str(seat["chips"]),
            str(len(seat["exchanged"])),
            Text(str(seat["score"]), "bold"),
        )
    return Group(Text("Game over", "bold magenta"), table, winners_line(view))


def winners_line(view: Mapping[str, Any]) -> Text:
    """``Ann wins with 12 points!``, or who share the win."""
    outcome = view["outcome"]
    winners = [seat_name(view, s) for s in outcome["winners"]]
    best = max(outcome["scores"])
    if len(winners) == 1:
        return Text.assemble((winners[0], "bold green"), f" wins with {best} points!")
    return Text.assemble(
        (" and ".join(winners), "bold green"), f" share the win with {best} points!"
    )
