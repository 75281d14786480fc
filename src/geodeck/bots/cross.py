"""The cross-family policy: placement, response and interim guess from a bot's beliefs.

- Placement: every legal (line, position) is scored by the probability that the card is
  in the right order against both its neighbours and against the card the interim check
  will compare it with (the nearest card toward the start card that the check keeps);
  the bot takes the best.
- Response: for each neighbour of the placed card, the probability that the card is wrong
  against it, from the bot's beliefs weighed against how often this placer's challenged
  cards turned out right so far (a placer puts a card where they believe it belongs; the
  prior is Beta(3, 1) on "right", updated by the reveals in the history); the bot
  challenges the likeliest neighbour when the expected gain is positive, counting the chip
  rules (a seat with no chips loses nothing by a failed challenge) and the placer's loss or
  gain.
- Guess: the probability that each card on the table is set aside by the sequential check
  (by sampling the bot's beliefs and running the check), the distribution of the count
  (Poisson-binomial), and the guess with the most expected chips (2 if exact, about 1 if
  closest).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict, cast

from geodeck.bots.knowledge import Knowledge, true_value
from geodeck.cross.actions import Accept, Challenge, CrossAction, Guess, Place
from geodeck.cross.table import set_aside

if TYPE_CHECKING:
    from geodeck.core.shapes import EventWire
    from geodeck.cross.shapes import CrossView, PlacedCard

SAMPLES = 96


def normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def prob_le(a: tuple[float, float], b: tuple[float, float]) -> float:
    """P(A <= B) for independent normal beliefs (mean, sigma); equal exact values count."""
    spread = math.hypot(a[1], b[1])
    if spread == 0.0:
        return 1.0 if a[0] <= b[0] else 0.0
    return normal_cdf((b[0] - a[0]) / spread)


def poisson_binomial(probs: Sequence[float]) -> list[float]:
    """Distribution of the number of successes of independent trials with ``probs``."""
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for k, mass in enumerate(dist):
            nxt[k] += mass * (1.0 - p)
            nxt[k + 1] += mass * p
        dist = nxt
    return dist


class WithHistory(TypedDict):
    """The history of a seat's view (a ``CrossView`` is one)."""

    history: list[EventWire]


class _Place(TypedDict):
    seat: int
    card: str


class _Judge(TypedDict):
    card: str
    right: bool


def placer_trust(view: WithHistory, placer: int) -> float:
    """How likely a card ``placer`` puts down is right: Beta(3, 1) updated by the verdicts
    on that seat's challenged cards in the history (each event read in the wire form of
    its kind, ``geodeck.cross.events``)."""
    right, wrong = 3.0, 1.0
    placed_by: dict[str, int] = {}
    for event in view["history"]:
        if event["event"] == "place":
            place = cast(_Place, event)
            placed_by[place["card"]] = place["seat"]
        elif event["event"] == "judge":
            judge = cast(_Judge, event)
            if placed_by.get(judge["card"]) == placer:
                if judge["right"]:
                    right += 1
                else:
                    wrong += 1
    return right / (right + wrong)


def placed_card(view: CrossView) -> PlacedCard:
    """The placed card the seats respond to (there is one while they respond)."""
    placed = view["placed"]
    assert placed is not None, "no card is placed"
    return placed


def own_seat(view: CrossView) -> int:
    """The seat whose view ``view`` is (a bot's view is never a spectator's)."""
    seat = view["seat"]
    assert seat is not None, "a spectator's view"
    return seat


