"""The pieces the play screen is built from: gap labels, the cross layout, the story."""

from __future__ import annotations

from rich.console import Console

import geodeck
from geodeck import Accept, Challenge, Guess, Place
from geodeck.cli.cross.history import Story, first_start
from geodeck.cli.cross.labels import gap_labels, label_range, letters
from geodeck.cli.cross.layout import TableLayout
from tests.support import sample_cards

NAMES = {"b": "Berlin", "r": "Rome", "m": "Madrid", "o": "Oslo", "k": "Kyiv"}


def rendered(layout: TableLayout, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    with console.capture() as capture:
        console.print(layout)
    return [line.rstrip() for line in capture.get().splitlines()]


def test_letters_go_on_after_z() -> None:
    assert [letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == [
        "a", "b", "z", "aa", "ab", "az", "ba",
    ]  # fmt: skip


def test_gap_labels_run_west_to_east_and_north_down() -> None:
    lines = {"west-east": ["m", "b"], "north-south": ["r", "b", "o"]}
    labels = gap_labels(lines)
    assert labels == {
        "a": ("west-east", 0),
        "b": ("west-east", 1),
        "c": ("west-east", 2),
        "4": ("north-south", 0),
        "3": ("north-south", 1),
        "2": ("north-south", 2),
        "1": ("north-south", 3),
    }
    assert label_range("west-east", 2) == "a–c"
    assert label_range("north-south", 3) == "1–4"


def test_the_cross_crosses_at_the_start_card() -> None:
    layout = TableLayout(
        {"west-east": ["m", "b", "k"], "north-south": ["r", "b", "o"]}, NAMES, "b", placed="k"
    )
    lines = rendered(layout, 60)
    row = next(i for i, line in enumerate(lines) if "◆Berlin" in line)
    assert lines[row].split() == ["W", "Madrid", "◆Berlin", "»Kyiv«", "E"]
    assert lines[row + 1].split() == ["[a]", "[b]", "[c]", "[d]"]
    middle = lines[row].index("◆Berlin") + 4
    column = [line[middle - 3 : middle + 4].strip() for line in lines]
    assert column[:row] == ["N", "[1]", "Oslo", "[2]"]
    assert column[row + 2 :] == ["[3]", "Rome", "[4]", "S"]


def test_a_cross_too_wide_for_the_screen_writes_each_line_across() -> None:
    ids = ["m", "b", "k", "r", "o"]
    layout = TableLayout({"west-east": ids, "north-south": ["r", "b"]}, NAMES, "b")
    lines = rendered(layout, 40)
    assert lines == [
        "west–east:   W [a] Madrid [b] ◆Berlin",
        "             [c] Kyiv [d] Rome [e] Oslo",
        "             [f] E",
        "north–south: N [1] ◆Berlin [2] Rome",
        "             [3] S",
    ]


def test_lines_across_break_between_cards_not_inside_names() -> None:
    names = {**NAMES, "n": "Nizhniy Novgorod", "s": "Rostov-on-Don"}
    ids = ["n", "b", "s", "m", "k"]
    layout = TableLayout({"west-east": ids, "north-south": ["b"]}, names, "b", across=True)
    lines = rendered(layout, 36)
    assert max(len(line) for line in lines) <= 36
    text = "\n".join(lines)
    assert "[a] Nizhniy Novgorod" in text
    assert "[c] Rostov-on-Don" in text
    assert "…" not in text


def test_a_tall_cross_can_be_asked_to_write_its_lines_across() -> None:
    ns = ["r", "m", "b", "k", "o"]
    cross = TableLayout({"west-east": ["b"], "north-south": ns}, NAMES, "b")
    across = TableLayout({"west-east": ["b"], "north-south": ns}, NAMES, "b", across=True)
    assert len(rendered(cross, 80)) == 6 + 2 * 4
    assert rendered(across, 80) == [
        "west–east:   W [a] ◆Berlin [b] E",
        "north–south: N [1] Oslo [2] Kyiv [3] ◆Berlin [4] Madrid [5] Rome [6] S",
    ]


def test_a_column_across_has_its_ends_first_and_last() -> None:
    layout = TableLayout(
        {"column": ["r", "b", "m"]}, NAMES, "b", variant="population", labels=False, across=True
    )
    assert rendered(layout, 80) == [
        "▲ more inhabitants · Madrid · ◆Berlin · Rome · ▼ fewer inhabitants"
    ]


def test_a_column_has_the_largest_at_the_top() -> None:
    layout = TableLayout({"column": ["r", "b", "m"]}, NAMES, "b", variant="population")
    words = [line.strip() for line in rendered(layout, 40)]
    assert words == [
        "▲ more inhabitants", "[1]", "Madrid", "[2]", "◆Berlin", "[3]", "Rome", "[4]",
        "▼ fewer inhabitants",
    ]  # fmt: skip


def test_without_labels_only_the_cards_show() -> None:
    layout = TableLayout({"column": ["r", "b"]}, NAMES, "b", variant="area", labels=False)
    words = [line.strip() for line in rendered(layout, 40)]
    assert words == ["▲ larger area", "◆Berlin", "Rome", "▼ smaller area"]


def played() -> geodeck.Game:
    cards = sample_cards()
    record = {
        "format": "geodeck/1",
        "game": "uppsala",
        "seats": ["Ann", "Ben"],
        "cards": {c: cards[c] for c in ("berlin", "madrid", "moscow", "rome", "oslo")},
        "setup": {
            "start": "berlin",
            "draw": ["madrid", "moscow", "intermezzo", "oslo"],
            "reserve": ["rome"],
        },
    }
    game = geodeck.Game.from_record(record)
    for action in (
        Place(0, "west-east", 0),
        Challenge(1, "berlin"),
        Place(1, "west-east", 0),
        Accept(0),
        Guess(0, 1),
        Guess(1, 0),
    ):
        game.apply(action)
    return game


def test_the_story_rebuilds_the_table_from_the_history() -> None:
    view = played().view(None)
    assert first_start(view) == "berlin"
    story = Story(view)
    assert story.lines == {"west-east": ["rome"], "north-south": ["rome"]}
    [scoring] = story.scorings
    assert scoring.lines == {"west-east": ["moscow", "madrid", "berlin"], "north-south": ["berlin"]}
    assert scoring.set_aside == ["moscow"]
    assert scoring.guesses == [1, 0]
    log = [entry.plain for entry in story.entries]
    assert log[:4] == [
        "Ann puts Madrid west of Berlin (west–east).",
        "Ben challenges Madrid against Berlin.",
        "  Revealed: Madrid  40° 24' N, 3° 42' W · Berlin  52° 31' N, 13° 24' E",
        "  Madrid is right against Berlin: Ann was right; both go face down again.",
    ]
    assert "  Ben pays Ann 1 chip." in log
    assert "Ben puts Moscow west of Madrid (west–east)." in log
    assert "Ann accepts." in log
    assert "  Guesses: Ann 1, Ben 0. The check finds 1 wrong (Moscow)." in log
    assert "  Ann takes 2 chips from the supply." in log
    assert log[-1] == "  New start card: Rome."


def test_a_seat_sees_its_own_guess_in_the_story() -> None:
    game = played()
    game.apply(Place(0, "north-south", 1))
    game.apply(Accept(1))
    game.apply(Guess(1, 1))
    assert Story(game.view(1)).entries[-1].plain == "  Ben guessed 1 (only you see this)."
    assert Story(game.view(0)).entries[-1].plain == "  Ben has guessed."
    assert Story(game.view(None)).entries[-1].plain == "  Ben has guessed."
