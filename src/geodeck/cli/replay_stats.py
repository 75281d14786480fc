"""``geodeck replay --stats``: the statistics of ``geodeck.stats`` as sheets, each narrow
enough for 80 columns. The counting is all in ``geodeck.stats``; this module only lays
the figures out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geodeck.cli.sheet import Column, Sheet
from geodeck.core.game import Game
from geodeck.stats import game_stats

CAUSES = {
    "challenging": "own challenges",
    "challenged": "challenged",
    "guesses": "guesses",
    "exchanges": "exchanges",
}


def stats_sheets(game: Game, title: str = "") -> list[Sheet]:
    """The ranking, what each seat did, and the hardest cards (or countries)."""
    stats = game_stats(game)
    head = f"{title}: " if title else ""
    sheets = [_ranking(stats, f"{head}ranking" + ("" if stats["finished"] else " so far"))]
    family = stats["family"]
    if family == "undercover":
        sheets += [_stones(stats, f"{head}stones and rounds"), _countries(stats, head)]
    else:
        sheets += [
            _play(stats, f"{head}cards placed, challenges, guesses"),
            _chips(stats, f"{head}chips won (+) and lost (-) by cause"),
            _cards(stats, f"{head}hardest cards"),
        ]
    return [s for s in sheets if s.rows]


def _ranking(stats: Mapping[str, Any], title: str) -> Sheet:
    sheet = Sheet(title, [Column("place", "right"), Column("player"), Column("score", "right")])
    for entry in stats["ranking"]:
        won = " (wins)" if entry["winner"] else ""
        sheet.add(str(entry["place"]), entry["name"] + won, str(entry["score"]))
    return sheet


def _play(stats: Mapping[str, Any], title: str) -> Sheet:
    sheet = Sheet(
        title,
        [
            Column("player"),
            Column("placed", "right"),
            Column("right", "right"),
            Column("wrong", "right"),
            Column("challenges won", "right"),
            Column("cards lost", "right"),
            Column("exact guesses", "right"),
        ],
    )
    for p in stats["players"]:
        sheet.add(
            p["name"],
            str(p["placed"]),
            str(p["placed_right"]),
            str(p["placed_wrong"]),
            f"{p['challenges_won']} of {p['challenges_made']}",
            f"{p['challenged_lost']} of {p['challenged']}",
            f"{p['exact_guesses']} of {len(p['guesses'])}",
        )
    return sheet


def _chips(stats: Mapping[str, Any], title: str) -> Sheet:
    columns = [Column("player")]
    columns += [Column(label, "right") for label in CAUSES.values()]
    sheet = Sheet(title, [*columns, Column("chips", "right")])
    for p in stats["players"]:
        cells = [_signed(p["chips_won"][c], p["chips_lost"][c]) for c in CAUSES]
        sheet.add(p["name"], *cells, str(p["chips"]))
    return sheet


def _signed(won: int, lost: int) -> str:
    if not won and not lost:
        return "0"
    return " ".join(part for part in (f"+{won}" if won else "", f"-{lost}" if lost else "") if part)


def _cards(stats: Mapping[str, Any], title: str) -> Sheet:
    names = [p["name"] for p in stats["players"]]
    sheet = Sheet(title, [Column("card"), Column("placed by"), Column("line"), Column("found")])
    for card in stats["hardest"]:
        if card["caught"] == "challenge":
            found = f"challenged by {names[card['by']]}"
        else:
            found = "set aside at the scoring"
        sheet.add(card["name"], names[card["placed_by"]], card["line"], found)
    return sheet


def _stones(stats: Mapping[str, Any], title: str) -> Sheet:
    sheet = Sheet(
        title,
        [
            Column("player"),
            Column("stones right", "right"),
            Column("right per round"),
            Column("discovered"),
            Column("questions to discovery"),
        ],
    )
    for p in stats["players"]:
        per_round = " ".join(f"{r['right']}/{r['stones']}" for r in p["rounds"]) or "–"
        sheet.add(
            p["name"],
            f"{p['stones_right']} of {p['stones']}",
            per_round,
            f"{p['discovered']} of {p['undercover']}",
            ", ".join(map(str, p["questions_to_discovery"])) or "–",
        )
    return sheet


def _countries(stats: Mapping[str, Any], head: str) -> Sheet:
    names = [p["name"] for p in stats["players"]]
    sheet = Sheet(
        f"{head}hardest countries",
        [Column("round", "right"), Column("country"), Column("undercover"), Column("found")],
    )
    for r in stats["hardest"]:
        found = f"after {r['asked']} questions" if r["discovered"] else "not discovered"
        stones = f", {r['stones_right']} of {r['stones']} stones on it"
        sheet.add(str(r["round"]), r["name"], names[r["undercover"]], found + stones)
    return sheet
