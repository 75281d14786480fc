"""The cards of ``geodeck deck print``: place cards (name on the front; coordinates in
degrees and minutes and the column values on the back), the direction card, the two
intermezzo cards and a rules page for a cross-family deck; the country and question cards
and a rules page for Undercover (docs/practice.md, Print and play)."""

from __future__ import annotations

import contextlib
import importlib.resources
from collections.abc import Mapping
from functools import partial
from typing import Any

from geodeck.cli.deck.pdf_sheet import CARD_H, CARD_W, PALE, Card, Sheet
from geodeck.cli.deck.pdf_words import CROSS_RULES, LABELS, UNDERCOVER_RULES
from geodeck.cross.editions import COLUMN_VARIANTS
from geodeck.decks.cards import dms
from geodeck.decks.places import fold

PAD = 4.0
INNER = CARD_W - 2 * PAD
UNITS = {"area": " km²", "altitude": " m"}


def number(value: float, lang: str = "en") -> str:
    """A number as the language writes it: 1,234.5 in English, 1.234,5 in German and
    Italian."""
    text = f"{value:,.0f}" if float(value).is_integer() or value >= 100 else f"{value:,.2f}"
    return text if lang == "en" else text.translate(str.maketrans(",.", ".,"))


def card_name(card: Mapping[str, object], lang: str) -> str:
    return str(card.get(f"name_{lang}") or card.get("name") or "")


def _band(sheet: Sheet, x: float, y: float, words: str, colour: tuple[int, int, int]) -> None:
    sheet.pdf.set_fill_color(*colour)
    sheet.pdf.rect(x + PAD, y + PAD, INNER, 7, style="F")
    sheet.text(x + PAD, y + PAD + 1.2, INNER, words, 9, bold=True, colour=(255, 255, 255))


def _footer(sheet: Sheet, x: float, y: float, words: str) -> None:
    sheet.text(x + PAD, y + CARD_H - PAD - 4, INNER, words, 6.5, colour=PALE)


# -- place cards ------------------------------------------------------------------------


def place_front(
    card: Mapping[str, object], lang: str, title: str, sheet: Sheet, x: float, y: float
) -> None:
    words = LABELS[lang]
    kind = str(card.get("kind", "place"))
    _band(sheet, x, y, words.get(kind, kind), (70, 110, 160))
    sheet.text(x + PAD, y + CARD_H / 2 - 8, INNER, card_name(card, lang), 17, bold=True, lines=3)
    _footer(sheet, x, y, title)


def place_back(card: Mapping[str, Any], lang: str, sheet: Sheet, x: float, y: float) -> None:
    words = LABELS[lang]
    lat, lon = float(card["lat"]), float(card["lon"])
    sheet.text(x + PAD, y + PAD + 1, INNER, card_name(card, lang), 10, bold=True, lines=2)
    top = y + 22
    sheet.text(x + PAD, top, INNER, dms(lat, words["north"], words["south"]), 15, bold=True)
    sheet.text(x + PAD, top + 9, INNER, dms(lon, words["east"], words["west"]), 15, bold=True)
    line = top + 22
    for column in COLUMN_VARIANTS:
        value = card.get(column)
        if value is None:
            continue
        year = card.get(f"{column}_year")
        label = f"{words[column]}{f' ({year})' if year else ''}"
        sheet.text(x + PAD, line, INNER, label, 7.5, colour=PALE)
        sheet.text(
            x + PAD, line + 3.5, INNER, number(float(value), lang) + UNITS.get(column, ""), 11
        )
        line += 10
    where = " · ".join(str(card[f]) for f in ("country", "land", "region") if card.get(f))
    difficulty = card.get("difficulty")
    dots = (
        f"   {words['difficulty']} {'●' * int(difficulty)}{'○' * (3 - int(difficulty))}"
        if (isinstance(difficulty, int))
        else ""
    )
    _footer(sheet, x, y, f"{where}{dots}")


def direction_front(lang: str, sheet: Sheet, x: float, y: float) -> None:
    words = LABELS[lang]
    pdf = sheet.pdf
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    pdf.set_draw_color(40, 40, 40)
    pdf.set_line_width(0.8)
    pdf.line(cx - 22, cy, cx + 22, cy)
    pdf.line(cx, cy - 30, cx, cy + 30)
    for dx, dy in ((22, 0), (0, -30)):
        tip_x, tip_y = cx + dx, cy + dy
        if dx:
            pdf.line(tip_x, tip_y, tip_x - 3, tip_y - 2)
            pdf.line(tip_x, tip_y, tip_x - 3, tip_y + 2)
        else:
            pdf.line(tip_x, tip_y, tip_x - 2, tip_y + 3)
            pdf.line(tip_x, tip_y, tip_x + 2, tip_y + 3)
    for label, lx, ly in (
        (words["north"], cx - 4, cy - 38), (words["south"], cx - 4, cy + 31),
        (words["west"], x + 1, cy - 3), (words["east"], cx + 22, cy - 3),
    ):  # fmt: skip
        sheet.text(lx, ly, 8, label, 13, bold=True)
    _footer(sheet, x, y, words["direction"])


