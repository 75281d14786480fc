"""Calibrate the bots' fixed ratings and write src/geodeck/ratings/data/bots.json.

    python benchmarks/calibrate_ratings.py [--games N] [--jobs J] [--out FILE]

For each family (the cross family played as ``uppsala``, and ``undercover``) it plays N
games for every table of three (cross) or four (Undercover) different bot levels, seats
rotating, and fits one rating per level with the players' model
(``geodeck.ratings.players``): every level starts as a new player and the games are rated
in turn, the tables interleaved. Prints each level's rating and displayed ordinal, and how
often the stronger of two levels finished ahead of the weaker; writes the file with the
number of games and the date.

    python benchmarks/calibrate_ratings.py --speed

prints instead how long card ratings take: ingesting the records of 50 two-seat novice
games (what ``geodeck deck show`` reads at most from the games folder) and 1,000 single
answers.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import time
from pathlib import Path
from typing import Any

from geodeck.ratings.players import Rating, update
from geodeck.simulate.pool import run
from geodeck.simulate.runner import Result, Spec

OUT = Path(__file__).resolve().parents[1] / "src/geodeck/ratings/data/bots.json"
FAMILIES = {
    "cross": ("uppsala", ["random", "novice", "casual", "expert", "oracle", "learned"], 3),
    "undercover": ("undercover", ["random", "novice", "casual", "expert", "oracle"], 4),
}


def calibrate(game: str, levels: list[str], seats: int, games: int, jobs: int) -> dict[str, Any]:
    tables = list(itertools.combinations(levels, seats))
    played: list[tuple[tuple[str, ...], list[Result]]] = []
    for n, table in enumerate(tables):
        spec = Spec(game, None, table, seed=2026 + n)
        played.append((table, run(spec, games, jobs)))
    ratings = {level: Rating() for level in levels}
    ahead = {pair: [0, 0] for pair in itertools.permutations(levels, 2)}
    for i in range(games):
        for table, results in played:
            result = results[i]
            who = [table[b] for b in result.seat_bot]
            new = update([ratings[w] for w in who], result.scores)
            ratings.update(zip(who, new, strict=True))
            for (a, sa), (b, sb) in itertools.permutations(zip(who, result.scores, strict=True), 2):
                ahead[(a, b)][1] += 1
                ahead[(a, b)][0] += sa > sb
    order = sorted(levels, key=lambda level: -ratings[level].ordinal)
    for level in order:
        r = ratings[level]
        print(f"  {level:8} mu {r.mu:6.2f} sigma {r.sigma:5.2f} shown {r.shown():4d}")
    for strong, weak in itertools.pairwise(order):
        won, n = ahead[(strong, weak)]
        print(f"  {strong} ahead of {weak}: {won / max(n, 1):.1%} of {n} meetings")
    return {
        "game": game,
        "seats": seats,
        "games": games * len(tables),
        "levels": {level: ratings[level].to_json() for level in order},
    }


def speed() -> None:
    import geodeck
    from geodeck.bots import make_bot
    from geodeck.decks import shipped_deck
    from geodeck.ratings import CardRatings

    records = []
    for i in range(50):
        game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=i)
        bots = [make_bot("novice", 10 * i + s) for s in range(2)]
        while not game.finished:
            seat = game.expects().seats[0]
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        records.append(game.to_record())
    deck = shipped_deck("uppsala")
    started = time.perf_counter()
    ratings = CardRatings(deck)
    placed = sum(ratings.ingest_record(record) for record in records)
    took = time.perf_counter() - started
    print(
        f"50 records, {placed} placements: {took * 1000:.0f} ms ({took / placed * 1e6:.0f} us each)"
    )
    started = time.perf_counter()
    for i in range(1000):
        ratings.answer("Cem", "berlin", i % 3 == 0)
    print(f"1,000 answers: {(time.perf_counter() - started) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[1])
    parser.add_argument("--games", type=int, default=60, help="games per table of levels")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--speed", action="store_true", help="time card ratings instead")
    args = parser.parse_args()
    if args.speed:
        speed()
        return
    out: dict[str, Any] = {"date": datetime.date.today().isoformat(), "families": {}}
    for name, (game, levels, seats) in FAMILIES.items():
        started = time.perf_counter()
        tables = len(list(itertools.combinations(levels, seats)))
        print(f"{name}: {args.games} games for each of {tables} tables of {seats} levels")
        out["families"][name] = calibrate(game, levels, seats, args.games, args.jobs)
        print(f"  {time.perf_counter() - started:.0f} s")
    args.out.write_text(json.dumps(out, indent=1) + "\n", "utf-8")
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
