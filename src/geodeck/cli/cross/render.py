"""Rich renderings of games for the terminal.

The table screen comes in a full form (the table, the chips and the events in panels) and
a compact one (no panels, the chips on a line, the lines of the table written across when
the cross is too tall); ``fitted_screen`` takes the fullest that fits the terminal with the
prompt under it. A scoring taller than the terminal is shown in pages (``scoring_pages``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from geodeck.cli.cross.history import Scoring, Story, card_name, chips, number_text, seat_name
from geodeck.cli.cross.labels import COLUMN, NORTH_SOUTH, WEST_EAST
from geodeck.cli.cross.layout import TableLayout
from geodeck.cli.screens import (
    Beside,
    Spread,
    first_fitting,
    height_of,
    pages,
    room,
    winners_line,
)
from geodeck.cross.shapes import CrossView

# -- playing at the table ------------------------------------------------------------------

LOG_LINES = 10
FEWEST_LOG_LINES = {False: 3, True: 2}
"""The log is cut down to this many lines (full form, compact form) before the next form."""


def header_forms(view: CrossView) -> list[tuple[Text, Text]]:
    """The title and the piles in ever fewer words, for ``Spread``."""
    title, variant = view["title"], view["variant"]
    long_title = Text.assemble((title, "bold"), f"  ·  {variant} variant")
    short_title = Text.assemble((title, "bold"), f" · {variant}")
    long_piles, short_piles = _piles(view, short=False), _piles(view, short=True)
    return [
        (long_title, long_piles),
        (short_title, long_piles),
        (short_title, short_piles),
        (Text(title, "bold"), short_piles),
    ]


def _piles(view: CrossView, *, short: bool) -> Text:
    draw = Text.assemble("draw " if short else "draw pile ", (str(view["draw_left"]), "bold"))
    if view["outcome"] is not None:
        return Text("the game is over", "dim")
    if view["guessing"] is not None:
        return Text.assemble(draw, " · ", ("scoring now", "bold magenta"))
    return Text.assemble(
        draw,
        " · scoring in " if short else " · until scoring ",
        (str(view["until_scoring"]), "bold"),
        " · removed ",
        (str(len(view["removed"])), "bold"),
    )


def header(view: CrossView) -> RenderableType:
    """The game's title and the piles (cards left to draw and until the next scoring) on
    one line: in fewer words where the terminal is narrow."""
    return Spread(header_forms(view))


def chips_table(view: CrossView, *, marked: Sequence[int] = ()) -> Table:
    """Chips in hand, exchanged cards and score per seat; ``marked`` seats get an arrow."""
    table = Table(
        caption=f"supply: {view['supply']} of {view['box']} chips",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    table.add_column("", width=1)
    table.add_column("player", no_wrap=True)
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


def chips_line(view: CrossView, *, marked: Sequence[int] = ()) -> Text:
    """The chips table in a line: ``chips: ▶Ann 4 · Ben 3 + 1 card = 8 · supply 27 of 35``."""
    out = Text("chips: ", "dim")
    for seat in view["seats"]:
        if seat["seat"] in marked:
            out.append("▶", "bold green")
        out.append(seat["name"], "bold")
        out.append(f" {seat['chips']}")
        cards = len(seat["exchanged"])
        if cards:
            out.append(f" + {cards} card{'' if cards == 1 else 's'} = ")
            out.append(str(seat["score"]), "bold")
        out.append(" · ", "dim")
    out.append(f"supply {view['supply']} of {view['box']}", "dim")
    return out


def table_layout(view: CrossView, *, labels: bool = True, across: bool = False) -> TableLayout:
    """The cards on the table, face down, with the gap labels to type (``labels``)."""
    placed = view["placed"]["card"] if view["placed"] else None
    cards = view["lines"]
    names = {cid: card_name(view, cid) for ids in cards.values() for cid in ids}
    return TableLayout(cards, names, view["start"], placed, view["variant"], labels, across)


def table_panel(view: CrossView, *, labels: bool = True, across: bool = False) -> Panel:
    """The cards on the table, face down, with the gap labels to type."""
    count = sum(len(ids) for ids in view["lines"].values()) - len(view["lines"])
    return Panel(
        table_layout(view, labels=labels, across=across),
        title=f"The table: {count} card{'' if count == 1 else 's'} around the start card ◆",
        title_align="left",
        border_style="blue",
    )


def log_panel(story: Story, count: int = LOG_LINES) -> Panel:
    lines = story.recent(count) or [Text("Nothing has happened yet.", "dim")]
    return Panel(Group(*lines), title="Recent events", title_align="left", border_style="dim")


def plain_log(story: Story, count: int = LOG_LINES) -> Group:
    """The log without a panel: a rule, then the lines."""
    lines = story.recent(count) or [Text("Nothing has happened yet.", "dim")]
    return Group(Rule(Text("Recent events", "dim"), align="left", style="dim"), *lines)


def table_screen(
    view: CrossView,
    story: Story,
    *,
    labels: bool = True,
    log_lines: int = LOG_LINES,
    compact: bool = False,
    across: bool = False,
) -> Group:
    """What everyone sees during play: piles, table, chips and what just happened; the
    ``compact`` form without panels, with the chips on a line."""
    marked = view["next"]["seats"]
    if compact:
        return Group(
            header(view),
            table_layout(view, labels=labels, across=across),
            chips_line(view, marked=marked),
            plain_log(story, log_lines),
        )
    return Group(
        header(view),
        table_panel(view, labels=labels, across=across),
        Beside(chips_table(view, marked=marked), log_panel(story, log_lines)),
    )


def fitted_screen(
    console: Console,
    view: CrossView,
    *,
    labels: bool = True,
    spare: int = 0,
    below: Sequence[RenderableType] = (),
) -> Group:
    """The fullest ``table_screen`` that fits the terminal with ``below`` (shown under it)
    and ``spare`` more lines for the prompt: the full form with the log cut down to three
    lines, then the compact form with the cross, then with the lines written across."""
    story = Story(view)

    def screens() -> Iterator[Group]:
        for compact, across in ((False, False), (True, False), (True, True)):
            for count in range(LOG_LINES, FEWEST_LOG_LINES[compact] - 1, -1):
                yield table_screen(
                    view, story, labels=labels, log_lines=count, compact=compact, across=across
                )

    return first_fitting(console, screens(), room(console, below, spare))


def fitted_table(
    console: Console,
    view: CrossView,
    *,
    labels: bool = True,
    spare: int = 0,
    below: Sequence[RenderableType] = (),
) -> Group:
    """The table alone, in a panel or, where the terminal is short, without one, fitted
    like ``fitted_screen``."""
    screens = (
        Group(table_panel(view, labels=labels)),
        Group(table_panel(view, labels=labels, across=True)),
        Group(table_layout(view, labels=labels, across=True)),
    )
    return first_fitting(console, iter(screens), room(console, below, spare))


# -- scoring -------------------------------------------------------------------------------


def check_table(view: CrossView, scoring: Scoring, line: str, *, compact: bool = False) -> Table:
    """One line of the table turned over, in order, with the cards the check set aside."""
    ids = list(scoring.lines[line])
    if line != WEST_EAST:
        ids.reverse()
    titles = {
        WEST_EAST: "The west–east line, west to east",
        NORTH_SOUTH: "The north–south line, north to south",
        COLUMN: "The column, top to bottom",
    }
    table = Table(
        title=titles[line],
        title_justify="left",
        box=box.SIMPLE_HEAD if compact else box.SIMPLE,
        show_edge=not compact,
    )
    variant = view["variant"]
    table.add_column("card", no_wrap=True)
    if line == COLUMN:
        table.add_column(variant, justify="right", no_wrap=True)
    table.add_column("position", no_wrap=not compact)
    table.add_column("check", no_wrap=True)
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
            cells.append(
                number_text(variant, float(number)) if isinstance(number, int | float) else "?"
            )
        cells.extend([str(data.get("printed", "?")), verdict])
        table.add_row(*cells)
    return table


def guesses_table(view: CrossView, scoring: Scoring, *, compact: bool = False) -> Table:
    """Each player's guess, and who earns chips for it (A6.3)."""
    guesses = Table(
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        show_edge=not compact,
        caption=f"answer: {scoring.wrong} wrong",
        caption_justify="left",
    )
    guesses.add_column("player", no_wrap=True)
    guesses.add_column("guess", justify="right")
    guesses.add_column("")
    best = min(abs(g - scoring.wrong) for g in scoring.guesses)
    exact = best == 0
    for seat, guess in enumerate(scoring.guesses):
        note = ""
        if abs(guess - scoring.wrong) == best:
            note = "exact: 2 chips" if exact else "closest: 1 chip"
        guesses.add_row(Text(seat_name(view, seat), "bold"), str(guess), Text(note, "green"))
    return guesses


