"""The Undercover policy: an honest hider and Bayesian seekers.

- **Hiding.** The bot leans toward the laid-out countries that are hardest to single out:
  those whose answers to the questions about the country agree, on average, with the most
  other laid-out countries. It draws with weights exp(2 z) of the standardised score, so it
  is not predictable; lower levels often pick freely (``HIDE_CARE``).
- **Answering.** Truthfully from the data: the hint the undercover player's view carries.
  A game that knows the bot's seat is a computer's (``setup.computers``) never asks it a
  question about a seeker (geodeck's rule for computer players); in one that does not,
  the bot answers those "not sure".
- **Naming X.** Any seeker the rules let it name (a human one), by chance.
- **Seeking.** A belief over the laid-out countries, at first half uniform and half
  leaning toward the countries a careful hider would pick, updated by every answer with a
  noise model (the hider may blur an answer into its neighbour on the scale yes, probably,
  not sure, probably not, no) and, weakly, by the stones other seekers laid. The bot
  recalls each question's data answers with an error that shrinks with skill (novice 25%,
  casual 12%, expert 4%, oracle none). It lays a stone on the likeliest country when that
  is likely enough, and lays every stone it still holds once the chances left are no more
  than its stones; the large stone only when confident (or at the end).

``UniformSeeker`` is the baseline the benchmark compares with: the same timing, but the
stone goes on a country drawn uniformly from those consistent with every answer so far.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from geodeck.bots.base import Bot, BotOrder
from geodeck.undercover.actions import Answer, Hide, Pass, Stone, UndercoverAction
from geodeck.undercover.commitment import salt_from

if TYPE_CHECKING:
    from geodeck.undercover.shapes import QuestionData, UndercoverView

SCALE = {"yes": 2, "probably": 1, "not_sure": 0, "probably_not": -1, "no": -2}
ANSWERS = tuple(SCALE)
# P(answer | the data's answer) by distance on the scale, before normalising.
NOISE = (1.0, 0.12, 0.03, 0.01, 0.005)
RECALL_ERROR = {"novice": 0.25, "casual": 0.12, "expert": 0.04, "oracle": 0.0}
HIDE_CARE = {"novice": 0.3, "casual": 0.6, "expert": 0.9, "oracle": 1.0}
PRIOR_LEAN = 1.0
HIDE_LEAN = 2.0
PRIOR_MIX = 0.5
STONE_WEIGHT = {"small": 1.15, "large": 1.3}
QUESTIONS = 12


def _salted(hide: Hide, salt: str) -> Hide:
    return hide if hide.salt is not None else hide.salted(salt)


def likelihood(answer: str, truth: str, slip: float = 0.0) -> float:
    """P(the hider answers ``answer`` | the data says ``truth``), where ``slip`` is the
    chance that the remembered ``truth`` is wrong (then any answer is as likely)."""
    weights = [NOISE[abs(SCALE[a] - SCALE[truth])] for a in ANSWERS]
    honest = NOISE[abs(SCALE[answer] - SCALE[truth])] / sum(weights)
    return (1.0 - slip) * honest + slip / len(ANSWERS)


def laid_out(view: UndercoverView) -> list[str]:
    """The ids of the countries laid out this round, in order."""
    return [str(card["id"]) for card in view["layout"]]


class UndercoverBot:
    """An Undercover player of a given skill, seeing only its seat's view."""

    def __init__(self, level: str, seed: int, atlas: Mapping[str, Mapping[str, object]]) -> None:
        """``atlas``: the countries and the questions, as ``shipped_undercover`` gives
        them or a checked record holds them."""
        if level not in RECALL_ERROR:
            raise ValueError(f"no Undercover bot for level {level!r}")
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.slip = RECALL_ERROR[level] + 0.02
        self.questions = cast("Mapping[str, QuestionData]", atlas.get("questions", {}))
        self._recall: dict[tuple[str, str], str | None] = {}
        self._blends: dict[tuple[str, ...], dict[str, float]] = {}

    # -- what the bot remembers ---------------------------------------------------------------

    def recall(self, question: str, country: str) -> str | None:
        """The data's answer as this bot remembers it (None: it does not know the question)."""
        key = (question, country)
        if key in self._recall:
            return self._recall[key]
        data = self.questions.get(question)
        answers = None if data is None else data.get("answers")
        truth: str | None = answers.get(country) if isinstance(answers, Mapping) else None
        if truth is not None and truth in SCALE:
            rng = random.Random(zlib.crc32(f"{self.seed}:{question}:{country}".encode()))
            if rng.random() < RECALL_ERROR[self.level]:
                truth = rng.choice([a for a in ANSWERS if a != truth])
        self._recall[key] = truth
        return truth

    def belief(self, view: UndercoverView) -> dict[str, float]:
        """P(each laid-out country is the hidden one | answers and stones so far)."""
        layout = laid_out(view)
        weights = self.prior(layout)
        for asked in view["questions"]:
            answer = asked.get("answer")
            if asked.get("about") != "country" or answer is None or answer not in SCALE:
                continue
            for country in layout:
                truth = self.recall(asked["id"], country)
                if truth is not None:
                    weights[country] *= likelihood(answer, truth, self.slip)
        me = view["seat"]
        for country, stones in view["stones"].items():
            for stone in stones:
                if stone["seat"] != me and country in weights:
                    weights[country] *= STONE_WEIGHT[stone["size"]]
        total = sum(weights.values()) or 1.0
        return {c: w / total for c, w in weights.items()}

    # -- choosing ---------------------------------------------------------------------------

    def choose(
        self, view: Mapping[str, object], legal: Sequence[UndercoverAction]
    ) -> UndercoverAction:
        if not legal:
            raise ValueError("no legal action to choose from")
        # a bot is made for a game of Undercover (make_bot): the views it gets are its seat's
        seen = cast("UndercoverView", view)
        kind = seen["next"]["expects"]
        if kind == "hide":
            return self.hide(seen, legal)
        if kind == "answer":
            return self.answer(seen, legal)
        if kind == "name":
            return legal[self.rng.randrange(len(legal))]
        return self.stone(seen, legal)

    def hide(self, view: UndercoverView, legal: Sequence[UndercoverAction]) -> UndercoverAction:
        """A laid-out country, salted from the bot's own random numbers unless the hide it
        was offered has a salt already (B2.2)."""
        hides = [a for a in legal if isinstance(a, Hide)]
        salt = salt_from(self.rng)
        if self.rng.random() > HIDE_CARE[self.level]:
            return _salted(hides[self.rng.randrange(len(hides))], salt)
        layout = [a.country for a in hides]
        values = self.blends(layout)
        mean = sum(values.values()) / len(values)
        spread = (sum((v - mean) ** 2 for v in values.values()) / len(values)) ** 0.5 or 1.0
        weights = [math.exp(HIDE_LEAN * (values[c] - mean) / spread) for c in layout]
        best = self.rng.choices(layout, weights=weights)[0]
        return _salted(next(a for a in hides if a.country == best), salt)

    def blends(self, layout: Sequence[str]) -> dict[str, float]:
        """For each country, how many other laid-out countries share its answer to a
        question about the country, on average: the higher, the harder to single out."""
        key = tuple(layout)
        known = self._blends.get(key)
        if known is not None:
            return known
        about_country = [q for q, data in self.questions.items() if data.get("about") == "country"]
        out: dict[str, float] = {}
        for country in layout:
            same = 0
            for q in about_country:
                mine = self.recall(q, country)
                same += sum(
                    1 for other in layout if other != country and self.recall(q, other) == mine
                )
            out[country] = same / max(len(about_country), 1)
        self._blends[key] = out
        return out

    def prior(self, layout: Sequence[str]) -> dict[str, float]:
        """Where a hider is likely to be before any answer. Some hiders pick countries that
        are hard to single out, others pick freely: a mixture of a prior leaning toward the
        hard countries (weight ``PRIOR_MIX``) and a uniform one."""
        blends = self.blends(layout)
        values = list(blends.values())
        mean = sum(values) / len(values)
        spread = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5 or 1.0
        lean = {c: math.exp(PRIOR_LEAN * (b - mean) / spread) for c, b in blends.items()}
        total = sum(lean.values())
        return {c: (1 - PRIOR_MIX) / len(lean) + PRIOR_MIX * w / total for c, w in lean.items()}

    def answer(self, view: UndercoverView, legal: Sequence[UndercoverAction]) -> UndercoverAction:
        question = view.get("question")
        wanted = (question.get("hint") if question else None) or "not_sure"
        for action in legal:
            if isinstance(action, Answer) and action.answer == wanted:
                return action
        return next(a for a in legal if isinstance(a, Answer))

    def pick(self, view: UndercoverView) -> tuple[str, float]:
        """The country to lay a stone on, and how likely the bot thinks it is."""
        belief = self.belief(view)
        best = max(belief, key=lambda c: (belief[c], self.rng.random()))
        return best, belief[best]

    def stone(self, view: UndercoverView, legal: Sequence[UndercoverAction]) -> UndercoverAction:
        seat = view["seat"]
        assert seat is not None, "a spectator's view"
        me = view["seats"][seat]
        held = me["small"] + me["large"]
        passing = next((a for a in legal if isinstance(a, Pass)), legal[0])
        if held == 0:
            return passing
        country, p = self.pick(view)
        chances = QUESTIONS - len(view["questions"]) + 1
        last = held >= chances
        size = None
        if me["large"] and (p >= 0.75 or (last and held == 1)):
            size = "large"
        elif me["small"] and (p >= 0.45 or last):
            size = "small"
        elif me["large"] and last:
            size = "large"
        if size is None:
            return passing
        for action in legal:
            if isinstance(action, Stone) and action.country == country and action.size == size:
                return action
        return passing


class UniformSeeker(UndercoverBot):
    """The baseline: stones on a country drawn uniformly from those consistent with every
    answer (the data's answer equals the answer given), with the same timing."""

    def consistent(self, view: UndercoverView) -> list[str]:
        """The laid-out countries whose remembered answers match every answer so far."""
        layout = laid_out(view)
        return [
            c
            for c in layout
            if all(
                self.recall(q["id"], c) == q["answer"]
                for q in view["questions"]
                if q.get("about") == "country" and q.get("answer") in SCALE
            )
        ] or layout

    def pick(self, view: UndercoverView) -> tuple[str, float]:
        consistent = self.consistent(view)
        choice = consistent[self.rng.randrange(len(consistent))]
        return choice, 1.0 / len(consistent)


def make_bot(order: BotOrder) -> Bot:
    """An Undercover bot (``geodeck.bots.make_bot``; ``learned`` plays as ``expert``); it
    knows the countries and questions (``order.atlas``), by default the shipped ones."""
    atlas = order.atlas
    if atlas is None:
        from geodeck.decks import shipped_undercover

        atlas = shipped_undercover()
    level = "expert" if order.level == "learned" else order.level
    return UndercoverBot(level, order.seed, atlas)
