"""Random legal play through the public API: full games per second and actions per second.

    python benchmarks/engine.py [--games N] [--seats S] [--game uppsala] [--variant geo]

Runs on one core (one process). Prints the figures; asserts nothing about them.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import geodeck
from geodeck.bots.base import own_secret


def load_deck(path: Path | None) -> dict[str, object] | None:
    if path is None:
        return None
    cards: dict[str, object] = json.loads(path.read_text("utf-8"))["cards"]
    return cards


def play_one(game: geodeck.Game, rng: random.Random) -> int:
    """Play to the end choosing uniformly among legal actions; return the action count."""
    actions = 0
    while True:
        seats, _ = game.expects()
        if not seats:
            return actions
        seat = seats[0] if len(seats) == 1 else rng.choice(seats)
        game.apply(own_secret(rng.choice(game.legal_actions(seat)), rng))
        actions += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="uppsala")
    parser.add_argument("--variant", default="geo")
    parser.add_argument("--deck", type=Path, default=None, help="deck file (default: shipped)")
    args = parser.parse_args()
    deck = load_deck(args.deck)
    names = [f"P{i}" for i in range(args.seats)]
    rng = random.Random(1)
    started = time.perf_counter()
    games = [
        geodeck.new_game(args.game, names, variant=args.variant, seed=s, deck=deck)
        for s in range(args.games)
    ]
    dealt = time.perf_counter()
    total = sum(play_one(g, rng) for g in games)
    done = time.perf_counter()
    play, whole = done - dealt, done - started
    source = args.deck.name if args.deck else "shipped deck"
    print(f"{args.game}/{args.variant}, {args.seats} seats, {args.games} games, {source}")
    print(f"  {args.games / whole:,.0f} games/s dealt and played")
    print(f"  {args.games / play:,.0f} games/s played (deal not counted)")
    print(f"  {total / play:,.0f} actions/s ({total / args.games:.1f} actions a game)")


if __name__ == "__main__":
    main()
