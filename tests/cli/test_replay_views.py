"""``geodeck replay`` as people read it: cards, countries and seats by name, ``--step`` (one
action at a time, in words) and ``--stats`` (what each seat did)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck.cli.summary import summary_of
from tests.cli.command import run_geodeck
from tests.cli.on_terminal import OnTerminal
from tests.support import RECORDS_EXAMPLE, random_step


def replay(*args: str | Path) -> str:
    done = run_geodeck("replay", *args, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return done.stdout


@pytest.fixture(scope="module")
def undercover_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished game of Undercover with four seats, played at random."""
    rng = random.Random(11)
    game = geodeck.new_game("undercover", ["Ann", "Ben", "Cem", "Dan"], seed=5)
    while game.expects()[0]:
        random_step(game, rng)
    path = tmp_path_factory.mktemp("records") / "undercover.json"
    path.write_text(json.dumps(game.to_record()), "utf-8")
    return path


def record_of(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return record


def test_the_summary_names_cards_and_countries(undercover_record: Path) -> None:
    text = replay(RECORDS_EXAMPLE)
    assert "west-east: Rome" in text
    assert "rome" not in text
    summary = summary_of(geodeck.Game.from_record(record_of(undercover_record)))
    countries = record_of(undercover_record)["countries"]
    text = replay(undercover_record)
    layout = " · ".join(countries[code]["name"] for code in summary["layout"])
    assert f"layout: {layout}" in text


STORY = [
    "The deal",
    "  Ann, Ben and Cem play Ausgerechnet Uppsala (geo).",
    "  The start card is Uppsala.",
    "  Ann draws Berlin.",
    "Action 1 of 9 · Ann",
    "  Ann puts Berlin on the west–east line west of Uppsala.",
    "Action 2 of 9 · Ben",
    "  Ben accepts.",
    "Action 3 of 9 · Cem",
    "  Cem challenges Berlin against Uppsala.",
    "  Turned over: Berlin (52° 31' N, 13° 24' E); Uppsala (59° 51' N, 17° 38' E).",
    "  Berlin lies right against Uppsala: the challenge fails.",
    "  Cem pays Ann 1 chip.",
    "  Ben draws Lisbon.",
    "Action 4 of 9 · Ben",
    "  Ben puts Lisbon on the west–east line west of Berlin.",
]


def test_step_piped_tells_every_action_in_words() -> None:
    lines = replay("--step", RECORDS_EXAMPLE).splitlines()
    assert lines[0] == f"{RECORDS_EXAMPLE}: 9 actions"
    assert lines[1 : 1 + len(STORY)] == STORY
    assert "  The guesses: Ann 0, Ben 0, Cem 1. The check finds 0 wrong." in lines
    assert "  Ann takes 2 chips from the supply." in lines
    assert "  The start card is Rome." in lines
    assert [line for line in lines if line.startswith("Action ")][-1] == "Action 9 of 9 · Ben"
    assert "next: Cem to place" in lines  # and then the state it reaches


def test_step_tells_undercover_rounds_with_the_country_revealed_at_the_end(
    undercover_record: Path,
) -> None:
    record = record_of(undercover_record)
    countries = record["countries"]
    text = replay("--step", undercover_record)
    game = geodeck.Game.from_record(record)
    reveals = [e for e in game.view(None)["history"] if e["event"] == "reveal"]
    told = re.findall(r"^  (\w+) was in (.+?): (discovered|not discovered) after", text, re.M)
    assert told == [
        (
            game.seats[e["undercover"]],
            countries[e["country"]]["name"],
            "discovered" if e["discovered"] else "not discovered",
        )
        for e in reveals
    ]
    first_hide = text.index("hides in one of them")
    assert text.index("Round 1: Ann is undercover. The countries: ") < first_hide
    question = next(q for q in record["questions"].values() if q["text"] in text)
    assert question["text"]
    assert re.search(r"^  (Ann|Ben|Cem|Dan) lays a (small|large) stone on \w", text, re.M)
    assert "Game over: " in text


def test_step_on_a_terminal_waits_for_enter_and_stops_on_q() -> None:
    shown = OnTerminal("replay", "--step", RECORDS_EXAMPLE, columns=100)
    shown.wait_for(r"The deal.*Enter: next · q: stop")
    assert "Action 1 of 9" not in shown.text
    shown.type(b"\r")
    shown.wait_for(r"Action 1 of 9 · Ann\n  Ann puts Berlin.*Enter: next · q: stop")
    assert "Action 2 of 9" not in shown.text
    shown.type(b"\r")
    shown.wait_for(r"Action 2 of 9 · Ben\n  Ben accepts\.\n.*q: stop")
    shown.type(b"q\r")
    assert shown.finish() == 0
    assert "Action 3 of 9" not in shown.text
    assert "Traceback" not in shown.text


def test_step_and_json_do_not_go_together() -> None:
    done = run_geodeck("replay", "--step", "--json", RECORDS_EXAMPLE)
    assert done.returncode == 2
    assert done.stderr == (
        "geodeck replay: --step tells a game in words; it cannot be combined with --json\n"
    )


def test_stats_of_a_cross_game() -> None:
    text = replay("--stats", RECORDS_EXAMPLE)
    sheets = text[text.index(": ranking") :].splitlines()
    assert all(len(line) <= 80 for line in sheets if str(RECORDS_EXAMPLE) not in line)
    sheet = text[text.index("cards placed, challenges, guesses") :].splitlines()
    rows = {line.split()[0]: line.split() for line in sheet[2:5]}
    assert rows["Cem"] == ["Cem", "0", "0", "0", "0", "of", "1", "0", "of", "0", "0", "of", "1"]
    assert rows["Ann"][1:4] == ["1", "1", "0"]
    stats = json.loads(replay("--stats", "--json", RECORDS_EXAMPLE))["stats"]
    assert stats["ranking"][0] == {
        "place": 1,
        "seat": 0,
        "name": "Ann",
        "score": 7,
        "winner": False,
    }
    cem = stats["players"][2]
    assert (cem["challenges_made"], cem["challenges_won"]) == (1, 0)
    assert cem["chips_lost"]["challenging"] == 1
    assert cem["guesses"] == [{"guess": 1, "wrong": 0}]
    assert cem["score"] == 3


def test_stats_of_an_undercover_game(undercover_record: Path) -> None:
    summary = json.loads(replay("--stats", "--json", undercover_record))
    history = geodeck.Game.from_record(record_of(undercover_record)).view(None)["history"]
    rounds = [e for e in history if e["event"] == "reveal"]
    for seat, stats in enumerate(summary["stats"]["players"]):
        stones = [e for e in history if e["event"] == "stone" and e["seat"] == seat]
        assert stats["stones"] == len(stones)
        assert stats["points"] == [r["points"][seat] for r in rounds]
        assert sum(stats["points"]) == summary["seats"][seat]["score"] == stats["score"]
        hidden = [r for r in rounds if r["undercover"] == seat]
        assert stats["undercover"] == len(hidden)
        assert stats["discovered"] == sum(1 for r in hidden if r["discovered"])
    text = replay("--stats", undercover_record)
    assert re.search(r"^Ann\s+\d+ of \d+\s+(\d/\d ?)+\s+\d of \d\s", text, re.M)
    assert "hardest countries" in text
