"""The words, marks and colours of Undercover in Europa on the terminal: seats, answers,
numbers, flags and stones."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from rich.text import Text

from geodeck.undercover.shapes import SeatRow, StoneOn, UndercoverView

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
    except (OSError, ValueError):
        return {}
    return {key: dict(value) for key, value in colours.items() if isinstance(value, dict)}


def group_style(colour: str) -> str:
    hexcode = _groups().get(colour, {}).get("hex", "")
    return hexcode if hexcode.startswith("#") and len(hexcode) == 7 else "white"


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"


def seat_name(view: UndercoverView, seat: int) -> str:
    return str(view["seats"][seat]["name"])


def seat_text(view: UndercoverView, seat: int) -> Text:
    return Text(seat_name(view, seat), seat_style(seat))


def answer_text(answer: str | None) -> Text:
    if answer is None:
        return Text("…", DIM)
    word, style = ANSWER_WORDS.get(answer, (answer, NAME))
    return Text(word, style)


def number_text(value: object) -> str:
    if not isinstance(value, int | float):
        return "?"
    if float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:,.2f}".rstrip("0")


def flagged(card: Mapping[str, object]) -> str:
    flag = card.get("flag_emoji")
    return f"{flag} {card['name']}" if isinstance(flag, str) and flag else str(card["name"])


def short_names(view: UndercoverView) -> list[str]:
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


def initials(view: UndercoverView) -> list[str]:
    """A tag per seat as short as can be: the first letter of the name, or where those
    clash, the short tags of ``short_names``."""
    first = [str(seat["name"])[:1] for seat in view["seats"]]
    return first if len(set(first)) == len(first) else short_names(view)


def stones_text(
    view: UndercoverView,
    stones: Sequence[StoneOn],
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


def stones_in_hand(seat: SeatRow) -> Text:
    style = seat_style(seat["seat"])
    out = Text(SMALL * seat["small"], style)
    out.append(" " * (5 - seat["small"]))
    out.append(" ")
    out.append(LARGE if seat["large"] else " ", style)
    return out


def millions(value: object) -> str:
    """A population of a million or more in millions (``68.8 M``), else in full."""
    if isinstance(value, int | float) and value >= 1_000_000:
        return f"{value / 1_000_000:.1f} M"
    return number_text(value)


def country_name(cards: Sequence[Mapping[str, object]], country: str) -> str:
    """The flag and name of ``country`` as its card among ``cards`` shows it (else its id)."""
    card = next((c for c in cards if c["id"] == country), None)
    return flagged(card) if card else country
