"""Summaries of many bot games: win rates with confidence intervals and the rest."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, TypedDict

from geodeck.simulate.runner import Result, Spec, front

Z95 = 1.959963984540054


def wilson(successes: float, trials: int) -> tuple[float, float, float]:
    """Rate and its 95% Wilson score interval."""
    if trials == 0:
        return (0.0, 0.0, 1.0)
    p = successes / trials
    denom = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denom
    return (p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


class Rate(TypedDict):
    """A rate of ``n`` trials with its 95% Wilson score interval, ``low`` to ``high``."""

    rate: float
    low: float
    high: float
    n: int


def rate(successes: float, trials: int) -> Rate:
    p, low, high = wilson(successes, trials)
    return {"rate": p, "low": low, "high": high, "n": trials}


def summarise(spec: Spec, results: Sequence[Result]) -> dict[str, Any]:
    """Everything ``geodeck simulate`` reports, as one JSON-ready object.

    A shared win counts as 1/k of a win for each of the k winners. The family's own keys
    (its ``summarise``) follow the keys every family has; the whole is a JSON object
    whose readers look up the keys of the game's family.
    """
    n = len(spec.bots)
    games = len(results)
    bot_wins = [0.0] * n
    seat_wins = [0.0] * n
    bot_scores = [0.0] * n
    for r in results:
        share = 1.0 / len(r.winners)
        for seat in r.winners:
            seat_wins[seat] += share
            bot_wins[r.seat_bot[seat]] += share
        for seat, score in enumerate(r.scores):
            bot_scores[r.seat_bot[seat]] += score
    challenges: dict[int, list[bool]] = defaultdict(list)
    placed: dict[int, list[bool]] = defaultdict(list)
    scorings: list[int] = []
    guess_chips = [0.0] * n
    for r in results:
        for bot, ok in r.challenges:
            challenges[bot].append(ok)
        for _name, bot, misplaced in r.placements:
            placed[bot].append(misplaced)
        for wrong_cards, chips in r.scorings:
            scorings.append(wrong_cards)
            for seat, c in enumerate(chips):
                guess_chips[r.seat_bot[seat]] += c
    scoring_count = max(len(scorings), 1)
    summary: dict[str, object] = {
        "game": spec.game,
        "variant": spec.variant,
        "games": games,
        "seed": spec.seed,
        "bots": [
            {
                "bot": f"{level}#{i + 1}",
                "level": level,
                "wins": rate(bot_wins[i], games),
                "mean_score": bot_scores[i] / games if games else 0.0,
                "challenges": rate(sum(challenges[i]), len(challenges[i])),
                "wrong_placements": rate(sum(placed[i]), len(placed[i])),
                "guess_chips_per_scoring": guess_chips[i] / scoring_count,
            }
            for i, level in enumerate(spec.bots)
        ],
        "seats": [{"seat": s, "wins": rate(seat_wins[s], games)} for s in range(n)],
        "first_seat_advantage": (seat_wins[0] / games - 1.0 / n) if games else 0.0,
        "mean_actions": sum(r.actions for r in results) / games if games else 0.0,
    }
    summary.update(front(spec.game).summarise(spec, results))
    return summary
