"""What a simulation counts of Undercover's games: the rounds and when the country was
found (the family's ``simulate`` front)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from geodeck.simulate.runner import Result, Spec
from geodeck.simulate.stats import rate
from geodeck.undercover.events import RoundEnded


def describe(game: Any, result: Result) -> None:
    """Each round: whether the country was discovered, and after how many questions."""
    result.rounds = [(e.discovered, e.asked) for e in game.history if isinstance(e, RoundEnded)]


def summarise(spec: Spec, results: Sequence[Result]) -> dict[str, Any]:
    rounds = [rnd for r in results for rnd in r.rounds]
    found = [asked for discovered, asked in rounds if discovered]
    return {
        "rounds": len(rounds),
        "discovered": rate(len(found), len(rounds)),
        "mean_found_at": sum(found) / len(found) if found else None,
    }


def plot(axes: Any, summary: dict[str, Any], bars: Any) -> None:
    axes[1][0].axis("off")
    axes[1][1].axis("off")
    found = summary.get("mean_found_at")
    axes[1][0].text(0.0, 0.5, f"mean question when found: {found}", fontsize=12)
