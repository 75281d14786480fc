"""The labels players type: one per gap where a card can go, one per neighbour to challenge.

Gaps on the west-east line are letters, west to east (``a``, ``b``, ...; after ``z`` come
``aa``, ``ab``, ...). Gaps on the north-south line and in a column are numbers, counted
from the top (north, or the largest value), starting at 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

WEST_EAST, NORTH_SOUTH, COLUMN = "west-east", "north-south", "column"

SIDES = {
    WEST_EAST: ("west", "east"),
    NORTH_SOUTH: ("south", "north"),
    COLUMN: ("below", "above"),
}
"""For each line: the word for the side with lower values, then for the side with higher."""

NEIGHBOUR_KEYS = {
    WEST_EAST: ("w", "e"),
    NORTH_SOUTH: ("s", "n"),
    COLUMN: ("d", "u"),
}
"""The key that challenges against the lower and the higher neighbour."""

LINE_TITLES = {WEST_EAST: "west–east", NORTH_SOUTH: "north–south", COLUMN: "column"}


def letters(index: int) -> str:
    """``0 -> a``, ``25 -> z``, ``26 -> aa``: spreadsheet-style column names."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def gap_label(line: str, at: int, length: int) -> str:
    """The label of the gap where a card gets index ``at`` on a line of ``length`` cards."""
    if line == WEST_EAST:
        return letters(at)
    return str(length - at + 1)


def gap_labels(lines: Mapping[str, Sequence[str]]) -> dict[str, tuple[str, int]]:
    """Every gap on the table: label -> (line, index the inserted card gets)."""
    return {
        gap_label(line, at, len(ids)): (line, at)
        for line, ids in lines.items()
        for at in range(len(ids) + 1)
    }


def label_range(line: str, length: int) -> str:
    """The first and last labels of a line's gaps, top or west first, for prompts."""
    first, last = gap_label(line, 0, length), gap_label(line, length, length)
    if line != WEST_EAST:
        first, last = last, first
    return f"{first}–{last}"


def beside(side: str) -> str:
    """``west`` -> ``west of``; ``above`` and ``below`` stay as they are."""
    return side if side in ("above", "below") else f"{side} of"
