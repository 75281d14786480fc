"""A table of rows that keeps every word: wrapped to the width on a terminal, one plain line
per row (as wide as it needs) when the output goes to a file or a pipe."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import typer
from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

Justify = Literal["left", "center", "right"]
Cell = str | Text


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    justify: Justify = "left"
    wrap: bool = True
    """On a terminal, whether the cell may take several lines (numbers stay on one)."""
    style: str = ""
    max_width: int | None = None
    """On a terminal, the widest the column may be (longer lines wrap, a longer word folds)."""


@dataclass
class Sheet:
    title: str
    columns: Sequence[Column]
    rows: list[Sequence[Cell]] = field(default_factory=list)

    def add(self, *cells: Cell) -> None:
        self.rows.append(cells)


def show(sheet: Sheet, *, narrow: Sheet | None = None, console: Console | None = None) -> None:
    """Print ``sheet``: into a file or a pipe as plain lines; on a terminal as a table if
    one fits (``sheet``'s whole, else ``narrow``'s or ``sheet``'s with its cells wrapped
    at spaces), else one entry of wrapped lines per row."""
    console = console or Console(highlight=False)
    if not console.is_terminal:
        for line in plain_lines(sheet):
            typer.echo(line)
        return
    width = console.width
    unbounded = console.options.update_width(1_000_000)
    tables = [terminal_table(sheet)]
    if narrow is not None:
        tables.insert(0, terminal_table(narrow))
    if console.measure(tables[-1], options=unbounded).maximum <= width:
        console.print(tables[-1])
        return
    for table in tables:
        if console.measure(table, options=unbounded).minimum <= width:
            console.print(table)
            return
    console.print(entries(sheet))


def entries(sheet: Sheet) -> Group:
    """The sheet as one entry per row: the first cell, then the others named by their
    headers, wrapped under it."""
    lines: list[RenderableType] = [Text(sheet.title, "italic")] if sheet.title else []
    for row in sheet.rows:
        head, *rest = row
        lines.append(Text(_plain(head), "bold") if isinstance(head, str) else head.copy())
        parts: list[str | tuple[str, str]] = []
        for column, cell in zip(sheet.columns[1:], rest, strict=True):
            value = _plain(cell)
            if value:
                parts += [" · " if parts else "", (" ".join(column.header.split()), "dim"), " "]
                parts.append(value)
        lines.append(Padding(Text.assemble(*parts), (0, 0, 0, 2)))
    return Group(*lines)


def terminal_table(sheet: Sheet) -> Table:
    """The sheet as a table whose cells wrap (a word longer than its column folds)."""
    table = Table(
        title=sheet.title or None,
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        pad_edge=False,
        show_edge=False,
    )
    for column in sheet.columns:
        table.add_column(
            column.header,
            justify=column.justify,
            no_wrap=not column.wrap,
            overflow="fold",
            style=column.style or None,
            max_width=column.max_width,
        )
    for row in sheet.rows:
        table.add_row(*row)
    return table


def plain_lines(sheet: Sheet) -> list[str]:
    """The title, the headers and one line per row, the columns as wide as their widest
    cell and two spaces apart; nothing is cut."""
    head = [column.header for column in sheet.columns]
    rows = [[_plain(cell) for cell in row] for row in sheet.rows]
    widths = [max(cell_len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = [sheet.title] if sheet.title else []
    for row in [head, *rows]:
        cells = []
        for cell, width, column in zip(row, widths, sheet.columns, strict=True):
            pad = " " * (width - cell_len(cell))
            cells.append(pad + cell if column.justify == "right" else cell + pad)
        lines.append("  ".join(cells).rstrip())
    return lines


def _plain(cell: Cell) -> str:
    text = cell.plain if isinstance(cell, Text) else cell
    return " ".join(text.split())
