"""The PettingZoo environment of every game, variant and table size of the catalogue
passes PettingZoo's own API test and seed test (docs/rl.md)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install '.[rl]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

from geodeck.catalogue import catalogue
from geodeck.core.errors import SetupError
from geodeck.rl import env

CASES = [
    pytest.param(info.id, variant, players, id=f"{info.id}-{variant}-{players}")
    for info in catalogue()
    for variant in info.variants
    for players in sorted({info.players[0], info.players[1]})
]
DICT_OBSERVATIONS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)
"""PettingZoo's test warns of every dict observation ({"observation", "action_mask"}, the
form of its own board games) outside its own list of environments."""


def play(game: str, variant: str, players: int, seed: int) -> list[tuple[str, int, float, bytes]]:
    """A whole game choosing the first allowed action: (agent, action, reward, observation)
    per step."""
    environment = env(game, seats=players, variant=variant)
    environment.reset(seed=seed)
    steps = []
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        allowed = np.flatnonzero(observation["action_mask"])
        action = None if terminated or truncated else int(allowed[0])
        steps.append(
            (agent, -1 if action is None else action, reward, observation["observation"].tobytes())
        )
        environment.step(action)
    return steps


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_every_game_passes_the_pettingzoo_api_test(game: str, variant: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, seats=players, variant=variant), num_cycles=400)
    unknown = [str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATIONS)]
    assert unknown == []


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_every_game_passes_the_pettingzoo_seed_test(game: str, variant: str, players: int) -> None:
    seed_test(lambda: env(game, seats=players, variant=variant), num_cycles=300)


@pytest.mark.parametrize("game", ["uppsala", "undercover"])
def test_a_seed_reproduces_a_whole_episode_and_another_seed_deals_another(game: str) -> None:
    variant = "geo" if game == "uppsala" else "standard"
    first = play(game, variant, 3, seed=7)
    assert first == play(game, variant, 3, seed=7)
    assert first != play(game, variant, 3, seed=8)


def test_the_rewards_come_at_the_end_and_share_the_win() -> None:
    steps = play("uppsala", "geo", 2, seed=3)
    before = {reward for _, action, reward, _ in steps if action != -1}
    assert before == {0.0}
    final = [reward for _, action, reward, _ in steps if action == -1]
    assert len(final) == 2
    assert sum(final) == pytest.approx(1.0)


def test_an_action_the_mask_forbids_is_refused() -> None:
    environment = env("uppsala")
    environment.reset(seed=1)
    observation, *_ = environment.last()
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not allowed"):
        environment.step(forbidden)


def test_an_unknown_game_or_variant_is_refused_with_its_setup_error() -> None:
    with pytest.raises(SetupError):
        env("atlantis")
    with pytest.raises(SetupError):
        env("uppsala", variant="altitude")
