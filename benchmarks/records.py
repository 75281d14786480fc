"""Loading records against playing them: ``Game.from_record`` (validation and replay) of
finished games, set beside playing the same games through the API, and its replay alone
(the family's ``_from_record``: the setup rebuilt and every action applied through the
engine's checks, without the schema check).

    python benchmarks/records.py [--games N] [--seats S] [--deck FILE]

The default deck is the 60-card fixture of the tests. Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import geodeck
from geodeck.bots.base import own_secret
from geodeck.core import records

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "sample-europe.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--deck", type=Path, default=FIXTURE)
    args = parser.parse_args()
    cards = json.loads(args.deck.read_text("utf-8"))["cards"]
    names = [f"P{i}" for i in range(args.seats)]
    played = []
    started = time.perf_counter()
    for seed in range(args.games):
        game = geodeck.new_game("uppsala", names, variant="geo", seed=seed, deck=cards)
        rng = random.Random(seed)
        while not game.finished:
            seats, _ = game.expects()
            game.apply(own_secret(rng.choice(game.legal_actions(rng.choice(seats))), rng))
        played.append(game)
    play = (time.perf_counter() - started) / args.games
    texts = [json.dumps(g.to_record()) for g in played]
    loaded = [json.loads(t) for t in texts]
    records.validate(loaded[0])  # compile the validators outside the clock
    started = time.perf_counter()
    for record in loaded:
        records.validate(record)
    validate = (time.perf_counter() - started) / args.games
    started = time.perf_counter()
    for record in loaded:
        geodeck.Game.from_record(record)
    load = (time.perf_counter() - started) / args.games
    family = geodeck.Game.family_of("uppsala")
    started = time.perf_counter()
    for record in loaded:
        family._from_record(record)
    replay = (time.perf_counter() - started) / args.games
    actions = sum(len(r["actions"]) for r in loaded) / args.games
    print(f"uppsala/geo, {args.seats} seats, {len(cards)}-card deck, {args.games} games")
    print(f"  {actions:.0f} actions a game")
    print(f"  play through the API   {play * 1e3:8.3f} ms a game")
    print(f"  validate the record    {validate * 1e3:8.3f} ms")
    print(f"  Game.from_record       {load * 1e3:8.3f} ms  ({load / play:.2f} x playing)")
    print(f"  of which the replay    {replay * 1e3:8.3f} ms  ({replay / play:.2f} x playing)")


if __name__ == "__main__":
    main()
