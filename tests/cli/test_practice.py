"""``geodeck practice`` and ``geodeck daily`` through the installed command (docs/practice.md,
docs/daily.md): rounds, the kept progress, weak areas, the day's challenge, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.command import run_geodeck
from tests.support import FIXTURES

SAMPLE = FIXTURES / "sample-europe.json"


def practice(data: Path, *args: str, stdin: str = "") -> tuple[int, str, str]:
    done = run_geodeck("practice", *args, "--player", "Ann", stdin=stdin, data=data)
    return done.returncode, done.stdout, done.stderr


def kept(data: Path, kind: str = "practice") -> dict[str, Any]:
    found: dict[str, Any] = json.loads((data / "geodeck" / kind / "ann.json").read_text("utf-8"))
    return found


def test_a_survival_round_keeps_the_progress_and_brings_the_mistake_back(tmp_path: Path) -> None:
    status, out, err = practice(tmp_path, "uppsala", "--deck", str(SAMPLE), stdin="w\ns\n" * 40)
    assert (status, err) == (0, "")
    assert "Survival over:" in out
    assert "A " in out
    assert "B " in out
    assert "┌" in out
    decks = kept(tmp_path)["decks"]
    (entry,) = decks.values()
    missed = [c["name"] for c in entry["cards"].values() if c["box"] == 1]
    assert len(missed) == 1  # survival ends at the first mistake
    status, out, _ = practice(tmp_path, "uppsala", "--deck", str(SAMPLE), stdin="w\n")
    assert f"1. Is {missed[0]} " in out


def test_stats_show_the_weak_areas(tmp_path: Path) -> None:
    status, out, _ = practice(tmp_path, "--stats")
    assert status == 0
    assert "no practice yet" in out
    practice(tmp_path, "uppsala", "--mode", "timed", stdin="w\ne\ns\nn\n" * 5)
    status, out, _ = practice(tmp_path, "--stats")
    assert status == 0
    assert "Ausgerechnet Uppsala (geo): 1 session," in out
    assert "area" in out
    assert "weak" in out
    assert "X misplaced" in out


def test_a_region_round_asks_only_the_region(tmp_path: Path) -> None:
    status, out, _ = practice(
        tmp_path, "buxtehude", "--mode", "region", "--region", "de-by", stdin="w\ne\ns\nn\n" * 30
    )
    assert status == 0
    assert "Region over:" in out


def test_a_column_variant_asks_lower_or_higher(tmp_path: Path) -> None:
    status, out, _ = practice(tmp_path, "italia", "--variant", "altitude", stdin="h\n")
    assert status == 0
    assert "lower or higher in altitude than" in out


def test_a_wrong_answer_is_asked_again(tmp_path: Path) -> None:
    _, out, _ = practice(tmp_path, "uppsala", stdin="x\n")
    assert "or quit" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["undercover"], "practice places cards on the map"),
        (["narnia"], "unknown game 'narnia'"),
        (["uppsala", "--region", "XX"], "unknown region 'XX'; the regions of this deck"),
        (["uppsala", "--mode", "region"], "--mode region needs --region CODE"),
        (["uppsala", "--mode", "blitz"], "--mode must be one of survival, timed, region"),
        (["uppsala", "--variant", "altitude"], "uppsala has no variant 'altitude'"),
        (["uppsala", "--deck", "missing.json"], "cannot read deck file missing.json"),
        (["uppsala", "--lang", "fr"], "--lang must be one of en, de, it"),
        ([], "name the game to practise"),
    ],
)
def test_bad_input_is_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    status, _out, err = practice(tmp_path, *args)
    assert status == 2
    assert err.startswith("geodeck practice: ")
    assert message in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def daily(data: Path, *args: str, stdin: str = "", player: str = "Ann") -> tuple[int, str, str]:
    done = run_geodeck("daily", *args, "--player", player, stdin=stdin, data=data)
    return done.returncode, done.stdout, done.stderr


MOVES = "we 0\nns 0\n" * 5


def test_the_daily_challenge_once_a_day_and_the_same_deal_for_everyone(tmp_path: Path) -> None:
    status, out, err = daily(tmp_path, "uppsala", "--date", "2026-11-02", stdin=MOVES)
    assert (status, err) == (0, "")
    share = out[out.index("geodeck daily uppsala 2026-11-02:") :]
    assert share.splitlines()[-1] == "geodeck daily uppsala --date 2026-11-02"
    assert {*share.splitlines()[1]} <= {"🟩", "🟥"}
    status, again, _ = daily(tmp_path, "uppsala", "--date", "2026-11-02", stdin="we 0\n")
    assert "Ann played the challenge of 2026-11-02 already" in again
    assert again[again.index("geodeck daily uppsala 2026-11-02:") :] == share
    _, other, _ = daily(tmp_path, "uppsala", "--date", "2026-11-02", stdin=MOVES, player="Ben")
    assert (
        other.split("Where does ")[1].split(" go?")[0]
        == out.split("Where does ")[1].split(" go?")[0]
    )


def test_a_week_of_daily_challenges(tmp_path: Path) -> None:
    firsts = set()
    for day in range(1, 8):
        date = f"2026-11-{day:02d}"
        status, out, _ = daily(tmp_path, "world", "--date", date, stdin=MOVES)
        assert status == 0
        assert f"geodeck daily world {date}: " in out
        firsts.add(out.split("Where does ")[1].split(" go?")[0])
    results = kept(tmp_path, "daily")["results"]
    assert len(results) == 7
    assert all(r["done"] and len(r["moves"]) == 10 for r in results.values())
    assert len(firsts) > 1


def test_a_stopped_challenge_goes_on_where_it_stopped(tmp_path: Path) -> None:
    _, out, _ = daily(tmp_path, "italia", "--date", "2026-11-03", stdin="we 0\nns 0\n")
    assert "Stopped" in out
    assert (
        len(kept(tmp_path, "daily")["results"]["italia/2026-11-03/" + _short(tmp_path)]["moves"])
        == 2
    )
    _, out, _ = daily(tmp_path, "italia", "--date", "2026-11-03", stdin=MOVES)
    assert "card 3 of 10" in out


def _short(data: Path) -> str:
    (key,) = kept(data, "daily")["results"]
    return str(key).rsplit("/", 1)[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["uppsala", "--date", "1.12.2026"], "--date takes a day as YYYY-MM-DD"),
        (["uppsala", "--date", "2026-02-30"], "there is no such day"),
        (["uppsala", "--date", "2999-01-01"], "is not out yet"),
        (["uppsala", "--date", "2001-01-01"], "the daily challenges begin on"),
        (["undercover"], "practice places cards on the map"),
    ],
)
def test_daily_bad_input_is_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    status, _, err = daily(tmp_path, *args)
    assert status == 2
    assert err.startswith("geodeck daily: ")
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_a_move_off_the_table_is_asked_again(tmp_path: Path) -> None:
    _, out, _ = daily(tmp_path, "uppsala", "--date", "2026-11-04", stdin="we 7\nup\n")
    assert "the west-east line has gaps 0 to 1" in out
    assert "type the line and the gap" in out
