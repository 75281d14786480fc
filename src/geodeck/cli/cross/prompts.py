"""Asking the players at the keyboard. Every question is re-asked until the answer is usable.

When stdin is a terminal, answers are read with line editing and secret guesses with
``getpass`` (no echo). When it is not (a pipe, a test), each answer is one plain line, and
the answers that are not secret are echoed so that the transcript reads like a session.
Each question tells the keyboard what its help lists and which rule applies (``help``,
``rules`` and ``history`` work at every question).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from geodeck.cli.cross.guide import GUESS, PLACE, RESPOND
from geodeck.cli.cross.history import card_name, seat_name
from geodeck.cli.cross.labels import (
    COLUMN,
    LINE_TITLES,
    NEIGHBOUR_KEYS,
    SIDES,
    beside,
    gap_labels,
    label_range,
)
from geodeck.cli.keyboard import Choice, Keyboard
from geodeck.cross.actions import Accept, Challenge, CrossAction, Place
from geodeck.cross.shapes import CrossView

ACCEPT_WORDS = ("", "a", "accept")


def ask_place(kb: Keyboard, view: CrossView, legal: Sequence[CrossAction]) -> Place:
    """Which gap the drawn card goes into (A2): the player types the gap's label."""
    seat = view["next"]["seats"][0]
    lines = view["lines"]
    spots = {(a.line, a.at): a for a in legal if isinstance(a, Place)}
    choices = {label: spots[spot] for label, spot in gap_labels(lines).items() if spot in spots}
    ranges = " or ".join(
        f"{label_range(line, len(ids))} ({LINE_TITLES[line]})" for line, ids in lines.items()
    )
    current = view["current"]
    assert current is not None, "a card is placed only while one is drawn"
    card = card_name(view, current)
    prompt = Text.assemble(
        (seat_name(view, seat), "bold green"),
        ", where does ",
        (card, "bold magenta"),
        f" go? Type a gap label, {ranges}: ",
    )
    gaps = [
        (label_range(line, len(ids)), f"put {card} into that gap ({_line_words(line)})")
        for line, ids in lines.items()
    ]
    while True:
        answer = kb.line(prompt, gaps, PLACE).lower().strip("[]")
        if answer in choices:
            return choices[answer]
        shown = f"'{answer}'" if answer else "nothing"
        kb.error(f"You typed {shown}: type one of the labels in brackets on the table, {ranges}.")


def ask_respond(kb: Keyboard, view: CrossView, legal: Sequence[CrossAction]) -> Accept | Challenge:
    """Accept the placed card, or challenge it against one of its neighbours (A4)."""
    seat = view["next"]["seats"][0]
    placed = view["placed"]
    assert placed is not None, "a placement is answered only while there is one"
    line, at = placed["line"], placed["at"]
    ids = view["lines"][line]
    accept = next(a for a in legal if isinstance(a, Accept))
    options: dict[str, Accept | Challenge] = dict.fromkeys(ACCEPT_WORDS, accept)
    keys = ["a"]
    challenges: list[Choice] = []
    menu = [Text.assemble("   ", ("a", "bold cyan"), "  accept (or just press Enter)")]
    for action in legal:
        if not isinstance(action, Challenge):
            continue
        side = 0 if ids.index(action.against) < at else 1
        key = NEIGHBOUR_KEYS[line][side]
        name = card_name(view, action.against)
        options[key] = action
        options.setdefault(name.lower(), action)
        keys.append(key)
        where = f", the card {beside(SIDES[line][side])} it"
        challenges.append((key, f"challenge against {name}{where}"))
        menu.append(
            Text.assemble("   ", (key, "bold cyan"), "  challenge against ", (name, "bold"), where)
        )
    card = card_name(view, placed["card"])
    later = [seat_name(view, s) for s in placed["to_ask"][1:]]
    question = Text.assemble(
        (seat_name(view, seat), "bold green"),
        ", is ",
        (card, "bold magenta"),
        " in the right place "
        + (f"on the {LINE_TITLES[line]} line?" if line != COLUMN else "in the column?"),
    )
    if later:
        question.append(f" (next: {', '.join(later)})", "dim")
    kb.show(question, *menu)
    prompt = Text(f"Your answer ({'/'.join(keys)}): ")
    choices = [("a or Enter", f"accept: {card} stays where it is"), *challenges]
    while True:
        answer = kb.line(prompt, choices, RESPOND).lower()
        if answer in options:
            return options[answer]
        kb.error(
            f"'{answer}' is not one of the choices: type {'/'.join(keys)}, "
            "or press Enter to accept."
        )


def ask_guess(kb: Keyboard, name: str, most: int) -> int:
    """A secret guess: how many cards on the table are wrong (A6.1)."""
    question = Text.assemble(
        (name, "bold green"), f", how many cards on the table are wrong? A number from 0 to {most}."
    )
    choices = [(f"0 to {most}", "your guess: how many cards on the table are wrong")]
    while True:
        answer = kb.secret(question, "Your secret guess (hidden as you type): ", choices, GUESS)
        if answer.isascii() and answer.isdigit() and int(answer) <= most:
            return int(answer)
        kb.error(f"That is not a whole number from 0 to {most}; try again.")


def _line_words(line: str) -> str:
    return "the column" if line == COLUMN else f"the {LINE_TITLES[line]} line"
