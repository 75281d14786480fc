"""Bot strength and speed, measured.

    python benchmarks/bots.py [--games N] [--jobs J] [--deck FILE]

Prints, for 2-seat Uppsala: expert against random; each step of the ladder
oracle > expert > casual > novice > random with its 95% interval; how many cards the
oracle placed wrong; the learned bot against casual and against expert (when numpy, the
rl extra, is there); then the median time of an expert decision and of a whole game of
four experts. Asserts nothing: read the figures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time
from pathlib import Path
from typing import Any

import geodeck
from geodeck.bots import make_bot
from geodeck.simulate.pool import run
from geodeck.simulate.runner import Spec
from geodeck.simulate.stats import summarise

LADDER = ["oracle", "expert", "casual", "novice", "random"]


def load(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    cards: dict[str, Any] = json.loads(path.read_text("utf-8"))["cards"]
    return cards


def duel(a: str, b: str, games: int, jobs: int, deck: dict[str, Any] | None) -> dict[str, Any]:
    spec = Spec("uppsala", "geo", (a, b), seed=2026, deck=deck)
    return summarise(spec, run(spec, games, jobs))


def speed(deck: dict[str, Any] | None, games: int) -> tuple[float, float, float]:
    """Median expert decision (view + choice), and median and mean time of a 4-expert game."""
    decisions: list[float] = []
    whole: list[float] = []
    for i in range(games):
        game = geodeck.new_game("uppsala", ["A", "B", "C", "D"], seed=i, deck=deck)
        atlas = deck if deck is not None else game.to_record()["cards"]
        bots = [make_bot("expert", 100 * i + s, atlas=atlas) for s in range(4)]
        started = time.perf_counter()
        while not game.finished:
            seat = game.expects().seats[0]
            t = time.perf_counter()
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
            decisions.append(time.perf_counter() - t)
            game.apply(action)
        whole.append(time.perf_counter() - started)
    return statistics.median(decisions), statistics.median(whole), statistics.fmean(whole)


def pct(rate: dict[str, Any]) -> str:
    return f"{rate['rate']:.1%} (95% CI {rate['low']:.1%}-{rate['high']:.1%}, n={rate['n']})"


def learned(games: int, jobs: int, deck: dict[str, Any] | None) -> None:
    """The learned bot against casual and expert, with 95% intervals."""
    try:
        import numpy  # noqa: F401
    except ModuleNotFoundError:
        print("  learned: not measured (needs numpy: pip install '.[rl]')")
        return
    for other in ("casual", "expert"):
        result = duel("learned", other, games, jobs, deck)
        wins = result["bots"][0]["wins"]
        verdict = "holds" if wins["low"] > 0.5 else "NOT shown"
        print(f"  learned > {other}: {pct(wins)}: {verdict} at 95%")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[1])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--deck", type=Path, default=None, help="deck file (default: shipped)")
    args = parser.parse_args()
    deck = load(args.deck)
    print(f"2-seat uppsala, {args.games} games a pairing, seats alternating")
    first = duel("expert", "random", args.games, args.jobs, deck)
    print(f"  expert beats random: {pct(first['bots'][0]['wins'])}")
    for strong, weak in itertools.pairwise(LADDER):
        result = duel(strong, weak, args.games, args.jobs, deck)
        wins = result["bots"][0]["wins"]
        verdict = "holds" if wins["low"] > 0.5 else "NOT shown"
        print(f"  {strong} > {weak}: {pct(wins)}: {verdict} at 95%")
        if strong == "oracle":
            placed = result["bots"][0]["wrong_placements"]
            wrong = round(placed["rate"] * placed["n"])
            print(f"  oracle cards placed wrong: {wrong} of {placed['n']}")
    learned(args.games, args.jobs, deck)
    decision, median_game, mean_game = speed(deck, 40)
    print("speed, one core, 4 experts:")
    print(f"  median expert decision (view + choice): {decision * 1000:.3f} ms")
    print(f"  full game: median {median_game * 1000:.1f} ms, mean {mean_game * 1000:.1f} ms")


if __name__ == "__main__":
    main()
