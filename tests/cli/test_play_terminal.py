"""``geodeck play`` on a real terminal emulator (tmux, ``tests/cli/tmux.py``): secrets that
never reach the scrollback, a stopped game whose printed command resumes it, the list of
unfinished games, and help, rules and history at the questions.

Each test reads the pane as a player sees it, and afterwards everything the player could
scroll back to.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import geodeck
from tests.cli.command import GEODECK, run_geodeck, saved, tiny_record
from tests.cli.tmux import Tmux, needs_tmux, tmux_pane
from tests.support import FIXTURES, sample_cards

DECK = FIXTURES / "sample-europe.json"
HOME = Path(GEODECK).parent.parent.parent
"""The folder ``scripts/setup`` ran in: the one holding ``.venv``."""
RELATIVE = os.path.relpath(GEODECK, HOME)
"""geodeck as the README runs it from there: ``.venv/bin/geodeck``."""

pytestmark = needs_tmux


def terminal_env(data: Path) -> dict[str, str]:
    """A plain terminal's environment, with no geodeck on PATH (as after scripts/setup)."""
    return {
        "PATH": "/usr/bin:/bin",
        "TERM": "screen",
        "HOME": str(data / "home"),
        "XDG_DATA_HOME": str(data),
        "LANG": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
        "NO_COLOR": "1",
    }


def test_a_cross_guess_never_reaches_the_scrollback(tmp_path: Path) -> None:
    record = tiny_record(tmp_path)
    with tmux_pane(tmp_path) as pane:
        pane.start(
            [GEODECK, "play", "--resume", str(record)], env=terminal_env(tmp_path), cwd=tmp_path
        )
        pane.wait_for("where does Rome go?")
        pane.type("2")  # south of Berlin
        pane.wait_for("Your answer")
        pane.type("n")  # Ben challenges against Berlin: Rome is right
        for name, guess in (("Ben", "1"), ("Ann", "0")):
            pane.wait_for(f"Pass the keyboard to {name}, then press Enter.")
            pane.type("")
            shown = pane.wait_for("hidden as you type")
            assert f"🔒 {name}'s private screen" in shown
            pane.type(guess)
            shown = pane.wait_for(f"{name}, your guess of {guess} is in.")
            assert f"your guess of {guess}" in shown
            pane.type("")
        assert pane.ended() == 0
        after = pane.everything()
    assert "Ann wins with 7 points!" in after
    assert "Pass the keyboard to Ben, then press Enter." in after
    assert "Ben has guessed." in after
    assert "your guess of" not in after
    assert "hidden as you type" not in after
    assert "private screen" not in after
    assert [a.get("wrong") for a in saved(record)["actions"][2:]] == [1, 0]


def test_undercovers_country_and_answers_never_reach_the_scrollback(tmp_path: Path) -> None:
    seats = ["Ann", "Ben", "Cem"]
    game = geodeck.new_game("undercover", seats, seed=4)
    record = game.to_record()
    first = record["setup"]["questions"][0]
    about_seeker = record["questions"][first]["about"] == "seeker"
    with tmux_pane(tmp_path) as pane:
        pane.start(
            [GEODECK, "play", "undercover", "--seats", ",".join(seats), "--seed", "4"],
            env=terminal_env(tmp_path),
            cwd=tmp_path,
            columns=120,
            rows=45,
        )
        pane.wait_for("Pass the keyboard to Ann, then press Enter.")
        pane.type("")
        pane.wait_for("where do you hide?")
        pane.type("3")
        shown = pane.wait_for("Press Enter to hide there")
        assert "you chose" in shown
        pane.type("")
        if about_seeker:
            pane.wait_for("name X")
            pane.type("3")
        pane.wait_for("Pass the keyboard to Ann, then press Enter.")
        pane.type("")
        shown = pane.wait_for("your answer")
        assert "you are hiding in" in shown
        pane.type("y")
        pane.wait_for("your stone")
        pane.type("quit")
        assert pane.ended() == 0
        after = pane.everything()
    assert "Game stopped." in after
    assert "Ann is undercover · commitment" in after
    assert "Ben reads: " in after
    for secret in ("you chose", "you are hiding in", "The data says", "private screen"):
        assert secret not in after, secret
    games = list((tmp_path / "geodeck" / "games").glob("*.json"))
    assert [a["act"] for a in saved(games[0])["actions"]][-1] == "answer"


def resume_command(screen: str) -> str:
    """The command the stop message says continues the game."""
    found = re.search(r"Continue it with: +(.+?)\s*$", screen, re.M)
    assert found, screen
    return found.group(1)


def start_shell(pane: Tmux, data: Path) -> None:
    env = {**terminal_env(data), "PS1": "shell> "}
    pane.start(["bash", "--norc", "--noprofile"], env=env, cwd=HOME, columns=200)
    pane.wait_for("shell> ")


