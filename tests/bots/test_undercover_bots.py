"""Bots for Undercover: the honest hider and the Bayesian seeker."""

from __future__ import annotations

import pytest

import geodeck
from geodeck.bots import make_bot
from geodeck.bots.undercover import UndercoverBot, UniformSeeker, likelihood
from geodeck.decks import shipped_undercover
from geodeck.simulate.pool import run
from geodeck.simulate.runner import Spec
from geodeck.simulate.stats import summarise
from geodeck.undercover.actions import Answer, Hide, Stone


def play_to(game: geodeck.Game, kind: str, bots: list[UndercoverBot]) -> None:
    while game.expects().kind != kind:
        seat = game.expects().seats[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))


def table(
    level: str = "oracle", seed: int = 2
) -> tuple[geodeck.UndercoverGame, list[UndercoverBot]]:
    atlas = shipped_undercover()
    game = geodeck.new_game("undercover", ["A", "B", "C", "D"], seed=seed)
    assert isinstance(game, geodeck.UndercoverGame)
    return game, [UndercoverBot(level, seed * 10 + s, atlas) for s in range(4)]


def test_likelihood_is_a_distribution_peaked_at_the_truth() -> None:
    for truth in ("yes", "probably", "not_sure", "probably_not", "no"):
        probs = {a: likelihood(a, truth, 0.05) for a in ("yes", "probably", "not_sure",
                                                          "probably_not", "no")}  # fmt: skip
        assert sum(probs.values()) == pytest.approx(1.0)
        assert max(probs, key=lambda a: probs[a]) == truth


def test_the_hider_answers_truthfully_and_not_sure_about_seekers() -> None:
    """RULES.md B2.3: the bot answers a question about the country as the data does, and
    "not sure" about a seeker."""
    game, bots = table()
    answered = 0
    while not game.finished and answered < 30:
        seat, kind = game.expects().seats[0], game.expects().kind
        view = game.view(seat)
        action = bots[seat].choose(view, game.legal_actions(seat))
        if kind == "answer":
            assert isinstance(action, Answer)
            question = view["question"]
            assert question is not None
            if question["about"] == "country":
                assert action.answer == question["hint"]
            else:
                assert action.answer == "not_sure"
            answered += 1
        game.apply(action)
    assert answered == 30


def belief_gain(seed: int) -> float:
    """How many times its prior share the seeker's belief gives the hidden country after up
    to 8 answered questions of one game; checks the belief before the first answer."""
    game, bots = table("oracle", seed=seed)
    play_to(game, "answer", bots)
    view = game.view(1)
    belief = bots[1].belief(view)
    assert len(belief) == 16
    assert sum(belief.values()) == pytest.approx(1.0)
    assert belief == pytest.approx(bots[1].prior(list(belief)))
    assert min(belief.values()) >= 0.5 / 16  # half the prior is uniform
    hidden = game.round.country
    for _ in range(8):
        play_to(game, "stone", bots)
        if game.round.country != hidden:
            break
        belief = bots[1].belief(game.view(1))
        seat = game.expects().seats[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert hidden is not None
    prior = bots[1].prior(list(belief))
    return belief[hidden] / (prior[hidden] / sum(prior.values()))


def test_the_seekers_belief_starts_from_the_prior_and_finds_the_country() -> None:
    """Over a dozen games (the oracle hider blurs its choice, so one game proves little):
    the answers never leave the hidden country below its prior share, and on average
    they raise it by half again at least."""
    gains = [belief_gain(seed) for seed in range(12)]
    assert sum(g >= 0.99 for g in gains) >= 11, gains
    assert sum(gains) / len(gains) > 1.5, gains


def test_uniform_seeker_picks_only_consistent_countries() -> None:
    game, bots = table("oracle", seed=8)
    uniform = UniformSeeker("oracle", 1, shipped_undercover())
    for _ in range(3):
        play_to(game, "stone", bots)
        view = game.view(game.expects().seats[0])
        country, p = uniform.pick(view)
        for q in view["questions"]:
            if q["about"] == "country":
                assert uniform.recall(q["id"], country) == q["answer"]
        assert 0 < p <= 1
        seat = game.expects().seats[0]
        game.apply(bots[seat].choose(view, game.legal_actions(seat)))


@pytest.mark.parametrize("level", ["novice", "casual", "expert", "oracle"])
def test_bots_play_whole_games_legally(level: str) -> None:
    atlas = shipped_undercover()
    game = geodeck.new_game("undercover", ["A", "B", "C"], variant="easy", seed=3)
    bots = [make_bot(level, s, game="undercover", atlas=atlas) for s in range(3)]
    stones = 0
    while not game.finished:
        seat = game.expects().seats[0]
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.view(seat), legal)
        if isinstance(action, Hide):
            # a listed hide is a template without a salt; the bot adds its own (B2.2)
            assert Hide(action.seat, action.country) in legal
            assert isinstance(action.salt, str)
            assert len(action.salt) >= 32
        else:
            assert action in legal
        stones += isinstance(action, Stone)
        game.apply(action)
    assert stones > 0
    assert game.outcome() is not None


def test_undercover_simulation_reports_discovery() -> None:
    spec = Spec("undercover", None, ("expert", "novice", "random"), seed=4)
    summary = summarise(spec, run(spec, 3, jobs=2))
    assert summary["rounds"] == 3 * 6
    assert summary["discovered"]["n"] == 18
    found = summary["mean_found_at"]
    assert found is None or 1 <= found <= 12
    assert summarise(spec, run(spec, 3, jobs=1)) == summary, "the same spec plays the same games"
