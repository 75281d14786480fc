"""Laying out the cards on the table: the cross of the geo variant, or a single column.

The west-east line runs across, west on the left; the north-south line runs up and down
through the start card, north at the top. A column variant shows one column, largest at
the top. Gap labels (``[a]``, ``[3]``) sit between the cards; they are what a player
types to place a card there. If the cross is too wide even with names cut short, the
west-east line wraps and the north-south line follows as a list.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from geodeck.cli.cross.labels import COLUMN, NORTH_SOUTH, WEST_EAST, gap_label
from geodeck.cli.screens import centred, shorten

LABEL = "bold cyan"
START = "bold yellow"
PLACED = "bold magenta"
CARD = "bold"
DIM = "dim"
NAME_LIMITS = (None, 14, 11)
GAP = "   "
COLUMN_ENDS = {
    "population": ("more inhabitants", "fewer inhabitants"),
    "area": ("larger area", "smaller area"),
    "altitude": ("higher", "lower"),
}


@dataclass
class TableLayout:
    """The cards on the table as a renderable: lines of card ids, names, marks, labels."""

    lines: Mapping[str, Sequence[str]]
    names: Mapping[str, str]
    start: str
    placed: str | None = None
    variant: str = "geo"
    labels: bool = True

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if COLUMN in self.lines:
            yield from centred(list(self._column(COLUMN)), width)
            return
        for limit in NAME_LIMITS:
            cross = self._cross(width, limit)
            if cross is not None:
                yield from centred(cross, width)
                return
        yield from self._wrapped(width)

    def card(self, card: str, limit: int | None = None) -> Text:
        name = shorten(self.names.get(card, card), limit)
        if card == self.start:
            return Text("◆" + name, START)
        if card == self.placed:
            return Text("»" + name + "«", PLACED)
        return Text(name, CARD)

    def gap(self, line: str, at: int) -> Text:
        if not self.labels:
            return Text("·", DIM)
        return Text(f"[{gap_label(line, at, len(self.lines[line]))}]", LABEL)

    def _cross(self, width: int, limit: int | None) -> list[Text] | None:
        row, centre = self._west_east(limit)
        above, below = self._north_south(limit)
        items = above + below
        offset = max(0, *(t.cell_len // 2 - centre for t in items))
        right = max(
            [max(r.cell_len for r in row) + offset]
            + [centre - t.cell_len // 2 + offset + t.cell_len for t in items]
        )
        if right > width:
            return None
        out = [Text(" " * (centre - t.cell_len // 2 + offset)) + t for t in above]
        out.extend(Text(" " * offset) + r for r in row)
        out.extend(Text(" " * (centre - t.cell_len // 2 + offset)) + t for t in below)
        return out

    def _west_east(self, limit: int | None) -> tuple[list[Text], int]:
        """The west-east line: the cards, the gap labels under the gaps, the start's middle."""
        ids = self.lines[WEST_EAST]
        row = Text("W", DIM)
        gaps: list[tuple[int, Text]] = []
        centre = 0
        for at, card in enumerate(ids):
            gaps.append((row.cell_len + 1, self.gap(WEST_EAST, at)))
            row.append(GAP)
            shown = self.card(card, limit)
            if card == self.start:
                centre = row.cell_len + shown.cell_len // 2
            row.append_text(shown)
        gaps.append((row.cell_len + 1, self.gap(WEST_EAST, len(ids))))
        row.append(GAP)
        row.append("E", DIM)
        if not self.labels:
            return [row], centre
        labels = Text()
        for middle, label in gaps:
            labels.append(" " * max(1, middle - label.cell_len // 2 - labels.cell_len))
            labels.append_text(label)
        return [row, labels], centre

    def _north_south(self, limit: int | None) -> tuple[list[Text], list[Text]]:
        """The north-south line's items above the start card and below it, top down."""
        ids = self.lines[NORTH_SOUTH]
        middle = ids.index(self.start)
        length = len(ids)
        above = [Text("N", DIM)]
        for at in range(length - 1, middle, -1):
            above.append(self.gap(NORTH_SOUTH, at + 1))
            above.append(self.card(ids[at], limit))
        above.append(self.gap(NORTH_SOUTH, middle + 1))
        below = [self.gap(NORTH_SOUTH, middle)]
        for at in range(middle - 1, -1, -1):
            below.append(self.card(ids[at], limit))
            below.append(self.gap(NORTH_SOUTH, at))
        below.append(Text("S", DIM))
        if not self.labels:
            above, below = above[::2], below[1::2]
        return above, below

    def _wrapped(self, width: int) -> Iterator[Text]:
        yield Text("West to east, wrapped:", DIM)
        row = Text("W ", DIM)
        west_east = self.lines[WEST_EAST]
        pieces = []
        for at, card in enumerate(west_east):
            pieces.append(self.gap(WEST_EAST, at) + Text(" ") + self.card(card))
        pieces.append(self.gap(WEST_EAST, len(west_east)) + Text(" E", DIM))
        for piece in pieces:
            if row.cell_len + piece.cell_len + 1 > width and row.plain.strip():
                yield row
                row = Text("  ")
            row.append_text(piece)
            row.append(" ")
        yield row
        yield Text("North to south:", DIM)
        yield from self._column(NORTH_SOUTH)

    def _column(self, line: str) -> Iterator[Text]:
        ids = self.lines[line]
        top, bottom = COLUMN_ENDS.get(self.variant, ("north", "south"))
        if line == NORTH_SOUTH:
            top, bottom = "north", "south"
        yield Text(f"  ▲ {top}", DIM)
        for at in range(len(ids), 0, -1):
            if self.labels:
                yield Text("  ") + self.gap(line, at)
            yield Text("      ") + self.card(ids[at - 1])
        if self.labels:
            yield Text("  ") + self.gap(line, 0)
        yield Text(f"  ▼ {bottom}", DIM)
