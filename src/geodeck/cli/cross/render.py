"""Rich renderings of games for the terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from geodeck.cli.cross.history import Scoring, Story, card_name, chips, number_text, seat_name
from geodeck.cli.cross.labels import COLUMN, NORTH_SOUTH, WEST_EAST
from geodeck.cli.cross.layout import TableLayout
from geodeck.cli.screens import Beside, fit_height, winners_line

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
