"""Undercover seekers, measured: the Bayesian seeker against one that guesses uniformly
among the countries consistent with the answers.

    python benchmarks/undercover_seekers.py [--games N]

Four-player games of Undercover played by Bayesian bots. At every stone decision of every
seeker, both rules pick a country from the same view: the Bayesian bot's likeliest
country, and a country drawn uniformly from those whose (remembered) data answers match
every answer given so far. A seeker "finds" the country at the first question after which
its pick is the hidden country (13 if never in the round). Both rules remember the data
with the same level's errors. Two kinds of hider: an honest one (answers exactly the
data, as geodeck's bots do) and a blurring one (moves 25% of its answers one step along
yes / probably / not sure / probably not / no, as people do). Prints the mean question of
finding for each rule with the paired difference and its 95% interval. Asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

import geodeck
from geodeck.bots.undercover import ANSWERS, SCALE, UndercoverBot, UniformSeeker
from geodeck.decks import shipped_undercover
from geodeck.undercover.actions import Answer, UndercoverAction


class BlurringHider(UndercoverBot):
    """Answers like a person: a quarter of the answers one step off the data's."""

    def answer(self, view: Mapping[str, Any], legal: Sequence[UndercoverAction]) -> Any:
        chosen = super().answer(view, legal)
        assert isinstance(chosen, Answer)
        if chosen.answer == "not_sure" or self.rng.random() > 0.25:
            return chosen
        step = SCALE[chosen.answer] + self.rng.choice((-1, 1))
        step = max(-2, min(2, step))
        blurred = next(a for a in ANSWERS if SCALE[a] == step)
        return next(a for a in legal if isinstance(a, Answer) and a.answer == blurred)


def finding(level: str, hider: str, games: int, atlas: dict[str, Any]) -> list[tuple[int, int]]:
    """(Bayesian, uniform) question of finding, per seeker and round."""
    pairs: list[tuple[int, int]] = []
    for g in range(games):
        game = geodeck.new_game("undercover", ["A", "B", "C", "D"], seed=7000 + g)
        assert isinstance(game, geodeck.UndercoverGame)
        kind = BlurringHider if hider == "blurring" else UndercoverBot
        players = [kind(level, 10 * g + s, atlas) for s in range(4)]
        seekers = [UndercoverBot(level, 10 * g + s, atlas) for s in range(4)]
        uniform = [UniformSeeker(level, 10 * g + s, atlas) for s in range(4)]
        first: dict[tuple[int, int, str], int] = {}
        seen: set[tuple[int, int]] = set()
        while not game.finished:
            seat = game.expects().seats[0]
            view = game.view(seat)
            if game.expects().kind == "stone":
                hidden = game.round.country
                asked = len(view["questions"])
                seen.add((view["round"], seat))
                for name, bot in (("b", seekers[seat]), ("u", uniform[seat])):
                    key = (view["round"], seat, name)
                    if key not in first and bot.pick(view)[0] == hidden:
                        first[key] = asked
            bot = players[seat] if seat == game.round.undercover else seekers[seat]
            game.apply(bot.choose(view, game.legal_actions(seat)))
        for rnd, seat in sorted(seen):
            pairs.append((first.get((rnd, seat, "b"), 13), first.get((rnd, seat, "u"), 13)))
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    atlas = shipped_undercover()
    print(f"4-player undercover, {args.games} games a line, question at which a seeker finds")
    for hider in ("honest", "blurring"):
        for level in ("novice", "casual", "expert"):
            pairs = finding(level, hider, args.games, atlas)
            bayes = statistics.fmean(b for b, _ in pairs)
            uniform = statistics.fmean(u for _, u in pairs)
            diffs = [u - b for b, u in pairs]
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            mean = statistics.fmean(diffs)
            print(
                f"  {hider:8s} hider, {level:6s}: bayesian {bayes:5.2f}, uniform {uniform:5.2f}; "
                f"bayesian earlier by {mean:+.2f} "
                f"(95% CI {mean - half:+.2f} to {mean + half:+.2f}, n={len(pairs)})"
            )


if __name__ == "__main__":
    main()
