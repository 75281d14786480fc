"""Rating a game or a card answer leaves no garbage for the cyclic collector: a busy
server rates thousands of answers a second, and garbage that waits for a collection
makes the collections more frequent and scatters the heap (benchmarks/peers/README.md,
"The step, found"). The ratings stay exactly openskill's, ranks given or not."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator

import pytest

from geodeck.ratings.cards import CardRatings
from geodeck.ratings.players import MODEL, Rating, ranks, update


@pytest.fixture
def cyclic_garbage() -> Iterator[Callable[[Callable[[], object]], int]]:
    """Runs a piece of work and counts the objects the collector then finds unreachable
    (kept aside by ``DEBUG_SAVEALL`` to be counted)."""

    def count(work: Callable[[], object]) -> int:
        gc.collect()
        gc.garbage.clear()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            work()
            gc.collect()
            return len(gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()

    enabled = gc.isenabled()
    gc.disable()
    try:
        yield count
    finally:
        if enabled:
            gc.enable()


def reference(ratings: list[Rating], scores: list[float]) -> list[Rating]:
    """openskill's own answer, ranks given."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks(scores)])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]


def random_ratings(rng: random.Random, seats: int) -> list[Rating]:
    return [Rating(rng.uniform(5, 45), rng.uniform(0.5, 9)) for _ in range(seats)]


def test_a_game_without_a_tie_is_rated_as_openskill_rates_it_with_ranks() -> None:
    rng = random.Random(7)
    for _ in range(300):
        seats = rng.randint(2, 6)
        ratings = random_ratings(rng, seats)
        scores = rng.sample(range(-50, 50), seats)
        assert update(ratings, scores) == reference(ratings, [float(s) for s in scores])


def test_a_game_with_a_tie_is_rated_as_openskill_rates_it_with_ranks() -> None:
    rng = random.Random(8)
    for _ in range(100):
        seats = rng.randint(2, 6)
        ratings = random_ratings(rng, seats)
        scores = [float(rng.randint(0, 2)) for _ in range(seats)]
        assert update(ratings, scores) == reference(ratings, scores)


def test_a_card_answer_is_rated_as_openskill_rates_the_duel_with_ranks() -> None:
    rng = random.Random(9)
    cards = CardRatings()
    for turn in range(300):
        player, card = f"p{rng.randint(0, 5)}", f"c{rng.randint(0, 9)}"
        right = rng.random() < 0.6
        mine = cards.players.get(player, Rating())
        theirs = cards.cards.get(card) or Rating(MODEL.mu, 4.0)
        teams = [[MODEL.rating(mu=mine.mu, sigma=mine.sigma)]]
        teams.append([MODEL.rating(mu=theirs.mu, sigma=theirs.sigma)])
        rated = MODEL.rate(teams, ranks=[0.0, 1.0] if right else [1.0, 0.0])
        cards.answer(player, card, right)
        assert cards.players[player] == Rating(rated[0][0].mu, rated[0][0].sigma), turn
        assert cards.cards[card] == Rating(rated[1][0].mu, rated[1][0].sigma), turn


def test_rating_answers_and_games_leaves_no_cyclic_garbage(
    cyclic_garbage: Callable[[Callable[[], object]], int],
) -> None:
    rng = random.Random(10)
    cards = CardRatings()

    def answers() -> None:
        for _ in range(200):
            cards.answer(f"p{rng.randint(0, 3)}", f"c{rng.randint(0, 20)}", rng.random() < 0.5)

    def games() -> None:
        for _ in range(50):
            update(random_ratings(rng, 3), [float(s) for s in rng.sample(range(30), 3)])

    assert cyclic_garbage(answers) == 0
    assert cyclic_garbage(games) == 0
    # The counter counts: openskill's own ranked sort leaves such garbage.
    assert cyclic_garbage(lambda: reference(random_ratings(rng, 3), [1.0, 2.0, 3.0])) > 0
