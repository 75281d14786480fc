"""The pieces that make the play screens fit a terminal: one-line headers, the last
challenge kept whole in a short log, pages, the countries one a line, fitted screens."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

import geodeck
from geodeck import Accept, Challenge, Place
from geodeck.cli.cross.history import Revealed, Story
from geodeck.cli.cross.render import fitted_screen, header
from geodeck.cli.screens import pages
from geodeck.cli.undercover.countries import CountryRows
from geodeck.cli.undercover.render import fitted_screen as undercover_screen
from geodeck.cross.shapes import CrossView
from geodeck.undercover.shapes import UndercoverView
from tests.support import sample_cards


def terminal(columns: int, rows: int) -> Console:
    return Console(
        width=columns,
        height=rows,
        force_terminal=True,
        color_system=None,
        file=io.StringIO(),
        highlight=False,
    )


def shown(console: Console, thing: RenderableType) -> list[str]:
    with console.capture() as capture:
        console.print(thing)
    return [line.rstrip() for line in capture.get().splitlines()]


def cross_game(draw: list[str]) -> geodeck.Game:
    cards = sample_cards()
    record = {
        "format": "geodeck/1",
        "game": "uppsala",
        "seats": ["Ann", "Ben"],
        "cards": {c: cards[c] for c in ["berlin", *draw]},
        "setup": {"start": "berlin", "draw": draw, "reserve": []},
    }
    return geodeck.Game.from_record(record)


def challenged_then_played_on() -> geodeck.Game:
    """Ann puts Madrid west of Berlin, Ben challenges; then five cards go north, accepted."""
    game = cross_game(["madrid", "oslo", "stockholm", "helsinki", "riga", "bergen", "rome"])
    game.apply(Place(0, "west-east", 0))
    game.apply(Challenge(1, "berlin"))
    for number in range(5):
        seat = (number + 1) % 2
        game.apply(Place(seat, "north-south", number + 1))
        game.apply(Accept(1 - seat))
    return game


def test_a_short_log_keeps_the_last_challenge_whole() -> None:
    story = Story(challenged_then_played_on().view(None))
    assert len(story.entries) == 15
    log = [line.plain for line in story.recent(3)]
    assert log == [
        "Ann puts Madrid west of Berlin (west–east).",
        "Ben challenges Madrid against Berlin.",
        "  Revealed: Madrid  40° 24' N, 3° 42' W · Berlin  52° 31' N, 13° 24' E",
        "  Madrid is right against Berlin: Ann was right; both go face down again.",
        "  Ben pays Ann 1 chip.",
        "  …",
        "Ann accepts.",
    ]
    assert [line.plain for line in story.recent(10)][:5] == log[:5]
    assert story.recent(15) == story.entries


def test_without_a_challenge_the_log_is_just_cut() -> None:
    game = cross_game(["madrid", "oslo", "stockholm"])
    game.apply(Place(0, "west-east", 0))
    game.apply(Accept(1))
    game.apply(Place(1, "north-south", 1))
    story = Story(game.view(None))
    assert [line.plain for line in story.recent(1)] == [
        "Ben puts Oslo north of Berlin (north–south)."
    ]


def test_the_revealed_line_puts_the_second_card_under_the_first_where_narrow() -> None:
    line = Revealed([Text("Nizhniy Novgorod  56° 19' N, 44° 00' E"), Text("Oslo  59° 55' N")])
    assert line.plain == "  Revealed: Nizhniy Novgorod  56° 19' N, 44° 00' E · Oslo  59° 55' N"
    assert shown(terminal(100, 24), Group(line)) == [line.plain]
    assert shown(terminal(60, 24), Group(line)) == [
        "  Revealed: Nizhniy Novgorod  56° 19' N, 44° 00' E",
        "            Oslo  59° 55' N",
    ]


def test_the_cross_header_is_one_line_at_any_width() -> None:
    view = challenged_then_played_on().view(None)
    for columns in (40, 80, 100, 150):
        lines = shown(terminal(columns, 24), header(view))
        assert len(lines) == 1
        assert lines[0].startswith("Ausg")
        assert lines[0].endswith("removed 0")
    assert "until scoring" in shown(terminal(100, 24), header(view))[0]
    assert "scoring in" in shown(terminal(60, 24), header(view))[0]


def test_pages_fit_the_terminal_and_later_ones_are_titled() -> None:
    console = terminal(40, 10)
    parts = [Text("\n".join(f"part {p} line {n}" for n in range(4))) for p in range(5)]

    def title(number: int, count: int) -> Text:
        return Text(f"page {number} of {count}")

    split = pages(console, parts, title, spare=1)
    assert len(split) == 3
    seen = [shown(console, page) for page in split]
    assert all(len(lines) <= 9 for lines in seen)
    assert seen[0][0] == "part 0 line 0"
    assert seen[1][0] == "page 2 of 3"
    assert seen[2][0] == "page 3 of 3"
    assert sum(line.startswith("part") for lines in seen for line in lines) == 20
    assert len(pages(terminal(40, 30), parts, title)) == 1


def test_off_a_terminal_there_is_one_page() -> None:
    console = Console(width=40, file=io.StringIO())
    parts = [Text("line\n" * 30)] * 3
    assert len(pages(console, parts)) == 1


def tall_cross() -> CrossView:
    """Fourteen cards: seven on each line, with long names."""
    draw = [
        "nizhniy-novgorod", "rostov-on-don", "saint-petersburg", "zaporizhzhya", "vladikavkaz",
        "arkhangelsk", "stockholm", "copenhagen", "barcelona", "manchester", "marseille",
        "volgograd", "sevastopol", "murmansk", "toulouse",
    ]  # fmt: skip
    game = cross_game(draw)
    for number in range(14):
        line = "north-south" if number % 2 else "west-east"
        game.apply(Place(number % 2, line, 0))
        game.apply(Accept(1 - number % 2))
    view: CrossView = game.view(None)
    return view


def test_a_tall_table_fits_80_by_24_with_every_card_and_label() -> None:
    view = tall_cross()
    console = terminal(80, 24)
    lines = shown(console, fitted_screen(console, view, spare=3))
    assert len(lines) <= 21
    assert lines[0].startswith("Ausgerechnet Uppsala")
    text = "\n".join(lines)
    for ids in view["lines"].values():
        for card in ids:
            assert str(view["cards"][card]["name"]) in text
    for mark in ("[a]", "[h]", "[1]", "[8]", " N ", " E"):
        assert mark in text
    assert "…" not in text
    assert all(len(line) <= 80 for line in lines)


def test_on_a_tall_terminal_the_cross_keeps_its_panels() -> None:
    view = tall_cross()
    console = terminal(150, 60)
    lines = shown(console, fitted_screen(console, view, spare=3))
    assert lines[1].startswith("╭─ The table: 14 cards")
    assert any("Recent events" in line and "╭" in line for line in lines)


def undercover_view() -> UndercoverView:
    game = geodeck.new_game("undercover", ["Ann", "Ben", "Cem", "Dan"], seed=5)
    view: UndercoverView = game.view(None)
    return view


def test_the_countries_one_a_line_keep_their_names_at_80_columns() -> None:
    view = undercover_view()
    rows = CountryRows(view, view["layout"], view["stones"])
    lines = shown(terminal(80, 24), rows)
    layout: list[dict[str, Any]] = view["layout"]
    assert len(lines) == len(layout) == 16
    for number, (line, card) in enumerate(zip(lines, layout, strict=True), 1):
        assert len(line) <= 80
        assert f"{number:>2} {card['flag_emoji']} {card['name']}" in line
        assert card["capital"] in line
        assert f"{card['area']:,}" in line or card["area"] < 1000
    wide = shown(terminal(118, 24), rows)
    for line, card in zip(wide, layout, strict=True):
        assert f"#{card['population_rank']}" in line
        assert f"{card['population']:,} inh." in line


def test_narrower_than_that_the_country_rows_still_fit() -> None:
    view = undercover_view()
    lines = shown(terminal(50, 24), CountryRows(view, view["layout"], view["stones"]))
    assert len(lines) == 16
    assert all(len(line) <= 50 for line in lines)


def test_an_undercover_screen_fits_80_by_24_and_keeps_the_cards_at_150() -> None:
    view = undercover_view()
    small = terminal(80, 24)
    lines = shown(small, undercover_screen(small, view, spare=4))
    assert len(lines) <= 20
    assert "round 1 of 8" in lines[0]
    assert sum(line.startswith("▌") for line in lines) == 16
    large = terminal(150, 50)
    lines = shown(large, undercover_screen(large, view, spare=4))
    assert "╭─ 1 " in lines[2]
    assert "questions and answers" in "\n".join(lines)