def text_card(heading: str, body: str, sheet: Sheet, x: float, y: float) -> None:
    _band(sheet, x, y, heading, (150, 90, 40))
    sheet.text(x + PAD, y + 24, INNER, body, 10, lines=12)


def cross_cards(deck: Mapping[str, Any], lang: str) -> list[Card]:
    """Every card of a place deck, then the direction card and the two intermezzo cards."""
    title = str(deck.get("title") or deck.get("deck") or "geodeck")
    cards: Mapping[str, Mapping[str, Any]] = deck["cards"]
    ordered = sorted(cards.values(), key=lambda c: fold(card_name(c, lang)))
    out = [
        Card(partial(place_front, c, lang, title), partial(place_back, c, lang)) for c in ordered
    ]
    words = LABELS[lang]
    direction = partial(direction_front, lang)
    out.append(Card(direction, partial(text_card, words["direction"], words["direction_text"])))
    intermezzo = partial(text_card, words["intermezzo"], words["intermezzo_text"])
    out.extend([Card(intermezzo, intermezzo)] * 2)
    return out


def cross_pdf(deck: Mapping[str, object], lang: str, paper: str) -> tuple[bytes, int]:
    title = str(deck.get("title") or deck.get("deck") or "geodeck")
    sheet = Sheet(paper, title)
    sheet.cards(cross_cards(deck, lang))
    sheet.text_page(f"{title}: {LABELS[lang]['rules']}", CROSS_RULES[lang], _credit(deck))
    return sheet.output()


def _credit(deck: Mapping[str, object]) -> str:
    attribution = str(deck.get("attribution") or "")
    return f"geodeck · {attribution}" if attribution else "geodeck"


# -- Undercover -------------------------------------------------------------------------


def country_front(
    country: Mapping[str, Any], colour: str, group: str, lang: str, sheet: Sheet, x: float, y: float
) -> None:
    words = LABELS[lang]
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    _band(sheet, x, y, group, (red, green, blue))
    sheet.text(x + PAD, y + 14, INNER, card_name(country, lang), 15, bold=True, lines=2)
    flag = country.get("flag")
    if isinstance(flag, str):
        path = importlib.resources.files("geodeck.decks") / "data" / "flags" / flag
        with contextlib.suppress(Exception), importlib.resources.as_file(path) as file:
            sheet.pdf.image(str(file), x=x + (CARD_W - 30) / 2, y=y + 27, w=30, h=20)

    def ranked(field: str) -> str:
        value = number(float(country[field]), lang)
        return f"{value} ({words['rank']} {country.get(f'{field}_rank', '?')})"

    rows = [
        (words["capital"], str(country.get(f"capital_{lang}") or country.get("capital", ""))),
        (words["vehicle"], str(country.get("vehicle", ""))),
        (f"{words['area']} (km²)", ranked("area")),
        (words["population"], ranked("population")),
    ]
    line = y + 51
    for label, value in rows:
        sheet.text(x + PAD, line, INNER, label, 6.5, colour=PALE, align="L")
        sheet.text(x + PAD, line + 2.8, INNER, value, 9, align="L")
        line += 8


def question_front(
    question: Mapping[str, object], lang: str, sheet: Sheet, x: float, y: float
) -> None:
    words = LABELS[lang]
    text = str(question.get(f"text_{lang}") or question.get("text", ""))
    _band(sheet, x, y, words["question"], (90, 90, 90))
    sheet.text(x + PAD, y + 26, INNER, text, 12, bold=True, lines=8)
    if question.get("about") == "seeker":
        _footer(sheet, x, y, words["seeker"])


def undercover_pdf(
    document: Mapping[str, Any], questions: Mapping[str, Any], lang: str, paper: str
) -> tuple[bytes, int]:
    """The 47 country cards and the 73 question cards, one-sided, and a rules page."""
    sheet = Sheet(paper, "Undercover in Europa")
    colours: Mapping[str, Mapping[str, Any]] = document["colours"]
    countries = sorted(document["countries"].values(), key=lambda c: fold(card_name(c, lang)))
    cards = []
    for country in countries:
        group = colours[str(country["colour"])]
        name = str(group.get(f"name_{lang}") or group.get("name", ""))
        front = partial(country_front, country, str(group["hex"]), name, lang)
        cards.append(Card(front, front))
    for key in sorted(questions):
        front = partial(question_front, questions[key], lang)
        cards.append(Card(front, front))
    sheet.cards(cards, backs=False)
    sheet.text_page(
        f"Undercover in Europa: {LABELS[lang]['rules']}", UNDERCOVER_RULES[lang], "geodeck"
    )
    return sheet.output()
