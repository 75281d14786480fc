"""Train the ``learned`` bot's weights by imitation of the oracle (docs/rl.md).

    python examples/train_learned.py [--games N] [--out FILE]

Plays ``--games`` cross-family games (every edition and variant, 2 to 4 seats) through
the PettingZoo environment, every seat an expert bot. At each response and each guess it
records what a learning seat believes (the expert's knowledge model, from that seat's
view) beside what the oracle would do in its place, then fits the response (a logistic
regression) and the guess (least squares) with numpy, and writes the weights (default:
the shipped ``src/geodeck/bots/data/learned.json``). About 10 minutes for the default
1,500 games on one core. Needs the rl extra.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import geodeck.rl
from geodeck.bots.cross import CrossBot
from geodeck.bots.learned import GUESS, RESPONSE, guess_features, response_features
from geodeck.catalogue import catalogue
from geodeck.cross.actions import Challenge, Guess

OUT = Path(__file__).resolve().parent.parent / "src" / "geodeck" / "bots" / "data" / "learned.json"
Rows = list[list[float]]


def play(game: str, variant: str, seats: int, seed: int, data: dict[str, Any]) -> None:
    """One game through the environment; appends features and the oracle's choices."""
    environment = geodeck.rl.env(game, seats=seats, variant=variant)
    environment.reset(seed=seed)
    episode = environment.episode
    atlas = episode.game.to_record()["cards"]
    players = [CrossBot("expert", seed * 10 + s, atlas) for s in range(seats)]
    learners = [CrossBot("expert", seed * 10 + s + 5, atlas) for s in range(seats)]
    oracle = CrossBot("oracle", seed, atlas)
    for agent in environment.agent_iter():
        _, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        seat = environment.possible_agents.index(agent)
        view = episode.game.view(seat)
        legal = episode.game.legal_actions(seat)
        kind = view["next"]["expects"]
        if kind == "respond":
            features, against = response_features(learners[seat], view)
            if against is not None:
                data["response"].append(features)
                data["challenged"].append(float(isinstance(oracle.choose(view, legal), Challenge)))
        elif kind == "guess":
            data["guess"].append(guess_features(learners[seat], view))
            answer = oracle.choose(view, legal)
            assert isinstance(answer, Guess)
            data["wrong"].append(float(answer.wrong))
        action = players[seat].choose(view, legal)
        environment.step(episode.codec.index(action, view))


def logistic(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Logistic regression by Newton's method, with a little ridge for stability."""
    w = np.zeros(x.shape[1])
    for _ in range(25):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + 1e-3 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    tables = [
        (info.id, variant)
        for info in catalogue()
        if info.family == "cross"
        for variant in info.variants
    ]
    rng = random.Random(2026)
    data: dict[str, Any] = {"response": [], "challenged": [], "guess": [], "wrong": []}
    started = time.perf_counter()
    for seed in range(args.games):
        game, variant = rng.choice(tables)
        play(game, variant, rng.randint(2, 4), 10_000 + seed, data)
    x, y = np.array(data["response"]), np.array(data["challenged"])
    response = logistic(x, y)
    g, wrong = np.array(data["guess"]), np.array(data["wrong"])
    guess, *_ = np.linalg.lstsq(g, wrong, rcond=None)
    weights = {"response": response.tolist(), "guess": guess.tolist()}
    args.out.write_text(json.dumps(weights, indent=2) + "\n", encoding="utf-8")
    took = time.perf_counter() - started
    print(f"{args.games} games in {took:.0f} s: {len(y)} responses, {len(wrong)} guesses")
    hit = np.mean(((x @ response) > 0) == (y > 0.5))
    exact = np.mean(np.abs(g @ guess - wrong) < 0.5)
    print(f"response: {dict(zip(RESPONSE, response.round(3), strict=True))}")
    print(f"  agrees with the oracle on {hit:.1%} of the responses seen")
    print(f"guess: {dict(zip(GUESS, guess.round(3), strict=True))}")
    print(f"  exact on {exact:.1%} of the guesses seen")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
