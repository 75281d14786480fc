"""Practice, the daily challenge and print and play, measured.

    python benchmarks/practice.py [--days N]

Prints, for every shipped deck: the median time to deal a day's challenge (content hash
included) and to answer a practice round of 50 cards with the Leitner schedule; the time
to lay out the deck's PDF; and for a simulated learner over N days (default 7) the cards
still misplaced and ever misplaced after each day. Asserts nothing: read the figures.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time
from collections.abc import Callable
from functools import partial

from geodeck.cli.deck.pdf_cards import cross_pdf
from geodeck.decks import SHIPPED_DECKS, shipped_deck, shipped_deck_file
from geodeck.practice import Round, deck_hash, practice_cards
from geodeck.practice.boxes import Progress
from geodeck.practice.daily import daily_deal


def timed(work: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def deal_of(game: str) -> None:
    raw = shipped_deck(game)
    daily_deal(list(raw), datetime.date(2026, 12, 1), game, deck_hash(raw))


def answers(game: str, count: int = 50) -> None:
    cards = practice_cards(shipped_deck(game))
    progress = Progress()
    progress.start()
    practice = Round(list(cards.values()), mode="timed", order=progress.schedule(cards, "b"))
    for _ in range(count):
        question = practice.question()
        progress.record(question.card, practice.answer(question.truth()).right)


def learner(game: str, days: int) -> list[tuple[int, int]]:
    """A player who misplaces every third card (by id) the first time and knows it from
    then on, 20 answers a day: after each day, the cards still misplaced and the cards ever
    misplaced."""
    cards = practice_cards(shipped_deck(game))
    unknown = set(sorted(cards)[::3])
    progress, seen, out = Progress(), set[str](), list[tuple[int, int]]()
    for day in range(days):
        seed = f"bench/{day}/{progress.start()}"
        order = progress.schedule(cards, seed)
        practice = Round(list(cards.values()), mode="timed", seed=seed, order=order)
        for _ in range(20):
            question = practice.question()
            truth = question.truth()
            lesser, greater = question.sides
            knows = question.card.id in seen or question.card.id not in unknown
            side = truth if knows else (greater if truth == lesser else lesser)
            progress.record(question.card, practice.answer(side).right)
            seen.add(question.card.id)
        ever = sum(m.wrong > 0 for m in progress.cards.values())
        out.append((len(progress.weak()), ever))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--days", type=int, default=7)
    days = parser.parse_args().days
    for game in SHIPPED_DECKS:
        deal = timed(partial(deal_of, game))
        fifty = timed(partial(answers, game))
        pdf = timed(partial(cross_pdf, shipped_deck_file(game), "en", "a4"), repeat=1)
        print(
            f"{game:10} daily deal {deal * 1000:5.1f} ms   50 answers {fifty * 1000:6.1f} ms   "
            f"PDF {pdf:5.2f} s   (still, ever) misplaced by day {learner(game, days)}"
        )


if __name__ == "__main__":
    main()