def test_every_way_out_says_where_the_game_is_and_the_printed_command_resumes_it(
    tmp_path: Path,
) -> None:
    """Ctrl-C, Ctrl-D and quit each stop the README's game with the command that goes on
    with it, as it was typed: run in the same shell, that command resumes the game."""
    with tmux_pane(tmp_path) as pane:
        start_shell(pane, tmp_path)
        pane.type(f"{RELATIVE} play uppsala --seats Ann,Ben,Cem --deck {DECK} --seed 5")
        pane.wait_for("Ann, where does")
        pane.type("b")
        for way_out in ("C-c", "C-d", "quit"):
            pane.wait_for("Your answer")
            if way_out == "quit":
                pane.type("quit")
            else:
                pane.key(way_out)
            shown = pane.wait_for("Continue it with:")
            assert "Game stopped." in shown
            command = resume_command(shown)
            assert command.startswith(f"{RELATIVE} play --resume ")
            where = command.removeprefix(f"{RELATIVE} play --resume ")
            assert re.fullmatch(r"\S+/geodeck/games/[\d_-]+_uppsala_Ann_Ben_Cem\.json", where)
            assert f"It is saved in {where}" in shown
            pane.type('echo "exit status $?"')
            pane.wait_for(f"exit status {130 if way_out == 'C-c' else 0}")
            pane.type("clear")
            pane.wait_for("shell> ")
            pane.type(command)
            pane.wait_for("resumed from the games folder")
            pane.wait_for("Your answer")
        pane.type("a")
        pane.wait_for("Cem, is")
    games = list((tmp_path / "geodeck" / "games").glob("*.json"))
    assert len(games) == 1
    actions = saved(games[0])["actions"]
    assert [a["act"] for a in actions] == ["place", "accept"]


def test_a_game_started_by_its_name_on_path_says_that_name(tmp_path: Path) -> None:
    env = {**terminal_env(tmp_path), "PATH": f"{Path(GEODECK).parent}:/usr/bin:/bin"}
    with tmux_pane(tmp_path) as pane:
        pane.start(
            ["geodeck", "play", "world", "--seats", "Ann,Ben", "--deck", str(DECK)],
            env=env,
            cwd=tmp_path,
            columns=200,
        )
        pane.wait_for("Ann, where does")
        pane.key("C-c")
        shown = pane.wait_for("Continue it with:")
        assert pane.ended() == 130
    assert resume_command(shown).startswith("geodeck play --resume ")
    assert "(or  geodeck play --resume  to choose among the unfinished games)" in shown


def test_resume_alone_lists_the_unfinished_games_to_choose_one(tmp_path: Path) -> None:
    first = run_geodeck(
        "play", "uppsala", "--seats", "Ann,Ben", "--deck", DECK, "--seed", "2",
        stdin="a\n\nquit\n", data=tmp_path,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    second = run_geodeck(
        "play", "undercover", "--seats", "Dan,Eve,Fay", "--seed", "2", stdin="quit\n",
        data=tmp_path,
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    done = run_geodeck(
        "play", "world", "--bots", "random,random", "--deck", DECK, "--fast", data=tmp_path
    )
    assert done.returncode == 0, done.stderr
    with tmux_pane(tmp_path) as pane:
        pane.start([GEODECK, "play", "--resume"], env=terminal_env(tmp_path), cwd=tmp_path)
        shown = pane.wait_for("Which game goes on?")
        rows = [line for line in shown.splitlines() if re.match(r" +\d  ", line)]
        assert len(rows) == 2, shown
        assert re.match(r" +1  undercover  Dan, Eve, Fay +today \d\d:\d\d  round 1 of 6", rows[0])
        assert re.match(r" +2  uppsala     Ann, Ben +today \d\d:\d\d  card 2 of 45", rows[1])
        assert "world" not in shown  # finished
        pane.type("7")
        pane.wait_for("You typed '7'")
        pane.type("2")
        shown = pane.wait_for("Ben, where does")
        assert "resumed from the games folder" in shown
        pane.type("quit")
        assert pane.ended() == 0


def test_help_rules_and_history_answer_and_ask_the_same_question_again(tmp_path: Path) -> None:
    record = tiny_record(tmp_path)
    with tmux_pane(tmp_path) as pane:
        pane.start(
            [GEODECK, "play", "--resume", str(record)],
            env=terminal_env(tmp_path),
            cwd=tmp_path,
            rows=40,
        )
        pane.wait_for("where does Rome go?")
        pane.type("help")
        shown = pane.asks(
            "Then the same question comes again.\n"
            "Ann, where does Rome go? Type a gap label, a–b (west–east) or 1–2 (north–south):"
        )
        assert "a–b        put Rome into that gap (the west–east line)" in shown
        assert "1–2        put Rome into that gap (the north–south line)" in shown
        pane.type("2")
        pane.wait_for("Your answer")
        pane.type("rules")
        shown = pane.asks("share the win.\nYour answer (a/n):")
        assert "▶ A4 challenge" in shown
        pane.type("history")
        shown = pane.asks("(end of the history)\nYour answer (a/n):")
        assert "Ann puts Rome south of Berlin (north–south)." in shown
        pane.type("quit")
        assert pane.ended() == 0
    assert saved(record)["actions"] == [{"seat": 0, "act": "place", "line": "north-south", "at": 0}]


def test_a_long_history_is_shown_a_screenful_at_a_time(tmp_path: Path) -> None:
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=3, deck=sample_cards())
    for _ in range(12):
        seat, _kind = game.expects()
        game.apply(game.legal_actions(seat[0])[0])
    record = tmp_path / "long.json"
    record.write_text(json.dumps(game.to_record()), "utf-8")
    with tmux_pane(tmp_path) as pane:
        pane.start(
            [GEODECK, "play", "--resume", str(record)],
            env=terminal_env(tmp_path),
            cwd=tmp_path,
            rows=12,
        )
        pane.wait_for("where does Kyiv go?")
        pane.type("history")
        shown = pane.wait_for("more: Enter shows them")
        assert "The game so far:" in shown
        assert "(end of the history)" not in shown
        pane.type("")
        shown = pane.asks(
            "(end of the history)\n"
            "Ann, where does Kyiv go? Type a gap label, a–h (west–east) or 1–2 (north–south):"
        )
        assert "Ann accepts." in shown
        pane.type("quit")
        assert pane.ended() == 0
