"""What each seat did in a recorded game (``geodeck replay --stats``), read off the history
a spectator sees.

Cross family: cards placed, challenges won and lost, the guesses at each scoring against
the cards found wrong, chips and cards exchanged. Undercover: stones placed, points per
round, and how often the seat was discovered when it was undercover.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geodeck.cli.sheet import Column, Sheet
from geodeck.core.game import Game


def seat_stats(game: Game) -> list[dict[str, Any]]:
    """One JSON-ready object per seat."""
    view = game.view(None)
    if game.family == "undercover":
        return _undercover(view)
    return _cross(view)


def _cross(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    seats = view["seats"]
    stats: list[dict[str, Any]] = [
        {
            "seat": s["seat"],
            "name": s["name"],
            "placed": 0,
            "challenges_won": 0,
            "challenges_lost": 0,
            "guesses": [],
            "chips": s["chips"],
            "exchanged": len(s["exchanged"]),
            "score": s["score"],
        }
        for s in seats
    ]
    challenger: int | None = None
    for event in view["history"]:
        kind = event["event"]
        if kind == "place":
            stats[event["seat"]]["placed"] += 1
        elif kind == "challenge":
            challenger = event["seat"]
        elif kind == "judge" and challenger is not None:
            won = "challenges_lost" if event["right"] else "challenges_won"
            stats[challenger][won] += 1
            challenger = None
        elif kind == "check":
            for seat, guess in enumerate(event["guesses"]):
                stats[seat]["guesses"].append({"guess": guess, "wrong": event["wrong"]})
    return stats


def _undercover(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    stats: list[dict[str, Any]] = [
        {
            "seat": i,
            "name": s["name"],
            "small_stones": 0,
            "large_stones": 0,
            "points": [],
            "undercover": 0,
            "discovered": 0,
            "score": s["score"],
        }
        for i, s in enumerate(view["seats"])
    ]
    for event in view["history"]:
        kind = event["event"]
        if kind == "stone":
            stats[event["seat"]][f"{event['size']}_stones"] += 1
        elif kind == "reveal":
            for seat, points in enumerate(event["points"]):
                stats[seat]["points"].append(points)
            hider = stats[event["undercover"]]
            hider["undercover"] += 1
            hider["discovered"] += int(bool(event["discovered"]))
    return stats


def stats_sheet(game: Game, title: str = "") -> Sheet:
    """The seats' figures as a sheet, one row per seat."""
    rows = seat_stats(game)
    if game.family == "undercover":
        sheet = Sheet(
            title,
            [
                Column("player"),
                Column("stones placed"),
                Column("points per round"),
                Column("discovered"),
                Column("score", "right"),
            ],
        )
        for s in rows:
            stones = s["small_stones"] + s["large_stones"]
            sheet.add(
                s["name"],
                f"{stones} ({s['small_stones']} small, {s['large_stones']} large)",
                ", ".join(map(str, s["points"])) or "–",
                f"{s['discovered']} of {s['undercover']} rounds undercover",
                str(s["score"]),
            )
        return sheet
    sheet = Sheet(
        title,
        [
            Column("player"),
            Column("cards placed", "right"),
            Column("challenges won/lost"),
            Column("guesses (cards wrong)"),
            Column("chips", "right"),
            Column("exchanged", "right"),
            Column("score", "right"),
        ],
    )
    for s in rows:
        sheet.add(
            s["name"],
            str(s["placed"]),
            f"{s['challenges_won']}/{s['challenges_lost']}",
            _guesses(s["guesses"]),
            str(s["chips"]),
            str(s["exchanged"]),
            str(s["score"]),
        )
    return sheet


def _guesses(guesses: list[dict[str, int]]) -> str:
    """``3 (2), 1 (1): 1 exact, 0.5 off on average``."""
    if not guesses:
        return "–"
    listed = ", ".join(f"{g['guess']} ({g['wrong']})" for g in guesses)
    exact = sum(1 for g in guesses if g["guess"] == g["wrong"])
    off = sum(abs(g["guess"] - g["wrong"]) for g in guesses) / len(guesses)
    return f"{listed}: {exact} exact, {off:.1f} off on average"
