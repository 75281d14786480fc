"""The PettingZoo and OpenSpiel wrappers' speed beside the bare engine, in steps per second.

    python benchmarks/rl.py [--games N] [--seats S] [--only GAME]

For every game of the catalogue (the cross editions with the fewest seats, Undercover
with ``--seats``, default 4), random legal play, every way choosing with the same
``random.Random.choice``:

- engine: ``legal_actions`` and ``apply`` (a hide salted);
- engine + view: what an agent of the bare engine needs at each step: the acting
  seat's view too, read the cheapest way the engine offers (the game's ``Viewer``, with
  the history from the events that seat has not read yet, as the server reads it);
- PettingZoo: what an agent does with the environment: ``last()`` (the observation and
  the mask), the allowed indices from the mask, ``step``;
- PettingZoo, observation free: the same with an environment whose observation is one
  array made once (the mask is the real one): what the AEC interface, the mask and the
  step cost before any observation is made, the floor of the wrapper's time;
- OpenSpiel: ``legal_actions`` and ``apply_action``; and with the acting seat's
  ``information_state_tensor`` (a list of floats, as OpenSpiel's Python API gives it).

Each way's figure is followed by its time over the engine's, and over the engine's with
the view (the goal: 2x at most). Time is the process's processor time, so that other
work on a shared machine counts less; the ways take turns, one game each. Runs on one
core. Prints the figures; asserts nothing about them. Needs the rl extra.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import geodeck
from geodeck.bots.base import own_secret
from geodeck.catalogue import catalogue
from geodeck.rl import env
from geodeck.rl.episode import Episode
from geodeck.rl.openspiel import register
from geodeck.rl.petting import GeodeckEnv, Observation


def engine(game: str, seats: int, seed: int, *, view: bool) -> int:
    rng = random.Random(seed)
    table = geodeck.new_game(game, [f"P{i}" for i in range(seats)], seed=seed)
    viewer = table.viewer()
    read = [0] * seats
    steps = 0
    while not table.finished:
        seat = table.expects().seats[0]
        if view:
            seen = viewer.view(seat, since=read[seat])
            read[seat] = seen["history_from"] + len(seen["history"])
        table.apply(own_secret(rng.choice(table.legal_actions(seat)), rng))
        steps += 1
    return steps


class FreeObservation(GeodeckEnv):
    """The environment with an observation that costs nothing: one array, made once."""

    def __init__(self, episode: Episode) -> None:
        super().__init__(episode)
        self._fixed = np.zeros(episode.codec.size, dtype=np.float32)

    def observe(self, agent: str) -> Observation:
        return {"observation": self._fixed, "action_mask": self.episode.mask(self._seats[agent])}


def petting(environment: GeodeckEnv, seed: int) -> int:
    environment.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        steps += 1
    return steps


def spiel(loaded: pyspiel.Game, seed: int, *, tensor: bool) -> int:
    state = loaded.new_initial_state()
    state.apply_action(seed % 10_000)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if tensor:
            state.information_state_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def timed(play: Callable[[int], int], seed: int) -> tuple[int, float]:
    started = time.process_time()
    steps = play(seed)
    return steps, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--only", help="one game of the catalogue")
    args = parser.parse_args()
    register()
    for info in catalogue():
        if args.only and info.id != args.only:
            continue
        seats = args.seats if info.family == "undercover" else info.players[0]
        print(f"{info.id}, {seats} seats, {args.games} games of random play, steps/s:")
        compare(info.id, seats, args.games)


def compare(game: str, seats: int, games: int) -> None:
    """Print each way's steps/s; the environment and the game are built once, as a
    learner builds them, and dealt anew for every game. The ways take turns game by game,
    so that a machine busy with something else slows them alike."""
    environment = env(game, seats=seats)
    free = FreeObservation(environment.episode)
    loaded = pyspiel.load_game(f"python_geodeck_{game}", {"players": seats})
    ways: list[tuple[str, Callable[[int], int]]] = [
        ("engine (legal actions, apply)", lambda s: engine(game, seats, s, view=False)),
        ("engine + view", lambda s: engine(game, seats, s, view=True)),
        ("PettingZoo (observation, mask, step)", lambda s: petting(environment, s)),
        ("PettingZoo, observation free", lambda s: petting(free, s)),
        ("OpenSpiel (legal actions, apply)", lambda s: spiel(loaded, s, tensor=False)),
        ("OpenSpiel + information state tensor", lambda s: spiel(loaded, s, tensor=True)),
    ]
    steps = [0] * len(ways)
    spent = [0.0] * len(ways)
    for seed in range(games):
        for i, (_, play) in enumerate(ways):
            done, took = timed(play, seed)
            steps[i] += done
            spent[i] += took
    rates = [n / t for n, t in zip(steps, spent, strict=True)]
    print(f"  {ways[0][0]:40} {rates[0]:9.0f}")
    print(f"  {ways[1][0]:40} {rates[1]:9.0f}  ({rates[0] / rates[1]:.1f}x the engine's time)")
    for (name, _), figure in zip(ways[2:], rates[2:], strict=True):
        print(
            f"  {name:40} {figure:9.0f}  ({rates[0] / figure:.1f}x the engine's time, "
            f"{rates[1] / figure:.1f}x with the view)"
        )


if __name__ == "__main__":
    main()
