"""Counting the end of a game: ``geodeck.stats.game_stats`` of finished games of each
family, against rebuilding the same games from their records.

    python benchmarks/stats.py [--games N] [--seats S]

Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

import geodeck
from geodeck.bots.base import own_secret
from geodeck.stats import game_stats


def played(game_id: str, seats: int, seed: int) -> geodeck.Game:
    names = [f"P{i}" for i in range(seats)]
    game = geodeck.new_game(game_id, names, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        awaited, _ = game.expects()
        game.apply(own_secret(rng.choice(game.legal_actions(rng.choice(awaited))), rng))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    for game_id in ("uppsala", "undercover"):
        games = [played(game_id, args.seats, seed) for seed in range(args.games)]
        records = [g.to_record() for g in games]
        events = sum(len(g.history) for g in games)
        started = time.perf_counter()
        for game in games:
            game_stats(game)
        counting = time.perf_counter() - started
        started = time.perf_counter()
        for record in records:
            geodeck.Game.from_record(record)
        loading = time.perf_counter() - started
        print(
            f"{game_id}: {args.games} games of {args.seats} seats, {events / args.games:.0f} "
            f"events each; stats {1000 * counting / args.games:.2f} ms a game, "
            f"from_record {1000 * loading / args.games:.2f} ms a game"
        )


if __name__ == "__main__":
    main()
