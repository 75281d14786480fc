"""The PettingZoo AEC environment over an ``Episode`` (docs/rl.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from geodeck.rl.codec import Array, Mask
from geodeck.rl.episode import Episode


class Observation(TypedDict):
    """What an agent observes: its seat's observation and its action mask."""

    observation: Array
    action_mask: Mask


class GeodeckEnv(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """One geodeck game as an AEC environment: agents ``seat_0``..., the agent to act is
    the first seat the game awaits, observations ``{"observation", "action_mask"}``,
    rewards once the game is over."""

    def __init__(self, episode: Episode, render_mode: str | None = None) -> None:
        super().__init__()
        self.episode = episode
        self.render_mode = render_mode
        self.metadata = {
            "name": f"geodeck_{episode.info.id}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents = list(episode.names)
        self._seats = {name: seat for seat, name in enumerate(self.possible_agents)}
        codec = episode.codec
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (codec.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (codec.actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(codec.actions) for a in self.possible_agents}
        self._rng, _ = seeding.np_random(None)
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[object]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[object]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, object] | None = None) -> None:
        """Deal a new game from ``seed``; without one, from the environment's own random
        numbers (themselves seeded by the last seed given)."""
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
            deal = seed
        else:
            deal = int(self._rng.integers(2**31))
        self.episode.deal(deal)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        seat = self.episode.seat
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> Observation:
        observation, mask = self.episode.observe(self._seats[agent])
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act; None is only for a finished agent")
        self._cumulative_rewards[agent] = 0.0
        self.episode.act(self._seats[agent], int(action))
        self.agent_selection = self._selected()
        if self.episode.game.finished:
            # The rewards are all 0 until the end: only the last step has any to add.
            for name, reward in zip(self.possible_agents, self.episode.returns(), strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        game = self.episode.game
        seats, kind = game.expects()
        return f"{game.game} version {game.version}: {kind or 'finished'} {list(seats)}"

    def close(self) -> None:
        pass
