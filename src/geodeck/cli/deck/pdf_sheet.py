"""The sheets of ``geodeck deck print``: cards of the printed size, nine to a page, the
backs of a page on the next page mirrored so that they fall behind their fronts when the
pages are printed on both sides (flipped on the long edge), with cut marks.

Cards are 63 x 88 mm in three columns and three rows, centred on the page: the grid is
the same on A4 and Letter pages, and its left and right margins are equal, so a back
lands behind its front on either paper.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF

CARD_W = 63.0
CARD_H = 88.0
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS
MARK = 4.0
"""Length of a cut mark (mm), drawn outside the grid along each cutting line."""
PAPERS = {"a4": "A4", "letter": "Letter"}
FONT = "DejaVu"
INK = (40, 40, 40)
PALE = (120, 120, 120)
CREATED = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The creation date written into every PDF, so that the same deck prints the same file."""

Face = Callable[["Sheet", float, float], None]
"""Draws one side of a card with its top-left corner at (x, y)."""


@dataclass(frozen=True, slots=True)
class Card:
    front: Face
    back: Face


def font_folder() -> Path:
    """DejaVu Sans, which covers every letter of the decks' names: the copy matplotlib
    (a dependency of geodeck) ships."""
    import matplotlib

    return Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf"


class Sheet:
    """A PDF of card pages and text pages."""

    def __init__(self, paper: str, title: str) -> None:
        pdf = FPDF(orientation="P", unit="mm", format=PAPERS[paper])
        pdf.set_auto_page_break(False)
        pdf.set_margins(0, 0, 0)
        pdf.set_creation_date(CREATED)
        pdf.set_title(title)
        pdf.set_creator("geodeck")
        folder = font_folder()
        pdf.add_font(FONT, "", str(folder / "DejaVuSans.ttf"))
        pdf.add_font(FONT, "B", str(folder / "DejaVuSans-Bold.ttf"))
        self.pdf = pdf
        self.left = (pdf.w - COLUMNS * CARD_W) / 2
        self.top = (pdf.h - ROWS * CARD_H) / 2

    # -- text ---------------------------------------------------------------------------

    def font(self, size: float, *, bold: bool = False, colour: tuple[int, int, int] = INK) -> None:
        self.pdf.set_font(FONT, "B" if bold else "", size)
        self.pdf.set_text_color(*colour)

    def text(
        self,
        x: float,
        y: float,
        width: float,
        words: str,
        size: float,
        *,
        bold: bool = False,
        colour: tuple[int, int, int] = INK,
        align: str = "C",
        lines: int = 1,
    ) -> float:
        """``words`` in a box ``width`` wide from (x, y), shrunk until it fits in ``lines``
        lines; the height it took."""
        pdf = self.pdf
        while size > 5:
            self.font(size, bold=bold, colour=colour)
            if self._lines(words, width) <= lines:
                break
            size -= 0.5
        height = size * 0.45
        pdf.set_xy(x, y)
        pdf.multi_cell(width, height, words, align=align)
        return pdf.get_y() - y

    def _lines(self, words: str, width: float) -> int:
        count, used = 1, 0.0
        space = self.pdf.get_string_width(" ")
        for word in words.split():
            size = self.pdf.get_string_width(word)
            if size > width:
                return 99
            if used and used + space + size > width:
                count, used = count + 1, size
            else:
                used += (space if used else 0.0) + size
        return count

    # -- cards --------------------------------------------------------------------------

    def cards(self, cards: Sequence[Card], *, backs: bool = True) -> None:
        """The cards nine to a page; with ``backs`` each page of fronts is followed by its
        page of backs, mirrored left to right."""
        for start in range(0, len(cards), PER_PAGE):
            chunk = cards[start : start + PER_PAGE]
            self._page([(i, c.front) for i, c in enumerate(chunk)], mirrored=False)
            if backs:
                self._page([(i, c.back) for i, c in enumerate(chunk)], mirrored=True)

    def _page(self, faces: Sequence[tuple[int, Face]], *, mirrored: bool) -> None:
        self.pdf.add_page()
        for index, face in faces:
            row, column = divmod(index, COLUMNS)
            if mirrored:
                column = COLUMNS - 1 - column
            x, y = self.left + column * CARD_W, self.top + row * CARD_H
            self.pdf.set_draw_color(200, 200, 200)
            self.pdf.set_line_width(0.1)
            self.pdf.rect(x, y, CARD_W, CARD_H)
            face(self, x, y)
        self._cut_marks()

    def _cut_marks(self) -> None:
        pdf = self.pdf
        pdf.set_draw_color(0, 0, 0)
        pdf.set_line_width(0.2)
        right, bottom = self.left + COLUMNS * CARD_W, self.top + ROWS * CARD_H
        for column in range(COLUMNS + 1):
            x = self.left + column * CARD_W
            pdf.line(x, self.top - MARK - 1, x, self.top - 1)
            pdf.line(x, bottom + 1, x, bottom + MARK + 1)
        for row in range(ROWS + 1):
            y = self.top + row * CARD_H
            pdf.line(self.left - MARK - 1, y, self.left - 1, y)
            pdf.line(right + 1, y, right + MARK + 1, y)

    # -- text pages ---------------------------------------------------------------------

    def text_page(self, title: str, sections: Sequence[tuple[str, str]], footer: str) -> None:
        """A page of text: a title, sections each with a heading, a footer line."""
        pdf = self.pdf
        pdf.add_page()
        margin = 18.0
        width = pdf.w - 2 * margin
        self.font(16, bold=True)
        pdf.set_xy(margin, margin)
        pdf.multi_cell(width, 8, title)
        for heading, body in sections:
            pdf.set_y(pdf.get_y() + 2.5)
            self.font(10.5, bold=True)
            pdf.set_x(margin)
            pdf.multi_cell(width, 5, heading)
            self.font(9.5)
            pdf.set_x(margin)
            pdf.multi_cell(width, 4.6, body)
        self.font(8, colour=PALE)
        pdf.set_xy(margin, pdf.h - margin)
        pdf.multi_cell(width, 4, footer)

    def output(self) -> tuple[bytes, int]:
        """The PDF and its number of pages."""
        return bytes(self.pdf.output()), self.pdf.pages_count
