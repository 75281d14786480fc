"""What the screens of both families share: side by side, fitted to the terminal, short names."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text


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


def shorten(name: str, limit: int | None) -> str:
    """``name`` cut to ``limit`` terminal cells, ending in an ellipsis if it was cut."""
    if limit is None or cell_len(name) <= limit:
        return name
    out = ""
    for char in name:
        if cell_len(out + char) > limit - 1:
            break
        out += char
    return out + "…"


def centred(lines: Sequence[Text], width: int) -> list[Text]:
    """The lines moved right together so that the widest one sits in the middle."""
    widest = max((line.cell_len for line in lines), default=0)
    indent = Text(" " * max(0, (width - widest) // 2))
    return [indent + line for line in lines]


def winners_line(view: Mapping[str, Any]) -> Text:
    """``Ann wins with 12 points!``, or who share the win."""
    outcome = view["outcome"]
    winners = [str(view["seats"][s]["name"]) for s in outcome["winners"]]
    best = max(outcome["scores"])
    if len(winners) == 1:
        return Text.assemble((winners[0], "bold green"), f" wins with {best} points!")
    return Text.assemble(
        (" and ".join(winners), "bold green"), f" share the win with {best} points!"
    )
