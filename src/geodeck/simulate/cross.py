"""What a simulation counts of the cross family's games: challenges, interim scorings and
the hardest cards (the family's ``simulate`` front)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from geodeck.cross.events import Challenged, Checked, Judged, Paid, Placed, Scoring
from geodeck.simulate.runner import Result, Spec

if TYPE_CHECKING:
    from geodeck.cross.game import CrossGame
    from geodeck.simulate.plot import Bars

HARDEST = 10


class HardCard(TypedDict):
    """A card by name: how often the bots placed it wrong, of how many times placed."""

    card: str
    wrong: int
    placed: int
    rate: float


class CrossSummary(TypedDict):
    wrong_per_scoring: float
    hardest_cards: list[HardCard]


def describe(game: CrossGame, result: Result) -> None:
    """The cards placed by name, each challenge and each interim scoring's guess chips."""
    result.placements = [
        (game.cards[card].name, bot, wrong) for card, bot, wrong in result.placements
    ]
    seat_bot = result.seat_bot
    challenger = -1
    guess_chips: list[int] | None = None
    wrong = 0
    for event in game.history:
        if isinstance(event, Placed):
            guess_chips = None
        elif isinstance(event, Challenged):
            challenger = event.seat
        elif isinstance(event, Judged):
            result.challenges.append((seat_bot[challenger], not event.right))
        elif isinstance(event, Scoring):
            guess_chips = None
        elif isinstance(event, Checked):
            wrong = event.wrong
            guess_chips = [0] * len(seat_bot)
            result.scorings.append((wrong, guess_chips))
        elif (
            isinstance(event, Paid)
            and guess_chips is not None
            and event.payer is None
            and event.receiver is not None
        ):
            guess_chips[event.receiver] += event.amount


def summarise(spec: Spec, results: Sequence[Result]) -> CrossSummary:
    """The wrong cards per interim scoring and the cards most often placed wrong (by the
    bots that know something of the cards)."""
    scorings = [wrong for r in results for wrong, _chips in r.scorings]
    cards: dict[str, list[bool]] = defaultdict(list)
    for r in results:
        for name, bot, misplaced in r.placements:
            if spec.bots[bot] != "random":  # a random bot says nothing about a card
                cards[name].append(misplaced)
    hardest = sorted(
        ((name, sum(w), len(w)) for name, w in cards.items() if len(w) >= 3 and any(w)),
        key=lambda t: (-t[1] / t[2], -t[2], t[0]),
    )[:HARDEST]
    return {
        "wrong_per_scoring": sum(scorings) / max(len(scorings), 1),
        "hardest_cards": [
            {"card": name, "wrong": w, "placed": k, "rate": w / k} for name, w, k in hardest
        ],
    }


def plot(axes: Any, summary: Mapping[str, Any], bars: Bars) -> None:
    """Challenge success per bot, and the hardest cards."""
    import matplotlib.ticker

    bots = summary["bots"]
    labels = [b["bot"] for b in bots]
    bars(axes[1][0], [b["challenges"] for b in bots], labels, "Challenge success (95% CI)")
    hardest = summary["hardest_cards"]
    ax = axes[1][1]
    names = [h["card"] for h in hardest][::-1]
    ax.barh(names, [h["rate"] for h in hardest][::-1], color="#d1495b")
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_title("Hardest cards (share placed wrong)")
    ax.grid(axis="x", alpha=0.3)
