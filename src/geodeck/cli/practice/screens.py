"""What practice and the daily challenge show: the question, the answer with the true
positions on a small text map, the end of a round and the weak areas; each fits 80x24."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from geodeck.decks.cards import printed_position
from geodeck.practice import Answer, PracticeCard, Question
from geodeck.practice.boxes import Progress
from geodeck.practice.cards import NORTH_SOUTH, WEST_EAST
from geodeck.practice.maps import Extent, text_map, weak_areas, weak_map

MAP_WIDTH = 48
MAP_HEIGHT = 10
CARD_MARK = "A"
REFERENCE_MARK = "B"
LINE_WORDS = {WEST_EAST: "west or east of", NORTH_SOUTH: "south or north of"}


def value_text(card: PracticeCard, line: str) -> str:
    """A card's value on ``line`` as printed on its back."""
    if line in (WEST_EAST, NORTH_SOUTH):
        return printed_position(card.lat, card.lon)
    value = card.values[line]
    unit = {"area": " km²", "altitude": " m"}.get(line, "")
    return f"{value:,.0f}{unit}" if value >= 10 else f"{value:g}{unit}"


def question_text(question: Question, number: int, lang: str = "en") -> Text:
    card, ref = question.card.name_in(lang), question.reference.name_in(lang)
    words = LINE_WORDS.get(question.line, f"lower or higher in {question.line} than")
    text = Text(f"{number}. Is ")
    text.append(card, "bold yellow")
    text.append(f" {words} ")
    text.append(ref, "bold cyan")
    text.append("?")
    return text


def prompt_text(question: Question) -> Text:
    lesser, greater = question.sides
    return Text(f"{lesser[0]}/{greater[0]} ({lesser} or {greater}): ", "bold")


def answer_screen(
    answer: Answer, extent: Extent, backdrop: Sequence[tuple[float, float]], lang: str = "en"
) -> RenderableType:
    """The verdict, both cards' true values and where they lie."""
    question = answer.question
    card, ref = question.card, question.reference
    verdict = Text("✔ right", "bold green") if answer.right else Text("✘ wrong", "bold red")
    verdict.append(
        f": {card.name_in(lang)} is {question.truth()} of {ref.name_in(lang)}"
        if question.line in LINE_WORDS
        else f": {card.name_in(lang)} is {_compared(question)}"
    )
    rows = Table.grid(padding=(0, 1))
    rows.add_row(
        Text(CARD_MARK, "bold yellow"),
        Text(card.name_in(lang), "yellow"),
        Text(value_text(card, question.line)),
    )
    rows.add_row(
        Text(REFERENCE_MARK, "bold cyan"),
        Text(ref.name_in(lang), "cyan"),
        Text(value_text(ref, question.line)),
    )
    marks = [(ref.lat, ref.lon, REFERENCE_MARK), (card.lat, card.lon, CARD_MARK)]
    grid = text_map(marks, extent, backdrop=backdrop, width=MAP_WIDTH, height=MAP_HEIGHT)
    return Group(
        verdict, rows, marked(grid, {CARD_MARK: "bold yellow", REFERENCE_MARK: "bold cyan"})
    )


def marked(grid: Sequence[str], styles: dict[str, str]) -> Text:
    """A text map, dim, with its marks in their styles."""
    text = Text("\n".join(grid), "dim")
    for index, char in enumerate(text.plain):
        if char in styles:
            text.stylize(styles[char], index, index + 1)
    return text


def _compared(question: Question) -> str:
    card = question.card.values[question.line]
    ref = question.reference.values[question.line]
    word = "equal" if card == ref else "lower" if card < ref else "higher"
    return f"{word} in {question.line} than {question.reference.name}"


def round_end(
    score: int, asked: int, mode: str, missed: Iterable[Answer], lang: str = "en"
) -> RenderableType:
    missed = list(missed)
    head = Text(f"{mode.capitalize()} over: {score} right of {asked}.", "bold")
    if not missed:
        return head
    names = ", ".join(a.question.card.name_in(lang) for a in missed[:8])
    more = f" and {len(missed) - 8} more" if len(missed) > 8 else ""
    return Group(head, Text(f"Misplaced (they come back sooner): {names}{more}", "yellow"))


def stats_screen(
    title: str,
    progress: Progress,
    backdrop: Sequence[tuple[float, float]] = (),
    top: int = 6,
) -> RenderableType:
    """One deck's weak areas: the areas with their answers, and the cards on a map."""
    weak = progress.weak()
    head = Text(f"{title}: ", "bold")
    count = len(progress.cards)
    cards = f"{count} card" + ("" if count == 1 else "s")
    sessions = f"{progress.session} session" + ("" if progress.session == 1 else "s")
    head.append(f"{sessions}, {cards} answered, {len(weak)} still misplaced")
    table = Table(box=None, padding=(0, 1), show_edge=False)
    for column in ("area", "cards", "right", "wrong", "weak"):
        table.add_column(column, justify="left" if column == "area" else "right")
    for stat in weak_areas(progress)[:top]:
        style = "red" if stat.weak else ""
        table.add_row(
            stat.area,
            str(stat.cards),
            str(stat.right),
            str(stat.wrong),
            str(stat.weak),
            style=style,
        )
    grid = weak_map(progress, backdrop=backdrop, width=MAP_WIDTH, height=MAP_HEIGHT)
    legend = Text(
        "X misplaced   o misplaced before, right since   + never wrong   · not asked", "dim"
    )
    return Group(head, table, marked(grid, {"X": "bold red", "o": "yellow", "+": "green"}), legend)
