"""Asking the players of Undercover at the keyboard; every answer is checked and asked again
until it is usable.

A country is typed as its number on the table, its code (``ES``), its vehicle code (``E``)
or its name (``Spain``, or the start of a name that fits only one card: ``spa``). A stone
is a country, with ``L`` added for the large stone (``7 L``, ``spain large``); Enter alone
passes. Answers are ``y``, ``n``, ``p`` (probably), ``pn`` (probably not), ``ns`` (not sure),
the words themselves, or their numbers 1 to 5. Every question also takes ``help`` (or
``?``), ``rules``, ``history`` and ``quit`` (``cli.keyboard``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from geodeck.cli.keyboard import Choice, Keyboard
from geodeck.cli.undercover.guide import ASK, HIDE, STONE
from geodeck.cli.undercover.words import (
    ANSWER_WORDS,
    LARGE,
    NUMBER,
    SECRET,
    SMALL,
    flagged,
    seat_name,
    seat_text,
)
from geodeck.undercover.actions import Name, Pass, Stone, UndercoverAction
from geodeck.undercover.shapes import UndercoverView

PASS_WORDS = ("", "pass", "-")
ANSWER_KEYS = {
    "yes": ("y", "yes", "1"),
    "no": ("n", "no", "2"),
    "probably": ("p", "probably", "3"),
    "probably_not": ("pn", "probably not", "probably_not", "4"),
    "not_sure": ("ns", "not sure", "not_sure", "5"),
}
SIZE_WORDS = {"l": "large", "large": "large", "s": "small", "small": "small"}


def find_country(text: str, cards: Sequence[Mapping[str, object]]) -> str | None:
    """The id of the card ``text`` names, or ``None`` if it names none or several."""
    typed = " ".join(text.lower().split())
    if not typed:
        return None
    if typed.isdigit():
        number = int(typed)
        return str(cards[number - 1]["id"]) if 1 <= number <= len(cards) else None
    for field in ("id", "name", "vehicle"):
        found = [c["id"] for c in cards if str(c.get(field, "")).lower() == typed]
        if len(found) == 1:
            return str(found[0])
    if len(typed) >= 3:
        found = [c["id"] for c in cards if str(c["name"]).lower().startswith(typed)]
        if len(found) == 1:
            return str(found[0])
    return None


def _card(cards: Sequence[Mapping[str, object]], country: str) -> Mapping[str, object]:
    return next(c for c in cards if c["id"] == country)


def _count(cards: Sequence[Mapping[str, object]]) -> str:
    return f"1 to {len(cards)}"


def ask_hide(kb: Keyboard, view: UndercoverView) -> str:
    """The undercover player picks a laid-out country, then confirms it (B2.2)."""
    cards = view["layout"]
    seat = view["seat"]
    assert seat is not None  # the hider's own view
    name = seat_name(view, seat)
    prompt = Text.assemble(
        seat_text(view, seat),
        ", where do you hide? Type a country (",
        (_count(cards), NUMBER),
        ", its code or its name): ",
    )
    country: str | None = None
    choices = [(_count(cards), "the country's number on the table; or its code or name")]
    while True:
        confirm = [("Enter", "hide in the country chosen")] if country is not None else []
        answer = kb.line(prompt, [*choices, *confirm], HIDE)
        if country is not None and answer == "":
            return country
        chosen = find_country(answer, cards)
        if chosen is None:
            shown = f"'{answer}'" if answer else "nothing"
            kb.error(
                f"You typed {shown}: type the number ({_count(cards)}), code or name "
                "of a country on the table."
            )
            if country is not None:
                prompt = _confirm(view, name, country)
            continue
        country = chosen
        prompt = _confirm(view, name, country)


def _confirm(view: UndercoverView, name: str, country: str) -> Text:
    return Text.assemble(
        f"{name}, you chose ",
        (flagged(_card(view["layout"], country)), "bold reverse magenta"),
        ". Press Enter to hide there, or type another country: ",
    )


def ask_name(kb: Keyboard, view: UndercoverView, legal: Sequence[UndercoverAction]) -> Name:
    """The reader names the seeker who stands for X (B1)."""
    seat = view["next"]["seats"][0]
    question = view["question"]
    assert question is not None  # a seeker is named for the question turned over
    options = [a for a in legal if isinstance(a, Name)]
    menu = Text("   ")
    for action in options:
        menu.append(f"{action.seeker + 1}", NUMBER)
        menu.append(" ")
        menu.append_text(seat_text(view, action.seeker))
        menu.append("   ")
    kb.show(
        Text.assemble(
            seat_text(view, seat),
            " reads: ",
            (question["text"], "bold"),
            "\nThe question is about a seeker: who is X? (anyone but the undercover ",
            seat_text(view, view["undercover"]),
            " and the computer players)" if view.get("computers") else ")",
        ),
        menu,
    )
    prompt = Text.assemble(seat_text(view, seat), ", name X (number or name): ")
    choices = [
        (f"{a.seeker + 1} or {seat_name(view, a.seeker)}", "this seeker stands for X")
        for a in options
    ]
    while True:
        answer = kb.line(prompt, choices, ASK).lower()
        for action in options:
            name = seat_name(view, action.seeker).lower()
            if answer in (str(action.seeker + 1), name):
                return action
        prefixed = [
            a for a in options if answer and seat_name(view, a.seeker).lower().startswith(answer)
        ]
        if len(prefixed) == 1:
            return prefixed[0]
        shown = f"'{answer}'" if answer else "nothing"
        keys = ", ".join(str(a.seeker + 1) for a in options)
        kb.error(f"You typed {shown}: type one of the numbers {keys} or a name from the list.")


def ask_answer(kb: Keyboard, view: UndercoverView) -> str:
    """The undercover player's answer (B2.3); Enter takes the data's answer if there is one."""
    question = view["question"]
    seat = view["seat"]
    assert question is not None  # mid-round
    assert seat is not None  # the hider's own view
    hint = question.get("hint")
    menu = Text("   ")
    for answer, keys in ANSWER_KEYS.items():
        word, style = ANSWER_WORDS[answer]
        menu.append(keys[0], NUMBER)
        menu.append(" ")
        menu.append(word, style)
        menu.append("   ")
    lines = [
        Text.assemble(
            seat_text(view, question["reader"]),
            " asks: ",
            (question["reads"], "bold"),
        )
    ]
    if hint is not None:
        lines.append(
            Text.assemble(
                ("The data says for your country: ", SECRET),
                (ANSWER_WORDS[hint][0], "bold reverse magenta"),
                ("  (your answer is up to you)", "dim"),
            )
        )
    kb.show(*lines, menu)
    default = f" (Enter: {ANSWER_WORDS[hint][0]})" if hint is not None else ""
    prompt = Text.assemble(seat_text(view, seat), f", your answer{default}: ")
    choices = [
        (f"{keys[0]} or {keys[-1]}", f"answer {ANSWER_WORDS[answer][0]}")
        for answer, keys in ANSWER_KEYS.items()
    ]
    if hint is not None:
        choices.append(("Enter", f"answer {ANSWER_WORDS[hint][0]}, as the data says"))
    while True:
        typed = " ".join(kb.line(prompt, choices, ASK).lower().split())
        if typed == "" and hint is not None:
            return str(hint)
        for answer, keys in ANSWER_KEYS.items():
            if typed in keys:
                return answer
        shown = f"'{typed}'" if typed else "nothing"
        kb.error(f"You typed {shown}: type y, n, p, pn or ns (or 1 to 5).")


def parse_stone(typed: str, cards: Sequence[Mapping[str, object]]) -> tuple[str, str] | None:
    """``(country, size)`` for a typed stone, or ``None``."""
    text = " ".join(typed.lower().split())
    whole = find_country(text, cards)
    if whole is not None:
        return whole, "small"
    for word, size in SIZE_WORDS.items():
        for rest in _without(text, word):
            country = find_country(rest, cards)
            if country is not None:
                return country, size
    return None


def _without(text: str, word: str) -> list[str]:
    """``text`` with the size ``word`` taken off its end or its start."""
    out = []
    if text.endswith(word) and len(text) > len(word):
        out.append(text[: -len(word)].strip())
    if text.startswith(word + " "):
        out.append(text[len(word) :].strip())
    return out


def ask_stone(
    kb: Keyboard, view: UndercoverView, legal: Sequence[UndercoverAction]
) -> Stone | Pass:
    """A seeker places a small or large stone on a country, or passes (B2.4)."""
    seat = view["next"]["seats"][0]
    cards = view["layout"]
    mine = view["seats"][seat]
    hand = Text.assemble(
        (SMALL * mine["small"], "bold"),
        (" " + LARGE if mine["large"] else "", "bold"),
    )
    stones = {(a.country, a.size): a for a in legal if isinstance(a, Stone)}
    passing = next(a for a in legal if isinstance(a, Pass))
    large = "; add L for your large stone (7 L)" if mine["large"] else ""
    kb.show(
        Text(
            f"A stone on a country: type its number ({_count(cards)}), code or name{large}. "
            "Enter alone passes.",
            "dim",
        )
    )
    prompt = Text.assemble(seat_text(view, seat), " [", hand, "], your stone: ")
    choices: list[Choice] = []
    if mine["small"]:
        choices.append((_count(cards), "a small stone on that country (or type its code or name)"))
    if mine["large"]:
        choices.append(("7 L", "your large stone on country 7 (any country, L after it)"))
    choices.append(("Enter or pass", "place no stone this time"))
    while True:
        typed = kb.line(prompt, choices, STONE)
        if typed.lower() in PASS_WORDS:
            return passing
        parsed = parse_stone(typed, cards)
        if parsed is None:
            kb.error(
                f"You typed '{typed}': type a country's number ({_count(cards)}), code or name, "
                "with L for the large stone, or press Enter to pass."
            )
            continue
        action = stones.get(parsed)
        if action is not None:
            return action
        country, size = parsed
        other = "large" if size == "small" else "small"
        hint = (
            f" type '{country} L' for your large stone,"
            if other == "large" and mine["large"]
            else f" type '{country}' for a small stone,"
            if other == "small" and mine["small"]
            else ""
        )
        kb.error(f"You have no {size} stone left:{hint} or press Enter to pass.")
