"""The results sheet of a class (docs/classroom.md): one row per pupil, from their
practice answers and the statistics of the class's finished tables; and its CSV form.

Weak areas are worked out as ``geodeck practice --stats`` does (``geodeck.practice.maps``):
each card a pupil answered sits in a Leitner box, and the areas with cards whose last
answer was wrong come first.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from geodeck.practice.boxes import BOXES, Memory, Progress
from geodeck.practice.maps import weak_areas
from geodeck.server.classroom.rows import AnswerRow, PupilRow

WEAK_SHOWN = 3
"""How many weak areas a row names."""

COLUMNS = (
    "pupil",
    "name",
    "answers",
    "right",
    "best_streak",
    "games",
    "won",
    "placed",
    "placements_right",
    "challenges_made",
    "challenges_won",
    "weak_areas",
)

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is read as a formula by spreadsheets."""


def practice_figures(answers: Iterable[AnswerRow]) -> dict[str, object]:
    """A pupil's answers, right answers, best streak (right answers in a row within one
    round) and weakest areas."""
    count = right = streak = best = 0
    progress = Progress()
    for answer in answers:
        if answer.kind == "end":
            streak = 0
            continue
        count += 1
        right += answer.right
        streak = streak + 1 if answer.right else 0
        best = max(best, streak)
        card = answer.card or "?"
        memory = progress.cards.get(card)
        if memory is None:
            memory = progress.cards[card] = Memory(box=1, seen=0, area=answer.area or "")
        if answer.right:
            memory.right += 1
            memory.box = min(BOXES, memory.box + 1)
        else:
            memory.wrong += 1
            memory.box = 1
    weak = [area.area for area in weak_areas(progress) if area.weak][:WEAK_SHOWN]
    return {"answers": count, "right": right, "best_streak": best, "weak_areas": weak}


def game_figures(
    tables: Mapping[str, Mapping[int, int]], stats: Mapping[str, Mapping[str, Any]]
) -> dict[int, dict[str, int]]:
    """By pupil: games finished and won, cards placed and placed right, challenges made
    and won, from the ``geodeck.stats`` of each finished table (``stats``, by table)."""
    figures: dict[int, dict[str, int]] = {}
    for table, seats in tables.items():
        counted = stats.get(table)
        if counted is None:
            continue
        players = counted.get("players", [])
        winners = {r["seat"] for r in counted.get("ranking", []) if r.get("winner")}
        for seat, pupil in seats.items():
            mine = figures.setdefault(pupil, _no_games())
            player = players[seat] if seat < len(players) else {}
            mine["games"] += 1
            mine["won"] += seat in winners
            for key in ("placed", "placements_right", "challenges_made", "challenges_won"):
                source = "placed_right" if key == "placements_right" else key
                mine[key] += int(player.get(source, 0))
    return figures


def _no_games() -> dict[str, int]:
    return {
        "games": 0,
        "won": 0,
        "placed": 0,
        "placements_right": 0,
        "challenges_made": 0,
        "challenges_won": 0,
    }


def pupil_row(
    pupil: PupilRow, answers: Iterable[AnswerRow], games: Mapping[int, Mapping[str, int]]
) -> dict[str, object]:
    return {
        "pupil": pupil.pupil,
        "name": pupil.name,
        **practice_figures(answers),
        **games.get(pupil.pupil, _no_games()),
    }


def sheet_rows(
    pupils: Sequence[PupilRow],
    answers: Iterable[AnswerRow],
    games: Mapping[int, Mapping[str, int]],
) -> list[dict[str, object]]:
    """One row per pupil, in the order they joined."""
    by_pupil: dict[int, list[AnswerRow]] = {p.pupil: [] for p in pupils}
    for answer in answers:
        if answer.pupil in by_pupil:
            by_pupil[answer.pupil].append(answer)
    return [pupil_row(p, by_pupil[p.pupil], games) for p in pupils]


def safe_cell(value: object) -> str:
    """A cell's text, with a leading ``'`` where a spreadsheet would take it for a formula."""
    text = " ".join(value) if isinstance(value, list) else str(value)
    if text.startswith(FORMULA_START):
        return "'" + text
    return text


def sheet_csv(rows: Iterable[Mapping[str, object]]) -> str:
    """The rows as CSV (RFC 4180 quoting, CRLF line ends), a header line first."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([safe_cell(row[column]) for column in COLUMNS])
    return out.getvalue()
