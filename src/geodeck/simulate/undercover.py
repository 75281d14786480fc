"""What a simulation counts of Undercover's games: the rounds and when the country was
found (the family's ``simulate`` front)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from geodeck.simulate.runner import Result, Spec
from geodeck.simulate.stats import Rate, rate
from geodeck.undercover.events import RoundEnded

if TYPE_CHECKING:
    from geodeck.simulate.plot import Bars
    from geodeck.undercover.game import UndercoverGame


class UndercoverSummary(TypedDict):
    """The rounds played, the share in which the country was found, and the mean
    number of questions asked by then."""

    rounds: int
    discovered: Rate
    mean_found_at: float | None


def describe(game: UndercoverGame, result: Result) -> None:
    """Each round: whether the country was discovered, and after how many questions."""
    result.rounds = [(e.discovered, e.asked) for e in game.history if isinstance(e, RoundEnded)]


def summarise(spec: Spec, results: Sequence[Result]) -> UndercoverSummary:
    rounds = [rnd for r in results for rnd in r.rounds]
    found = [asked for discovered, asked in rounds if discovered]
    return {
        "rounds": len(rounds),
        "discovered": rate(len(found), len(rounds)),
        "mean_found_at": sum(found) / len(found) if found else None,
    }


def plot(axes: Any, summary: Mapping[str, object], bars: Bars) -> None:
    axes[1][0].axis("off")
    axes[1][1].axis("off")
    found = summary.get("mean_found_at")
    axes[1][0].text(0.0, 0.5, f"mean question when found: {found}", fontsize=12)
