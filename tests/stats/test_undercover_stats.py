"""The counts of ``geodeck.stats`` for Undercover, each against the rule it follows
(RULES.md Part B), on short histories written out by hand."""

from __future__ import annotations

from typing import Any

from geodeck.stats.undercover import Seen, SeenSeat, undercover_stats


def view(*history: dict[str, Any]) -> Seen:
    seats: list[SeenSeat] = [{"name": name, "score": 0} for name in ("Ann", "Ben", "Cem")]
    return {"seats": seats, "history": list(history)}


def start(number: int, undercover: int) -> dict[str, Any]:
    return {"event": "round", "round": number, "undercover": undercover, "layout": []}


def stone(seat: int, country: str, size: str = "small") -> dict[str, Any]:
    return {"event": "stone", "seat": seat, "country": country, "size": size}


def reveal(
    number: int, undercover: int, country: str, asked: int, points: list[int], found: bool
) -> dict[str, Any]:
    return {
        "event": "reveal",
        "round": number,
        "undercover": undercover,
        "country": country,
        "discovered": found,
        "asked": asked,
        "points": points,
    }


NAMES = {"PT": "Portugal", "FR": "France", "IS": "Iceland"}


def test_b2_6_stones_on_the_undercover_country_are_right_round_by_round() -> None:
    stats = undercover_stats(
        view(
            start(1, 0),
            stone(1, "PT"),
            stone(2, "FR", "large"),
            stone(1, "FR"),
            reveal(1, 0, "FR", 4, [0, 1, 2], False),
            start(2, 1),
            stone(0, "IS", "large"),
            reveal(2, 1, "IS", 2, [2, 0, 0], False),
        ),
        NAMES,
    )
    ann, ben, cem = stats["players"]
    assert ben["rounds"] == [{"round": 1, "stones": 2, "right": 1, "points": 1}]
    assert cem["rounds"] == [
        {"round": 1, "stones": 1, "right": 1, "points": 2},
        {"round": 2, "stones": 0, "right": 0, "points": 0},
    ]
    assert (ann["stones"], ann["stones_right"], ann["points"]) == (1, 1, [0, 2])
    assert [r["stones_right"] for r in stats["rounds"]] == [2, 1]


def test_b2_5_a_discovery_counts_the_questions_it_took() -> None:
    stats = undercover_stats(
        view(
            start(1, 2),
            reveal(1, 2, "PT", 5, [3, 3, 0], True),
            start(2, 2),
            reveal(2, 2, "IS", 12, [0, 0, 0], False),
        ),
        NAMES,
    )
    cem = stats["players"][2]
    assert (cem["undercover"], cem["discovered"], cem["questions_to_discovery"]) == (2, 1, [5])
    assert [(r["name"], r["discovered"]) for r in stats["hardest"]] == [
        ("Iceland", False),
        ("Portugal", True),
    ]