def scoring_kind(scoring: Scoring) -> str:
    return "Final scoring" if scoring.final else f"Interim scoring {scoring.number}"


def scoring_parts(
    view: CrossView, scoring: Scoring, *, compact: bool = False
) -> list[RenderableType]:
    """The guesses revealed together, the check, and who gets paid (A6), in parts that
    pages may be cut between."""
    parts: list[RenderableType] = [
        Group(header(view), Text(scoring_kind(scoring), "bold magenta")),
        guesses_table(view, scoring, compact=compact),
    ]
    parts.extend(check_table(view, scoring, line, compact=compact) for line in scoring.lines)
    wrong = Text.assemble(
        "The check finds ",
        (f"{scoring.wrong} wrong card" + ("" if scoring.wrong == 1 else "s"), "bold"),
    )
    if scoring.set_aside:
        wrong.append(": " + ", ".join(card_name(view, c) for c in scoring.set_aside))
    parts.append(Group(wrong, *_after_scoring(view, scoring)))
    if not scoring.final:
        parts.append(chips_line(view) if compact else chips_table(view))
    return parts


def scoring_screen(view: CrossView, scoring: Scoring) -> Group:
    """The guesses revealed together, the check, and who gets paid (A6)."""
    return Group(*scoring_parts(view, scoring))


