"""``geodeck.stats`` over random legal play of whole games: the counts add up to what the
game shows at its end (RULES.md A4, A5, A6, A7, B2.6)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import geodeck
from geodeck.cross.events import Challenged, Placed
from geodeck.cross.game import CrossGame
from geodeck.stats import game_stats
from tests.support import examples, random_game, random_step

GAMES = st.randoms(use_true_random=False)


def played(game: geodeck.Game, rng: random.Random) -> geodeck.Game:
    while game.expects()[0]:
        random_step(game, rng)
    return game


@settings(max_examples=examples(20), deadline=None)
@given(GAMES)
def test_cross_counts_add_up(rng: random.Random) -> None:
    game = played(random_game(rng), rng)
    assert isinstance(game, CrossGame)
    stats = game_stats(game)
    assert stats["finished"]
    for seat, player in enumerate(stats["players"]):
        moved = sum(player["chips_won"].values()) - sum(player["chips_lost"].values())
        assert moved == game.chips.hands[seat] - game.each, "A5: every chip move has a cause"
        played_here = [e for e in game.history if isinstance(e, Placed) and e.seat == seat]
        assert player["placed"] == len(played_here)
        assert player["placed_right"] + player["placed_wrong"] == player["placed"]
        assert player["score"] == player["chips"] + 5 * player["exchanged"]
    challenges = sum(1 for e in game.history if isinstance(e, Challenged))
    assert sum(p["challenges_made"] for p in stats["players"]) == challenges
    assert sum(p["challenged"] for p in stats["players"]) == challenges
    scores = [r["score"] for r in stats["ranking"]]
    assert scores == sorted(scores, reverse=True)
    winners = {r["seat"] for r in stats["ranking"] if r["winner"]}
    outcome = game.outcome()
    assert outcome is not None
    assert winners == set(outcome.winners)


@settings(max_examples=examples(8), deadline=None)
@given(GAMES)
def test_undercover_counts_add_up(rng: random.Random) -> None:
    seats = [f"Seat{i}" for i in range(rng.randint(3, 6))]
    game = played(geodeck.new_game("undercover", seats, seed=rng.randrange(2**32)), rng)
    stats = game_stats(game)
    view = game.view(None)
    for seat, player in enumerate(stats["players"]):
        assert sum(player["points"]) == player["score"] == view["seats"][seat]["score"]
        stones = [e for e in view["history"] if e["event"] == "stone" and e["seat"] == seat]
        assert player["stones"] == len(stones)
        assert sum(r["right"] for r in player["rounds"]) == player["stones_right"]
        assert len(player["questions_to_discovery"]) == player["discovered"]
    assert len(stats["rounds"]) == len(view["results"])
