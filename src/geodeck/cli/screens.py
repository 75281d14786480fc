"""What the screens of both families share: side by side, fitted to the terminal's height
or shown in pages, short names."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from geodeck.cli.keyboard import Keyboard

if TYPE_CHECKING:
    from typing_extensions import ReadOnly

    from geodeck.core.shapes import OutcomeWire

MORE = "Press Enter for more"


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


class Spread:
    """One line with text at its left and at its right: the first of ``forms`` (pairs of
    left and right, the fullest first) that fits, else the last with its left cut short."""

    def __init__(self, forms: Sequence[tuple[Text, Text]]) -> None:
        self.forms = forms

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for left, right in self.forms:
            if left.cell_len + 2 + right.cell_len <= width:
                break
        else:
            left, right = self.forms[-1][0].copy(), self.forms[-1][1].copy()
            right.truncate(width, overflow="ellipsis")
            left.truncate(max(0, width - right.cell_len - 2), overflow="ellipsis")
        yield Text.assemble(left, " " * (width - left.cell_len - right.cell_len), right)


def height_of(console: Console, thing: RenderableType) -> int:
    """The lines ``thing`` takes at the console's width."""
    return len(console.render_lines(thing, console.options, pad=False))


def room(console: Console, below: Sequence[RenderableType] = (), spare: int = 0) -> int:
    """The lines a screen may take so that ``below`` and ``spare`` more lines (a prompt)
    fit under it on the terminal."""
    return console.size.height - spare - sum(height_of(console, thing) for thing in below)


def first_fitting(console: Console, screens: Iterable[Group], lines: int) -> Group:
    """The first of ``screens`` (the fullest first) at most ``lines`` high, else the last
    one; off a terminal, where there is no height to fit, the first."""
    shown: Group | None = None
    for shown in screens:
        if not console.is_terminal or height_of(console, shown) <= lines:
            return shown
    assert shown is not None, "no screen to show"
    return shown


def fit_height(
    console: Console, screen: Callable[[int], Group], most: int, spare: int = 0
) -> Group:
    """``screen(count)`` for the largest ``count`` from ``most`` down to 3 at which it and
    ``spare`` lines below it fit the terminal's height (off a terminal: ``most``)."""
    counts = range(most, min(most, 3) - 1, -1)
    return first_fitting(console, (screen(n) for n in counts), room(console, spare=spare))


def pages(
    console: Console,
    parts: Sequence[RenderableType],
    title: Callable[[int, int], RenderableType] | None = None,
    spare: int = 1,
) -> list[Group]:
    """``parts`` laid out one after the other in pages that each fit the terminal's height
    with ``spare`` lines under it (the prompt for the next page). A page from the second on
    starts with ``title(page, pages)``. Off a terminal, or when everything fits at once, it
    is one page; a part too tall for any page gets a page of its own."""
    if not console.is_terminal:
        return [Group(*parts)]
    lines = console.size.height - spare
    heights = [height_of(console, part) for part in parts]
    if sum(heights) <= lines:
        return [Group(*parts)]
    extra = 0 if title is None else height_of(console, title(2, 2))
    split: list[list[RenderableType]] = [[]]
    used = 0
    for part, height in zip(parts, heights, strict=True):
        if split[-1] and used + height > lines:
            split.append([])
            used = extra
        split[-1].append(part)
        used += height
    if title is None:
        return [Group(*page) for page in split]
    count = len(split)
    return [
        Group(*page) if number == 1 else Group(title(number, count), *page)
        for number, page in enumerate(split, 1)
    ]


def show_pages(
    kb: Keyboard, shown: Sequence[RenderableType], pause: Callable[[], None] | None = None
) -> None:
    """Each page on a cleared screen; before the next one the players press Enter
    (``Press Enter for more (page 2 of 3).``), or with nobody at the keyboard, ``pause()``
    waits a moment."""
    for number, page in enumerate(shown):
        if number:
            if pause is None:
                kb.pause(f"{MORE} (page {number + 1} of {len(shown)}).")
            else:
                pause()
            kb.clear()
        kb.show(page)


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


class Ended(TypedDict):
    """What the winners' line reads of a view, whatever its family."""

    outcome: ReadOnly[OutcomeWire | None]
    seats: ReadOnly[Sequence[Mapping[str, object]]]


def winners_line(view: Ended) -> Text:
    """``Ann wins with 12 points!``, or who share the win."""
    outcome = view["outcome"]
    assert outcome is not None  # the game has ended
    winners = [str(view["seats"][s]["name"]) for s in outcome["winners"]]
    best = max(outcome["scores"])
    if len(winners) == 1:
        return Text.assemble((winners[0], "bold green"), f" wins with {best} points!")
    return Text.assemble(
        (" and ".join(winners), "bold green"), f" share the win with {best} points!"
    )
