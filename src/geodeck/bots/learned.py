"""The ``learned`` cross-family policy: the expert's knowledge model and placement, with
a response and a guess learned by imitation of the oracle (docs/rl.md, The learned bot).

The oracle knows every value, so it challenges exactly the wrong cards and guesses
exactly how many cards the check sets aside. ``examples/train_learned.py`` plays games
through the PettingZoo environment and, at every response and every guess, records what
the learning seat believes (``response_features``, ``guess_features``, from its view and
the expert's knowledge model) beside what the oracle in its place chose. It fits:

- for a response, a logistic regression of "the oracle challenges" on the features: the
  bot's probability that the placed card is wrong, calibrated on play; it challenges
  when the expected chips of a challenge at that probability are positive (the expert's
  rule of gains and losses);
- for a guess, a least-squares fit of the oracle's guess on the features; the bot
  guesses the nearest allowed number.

The weights ship as ``bots/data/learned.json`` (a few hundred bytes), read and used in plain
Python: playing needs no numpy (training does, ``pip install 'geodeck[rl]'``). Undercover
has no learned policy: the level plays it as ``expert``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING

from geodeck.bots.cross import CrossBot, own_seat, placed_card, placer_trust, poisson_binomial
from geodeck.cross.actions import Accept, Challenge, CrossAction, Guess

if TYPE_CHECKING:
    from geodeck.cross.shapes import CrossView

WEIGHTS = "learned.json"
RESPONSE = ("bias", "doubt", "logit doubt", "trust", "placer chips", "my chips", "seats")
GUESS = ("bias", "expected", "spread", "table", "expert guess")


def response_features(bot: CrossBot, view: CrossView) -> tuple[list[float], str | None]:
    """What ``bot`` believes of the placed card: the features ``RESPONSE`` and the
    neighbour it doubts most (``None``: the card has no neighbour to doubt)."""
    placed = placed_card(view)
    doubt, against = bot.doubt(view)
    doubt = min(max(doubt, 1e-6), 1.0 - 1e-6)
    seats = view["seats"]
    features = [
        1.0,
        doubt,
        math.log(doubt / (1.0 - doubt)),
        placer_trust(view, placed["by"]),
        float(seats[placed["by"]]["chips"] > 0),
        float(seats[own_seat(view)]["chips"] > 0),
        len(seats) / 6.0,
    ]
    return features, against


def guess_features(bot: CrossBot, view: CrossView) -> list[float]:
    """The features ``GUESS`` of ``bot``'s beliefs about the check to come."""
    probs = list(bot.set_aside_odds(view).values())
    expected = sum(probs)
    spread = math.sqrt(sum(p * (1.0 - p) for p in probs))
    dist = poisson_binomial(probs)
    likeliest = max(range(len(dist)), key=dist.__getitem__)
    return [1.0, expected, spread, float(len(probs)), float(likeliest)]


def load_weights() -> dict[str, list[float]]:
    """The shipped weights, as lists of numbers by name (``RESPONSE``, ``GUESS``)."""
    source = resources.files("geodeck.bots").joinpath("data", WEIGHTS)
    stored = json.loads(source.read_text("utf-8"))
    return {name: [float(w) for w in stored[name]] for name in ("response", "guess")}


def dot(weights: Sequence[float], features: Sequence[float]) -> float:
    return sum(w * f for w, f in zip(weights, features, strict=True))


class LearnedBot(CrossBot):
    """A cross-family player with the expert's knowledge and the learned response and
    guess; ``weights`` as ``load_weights`` gives them."""

    def __init__(
        self,
        seed: int,
        atlas: Mapping[str, Mapping[str, object]],
        weights: Mapping[str, Sequence[float]],
    ) -> None:
        super().__init__("expert", seed, atlas)
        self.level = "learned"
        self.response = weights["response"]
        self.guessing = weights["guess"]

    def respond(self, view: CrossView, legal: Sequence[CrossAction]) -> CrossAction:
        features, against = response_features(self, view)
        accept = next(a for a in legal if isinstance(a, Accept))
        if against is None:
            return accept
        score = dot(self.response, features)
        wrong = 1.0 / (1.0 + math.exp(-min(max(score, -30.0), 30.0)))
        placed, seats, me = placed_card(view), view["seats"], own_seat(view)
        others = max(len(seats) - 1, 1)
        win = 1.0 + (1.0 if seats[placed["by"]]["chips"] > 0 else 0.0) / others
        lose = (1.0 if seats[me]["chips"] > 0 else 0.0) + 1.0 / others
        if wrong * win - (1.0 - wrong) * lose > 0.0:
            for action in legal:
                if isinstance(action, Challenge) and action.against == against:
                    return action
        return accept

    def guess(self, view: CrossView, legal: Sequence[CrossAction]) -> CrossAction:
        predicted = dot(self.guessing, guess_features(self, view))
        guesses = [a for a in legal if isinstance(a, Guess)]
        return min(guesses, key=lambda a: (abs(a.wrong - predicted), a.wrong))
