"""``geodeck play``: hot-seat games driven through the installed command, stdin piped in.

A test plays the same seeded game with the engine first, choosing moves with its own RNG,
and turns each move into the line a player would type: a gap label (letters west to east
on the west-east line, numbers from the top on the north-south line and in a column), an
accept or a neighbour key, and for a scoring the Enter to take the keyboard, the secret
guess and the Enter to hide it. The command must then save exactly the engine's actions.
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck import Accept, Challenge, Guess, SetupError
from geodeck.decks import shipped_deck
from tests.cli.command import (
    GEODECK,
    KEYS,
    label,
    plain_env,
    replay_json,
    run_geodeck,
    saved,
    terminal,
    tiny_record,
    typed,
    winner_line,
)
from tests.support import FIXTURES, sample_cards

DECK = FIXTURES / "sample-europe.json"


def run(
    *args: str | Path, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return run_geodeck(*args, stdin=stdin, timeout=timeout, columns=100)


@dataclass
class Script:
    """A whole game: the lines to type, and the actions the engine took for them."""

    game: geodeck.Game
    lines: list[str] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    checkpoints: list[tuple[int, int]] = field(default_factory=list)
    """(lines typed, actions applied) where the input may stop and a resume pick up."""
    challenges: int = 0
    guess_lines: list[int] = field(default_factory=list)
    """Where in ``lines`` each secret guess is typed."""

    def apply(self, action: Any) -> None:
        self.game.apply(action)
        self.actions.append(action.to_wire())


def script_for(seats: list[str], *, seed: int, choices: int, variant: str | None = None) -> Script:
    game = geodeck.new_game("uppsala", seats, variant=variant, seed=seed, deck=sample_cards())
    script = Script(game)
    rng = random.Random(choices)
    while not game.finished:
        view = game.view(None)
        due, kind = game.expects()
        if kind == "place":
            action = rng.choice(game.legal_actions(due[0]))
            script.lines.append(label(action.line, action.at, len(view["lines"][action.line])))
            script.apply(action)
            script.checkpoints.append((len(script.lines), len(script.actions)))
        elif kind == "respond":
            legal = game.legal_actions(due[0])
            challenges = [a for a in legal if isinstance(a, Challenge)]
            if challenges and rng.random() < 0.3:
                chosen = rng.choice(challenges)
                placed = view["placed"]
                lower = view["lines"][placed["line"]].index(chosen.against) < placed["at"]
                script.lines.append(KEYS[placed["line"]][0 if lower else 1])
                script.challenges += 1
                script.apply(chosen)
            else:
                script.lines.append(rng.choice(["a", "", "accept"]))
                script.apply(Accept(due[0]))
        else:
            turn, count = view["turn"], len(view["seats"])
            for seat in [(turn + i) % count for i in range(count)]:
                if seat not in due:
                    continue
                wrong = rng.randint(0, view["guessing"]["most"])
                script.guess_lines.append(len(script.lines) + 1)
                script.lines.extend(["", str(wrong), ""])
                script.apply(Guess(seat, wrong))
                if not game.finished and game.expects().kind == "guess":
                    script.checkpoints.append((len(script.lines), len(script.actions)))
            if not game.finished:
                script.lines.append("")
    return script


def test_full_two_player_game_saves_every_action_and_ends(tmp_path: Path) -> None:
    script = script_for(["Ann", "Ben"], seed=11, choices=5)
    record_file = tmp_path / "game.json"
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben", "--seed", "11", "--deck", DECK,
        "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert script.challenges > 0
    record = saved(record_file)
    assert record["actions"] == script.actions
    assert record["seats"] == ["Ann", "Ben"]
    out = done.stdout
    assert "Game over" in out
    assert winner_line(script.game) in out
    assert "Final scoring" in out
    assert "Interim scoring 1" in out
    assert "Interim scoring 2" in out
    assert "Revealed: " in out
    checks = [e for e in script.game.view(None)["history"] if e["event"] == "check"]
    assert len(checks) == 3
    for check in checks:
        plural = "" if check["wrong"] == 1 else "s"
        assert f"The check finds {check['wrong']} wrong card{plural}" in out
    assert "° " in out
    summary = replay_json(record_file)
    assert summary["finished"] is True
    assert summary["next"] == {"seats": [], "expects": None}
    assert sum(s["chips"] for s in summary["seats"]) + summary["supply"] == 35
    outcome = script.game.outcome()
    assert outcome is not None
    assert summary["winners"] == list(outcome.winners)
    assert [s["score"] for s in summary["seats"]] == list(outcome.scores)


def test_the_screen_shows_the_cross_labels_and_printed_coordinates(tmp_path: Path) -> None:
    script = script_for(["Ann", "Ben"], seed=11, choices=5)
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben", "--seed", "11", "--deck", DECK,
        stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    first = done.stdout.split("Ann, where does", 1)[0]
    start = sample_cards()[script.game.to_record()["setup"]["start"]]["name"]
    lines = first.splitlines()
    at = next(i for i, line in enumerate(lines) if f"◆{start}" in line)
    row, labels = lines[at], lines[at + 1]
    assert row.strip("│ ") == f"W   ◆{start}   E"
    assert labels.index("[a]") < row.index(f"◆{start}") < labels.index("[b]")
    middle = row.index(f"◆{start}") + (len(start) + 1) // 2
    for offset, mark in ((-2, "N"), (-1, "[1]"), (2, "[2]"), (3, "S")):
        assert lines[at + offset][middle - 1 : middle + 2].strip() == mark
    assert "draw pile 44" in first
    assert "until scoring 14" in first
    assert "supply: 27 of 35 chips" in first
    revealed = [line for line in done.stdout.splitlines() if "Revealed: " in line]
    assert all("' N, " in line for line in revealed)
    assert "wrong, set aside" in done.stdout or "✓ right" in done.stdout


def test_column_variant_game(tmp_path: Path) -> None:
    script = script_for(["Ann", "Ben", "Cem"], seed=4, choices=9, variant="population")
    record_file = tmp_path / "column.json"
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben,Cem", "--variant", "population", "--seed", "4",
        "--deck", DECK, "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert script.challenges > 0
    record = saved(record_file)
    assert record["variant"] == "population"
    assert record["actions"] == script.actions
    out = done.stdout
    assert "▲ more inhabitants" in out
    assert "▼ fewer inhabitants" in out
    assert "west–east" not in out
    assert "[a]" not in out
    assert re.search(r"Revealed: .+  \d[\d,]* inhabitants", out)  # a challenge shows populations
    assert re.search(r"\d[\d,]* inhabitants +\d+° \d\d' [NS], ", out)  # so does the check
    assert winner_line(script.game) in out
    summary = replay_json(record_file)
    assert summary["finished"] is True
    assert list(summary["table"]) == ["column"]
    assert sum(s["chips"] for s in summary["seats"]) + summary["supply"] == 35


def test_bad_input_is_asked_again(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    lines = ["zz", "", "9", "[a]", "x", "w", "a"]
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben", "--seed", "1", "--deck", DECK,
        "--save", record_file, stdin=typed(lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "You typed 'zz'" in out
    assert "You typed nothing" in out
    assert "You typed '9'" in out
    assert "'x' is not one of the choices" in out
    assert "'w' is not one of the choices" in out  # the start card is east of a west card
    assert out.count("where does") == 5  # four tries at the first card, then Ben's card
    assert saved(record_file)["actions"] == [
        {"seat": 0, "act": "place", "line": "west-east", "at": 0},
        {"seat": 1, "act": "accept"},
    ]
    assert "Game stopped." in out
    assert f"geodeck play --resume {record_file}" in out


def test_a_bad_guess_is_asked_again_and_not_echoed(tmp_path: Path) -> None:
    script = script_for(["Ann", "Ben"], seed=2, choices=3)
    first_guess = script.guess_lines[0]
    lines = list(script.lines)
    lines[first_guess:first_guess] = ["-1", "plenty", "99"]
    record_file = tmp_path / "game.json"
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben", "--seed", "2", "--deck", DECK,
        "--save", record_file, stdin=typed(lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("That is not a whole number from 0 to") >= 3
    assert "plenty" not in done.stdout
    assert saved(record_file)["actions"] == script.actions


def test_resume_continues_a_game_stopped_by_end_of_input(tmp_path: Path) -> None:
    script = script_for(["Ann", "Ben", "Cem"], seed=8, choices=2)
    record_file = tmp_path / "game.json"
    cut_lines, cut_actions = script.checkpoints[len(script.checkpoints) // 2]
    first = run(
        "play", "uppsala", "--seats", "Ann,Ben,Cem", "--seed", "8", "--deck", DECK,
        "--save", record_file, stdin=typed(script.lines[:cut_lines]),
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert "Game stopped." in first.stdout
    assert saved(record_file)["actions"] == script.actions[:cut_actions]
    assert replay_json(record_file)["finished"] is False
    second = run("play", "--resume", record_file, stdin=typed(script.lines[cut_lines:]))
    assert second.returncode == 0, second.stderr
    assert f"resumed from {record_file}" in second.stdout
    assert "Game over" in second.stdout
    assert saved(record_file)["actions"] == script.actions
    assert replay_json(record_file)["finished"] is True


def test_resume_in_the_middle_of_the_guesses(tmp_path: Path) -> None:
    script = script_for(["Ann", "Ben", "Cem"], seed=8, choices=2)
    record_file = tmp_path / "game.json"
    guessing = [
        (lines, actions)
        for lines, actions in script.checkpoints
        if script.actions[actions - 1]["act"] == "guess"
    ]
    cut_lines, cut_actions = guessing[0]
    run(
        "play", "uppsala", "--seats", "Ann,Ben,Cem", "--seed", "8", "--deck", DECK,
        "--save", record_file, stdin=typed(script.lines[:cut_lines]),
    )  # fmt: skip
    assert saved(record_file)["actions"] == script.actions[:cut_actions]
    summary = replay_json(record_file)
    assert summary["next"]["expects"] == "guess"
    assert len(summary["next"]["seats"]) == 2
    copy = tmp_path / "copy.json"
    second = run(
        "play", "uppsala", "--resume", record_file, "--save", copy,
        stdin=typed(script.lines[cut_lines:]),
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    assert saved(copy)["actions"] == script.actions
    assert saved(record_file)["actions"] == script.actions[:cut_actions]


def test_resume_of_a_finished_game_shows_the_result(tmp_path: Path) -> None:
    script = script_for(["Ann", "Ben"], seed=11, choices=5)
    record_file = tmp_path / "done.json"
    record_file.write_text(json.dumps(script.game.to_record()), "utf-8")
    done = run("play", "--resume", record_file)
    assert done.returncode == 0, done.stderr
    assert winner_line(script.game) in done.stdout


def test_quit_stops_and_keeps_the_record(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    done = run(
        "play", "world", "--seats", "Ann,Ben", "--seed", "3", "--deck", DECK,
        "--save", record_file, stdin="1\nquit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Game stopped." in done.stdout
    record = saved(record_file)
    assert record["game"] == "world"
    assert record["actions"] == [{"seat": 0, "act": "place", "line": "north-south", "at": 1}]


def test_ctrl_c_stops_cleanly_and_keeps_the_record(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    process = subprocess.Popen(
        [GEODECK, "play", "uppsala", "--seats", "Ann,Ben", "--seed", "5", "--deck", str(DECK),
         "--save", str(record_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=plain_env(),
    )  # fmt: skip
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(b"b\n")
    process.stdin.flush()
    seen = b""
    deadline = time.monotonic() + 30
    while b"Your answer" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        if ready:
            seen += os.read(process.stdout.fileno(), 65536)
    assert b"Your answer" in seen
    process.send_signal(signal.SIGINT)
    rest, errors = process.communicate(timeout=30)
    assert process.returncode == 130
    assert b"Traceback" not in errors
    assert b"Game stopped." in rest
    assert saved(record_file)["actions"] == [
        {"seat": 0, "act": "place", "line": "west-east", "at": 1}
    ]
    assert not list(tmp_path.glob(".*.tmp"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--seats", "Ann,Ben"], "unknown game 'chess'"),
        (["uppsala", "--seats", "Ann,Ben", "--variant", "altitude"], "no variant 'altitude'"),
        (["uppsala", "--seats", "Ann"], "2 to 6 players"),
        (["uppsala", "--seats", "A,B,C,D,E,F,G"], "2 to 6 players"),
        (["uppsala", "--seats", "Ann,Ann"], "different names"),
        (["uppsala"], "--seats"),
        (["--seats", "Ann,Ben"], "name the game"),
        (["uppsala", "--seats", "Ann,Ben", "--deck", "/nonexistent/deck.json"], "cannot read"),
        (["uppsala", "--seats", "Ann,Ben", "--no-deck"], "No such option"),
        (["uppsala", "--seats", "Ann,Ben", "--max-difficulty", "2"], "difficulty"),
        (["--resume", "/nonexistent/game.json"], "cannot read"),
    ],
)
def test_setup_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    if "--deck" not in args and "--resume" not in args and args[0] != "chess":
        args = [*args, "--deck", str(DECK)]
    done = run("play", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    if "No such option" not in message:
        assert len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""


def test_without_a_deck_file_the_shipped_deck_deals_or_the_error_says_so() -> None:
    done = run("play", "uppsala", "--seats", "Ann,Ben", "--seed", "1")
    try:
        shipped_deck("uppsala")
    except SetupError:
        assert done.returncode == 2
        assert "--deck" in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
    else:
        assert done.returncode == 0, done.stderr
        assert "Ann, where does" in done.stdout
        assert "Game stopped." in done.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "is not valid JSON"),
        ('{"note": "no cards"}', '"cards"'),
        ('[{"name": "Berlin"}]', 'needs an "id"'),
        ('{"cards": {"x": {"name": "X", "kind": "place", "lat": 95, "lon": 0}}}', "'lat'"),
        (
            '{"cards": {"x": {"name": "X", "kind": "place", "lat": 5, "lon": 0, '
            '"population": -100}}}',
            "'population' must be a number of at least 0",
        ),
        ('{"cards": {"x": {"name": "X", "kind": "place", "lat": 5, "lon": 0}}}', "45 to draw"),
    ],
)
def test_bad_deck_files_exit_2(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "deck.json"
    bad.write_text(content, "utf-8")
    done = run("play", "uppsala", "--seats", "Ann,Ben", "--deck", bad)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_a_deck_given_as_a_list_of_cards_plays(tmp_path: Path) -> None:
    listed = tmp_path / "deck.json"
    listed.write_text(json.dumps([{"id": k, **v} for k, v in sample_cards().items()]), "utf-8")
    record_file = tmp_path / "game.json"
    done = run(
        "play", "italia", "--seats", "Ann,Ben", "--seed", "3", "--deck", listed,
        "--save", record_file, stdin="a\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = saved(record_file)
    assert record["game"] == "italia"
    assert "id" not in next(iter(record["cards"].values()))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not a game record"),
        ('{"format": "geodeck/1", "game": "uppsala"}', "not a valid game record"),
    ],
)
def test_resume_of_a_bad_record_exits_2(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "game.json"
    bad.write_text(content, "utf-8")
    done = run("play", "--resume", bad)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_resume_with_an_illegal_action_names_index_and_rule(tmp_path: Path) -> None:
    record: dict[str, Any] = json.loads((FIXTURES / "records-example.json").read_text("utf-8"))
    record["actions"][2]["against"] = "rome"
    bad = tmp_path / "game.json"
    bad.write_text(json.dumps(record), "utf-8")
    done = run("play", "--resume", bad)
    assert done.returncode == 2
    assert "action 2" in done.stderr
    assert "A4.2" in done.stderr


def test_resume_refuses_setup_options(tmp_path: Path) -> None:
    done = run("play", "--resume", FIXTURES / "records-example.json", "--seats", "Ann,Ben")
    assert done.returncode == 2
    assert "--seats cannot be used with --resume" in done.stderr


ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def test_on_a_terminal_guesses_are_typed_unseen(tmp_path: Path) -> None:
    record_file = tiny_record(tmp_path)
    with terminal("play", "--resume", record_file, rows=50) as screen:  # the end on one page
        screen.expect(b"where does")
        screen.write(b"2\n")  # south of Berlin
        screen.expect(b"Your answer")
        screen.write(b"n\n")  # Ben challenges against Berlin, north of Rome: right
        for _ in range(2):
            screen.expect(b"then press Enter.")
            screen.write(b"\n")
            screen.expect(b"hidden as you type): ")
            screen.write(b"1\n")
            typed_back = ANSI.sub(b"", screen.expect(b"your guess of"))
            assert b"1" not in typed_back
            screen.write(b"\n")
        ending = ANSI.sub(b"", screen.expect(b"points!"))
        assert b"Final scoring" in ending
    assert saved(record_file)["actions"] == [
        {"seat": 0, "act": "place", "line": "north-south", "at": 0},
        {"seat": 1, "act": "challenge", "against": "berlin"},
        {"seat": 1, "act": "guess", "wrong": 1},  # Ben's turn is next, so Ben guesses first
        {"seat": 0, "act": "guess", "wrong": 1},
    ]


def small_record(box: int, draw: list[str]) -> dict[str, Any]:
    cards = sample_cards()
    return {
        "format": "geodeck/1",
        "game": "uppsala",
        "seats": ["Ann", "Ben"],
        "chips": {"each": 4, "box": box},
        "cards": {c: cards[c] for c in ["berlin", *draw]},
        "setup": {"start": "berlin", "draw": draw, "reserve": []},
    }


def test_an_exchange_is_shown_and_counts_five_at_the_end(tmp_path: Path) -> None:
    record_file = tmp_path / "exchange.json"
    record_file.write_text(json.dumps(small_record(8, ["madrid", "moscow"])), "utf-8")
    lines = [
        "b",  # Ann puts Madrid east of Berlin: wrong
        "w",  # Ben challenges against Berlin and wins a chip: Ann 3, Ben 5
        "b",  # Ben puts Moscow east of Berlin: right
        "a",
        *["", "0", ""],  # Ann guesses 0 (exact): the supply is empty, Ben exchanges
        *["", "0", ""],  # Ben guesses 0 (exact)
    ]
    done = run("play", "--resume", record_file, stdin=typed(lines))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Madrid is wrong against Berlin" in out
    assert "Ann pays Ben 1 chip." in out
    assert "Ben exchanges 5 chips for Madrid (worth 5 at the end)." in out
    assert "Ann gets 2 chips from the supply." in out
    assert "Ben wins with 7 points!" in out
    summary = replay_json(record_file)
    assert [(s["chips"], s["exchanged"], s["score"]) for s in summary["seats"]] == [
        (5, 0, 5),
        (2, 1, 7),
    ]


def test_a_lapsed_payout_is_shown(tmp_path: Path) -> None:
    record_file = tmp_path / "lapse.json"
    record_file.write_text(json.dumps(small_record(8, ["moscow"])), "utf-8")
    lines = ["b", "", *["", "0", ""], *["", "0", ""]]
    done = run("play", "--resume", record_file, stdin=typed(lines))
    assert done.returncode == 0, done.stderr
    assert "2 chips for Ben lapse: the supply is empty." in done.stdout
    assert "2 chips for Ann lapse: the supply is empty." in done.stdout
    assert "Ann and Ben share the win with 4 points!" in done.stdout


def test_max_difficulty_goes_into_the_options(tmp_path: Path) -> None:
    cards = sample_cards()
    for number, card in enumerate(cards.values()):
        card["difficulty"] = 2 if number % 6 == 5 else 1  # 50 easy cards, 10 harder
    easy = tmp_path / "deck.json"
    easy.write_text(json.dumps({"cards": cards}), "utf-8")
    record_file = tmp_path / "game.json"
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben", "--deck", easy, "--max-difficulty", "1",
        "--save", record_file,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = saved(record_file)
    assert record["options"] == {"max_difficulty": 1}
    assert all(card["difficulty"] == 1 for card in record["cards"].values())


def test_an_unwritable_save_file_exits_2(tmp_path: Path) -> None:
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben", "--deck", DECK,
        "--save", tmp_path / "missing" / "game.json",
    )  # fmt: skip
    assert done.returncode == 2
    assert "cannot save to" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