class CrossBot:
    """A cross-family player of a given skill, seeing only its seat's view."""

    def __init__(
        self,
        level: str,
        seed: int,
        atlas: Mapping[str, Mapping[str, object]],
        difficulty: Mapping[str, float] | None = None,
    ) -> None:
        self.level = level
        self.knowledge = Knowledge(atlas, level, seed, difficulty)
        self.rng = random.Random(seed)

    # -- beliefs --------------------------------------------------------------------------

    def belief(self, view: CrossView, card: str, line: str) -> tuple[float, float]:
        quantity = line if view["variant"] == "geo" else view["variant"]
        shown = view["cards"].get(card)
        if shown is not None and "lat" in shown:
            exact = true_value(shown, quantity)
            if exact is not None:
                return (exact, 0.0)
        return self.knowledge.belief(card, quantity)

    # -- choosing -------------------------------------------------------------------------

    def choose(self, view: Mapping[str, object], legal: Sequence[CrossAction]) -> CrossAction:
        if not legal:
            raise ValueError("no legal action to choose from")
        # a bot is made for a cross-family game (make_bot): the views it gets are its seat's
        seen = cast("CrossView", view)
        kind = seen["next"]["expects"]
        if kind == "place":
            return self.place(seen, legal)
        if kind == "respond":
            return self.respond(seen, legal)
        return self.guess(seen, legal)

    def place(self, view: CrossView, legal: Sequence[CrossAction]) -> CrossAction:
        card = view["current"]
        assert card is not None, "no card is drawn"
        best: tuple[float, float] | None = None
        choice = legal[0]
        for action in legal:
            if not isinstance(action, Place):
                continue
            p = self.placement_odds(view, card, action.line, action.at)
            key = (p, self.rng.random())
            if best is None or key > best:
                best, choice = key, action
        return choice

    def placement_odds(self, view: CrossView, card: str, line: str, at: int) -> float:
        """P(the card is right at ``at`` on ``line``) against neighbours and check reference."""
        ids: list[str] = view["lines"][line]
        mine = self.belief(view, card, line)
        odds = 1.0
        if at > 0:
            odds *= prob_le(self.belief(view, ids[at - 1], line), mine)
        if at < len(ids):
            odds *= prob_le(mine, self.belief(view, ids[at], line))
        ref, inward = self._check_reference(view, ids, line, at)
        if ref is not None and ref != inward:
            if ids.index(ref) < at:
                odds *= prob_le(self.belief(view, ref, line), mine)
            else:
                odds *= prob_le(mine, self.belief(view, ref, line))
        return odds

    def _check_reference(
        self, view: CrossView, ids: list[str], line: str, at: int
    ) -> tuple[str | None, str | None]:
        """The card the interim check would compare a card inserted at ``at`` with, and its
        inward neighbour, judging the cards already out by believed values."""
        start = ids.index(view["start"])
        means = [self.belief(view, c, line)[0] for c in ids]
        if at <= start:
            inward = at  # the card now at ``at`` moves one out; it is the inward neighbour
            ref = start
            for i in range(start - 1, inward - 1, -1):
                if means[i] <= means[ref]:
                    ref = i
        else:
            inward = at - 1
            ref = start
            for i in range(start + 1, inward + 1):
                if means[i] >= means[ref]:
                    ref = i
        return ids[ref], ids[inward]

    def doubt(self, view: CrossView) -> tuple[float, str | None]:
        """The bot's probability that the placed card is wrong against the neighbour it
        doubts most, and that neighbour (``(-1.0, None)``: no neighbour)."""
        placed = placed_card(view)
        card, line, at = placed["card"], placed["line"], placed["at"]
        ids: list[str] = view["lines"][line]
        mine = self.belief(view, card, line)
        best_q, against = -1.0, None
        for neighbour in placed["neighbours"]:
            other = self.belief(view, neighbour, line)
            right = prob_le(other, mine) if ids.index(neighbour) < at else prob_le(mine, other)
            if 1.0 - right > best_q:
                best_q, against = 1.0 - right, neighbour
        return best_q, against

    def respond(self, view: CrossView, legal: Sequence[CrossAction]) -> CrossAction:
        placed = placed_card(view)
        me = own_seat(view)
        best_q, against = self.doubt(view)
        if against is None:
            return next(a for a in legal if isinstance(a, Accept))
        trust = placer_trust(view, placed["by"])
        if 0.0 < best_q < 1.0:
            doubt = best_q * (1.0 - trust)
            best_q = doubt / (doubt + (1.0 - best_q) * trust)
        seats = view["seats"]
        others = max(len(seats) - 1, 1)
        my_cost = 1.0 if seats[me]["chips"] > 0 else 0.0
        placer_loses = 1.0 if seats[placed["by"]]["chips"] > 0 else 0.0
        win = 1.0 + placer_loses / others
        lose = my_cost + 1.0 / others
        gain = best_q * win - (1.0 - best_q) * lose
        if gain > 0.0:
            for action in legal:
                if isinstance(action, Challenge) and action.against == against:
                    return action
        return next(a for a in legal if isinstance(a, Accept))

    def guess(self, view: CrossView, legal: Sequence[CrossAction]) -> CrossAction:
        probs = self.set_aside_odds(view)
        dist = poisson_binomial(list(probs.values()))
        best: tuple[float, float] | None = None
        choice = legal[0]
        for action in legal:
            if not isinstance(action, Guess):
                continue
            g = action.wrong
            exact = dist[g] if g < len(dist) else 0.0
            near = sum(dist[k] for k in (g - 1, g + 1) if 0 <= k < len(dist))
            key = (2.0 * exact + 0.5 * near, self.rng.random())
            if best is None or key > best:
                best, choice = key, action
        return choice

    def set_aside_odds(self, view: CrossView) -> dict[str, float]:
        """P(each non-start card on the table is set aside by the check), by sampling."""
        counts: dict[str, int] = {}
        start = view["start"]
        lines: dict[str, list[str]] = view["lines"]
        beliefs = {line: [self.belief(view, c, line) for c in ids] for line, ids in lines.items()}
        for ids in lines.values():
            for c in ids:
                if c != start:
                    counts[c] = 0
        for _ in range(SAMPLES):
            for line, ids in lines.items():
                values = [m + s * self.rng.gauss(0.0, 1.0) if s else m for m, s in beliefs[line]]
                for i in set_aside(values, ids.index(start)):
                    counts[ids[i]] += 1
        return {c: n / SAMPLES for c, n in counts.items()}
