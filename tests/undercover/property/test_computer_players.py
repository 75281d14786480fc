"""Property test of geodeck's rule for computer players (docs/rules.md, "Computer players";
RULES.md B1): over random games with random computer seats, played by the Undercover bots
at the computer seats and by random legal play elsewhere, a computer hider is never asked
a question about a seeker and no computer player is ever named for X."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from geodeck.bots.base import make_bot
from tests.support import examples
from tests.undercover import support as sc
from tests.undercover.rules.test_b1_computer_players import assert_fair_to_computers

GAMES = st.integers(min_value=0, max_value=2**32 - 1).map(random.Random)


@settings(max_examples=examples(25), deadline=None)
@given(GAMES)
def test_random_games_with_bots_keep_the_rule_for_computer_players(rng: random.Random) -> None:
    seats = rng.randint(3, 6)
    computers = sorted(rng.sample(range(seats), rng.randint(1, seats)))
    variant = rng.choice(["standard", "easy"])
    game = sc.dealt(
        seats, variant=variant, seed=rng.randrange(2**32), options={"computers": computers}
    )
    atlas = {"countries": sc.countries(), "questions": sc.questions()}
    level = rng.choice(["novice", "casual", "expert"])
    bots = {
        s: make_bot(level, rng.randrange(2**32), game="undercover", atlas=atlas) for s in computers
    }
    while game.expects().seats:
        seat = game.expects().seats[0]
        legal = game.legal_actions(seat)
        if seat in bots:
            action = bots[seat].choose(game.view(seat), legal)
        else:
            action = sc.random_action(game, rng)
        game.apply(action)
    assert game.finished
    assert_fair_to_computers(game)
    seeker_questions = [
        e
        for e in game.history
        if e.to_wire()["event"] == "question" and e.to_wire()["about"] == "seeker"
    ]
    if all(s in computers for s in range(seats)):
        assert seeker_questions == []
