"""``geodeck deck print``: the PDF's pages, what each side of a card says, the paper, and
bad input (docs/practice.md, Print and play)."""

from __future__ import annotations

import math
from pathlib import Path

import pypdf
import pytest

from geodeck.cli.deck.pdf_sheet import CARD_H, CARD_W, COLUMNS, PER_PAGE, ROWS
from geodeck.decks import shipped_deck_file, shipped_undercover
from tests.cli.command import run_geodeck
from tests.support import FIXTURES

MM = 72 / 25.4


def printed(tmp_path: Path, *args: str) -> pypdf.PdfReader:
    out = tmp_path / f"cards-{len(list(tmp_path.iterdir()))}.pdf"
    done = run_geodeck("deck", "print", *args, "--out", out)
    assert (done.returncode, done.stderr) == (0, "")
    reader = pypdf.PdfReader(out)
    assert done.stdout.strip() == f"{out}: {len(reader.pages)} pages"
    return reader


def test_a_place_deck_prints_fronts_backs_the_special_cards_and_the_rules(tmp_path: Path) -> None:
    reader = printed(tmp_path, "uppsala")
    cards = len(shipped_deck_file("uppsala")["cards"]) + 3  # direction and two intermezzos
    sheets = math.ceil(cards / PER_PAGE)
    assert len(reader.pages) == 2 * sheets + 1
    front, back = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    assert "A Coruña" in front
    assert "43° 22' N" not in front  # the front has the name only
    assert "43° 22' N" in back
    assert "8° 23' W" in back
    assert "Population (2026)" in back
    last = reader.pages[2 * sheets - 2].extract_text()
    assert "Intermezzo" in last
    assert "Direction card" in last
    assert "Rules in short" in reader.pages[-1].extract_text()


def slots(page: pypdf.PageObject) -> dict[str, tuple[int, int]]:
    """The (row, column) of the card each text on ``page`` starts in."""
    width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
    left, top = (width - COLUMNS * CARD_W) / 2, (height - ROWS * CARD_H) / 2
    found: dict[str, tuple[int, int]] = {}

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        x, y = (tm[4] + cm[4]) / MM, height - (tm[5] + cm[5]) / MM
        if text.strip():
            found.setdefault(text.strip(), (int((y - top) // CARD_H), int((x - left) // CARD_W)))

    page.extract_text(visitor_text=visit)
    return found


def test_the_backs_are_mirrored_behind_their_fronts(tmp_path: Path) -> None:
    """Each back is in the same row as its front and in the mirrored column: printed on
    both sides and flipped on the long edge, it falls behind its front."""
    reader = printed(tmp_path, str(FIXTURES / "sample-europe.json"))
    front, back = slots(reader.pages[0]), slots(reader.pages[1])
    names = [n for n in front if n in back]
    assert len(names) >= 6
    for name in names:
        row, column = front[name]
        assert back[name] == (row, COLUMNS - 1 - column), name


@pytest.mark.parametrize(("paper", "size"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_the_paper_size_and_the_grid_fit(
    tmp_path: Path, paper: str, size: tuple[float, float]
) -> None:
    reader = printed(tmp_path, "italia", "--paper", paper)
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(size[0] * MM, abs=0.5)
    assert float(box.height) == pytest.approx(size[1] * MM, abs=0.5)
    assert size[0] - 10 > COLUMNS * CARD_W
    assert size[1] - 10 > ROWS * CARD_H


def test_german_and_italian_cards(tmp_path: Path) -> None:
    german = printed(tmp_path, "buxtehude", "--lang", "de")
    assert "Einwohner" in german.pages[1].extract_text()
    assert "Die Regeln in Kürze" in german.pages[-1].extract_text()
    italian = printed(tmp_path, "italia", "--lang", "it")
    assert "Altitudine" in "".join(p.extract_text() for p in italian.pages[1:6:2])
    assert "Le regole in breve" in italian.pages[-1].extract_text()


def test_undercover_prints_the_country_and_question_cards(tmp_path: Path) -> None:
    reader = printed(tmp_path, "undercover")
    data = shipped_undercover()
    cards = len(data["countries"]) + len(data["questions"])
    assert len(reader.pages) == math.ceil(cards / PER_PAGE) + 1
    first = reader.pages[0].extract_text()
    assert "Albania" in first
    assert "Tirana" in first
    assert "Question" in reader.pages[-2].extract_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["narnia", "--out", "x.pdf"], "unknown deck 'narnia'"),
        (["uppsala", "--out", "x.txt"], "name a .pdf file"),
        (["uppsala", "--out", "nowhere/x.pdf"], "there is no folder nowhere"),
        (["uppsala", "--out", "x.pdf", "--paper", "a5"], "--paper must be one of a4, letter"),
        (["uppsala"], "--out is needed"),
    ],
)
def test_bad_input_is_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    done = run_geodeck("deck", "print", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_existing_file_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    out.write_text("mine")
    done = run_geodeck("deck", "print", "uppsala", "--out", out)
    assert done.returncode == 2
    assert "give --force" in done.stderr
    assert out.read_text() == "mine"
