"""``geodeck play`` keeps every game: the games folder it autosaves to, ``--save`` that
will not overwrite another game, ``--resume`` alone off a terminal, the commands typed at
any question, and the names of a resumed Undercover game's rounds. Input piped in."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from pathlib import Path

import geodeck
from tests.cli.command import GEODECK, plain_env, run_geodeck, saved, tiny_record, typed
from tests.support import FIXTURES, sample_cards

DECK = FIXTURES / "sample-europe.json"
NAME = re.compile(r"\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_uppsala_Ann_Ben\.json")


def games(data: Path) -> list[Path]:
    return sorted((data / "geodeck" / "games").glob("*.json"))


def play(data: Path, *args: str | Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_geodeck("play", *args, stdin=stdin, data=data)


def test_a_game_without_save_is_kept_in_the_games_folder(tmp_path: Path) -> None:
    done = play(
        tmp_path, "uppsala", "--seats", "Ann,Ben", "--deck", DECK, "--seed", "4",
        stdin="a\n\nquit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    [kept] = games(tmp_path)
    assert NAME.fullmatch(kept.name)
    record = saved(kept)
    assert record["seats"] == ["Ann", "Ben"]
    assert [a["act"] for a in record["actions"]] == ["place", "accept"]
    assert f"It is saved in {kept}" in done.stdout
    assert f"play --resume {kept}" in done.stdout
    assert "play --resume  to choose among the unfinished games" in done.stdout
    assert "saved after every move · type help, rules, history or quit" in done.stdout


def test_the_games_folder_keeps_the_newest_fifty(tmp_path: Path) -> None:
    folder = tmp_path / "geodeck" / "games"
    folder.mkdir(parents=True)
    old = time.time() - 86400
    for number in range(55):
        path = folder / f"2020-01-01_00-00-{number:02d}_world_Old_Game.json"
        path.write_text("{}", "utf-8")
        os.utime(path, (old + number, old + number))
    mine = folder / "notes.txt"
    mine.write_text("not a game", "utf-8")
    done = play(tmp_path, "uppsala", "--seats", "Ann,Ben", "--deck", DECK, stdin="quit\n")
    assert done.returncode == 0, done.stderr
    left = sorted(p.name for p in folder.glob("*.json"))
    assert len(left) == 50
    assert any(NAME.fullmatch(name) for name in left)
    assert "2020-01-01_00-00-05_world_Old_Game.json" not in left  # the six oldest went
    assert "2020-01-01_00-00-06_world_Old_Game.json" in left
    assert mine.exists()


def test_a_finished_game_is_marked_and_left_out_of_the_list(tmp_path: Path) -> None:
    done = play(tmp_path, "world", "--bots", "random,random", "--deck", DECK, "--fast")
    assert done.returncode == 0, done.stderr
    [kept] = games(tmp_path)
    assert kept.name.endswith("_world_Bot-1-random_Bot-2-random-finished.json")
    assert f"The game's record is kept in {kept}" in done.stdout
    assert saved(kept)["game"] == "world"
    listed = play(tmp_path, "--resume")
    assert listed.returncode == 0, listed.stderr
    assert "No unfinished game in " in listed.stdout
    assert "play GAME --seats A,B" in listed.stdout


def test_resume_alone_off_a_terminal_prints_the_list_and_the_commands(tmp_path: Path) -> None:
    for seats in ("Ann,Ben", "Cem,Dan"):
        done = play(tmp_path, "uppsala", "--seats", seats, "--deck", DECK, stdin="a\nquit\n")
        assert done.returncode == 0, done.stderr
        time.sleep(0.01)
    done = play(tmp_path, "world", "--seats", "Eve,Fay", "--deck", DECK, stdin="quit\n")
    assert done.returncode == 0, done.stderr
    listed = play(tmp_path, "uppsala", "--resume")
    assert listed.returncode == 0, listed.stderr
    out = listed.stdout
    assert "unfinished games, newest first:" in out
    rows = re.findall(r"^ +(\d)  uppsala  (.+?) +today \d\d:\d\d  card 1 of 45$", out, re.M)
    assert rows == [("1", "Cem, Dan"), ("2", "Ann, Ben")]
    assert "Eve" not in out
    commands = re.findall(r"^ +(\S+ play --resume \S+)$", out, re.M)
    assert len(commands) == 2
    assert "To continue one, run the command under it." in out
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    resumed = subprocess.run(
        ["bash", "-c", commands[1]], input="quit\n", capture_output=True, text=True,
        env=env, timeout=120, check=False,
    )  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed from the games folder" in resumed.stdout
    assert "Ben, is " in resumed.stdout


def record_of(seats: list[str], moves: int) -> dict[str, object]:
    game = geodeck.new_game("uppsala", seats, seed=6, deck=sample_cards())
    for _ in range(moves):
        due, _kind = game.expects()
        game.apply(game.legal_actions(due[0])[0])
    record: dict[str, object] = game.to_record()
    return record


def test_save_will_not_overwrite_another_game_unless_forced(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    text = json.dumps(record_of(["Eve", "Fay"], 3))
    other.write_text(text, "utf-8")
    refused = play(tmp_path, "uppsala", "--seats", "Ann,Ben", "--deck", DECK, "--save", other)
    assert refused.returncode == 2
    assert "already holds another uppsala game (Eve, Fay; 3 moves)" in refused.stderr
    assert "add --force to overwrite it" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert other.read_text("utf-8") == text
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", "utf-8")
    refused = play(tmp_path, "uppsala", "--seats", "Ann,Ben", "--deck", DECK, "--save", notes)
    assert refused.returncode == 2
    assert "holds something that is not a record of this game" in refused.stderr
    assert notes.read_text("utf-8") == "my notes"
    forced = play(
        tmp_path, "uppsala", "--seats", "Ann,Ben", "--deck", DECK, "--save", other, "--force",
        stdin="quit\n",
    )  # fmt: skip
    assert forced.returncode == 0, forced.stderr
    assert saved(other)["seats"] == ["Ann", "Ben"]
    assert games(tmp_path) == []  # with --save, FILE is the game's one copy
    alone = play(tmp_path, "uppsala", "--seats", "Ann,Ben", "--deck", DECK, "--force")
    assert alone.returncode == 2
    assert "--force goes with --save" in alone.stderr


def test_save_takes_a_file_of_the_same_game_but_not_one_further_on(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    start.write_text(json.dumps(record_of(["Ann", "Ben"], 2)), "utf-8")
    behind = tmp_path / "behind.json"
    behind.write_text(json.dumps(record_of(["Ann", "Ben"], 1)), "utf-8")
    done = play(tmp_path, "--resume", start, "--save", behind, stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert len(saved(behind)["actions"]) == 2
    ahead = tmp_path / "ahead.json"
    text = json.dumps(record_of(["Ann", "Ben"], 5))
    ahead.write_text(text, "utf-8")
    refused = play(tmp_path, "--resume", start, "--save", ahead)
    assert refused.returncode == 2
    assert "holds this game 3 moves further on" in refused.stderr
    assert f"play --resume {ahead}" in refused.stderr
    assert ahead.read_text("utf-8") == text
    same = play(tmp_path, "--resume", start, "--save", start, stdin="quit\n")
    assert same.returncode == 0, same.stderr


def test_a_record_file_goes_with_resume(tmp_path: Path) -> None:
    done = play(tmp_path, "uppsala", "game.json")
    assert done.returncode == 2
    assert "a record FILE goes with --resume" in done.stderr


def test_help_rules_and_history_at_every_cross_question_play_nothing(tmp_path: Path) -> None:
    path = tiny_record(tmp_path)
    asks = ["help", "?", "rules", "history", "HELP"]
    lines = [*asks, "2", *asks, "n", *asks, "", *asks, "1", *asks, "", "", "0", ""]
    done = play(tmp_path, "--resume", path, stdin=typed(lines))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.count("What you can type here:") == 15
    assert out.count("Then the same question comes again.") == 15
    assert out.count("the rules in short (RULES.md section numbers)") == 5
    assert "▶ A2 placing" in out
    assert "▶ A4 challenge" in out
    assert out.count("▶ A6 scoring") == 3
    assert "1–2        put Rome into that gap (the north–south line)" in out
    assert "n           challenge against Berlin, the card north of it" in out
    assert "0 to 1     your guess: how many cards on the table are wrong" in out
    assert "Enter      go on" in out
    assert "Nothing has happened yet." in out
    assert "  Ben has guessed." in out
    assert "guessed 1" not in out  # the history tells no secret guess
    assert out.count("Ann, where does Rome go?") == 6
    assert "Ann wins with 7 points!" in out
    assert saved(path)["actions"] == [
        {"seat": 0, "act": "place", "line": "north-south", "at": 0},
        {"seat": 1, "act": "challenge", "against": "berlin"},
        {"seat": 1, "act": "guess", "wrong": 1},
        {"seat": 0, "act": "guess", "wrong": 0},
    ]


def test_help_rules_and_history_in_undercover_and_the_legend(tmp_path: Path) -> None:
    game = geodeck.new_game("undercover", ["Ann", "Ben", "Cem"], seed=4)
    record = game.to_record()
    about = record["questions"][record["setup"]["questions"][0]]["about"]
    asks = ["help", "rules", "history"]
    lines = ["", *asks, "3", *asks, ""]
    if about == "seeker":
        lines += [*asks, "3"]
    lines += ["", *asks, "y", *asks, "1 L", "quit"]
    done = play(tmp_path, "undercover", "--seats", "Ann,Ben,Cem", "--seed", "4", stdin=typed(lines))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "▶ B2.2 hiding" in out
    assert "▶ B2.3 questions" in out
    assert "▶ B2.4 stones" in out
    assert "Stones on a card: a player's tag, then their stones:" in out
    assert "So Cem3●◉ is Cem with three small stones" in out
    assert "The tags:  Ann = Ann  Ben = Ben  Cem = Cem" in out
    assert "1 to 16    the country's number on the table; or its code or name" in out
    assert "Enter      hide in the country chosen" in out
    assert re.search(r"^  y or 1 +answer yes", out, re.M)
    assert re.search(r"^  ns or 5 +answer not sure", out, re.M)
    assert re.search(r"^  7 L +your large stone on country 7", out, re.M)
    assert "Round 1: Ann is undercover among 16 countries." in out
    assert "  Ann hides in secret (commitment " in out
    assert "  Ann answers yes." in out
    actions = saved(games(tmp_path)[0])["actions"]
    acts = [a["act"] for a in actions]
    assert acts == ["hide", *(["name"] if about == "seeker" else []), "answer", "stone"]
    assert actions[0]["country"] == record["setup"]["layouts"][0][2]
    assert actions[-1]["size"] == "large"


def test_a_resumed_undercover_game_names_every_rounds_country(tmp_path: Path) -> None:
    record_file = tmp_path / "bots.json"
    done = play(
        tmp_path, "undercover", "--bots", "random,random,random", "--seed", "1", "--fast",
        "--save", record_file,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    again = play(tmp_path, "--resume", record_file)
    assert again.returncode == 0, again.stderr
    countries = saved(record_file)["countries"]
    table = again.stdout.split("The rounds", 1)[1].split("Final scores", 1)[0]
    for result in geodeck.Game.from_record(saved(record_file)).view(None)["results"]:
        name = countries[result["country"]]["name"]
        assert re.search(rf"^ +{result['round']} .+ {re.escape(name)} ", table, re.M), table


def test_a_game_started_with_python_m_says_so(tmp_path: Path) -> None:
    python = Path(GEODECK).with_name("python")
    done = subprocess.run(
        [str(python), "-m", "geodeck", "play", "world", "--seats", "Ann,Ben", "--deck", str(DECK)],
        input="quit\n", capture_output=True, text=True, encoding="utf-8",
        env=plain_env(data=tmp_path), timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert re.search(r"Continue it with:  \S*python\S* -m geodeck play --resume ", done.stdout)
