"""Laying out the cards on the table: the cross of the geo variant, or a single column.

The west-east line runs across, west on the left; the north-south line runs up and down
through the start card, north at the top. A column variant shows one column, largest at
the top. Gap labels (``[a]``, ``[3]``) sit between the cards; they are what a player
types to place a card there.

Where the cross is too wide for the screen, or too tall for what else must fit (``across``),
each line is written across instead, one after the other, wrapped between cards and never
inside a name: ``west-east:  W [a] Madrid [b] ◆Berlin [c] E``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from geodeck.cli.cross.labels import COLUMN, LINE_TITLES, NORTH_SOUTH, WEST_EAST, gap_label
from geodeck.cli.screens import centred, shorten

LABEL = "bold cyan"
START = "bold yellow"
PLACED = "bold magenta"
CARD = "bold"
DIM = "dim"
GAP = "   "
COLUMN_ENDS = {
    "population": ("more inhabitants", "fewer inhabitants"),
    "area": ("larger area", "smaller area"),
    "altitude": ("higher", "lower"),
}
LINE_ENDS = {WEST_EAST: ("W", "E"), NORTH_SOUTH: ("N", "S")}


@dataclass
class TableLayout:
    """The cards on the table as a renderable: lines of card ids, names, marks, labels;
    with ``across``, every line written across."""

    lines: Mapping[str, Sequence[str]]
    names: Mapping[str, str]
    start: str
    placed: str | None = None
    variant: str = "geo"
    labels: bool = True
    across: bool = False

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if not self.across:
            if COLUMN in self.lines:
                yield from centred(list(self._column(COLUMN)), width)
                return
            cross = self._cross(width)
            if cross is not None:
                yield from centred(cross, width)
                return
        yield from self._lines_across(width)

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

    # -- the cross -------------------------------------------------------------------------

    def _cross(self, width: int) -> list[Text] | None:
        """The cross, or ``None`` if its west-east line is wider than ``width``."""
        row, centre = self._west_east()
        above, below = self._north_south()
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

    def _west_east(self) -> tuple[list[Text], int]:
        """The west-east line: the cards, the gap labels under the gaps, the start's middle."""
        ids = self.lines[WEST_EAST]
        row = Text("W", DIM)
        gaps: list[tuple[int, Text]] = []
        centre = 0
        for at, card in enumerate(ids):
            gaps.append((row.cell_len + 1, self.gap(WEST_EAST, at)))
            row.append(GAP)
            shown = self.card(card)
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

    def _north_south(self) -> tuple[list[Text], list[Text]]:
        """The north-south line's items above the start card and below it, top down."""
        ids = self.lines[NORTH_SOUTH]
        middle = ids.index(self.start)
        length = len(ids)
        above = [Text("N", DIM)]
        for at in range(length - 1, middle, -1):
            above.append(self.gap(NORTH_SOUTH, at + 1))
            above.append(self.card(ids[at]))
        above.append(self.gap(NORTH_SOUTH, middle + 1))
        below = [self.gap(NORTH_SOUTH, middle)]
        for at in range(middle - 1, -1, -1):
            below.append(self.card(ids[at]))
            below.append(self.gap(NORTH_SOUTH, at))
        below.append(Text("S", DIM))
        if not self.labels:
            above, below = above[::2], below[1::2]
        return above, below

    def _column(self, line: str) -> Iterator[Text]:
        ids = self.lines[line]
        top, bottom = COLUMN_ENDS.get(self.variant, ("north", "south"))
        yield Text(f"  ▲ {top}", DIM)
        for at in range(len(ids), 0, -1):
            if self.labels:
                yield Text("  ") + self.gap(line, at)
            yield Text("      ") + self.card(ids[at - 1])
        if self.labels:
            yield Text("  ") + self.gap(line, 0)
        yield Text(f"  ▼ {bottom}", DIM)

    # -- every line across -------------------------------------------------------------------

    def _ends(self, line: str) -> tuple[Text, Text]:
        if line == COLUMN:
            top, bottom = COLUMN_ENDS.get(self.variant, ("top", "bottom"))
            return Text(f"▲ {top}", DIM), Text(f"▼ {bottom}", DIM)
        first, last = LINE_ENDS[line]
        return Text(first, DIM), Text(last, DIM)

    def _pieces(self, line: str, room: int) -> list[Text]:
        """The line from its top or west end as pieces that stay whole on a screen row: an
        end, then each gap label with the card after it, then the last label with the
        other end (without labels: the ends and the cards). A name is cut short only where
        its piece is wider than ``room``."""
        ids = self.lines[line]
        order = range(len(ids)) if line == WEST_EAST else range(len(ids) - 1, -1, -1)
        first, last = self._ends(line)
        pieces = [first]
        for at in order:
            label = self.gap(line, at if line == WEST_EAST else at + 1) + " "
            if not self.labels:
                label = Text()
            shown = self.card(ids[at])
            if label.cell_len + shown.cell_len > room:
                shown = self.card(ids[at], max(4, room - label.cell_len - 2))
            pieces.append(label + shown)
        if self.labels:
            last = self.gap(line, len(ids) if line == WEST_EAST else 0) + " " + last
        pieces.append(last)
        return pieces

    def _lines_across(self, width: int) -> Iterator[Text]:
        titles = {line: f"{LINE_TITLES[line]}:" for line in self.lines if line != COLUMN}
        indent = max((len(t) for t in titles.values()), default=-1) + 1
        for line in self.lines:
            title = titles.get(line, "")
            row = Text(title.ljust(indent), DIM) if title else Text()
            lead = row.cell_len or 2
            room = max(8, width - lead)
            between = " " if self.labels else " · "
            started = False
            for piece in self._pieces(line, room):
                if started and row.cell_len + len(between) + piece.cell_len > width:
                    yield row
                    row = Text(" " * lead)
                    started = False
                if started:
                    row.append(between, DIM)
                row.append_text(piece)
                started = True
            yield row
