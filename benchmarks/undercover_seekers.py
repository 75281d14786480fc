"""Undercover seekers, measured: the Bayesian seeker against one that guesses uniformly
among the countries consistent with the answers.

    python benchmarks/undercover_seekers.py [--games N]

Four-player games of Undercover played by Bayesian bots. After every answer, for every
seeker, both rules are judged on the same view by their chance of naming the hidden
country: the Bayesian bot names its likeliest country (chance 1 if that is the hidden
one, else 0); the uniform rule draws among the countries whose remembered data answers
match every answer so far (chance 1/k if the hidden one is among those k, else 0). A rule
"finds" the country at the first question after which its chance is at least 1/2 and stays
so (13 if never in the round). Both rules remember the data with the same level's errors.
Two kinds of hider: an honest one (answers exactly the data, as geodeck's bots do) and a
blurring one (moves 25% of its answers one step along yes / probably / not sure /
probably not / no, as people do). Prints the mean question of finding per rule, the
paired difference with its 95% interval, and each rule's mean chance over all questions.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence
from typing import Any

import geodeck
from geodeck.bots.undercover import ANSWERS, SCALE, UndercoverBot, UniformSeeker
from geodeck.decks import shipped_undercover
from geodeck.undercover.actions import Answer, UndercoverAction
from geodeck.undercover.shapes import UndercoverView


class BlurringHider(UndercoverBot):
    """Answers like a person: a quarter of the answers one step off the data's."""

    def answer(self, view: UndercoverView, legal: Sequence[UndercoverAction]) -> Any:
        chosen = super().answer(view, legal)
        assert isinstance(chosen, Answer)
        if chosen.answer == "not_sure" or self.rng.random() > 0.25:
            return chosen
        step = SCALE[chosen.answer] + self.rng.choice((-1, 1))
        step = max(-2, min(2, step))
        blurred = next(a for a in ANSWERS if SCALE[a] == step)
        return next(a for a in legal if isinstance(a, Answer) and a.answer == blurred)


def finding(level: str, hider: str, games: int, atlas: dict[str, Any]) -> list[tuple[float, ...]]:
    """Per seeker and round: (Bayesian finds at, uniform finds at, Bayesian mean chance,
    uniform mean chance)."""
    out: list[tuple[float, ...]] = []
    for g in range(games):
        game = geodeck.new_game("undercover", ["A", "B", "C", "D"], seed=7000 + g)
        assert isinstance(game, geodeck.UndercoverGame)
        kind = BlurringHider if hider == "blurring" else UndercoverBot
        players = [kind(level, 10 * g + s, atlas) for s in range(4)]
        seekers = [UndercoverBot(level, 10 * g + s, atlas) for s in range(4)]
        uniform = [UniformSeeker(level, 10 * g + s, atlas) for s in range(4)]
        chances: dict[tuple[int, int], list[tuple[int, float, float]]] = {}
        while not game.finished:
            seat = game.expects().seats[0]
            view = game.view(seat)
            if game.expects().kind == "stone":
                hidden = game.round.country
                asked = len(view["questions"])
                key = (view["round"], seat)
                if not chances.get(key) or chances[key][-1][0] != asked:
                    bayes = float(seekers[seat].pick(view)[0] == hidden)
                    consistent = uniform[seat].consistent(view)
                    plain = 1 / len(consistent) if hidden in consistent else 0.0
                    chances.setdefault(key, []).append((asked, bayes, plain))
            bot = players[seat] if seat == game.round.undercover else seekers[seat]
            game.apply(bot.choose(view, game.legal_actions(seat)))
        for series in chances.values():
            out.append(
                (
                    found_at([(q, b) for q, b, _ in series]),
                    found_at([(q, u) for q, _, u in series]),
                    statistics.fmean(b for _, b, _ in series),
                    statistics.fmean(u for _, _, u in series),
                )
            )
    return out


def found_at(series: list[tuple[int, float]]) -> int:
    """The first question from which the chance stays at least 1/2 (13: never)."""
    found = 13
    for question, chance in reversed(series):
        if chance < 0.5:
            break
        found = question
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    atlas = shipped_undercover()
    print(f"4-player undercover, {args.games} games a line, question at which a seeker finds")
    for hider in ("honest", "blurring"):
        for level in ("novice", "casual", "expert"):
            rows = finding(level, hider, args.games, atlas)
            bayes = statistics.fmean(r[0] for r in rows)
            uniform = statistics.fmean(r[1] for r in rows)
            diffs = [r[1] - r[0] for r in rows]
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            mean = statistics.fmean(diffs)
            print(
                f"  {hider:8s} hider, {level:6s}: finds at {bayes:5.2f} (bayesian) "
                f"vs {uniform:5.2f} (uniform); bayesian earlier by {mean:+.2f} "
                f"(95% CI {mean - half:+.2f} to {mean + half:+.2f}, n={len(rows)}); "
                f"mean chance {statistics.fmean(r[2] for r in rows):.2f} "
                f"vs {statistics.fmean(r[3] for r in rows):.2f}"
            )


if __name__ == "__main__":
    main()