def scoring_pages(
    console: Console,
    view: CrossView,
    scoring: Scoring | None,
    *,
    then: Sequence[RenderableType] = (),
    spare: int = 1,
) -> list[Group]:
    """The scoring and ``then`` (the final scores) as one screen where that fits the
    terminal with ``spare`` lines under it, else in compact pages that each fit; pages
    after the first are headed with the scoring's name and their number."""
    full = [*scoring_parts(view, scoring), *then] if scoring else list(then)
    whole = Group(*full)
    if not console.is_terminal or height_of(console, whole) + spare <= console.size.height:
        return [whole]
    parts = [*scoring_parts(view, scoring, compact=True), *then] if scoring else list(then)
    kind = scoring_kind(scoring) if scoring else "Game over"

    def title(number: int, count: int) -> Text:
        return Text.assemble((kind, "bold magenta"), (f" · page {number} of {count}", "dim"))

    return pages(console, parts, title, spare)


def end_pages(console: Console, view: CrossView) -> list[Group]:
    """The last scoring, if there was one, and the final scores (A7), in pages."""
    scorings = Story(view).scorings
    last = scorings[-1] if scorings else None
    return scoring_pages(console, view, last, then=[final_screen(view)], spare=1)


def _after_scoring(view: CrossView, scoring: Scoring) -> list[Text]:
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


def final_screen(view: CrossView) -> Group:
    """Final scores and the winner(s) (A7)."""
    outcome = view["outcome"]
    assert outcome is not None, "the final screen comes once the game has ended"
    ranking = sorted(view["seats"], key=lambda s: -s["score"])
    table = Table(
        title="Final scores",
        title_justify="left",
        caption="score = chips + 5 per exchanged card",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("player", no_wrap=True)
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
