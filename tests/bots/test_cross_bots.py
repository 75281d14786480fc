"""Bots for the cross family: the knowledge model, the policy pieces, and play."""

from __future__ import annotations

import math
import random

import pytest

import geodeck
from geodeck.bots import make_bot
from geodeck.bots.cross import CrossBot, placer_trust, poisson_binomial, prob_le
from geodeck.bots.knowledge import Knowledge
from geodeck.simulate.pool import run
from geodeck.simulate.runner import Spec, play
from geodeck.simulate.stats import summarise, wilson
from tests.support import sample_deck


def test_knowledge_error_shrinks_with_skill_and_grows_with_obscurity() -> None:
    deck = sample_deck()
    spreads = {}
    for level in ("novice", "casual", "expert", "oracle"):
        k = Knowledge(deck, level, seed=1)
        spreads[level] = [k.belief(c, "west-east")[1] for c in deck]
    assert all(s == 0.0 for s in spreads["oracle"])
    for strong, weak in (("expert", "casual"), ("casual", "novice")):
        assert all(a < b for a, b in zip(spreads[strong], spreads[weak], strict=True))
    k = Knowledge(deck, "casual", seed=1)
    by_difficulty = {deck[c]["difficulty"]: k.belief(c, "north-south")[1] for c in deck}
    assert by_difficulty[1] < by_difficulty[2] < by_difficulty[3]


def test_knowledge_is_seeded_and_consistent() -> None:
    deck = sample_deck()
    a, b, c = (Knowledge(deck, "novice", seed=s) for s in (4, 4, 5))
    assert [a.belief(x, "population") for x in deck] == [b.belief(x, "population") for x in deck]
    assert [a.belief(x, "population") for x in deck] != [c.belief(x, "population") for x in deck]
    assert a.belief("berlin", "west-east") == a.belief("berlin", "west-east")


def test_oracle_beliefs_are_the_truth() -> None:
    deck = sample_deck()
    k = Knowledge(deck, "oracle", seed=9)
    assert k.belief("berlin", "west-east") == (deck["berlin"]["lon"], 0.0)
    assert k.belief("berlin", "population")[0] == pytest.approx(
        math.log10(deck["berlin"]["population"])
    )


def test_probability_helpers() -> None:
    assert prob_le((1.0, 0.0), (2.0, 0.0)) == 1.0
    assert prob_le((2.0, 0.0), (2.0, 0.0)) == 1.0  # equal values are right (A3)
    assert prob_le((3.0, 0.0), (2.0, 0.0)) == 0.0
    assert prob_le((0.0, 1.0), (0.0, 1.0)) == pytest.approx(0.5)
    dist = poisson_binomial([0.5, 0.5, 0.5])
    assert dist == pytest.approx([1 / 8, 3 / 8, 3 / 8, 1 / 8])
    assert sum(poisson_binomial([0.1, 0.7, 0.3, 0.9])) == pytest.approx(1.0)
    rate, low, high = wilson(95, 100)
    assert rate == 0.95
    assert low == pytest.approx(0.8882, abs=1e-3)
    assert high == pytest.approx(0.9785, abs=1e-3)


def test_placer_trust_learns_from_verdicts() -> None:
    history = [
        {"event": "place", "seat": 1, "card": "a"},
        {"event": "judge", "card": "a", "against": "s", "right": False},
        {"event": "place", "seat": 1, "card": "b"},
        {"event": "judge", "card": "b", "against": "s", "right": False},
    ]
    assert placer_trust({"history": []}, 1) == 0.75
    assert placer_trust({"history": history}, 1) == 0.5
    assert placer_trust({"history": history}, 0) == 0.75


def bot_game(levels: list[str], seed: int, variant: str = "geo") -> geodeck.Game:
    deck = sample_deck()
    game = geodeck.new_game(
        "italia", [f"s{i}" for i in range(len(levels))], variant=variant, seed=seed, deck=deck
    )
    bots = [make_bot(level, seed * 10 + i, atlas=deck) for i, level in enumerate(levels)]
    while not game.finished:
        seats, _ = game.expects()
        seat = seats[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        assert action in game.legal_actions(seat)
        game.apply(action)
    return game


@pytest.mark.parametrize("variant", ["geo", "population", "area", "altitude"])
def test_oracle_never_places_a_card_wrong(variant: str) -> None:
    """An oracle's card is in the right order against both neighbours when it is placed,
    so it never loses a challenge (A3, A4)."""
    spec = Spec("italia", variant, ("oracle", "random", "novice"), seed=3, deck=sample_deck())
    results = run(spec, 4)
    oracle = [wrong for r in results for _, bot, wrong in r.placements if bot == 0]
    others = [wrong for r in results for _, bot, wrong in r.placements if bot == 1]
    assert len(oracle) > 40
    assert not any(oracle)
    assert any(others)  # the measure can fail: a random bot misplaces cards
    for seed in range(2):
        game = bot_game(["oracle", "random", "novice"], seed, variant)
        assert isinstance(game, geodeck.CrossGame)
        placed_by: dict[object, object] = {}
        for event in game.history:
            wire = event.to_wire()
            if wire["event"] == "place":
                placed_by[wire["card"]] = wire["seat"]
            elif wire["event"] == "judge" and placed_by.get(wire["card"]) == 0:
                assert wire["right"], wire


def test_bot_sees_only_a_view() -> None:
    """A bot chooses from a view and the legal actions alone: the same view gives the same
    choice whatever the hidden state behind it."""
    deck = sample_deck()
    game = geodeck.new_game("uppsala", ["a", "b"], seed=3, deck=deck)
    view = game.view(0)
    legal = game.legal_actions(0)
    one = CrossBot("expert", 1, deck).choose(view, legal)
    two = CrossBot("expert", 1, deck).choose(view, legal)
    assert one == two
    assert one in legal


def test_expert_beats_random_and_casual() -> None:
    """Issue figures are measured by benchmarks/bots.py; this checks the direction only."""
    spec = Spec("uppsala", "geo", ("expert", "random"), seed=1, deck=sample_deck())
    summary = summarise(spec, run(spec, 12))
    assert summary["bots"][0]["wins"]["rate"] >= 0.9
    spec = Spec("uppsala", "geo", ("expert", "novice"), seed=1, deck=sample_deck())
    summary = summarise(spec, run(spec, 12))
    assert summary["bots"][0]["wins"]["rate"] > 0.5


def test_simulation_results_do_not_depend_on_jobs() -> None:
    spec = Spec("world", "population", ("casual", "novice", "random"), seed=5, deck=sample_deck())
    serial = run(spec, 6, jobs=1)
    parallel = run(spec, 6, jobs=2)
    assert serial == parallel
    assert [r.index for r in serial] == list(range(6))
    assert play(spec, 3) == serial[3]
    summary = summarise(spec, serial)
    assert sum(s["wins"]["rate"] for s in summary["seats"]) == pytest.approx(1.0)
    assert summary["games"] == 6


def test_unknown_level_is_refused() -> None:
    state = random.getstate()
    with pytest.raises(geodeck.SetupError, match="unknown bot level"):
        make_bot("grandmaster", 1, atlas=sample_deck())
    assert random.getstate() == state  # the module's own random numbers are untouched
