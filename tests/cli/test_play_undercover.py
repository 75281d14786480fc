"""``geodeck play undercover`` and ``geodeck play --bots``, through the installed command.

A test plays the same seeded game with the engine first, choosing moves with its own RNG
(and, for bot seats, with the same bots the command builds), and turns each move into the
lines a player would type: for the undercover player the Enter that takes the keyboard,
the country's number, code or name and the Enter that confirms it; the reader's X; the
Enter before each private answer and the answer's key; each seeker's stone ("7", "ES L")
or an empty line to pass; an Enter after each round's reveal. The command must then save
the engine's actions (the salts are the command's own).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck.bots import make_bot
from geodeck.bots.base import own_secret
from geodeck.cli.bot_seats import atlas_of, bot_level, bot_names, bot_seed
from geodeck.core.game import Game
from geodeck.decks import shipped_undercover
from geodeck.undercover import Answer, Hide, Name, Pass, Stone, commit
from tests.cli.command import (
    KEYS,
    label,
    replay_json,
    run_geodeck,
    saved,
    terminal,
    typed,
    winner_line,
)
from tests.support import FIXTURES, sample_cards

DECK = FIXTURES / "sample-europe.json"
ANSWER_KEYS = {
    "yes": ("y", "yes", "1"),
    "no": ("n", "no", "2"),
    "probably": ("p", "probably", "3"),
    "probably_not": ("pn", "probably not", "4"),
    "not_sure": ("ns", "not sure", "5"),
}
HEX64 = re.compile(r"\b[0-9a-f]{64}\b|\b[0-9a-f]{12}…")  # a commitment, or its start
PRIVATE = re.compile(r"🔒 (.+?)'s private screen.*?end of \1's private screen", re.S)


def run(
    *args: str | Path, stdin: str = "", timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return run_geodeck(*args, stdin=stdin, timeout=timeout, columns=120)


def without_salts(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.items() if k != "salt"} for a in actions]


def shared_part(out: str) -> str:
    """The transcript without the private screens."""
    return PRIVATE.sub("", out)


def bots_of(game: Game) -> dict[int, Any]:
    """The bots ``geodeck play`` builds for the bot seats of ``game``."""
    record = game.to_record()
    atlas = atlas_of(record)
    bots = {}
    for seat, name in enumerate(game.seats):
        level = bot_level(name)
        if level is not None:
            bots[seat] = make_bot(level, bot_seed(record, seat), game=game.game, atlas=atlas)
    return bots


@dataclass
class Script:
    """A whole game: the lines to type, and the actions the engine took for them."""

    game: Game
    lines: list[str] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    stops: list[tuple[int, int]] = field(default_factory=list)
    """(lines typed, actions applied) as a question is turned over for a person: where the
    input may stop and a resume pick up."""

    def apply(self, action: Any) -> None:
        self.game.apply(action)
        self.actions.append(action.to_wire())


def country_ref(rng: random.Random, layout: list[dict[str, Any]], country: str) -> str:
    """One of the ways to type a country: number, code, name, vehicle code."""
    index = next(i for i, c in enumerate(layout) if c["id"] == country)
    card = layout[index]
    ways = [str(index + 1), country.lower(), card["name"], card["name"].upper()]
    vehicle = card.get("vehicle", "")
    clashes = [
        c
        for c in layout
        if vehicle and vehicle.lower() in (str(c["id"]).lower(), str(c.get("vehicle", "")).lower())
    ]
    if vehicle and len(clashes) == 1:
        ways.append(vehicle)
    return str(rng.choice(ways))


def with_computers(seats: list[str], options: dict[str, Any] | None) -> dict[str, Any]:
    """The options as ``geodeck play`` deals with them: the bot seats are computers."""
    computers = [seat for seat, name in enumerate(seats) if bot_level(name) is not None]
    return {**(options or {}), **({"computers": computers} if computers else {})}


def undercover_script(
    seats: list[str],
    *,
    seed: int,
    choices: int,
    variant: str | None = None,
    options: dict[str, Any] | None = None,
    passing: float = 0.45,
) -> Script:
    game = geodeck.new_game(
        "undercover", seats, variant=variant, seed=seed, options=with_computers(seats, options)
    )
    bots = bots_of(game)
    people = len(seats) - len(bots)
    script = Script(game)
    rng = random.Random(choices)
    last = None
    while not game.finished:
        due, kind = game.expects()
        seat = due[0]
        view = game.view(None)
        layout = view["layout"]
        legal = game.legal_actions(seat)
        rounds = len(view["results"])
        turned = kind == "name" or (kind == "answer" and last != "name")
        if turned and seat not in bots:
            script.stops.append((len(script.lines), len(script.actions)))
        last = kind
        if seat in bots:
            action = bots[seat].choose(game.view(seat), legal)
        elif kind == "hide":
            action = own_secret(rng.choice(legal), rng)
            if people > 1:
                script.lines.append("")
            script.lines.extend([country_ref(rng, layout, action.country), ""])
        elif kind == "name":
            action = rng.choice(legal)
            assert isinstance(action, Name)
            script.lines.append(rng.choice([str(action.seeker + 1), seats[action.seeker]]))
        elif kind == "answer":
            answer = rng.choice(list(ANSWER_KEYS))
            action = Answer(seat, answer)
            if people > 1:
                script.lines.append("")
            script.lines.append(rng.choice(ANSWER_KEYS[answer]))
        elif all(isinstance(a, Pass) for a in legal):
            action = Pass(seat)
        elif rng.random() < passing:
            action = Pass(seat)
            script.lines.append(rng.choice(["", "pass", "-"]))
        else:
            action = rng.choice([a for a in legal if isinstance(a, Stone)])
            assert isinstance(action, Stone)
            where = country_ref(rng, layout, action.country)
            if action.size == "large":
                where += rng.choice([" L", " large", "l"])
            script.lines.append(where)
        script.apply(action)
        after = game.view(None)
        if len(after["results"]) > rounds and not game.finished and people:
            script.lines.append("")
    return script


SEATS = ["Ann", "Ben", "Cem", "Dan"]


def test_a_full_four_player_game_saves_replays_and_verifies(tmp_path: Path) -> None:
    script = undercover_script(SEATS, seed=21, choices=4)
    record_file = tmp_path / "uc.json"
    done = run(
        "play", "undercover", "--seats", ",".join(SEATS), "--seed", "21",
        "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    record = saved(record_file)
    assert record["game"] == "undercover"
    assert record["seats"] == SEATS
    assert without_salts(record["actions"]) == without_salts(script.actions)
    hides = [a for a in record["actions"] if a["act"] == "hide"]
    assert len(hides) == 8
    engine_salts = {a["salt"] for a in script.actions if a["act"] == "hide"}
    assert all(re.fullmatch(r"[0-9a-f]{32}", h["salt"]) for h in hides)
    assert not engine_salts & {h["salt"] for h in hides}
    out = done.stdout
    for number in range(1, 9):
        assert f"End of round {number}" in out
    assert out.count("✓ sha256(") == 8
    assert "Game over" in out
    assert winner_line(script.game) in out
    for hide in hides:
        assert commit(hide["country"], hide["salt"]) in out
        assert f"geodeck verify {commit(hide['country'], hide['salt'])} {hide['country']}" in out
    summary = replay_json(record_file)
    assert summary["finished"] is True
    outcome = script.game.outcome()
    assert outcome is not None
    assert summary["winners"] == list(outcome.winners)
    assert [s["score"] for s in summary["seats"]] == list(outcome.scores)
    checked = run("verify", "--record", record_file)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("✓ round") == 8
    assert "all 8 commitments match" in checked.stdout


def test_the_table_shows_the_cards_the_question_and_the_scores(tmp_path: Path) -> None:
    script = undercover_script(SEATS, seed=5, choices=2, passing=0.2)
    done = run(
        "play", "undercover", "--seats", ",".join(SEATS), "--seed", "5",
        stdin=typed(script.lines[: script.stops[3][0]]),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    first = script.game.to_record()["setup"]["layouts"][0]
    cards = shipped_undercover()["countries"]
    for number, country in enumerate(first, 1):
        card = cards[country]
        assert f"{number} {card['flag_emoji']} " in out
        assert card["capital"][:10] in out
        assert f"{card['area']:,} km²" in out or card["area"] < 1000
        assert f"#{card['population_rank']}" in out
    assert "● small stone, 1 point · ◉ large stone, 2 points" in out
    assert "Round 1: questions and answers" in out
    assert "points per round" in out
    assert "Pass the keyboard to Ann, then press Enter." in out
    assert "Ann answers in private." in out
    assert "Game stopped." in out
    played = geodeck.new_game("undercover", SEATS, seed=5)
    for action in script.actions[: script.stops[3][1]]:
        played.apply(played.action_from_wire({**action}))
    for question in played.view(None)["questions"]:
        assert question["reads"][:40] in out
        if question["answer"] is not None:
            word = question["answer"].replace("_", " ")
            reader = SEATS[question["reader"]]
            assert f"{reader} → {word}" in out


def test_the_hidden_country_is_never_on_a_shared_screen_before_the_reveal(
    tmp_path: Path,
) -> None:
    """Two games that differ only in where Ann hides show the same shared screens until the
    reveal (with the commitment masked): the shared screen cannot tell where she is."""
    game = geodeck.new_game("undercover", SEATS, seed=9)
    layout = game.to_record()["setup"]["layouts"][0]
    answers = ["y", "n", "p", "pn", "ns", "y", "n", "y", "p", "n", "y", "ns"]
    record = game.to_record()
    pile = record["setup"]["questions"]
    round_one: list[str] = []
    for number in range(12):
        if record["questions"][pile[number]]["about"] == "seeker":
            round_one.append("Ben")  # Ben stands for X
        round_one += ["", answers[number], "", "", ""]  # Ann answers, everyone passes
    records = []
    transcripts = []
    for index, hide in enumerate((0, 7)):
        folder = tmp_path / str(index)
        folder.mkdir()
        record_file = folder / "uc.json"
        records.append(record_file)
        lines = ["", str(hide + 1), "", *round_one, "quit"]
        done = run(
            "play", "undercover", "--seats", ",".join(SEATS), "--seed", "9",
            "--save", record_file, stdin=typed(lines),
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "End of round 1" in done.stdout, done.stdout[-3000:]
        transcripts.append(done.stdout.replace(str(record_file), "<file>"))
    hidden = [layout[0], layout[7]]
    salts = [saved(r)["actions"][0]["salt"] for r in records]
    befores = []
    for out, country, salt in zip(transcripts, hidden, salts, strict=True):
        before, _, _ = out.partition("End of round 1")
        private = PRIVATE.findall(before)
        assert private
        assert private.count("Ann") == len(private)
        shared = shared_part(before)
        assert salt not in before
        assert "hiding in" not in shared
        assert "★" not in shared
        assert "data says" not in shared
        assert shared.count(commit(country, salt)) >= 12
        befores.append(HEX64.sub("<commitment>", shared))
    assert befores[0] == befores[1]
    assert "you are hiding in" in transcripts[0].partition("End of round 1")[0]


def test_an_easy_game_with_three_players(tmp_path: Path) -> None:
    seats = ["Ann", "Ben", "Cem"]
    script = undercover_script(seats, seed=2, choices=7, variant="easy")
    record_file = tmp_path / "easy.json"
    done = run(
        "play", "undercover", "--seats", "Ann,Ben,Cem", "--variant", "easy", "--seed", "2",
        "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = saved(record_file)
    assert record["variant"] == "easy"
    assert all(len(layout) == 12 for layout in record["setup"]["layouts"])
    assert without_salts(record["actions"]) == without_salts(script.actions)
    out = done.stdout
    assert "easy  ·  round 1 of 6" in out
    assert "╭─ 12 " in out
    assert "╭─ 13 " not in out
    assert "End of round 6" in out
    assert winner_line(script.game) in out
    assert replay_json(record_file)["finished"] is True


def test_the_hard_variant_removes_questions(tmp_path: Path) -> None:
    record_file = tmp_path / "hard.json"
    done = run(
        "play", "undercover", "--seats", "Ann,Ben,Cem", "--remove-questions", "20",
        "--seed", "4", "--save", record_file,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = saved(record_file)
    assert record["variant"] == "hard"
    assert record["options"] == {"remove_country_questions": 20}
    assert len(record["setup"]["questions"]) == 73 - 20
    assert "hard  ·  round 1 of 6" in done.stdout


def test_bad_input_is_asked_again(tmp_path: Path) -> None:
    game = geodeck.new_game("undercover", SEATS, seed=3)
    record = game.to_record()
    layout = record["setup"]["layouts"][0]
    pile = record["setup"]["questions"]
    about = [record["questions"][pile[i]]["about"] for i in (0, 1)]
    lines = ["", "zz", "99", "3", "7", "3", ""]  # Ann hides: two mistakes, a change of mind
    if about[0] == "seeker":
        lines += ["Ann", "9", "", "cem"]  # Ben names X: not Ann (undercover), Cem
    lines += ["", "maybe", "yes"]
    lines += ["nowhere", "5 xl", "5 L", "5", ""]  # Ben: large on 5; Cem: small; Dan passes
    if about[1] == "seeker":
        lines += ["ben"]  # Cem names Ben
    lines += ["", "no"]
    lines += ["", "", "5 L", "5"]  # Cem and Dan pass; Ben has no large stone left
    record_file = tmp_path / "bad.json"
    done = run(
        "play", "undercover", "--seats", ",".join(SEATS), "--seed", "3",
        "--save", record_file, stdin=typed(lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "You typed 'zz'" in out
    assert "You typed '99'" in out
    assert "You typed 'maybe'" in out
    assert "You typed 'nowhere'" in out
    assert "You typed '5 xl'" in out
    assert (
        "You have no large stone left: type 'LP' for a small stone".replace("LP", layout[4]) in out
    )
    if about[0] == "seeker":
        assert "You typed 'ann'" in out
        assert "You typed '9'" in out
        assert "You typed nothing: type one of the numbers 2, 3, 4" in out
    actions = saved(record_file)["actions"]
    assert actions[0]["act"] == "hide"
    assert actions[0]["country"] == layout[2]
    expected: list[dict[str, Any]] = []
    if about[0] == "seeker":
        expected.append({"seat": 1, "act": "name", "seeker": 2})
    expected += [
        {"seat": 0, "act": "answer", "answer": "yes"},
        {"seat": 1, "act": "stone", "country": layout[4], "size": "large"},
        {"seat": 2, "act": "stone", "country": layout[4], "size": "small"},
        {"seat": 3, "act": "pass"},
    ]
    if about[1] == "seeker":
        expected.append({"seat": 2, "act": "name", "seeker": 1})
    expected += [
        {"seat": 0, "act": "answer", "answer": "no"},
        {"seat": 2, "act": "pass"},
        {"seat": 3, "act": "pass"},
        {"seat": 1, "act": "stone", "country": layout[4], "size": "small"},
    ]
    assert without_salts(actions[1:]) == expected
    assert "Game stopped." in out


def test_resume_goes_on_where_the_input_stopped(tmp_path: Path) -> None:
    script = undercover_script(["Ann", "Ben", "Cem"], seed=6, choices=1)
    cut_lines, cut_actions = script.stops[len(script.stops) // 2]
    record_file = tmp_path / "uc.json"
    first = run(
        "play", "undercover", "--seats", "Ann,Ben,Cem", "--seed", "6", "--save", record_file,
        stdin=typed(script.lines[:cut_lines]),
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    assert "Game stopped." in first.stdout
    assert without_salts(saved(record_file)["actions"]) == without_salts(
        script.actions[:cut_actions]
    )
    second = run("play", "--resume", record_file, stdin=typed(script.lines[cut_lines:]))
    assert second.returncode == 0, second.stderr
    assert f"resumed from {record_file}" in second.stdout
    assert winner_line(script.game) in second.stdout
    assert without_salts(saved(record_file)["actions"]) == without_salts(script.actions)
    assert run("verify", "--record", record_file).returncode == 0


def test_resume_of_a_finished_game_shows_the_last_reveal_and_the_result(tmp_path: Path) -> None:
    script = undercover_script(["Ann", "Ben", "Cem"], seed=6, choices=1)
    record_file = tmp_path / "done.json"
    record_file.write_text(json.dumps(script.game.to_record()), "utf-8")
    done = run("play", "--resume", record_file)
    assert done.returncode == 0, done.stderr
    assert "End of round 6" in done.stdout
    assert "✓ sha256(" in done.stdout
    assert winner_line(script.game) in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "Ann,Ben"], "3 to 6 players"),
        (["--seats", "A,B,C,D,E,F,G"], "3 to 6 players"),
        (["--seats", "Ann,Ann,Ben"], "different names"),
        ([], "--seats"),
        (["--seats", "Ann,Ben,Cem", "--variant", "geo"], "no variant 'geo'"),
        (["--seats", "Ann,Ben,Cem", "--variant", "hard"], "--remove-questions"),
        (["--seats", "Ann,Ben,Cem", "--variant", "easy", "--remove-questions", "3"], "hard"),
        (["--seats", "Ann,Ben,Cem", "--remove-questions", "0"], "1 or more"),
        (["--seats", "Ann,Ben,Cem", "--remove-questions", "70"], "remove"),
        (["--seats", "Ann,Ben,Cem", "--deck", str(DECK)], "--deck belongs to the cross"),
        (["--seats", "Ann,Ben", "--bots", "genius"], "bot levels are"),
    ],
)
def test_setup_errors_exit_2_with_one_line(args: list[str], message: str) -> None:
    done = run("play", "undercover", *args)
    assert done.returncode == 2, done.stdout
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_resume_refuses_bots_and_setup_options(tmp_path: Path) -> None:
    record_file = tmp_path / "uc.json"
    record_file.write_text(json.dumps(geodeck.new_game("undercover", SEATS).to_record()), "utf-8")
    done = run("play", "--resume", record_file, "--bots", "random")
    assert done.returncode == 2
    assert "--bots cannot be used with --resume" in done.stderr
    wrong = run("play", "uppsala", "--resume", record_file)
    assert wrong.returncode == 2
    assert "holds an undercover game, not uppsala" in wrong.stderr


# -- bots ---------------------------------------------------------------------------------


def undercover_level() -> str:
    """The strongest level the undercover bots offer yet."""
    try:
        make_bot("expert", 1, game="undercover", atlas=shipped_undercover())
    except Exception:
        return "random"
    return "expert"


def test_undercover_with_two_people_and_two_bots(tmp_path: Path) -> None:
    level = undercover_level()
    names = bot_names([level, "random"])
    seats = ["Ann", "Ben", *names]
    script = undercover_script(seats, seed=12, choices=3)
    record_file = tmp_path / "bots.json"
    done = run(
        "play", "undercover", "--seats", "Ann,Ben", "--bots", f"{level},random", "--seed", "12",
        "--fast", "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = saved(record_file)
    assert record["seats"] == seats
    assert without_salts(record["actions"]) == without_salts(script.actions)
    out = done.stdout
    assert f"⚙ Bot 1 ({level}) has hidden in secret" in out
    assert f"Pass the keyboard to {names[0]}" not in out
    assert "Pass the keyboard to Ann" in out
    assert winner_line(script.game) in out
    assert run("verify", "--record", record_file).returncode == 0
    for hide in record["actions"]:
        if hide["act"] == "hide":
            assert re.fullmatch(r"[0-9a-f]{32}", hide["salt"])


def test_undercover_alone_against_bots_needs_no_passing_of_the_keyboard(tmp_path: Path) -> None:
    seats = ["Ann", *bot_names(["random", "random"])]
    script = undercover_script(seats, seed=8, choices=5)
    record_file = tmp_path / "alone.json"
    done = run(
        "play", "undercover", "--seats", "Ann", "--bots", "random,random", "--seed", "8",
        "--fast", "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert without_salts(saved(record_file)["actions"]) == without_salts(script.actions)
    assert "Pass the keyboard" not in done.stdout
    assert "🔒 Ann's private screen" in done.stdout
    assert winner_line(script.game) in done.stdout


def test_a_game_of_bots_alone_plays_itself(tmp_path: Path) -> None:
    record_file = tmp_path / "bots.json"
    done = run(
        "play", "undercover", "--bots", "random,random,random", "--seed", "1", "--fast",
        "--save", record_file,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert replay_json(record_file)["finished"] is True


def test_resume_finds_the_bots_by_their_names(tmp_path: Path) -> None:
    seats = ["Ann", "Ben", *bot_names(["random"])]
    script = undercover_script(seats, seed=14, choices=2)
    cut_lines, cut_actions = script.stops[len(script.stops) // 3]
    record_file = tmp_path / "uc.json"
    run(
        "play", "undercover", "--seats", "Ann,Ben", "--bots", "random", "--seed", "14",
        "--fast", "--save", record_file, stdin=typed(script.lines[:cut_lines]),
    )  # fmt: skip
    assert without_salts(saved(record_file)["actions"]) == without_salts(
        script.actions[:cut_actions]
    )
    second = run("play", "--resume", record_file, "--fast", stdin="quit\n")
    assert second.returncode == 0, second.stderr
    assert replay_json(record_file)["seats"][2]["name"] == "Bot 1 (random)"
    game = Game.from_record(saved(record_file))
    assert not game.finished


# -- bots in the cross family ------------------------------------------------------------


def cross_script(seats: list[str], *, seed: int, choices: int) -> Script:
    game = geodeck.new_game("uppsala", seats, seed=seed, deck=sample_cards())
    bots = bots_of(game)
    people = len(seats) - len(bots)
    script = Script(game)
    rng = random.Random(choices)
    while not game.finished:
        view = game.view(None)
        due, kind = game.expects()
        if kind in ("place", "respond"):
            seat = due[0]
            legal = game.legal_actions(seat)
            if seat in bots:
                script.apply(bots[seat].choose(game.view(seat), legal))
                continue
            if kind == "place":
                action = rng.choice(legal)
                length = len(view["lines"][action.line])
                script.lines.append(label(action.line, action.at, length))
            else:
                action = rng.choice(legal)
                if isinstance(action, geodeck.Challenge):
                    placed = view["placed"]
                    lower = view["lines"][placed["line"]].index(action.against) < placed["at"]
                    script.lines.append(KEYS[placed["line"]][0 if lower else 1])
                else:
                    script.lines.append("a")
            script.apply(action)
            continue
        turn, count = view["turn"], len(view["seats"])
        for seat in [(turn + i) % count for i in range(count)]:
            if seat not in due:
                continue
            if seat in bots:
                script.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
                continue
            wrong = rng.randint(0, view["guessing"]["most"])
            if people > 1:
                script.lines.extend(["", str(wrong), ""])
            else:
                script.lines.append(str(wrong))
            script.apply(geodeck.Guess(seat, wrong))
        if not game.finished and people:
            script.lines.append("")
    return script


def test_cross_game_of_one_person_against_an_expert_bot(tmp_path: Path) -> None:
    seats = ["Ann", "Bot 1 (expert)"]
    script = cross_script(seats, seed=7, choices=3)
    record_file = tmp_path / "cross.json"
    done = run(
        "play", "uppsala", "--seats", "Ann", "--bots", "expert", "--seed", "7", "--deck", DECK,
        "--fast", "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    record = saved(record_file)
    assert record["seats"] == seats
    assert record["actions"] == script.actions
    out = done.stdout
    assert "⚙ Bot 1 (expert) puts " in out
    assert "⚙ Bot 1 (expert) has made a secret guess." in out
    assert "Pass the keyboard" not in out
    assert "Game over" in out
    assert replay_json(record_file)["finished"] is True


def test_cross_game_of_two_people_and_two_bots(tmp_path: Path) -> None:
    seats = ["Ann", "Ben", "Bot 1 (casual)", "Bot 2 (random)"]
    script = cross_script(seats, seed=3, choices=8)
    record_file = tmp_path / "cross.json"
    done = run(
        "play", "uppsala", "--seats", "Ann,Ben", "--bots", "casual,random", "--seed", "3",
        "--deck", DECK, "--fast", "--save", record_file, stdin=typed(script.lines),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert saved(record_file)["actions"] == script.actions
    assert "Pass the keyboard to Ann" in done.stdout
    assert "Pass the keyboard to Bot" not in done.stdout
    assert "Game over" in done.stdout


def test_a_bot_named_in_seats_plays_too(tmp_path: Path) -> None:
    record_file = tmp_path / "cross.json"
    done = run(
        "play", "uppsala", "--seats", "Hal (random),Eve (random)", "--seed", "2", "--deck", DECK,
        "--fast", "--save", record_file,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert replay_json(record_file)["finished"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "Ann", "--bots", "genius"], "bot levels are"),
        (["--seats", "Ann", "--bots", "expert,"], "an empty one"),
        (["--seats", "A,B,C,D,E", "--bots", "expert,expert"], "2 to 6 players"),
        (["--bots", "expert"], "2 to 6 players"),
    ],
)
def test_bad_bots_exit_2(args: list[str], message: str) -> None:
    done = run("play", "uppsala", *args, "--deck", DECK)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_bot_seat_names() -> None:
    assert bot_names(["expert", "casual", "expert"]) == [
        "Bot 1 (expert)",
        "Bot 2 (casual)",
        "Bot 3 (expert)",
    ]
    assert bot_level("Bot 2 (casual)") == "casual"
    assert bot_level("Hal (oracle)") == "oracle"
    assert bot_level("Ann") is None
    assert bot_level("(expert)") is None
    assert bot_level("Ann (friend)") is None


def test_hide_uses_a_salt_of_the_command_not_the_engines() -> None:
    game = geodeck.new_game("undercover", SEATS, seed=1)
    offered = game.legal_actions(0)[0]
    assert isinstance(offered, Hide)
    from geodeck.cli.undercover.play import new_salt

    assert offered.salt is None  # the engine makes no salt (B2.2)
    salts = {new_salt() for _ in range(20)}
    assert len(salts) == 20
    assert all(len(salt) >= 16 for salt in salts)


def test_on_a_terminal_the_private_screen_is_cleared_before_and_after(tmp_path: Path) -> None:
    """The hiding place is chosen on the alternate screen: the screen is cleared on the way
    in and on the way out, and nothing typed there stays in the scrollback."""
    record_file = tmp_path / "uc.json"
    with terminal(
        "play", "undercover", "--seats", "Ann,Ben,Cem", "--seed", "1", "--save", record_file,
        columns=120, rows=45,
    ) as screen:  # fmt: skip
        shared = screen.expect(b"then press Enter.")
        assert b"choosing a country in secret" in shared
        screen.write(b"\n")
        inside = screen.expect(b"where do you hide?")
        assert b"\x1b[?1049h" in inside  # the alternate screen
        assert b"\x1b[2J" in inside  # cleared
        screen.write(b"3\n")
        screen.expect(b"Press Enter to hide there")
        screen.write(b"\n")
        after = screen.expect(b"is undercover")
        assert b"\x1b[?1049l" in after
        screen.write(b"quit\n")
        screen.expect(b"Game stopped.")
    hide = saved(record_file)["actions"][0]
    assert hide["act"] == "hide"
    assert hide["country"] == saved(record_file)["setup"]["layouts"][0][2]
