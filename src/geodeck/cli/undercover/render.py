"""Rich renderings of Undercover in Europa for the terminal.

Everything drawn here comes from one view (``game.view(seat)``): the shared screen is drawn
from the spectator's view, a private screen from the undercover seat's. Only that seat's
view holds the hidden country (``hidden``) and the data's answers (``hint``), so a shared
screen cannot show them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from geodeck.cli.screens import Beside, Spread, first_fitting, room
from geodeck.cli.undercover.countries import (
    ROWS_BELOW,
    countries,
    legend,
)
from geodeck.cli.undercover.shapes import events
from geodeck.cli.undercover.words import (
    ANSWER_WORDS,
    DIM,
    LARGE,
    NAME,
    NUMBER,
    QUESTION_LINES,
    SECRET,
    SMALL,
    answer_text,
    country_name,
    seat_name,
    seat_style,
    seat_text,
    stones_in_hand,
)
from geodeck.undercover.shapes import QuestionView, UndercoverView


def header(view: UndercoverView) -> Spread:
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


def commitment_line(view: UndercoverView, *, cut: bool = False) -> Text:
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


def _answer_cell(view: UndercoverView, question: QuestionView) -> Text:
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


def _hint_cell(question: QuestionView) -> Text:
    if "hint" not in question:
        return Text("")
    word, _ = ANSWER_WORDS.get(question["hint"], (question["hint"], ""))
    return Text(f"data: {word}", SECRET)


def guesses_after_answer(view: UndercoverView) -> Text | None:
    """The stones placed and passes since the latest answer, from the history."""
    history = events(view["history"])
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
    view: UndercoverView, limit: int = QUESTION_LINES, *, compact: bool = False
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


def questions_panel(view: UndercoverView, limit: int = QUESTION_LINES) -> Panel:
    """``questions_grid`` in a panel headed with the round."""
    return Panel(
        questions_grid(view, limit),
        title=f"Round {view['round']}: questions and answers",
        title_align="left",
        border_style="blue",
    )


def scores_table(view: UndercoverView, *, marked: Sequence[int] = (), hand: bool = True) -> Table:
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
    results = events(view["results"])
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


def scores_line(view: UndercoverView, *, marked: Sequence[int] = ()) -> Text:
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


def who_line(view: UndercoverView, *, cut: bool = False) -> Text:
    """On a private screen, whose it is and where they hide; else who is undercover."""
    hidden = view["hidden"]
    seat = view["seat"]
    if hidden is not None:
        country = hidden["country"]
        assert seat is not None  # hidden: in the hider's own view
        assert country is not None
        return Text.assemble(
            ("🔒 Private screen of ", SECRET),
            seat_text(view, seat),
            (": you are hiding in ", SECRET),
            (country_name(view["layout"], country), "bold reverse magenta"),
        )
    if seat is not None and seat == view["undercover"]:
        return Text.assemble(
            ("🔒 Private screen of ", SECRET),
            seat_text(view, seat),
            (": choose the country you hide in", SECRET),
        )
    return commitment_line(view, cut=cut)


def short_header(view: UndercoverView) -> Spread:
    """The header with who is undercover in it (or, on a private screen, where the player
    hides), for the barest form of the table."""
    hidden = view["hidden"]
    if hidden is not None:
        country = hidden["country"]
        assert country is not None  # hidden only once the country is chosen
        who = Text.assemble(
            ("🔒 you hide in ", SECRET),
            (country_name(view["layout"], country), "bold reverse magenta"),
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
    view: UndercoverView, *, questions: int = QUESTION_LINES, form: str = CARDS
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


def current_question(view: UndercoverView) -> Text:
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
    view: UndercoverView,
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
