"""Practice rounds: survival, timed and regional focus (docs/practice.md).

A round shows one card at a time and a reference card; the player says on which side of
the reference the card lies along one line: west or east, south or north, or in a column
variant lower or higher. The answer is right when the values are in that order, and
equal values are always right (RULES.md A3). The first reference is the last card of the
order (the one least due); after that the card just answered becomes the next reference,
so a round walks the map from card to card.

- ``survival``: until the first mistake (or the last card);
- ``timed``: as many cards as the player manages; the clock is kept by whoever shows the
  round (the terminal gives 60 s) and ends it with ``stop()``; mistakes do not end it;
- ``region``: every card of one area once, mistakes and all.

The order of the cards is given (the spaced-repetition schedule, ``practice.boxes``) or
else shuffled by the seed; the line each question asks about is drawn from the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from geodeck.core.shuffle import Stream, shuffled
from geodeck.cross.editions import GEO
from geodeck.practice.cards import NORTH_SOUTH, WEST_EAST, PracticeCard, PracticeError, lines_of

MODES = ("survival", "timed", "region")

SIDES = {
    WEST_EAST: ("west", "east"),
    NORTH_SOUTH: ("south", "north"),
}
COLUMN_SIDES = ("lower", "higher")


class RoundError(PracticeError):
    """An answer the round does not take: the round is over, or no such side."""

    code = "practice/answer"


def sides_of(line: str) -> tuple[str, str]:
    """The two answers to a question on ``line``: the lesser side first."""
    return SIDES.get(line, COLUMN_SIDES)


@dataclass(frozen=True, slots=True)
class Question:
    card: PracticeCard
    reference: PracticeCard
    line: str

    @property
    def sides(self) -> tuple[str, str]:
        return sides_of(self.line)

    def truth(self) -> str:
        """The side the card truly lies on (``east`` for a tie: either is right)."""
        lesser, greater = self.sides
        card, ref = self.card.values[self.line], self.reference.values[self.line]
        return lesser if card < ref else greater

    def is_right(self, side: str) -> bool:
        """RULES.md A3: the values increase along the line; equal values are right."""
        lesser, greater = self.sides
        card, ref = self.card.values[self.line], self.reference.values[self.line]
        if side == lesser:
            return card <= ref
        if side == greater:
            return card >= ref
        raise RoundError(f"the answer is {lesser} or {greater}, not {side!r}")


@dataclass(frozen=True, slots=True)
class Answer:
    question: Question
    side: str
    right: bool


class Round:
    """One practice round over ``cards`` (already filtered to a region, if any)."""

    def __init__(
        self,
        cards: Sequence[PracticeCard],
        *,
        mode: str = "survival",
        variant: str = GEO,
        seed: str = "practice",
        order: Sequence[str] | None = None,
    ) -> None:
        if mode not in MODES:
            raise PracticeError(f"unknown mode {mode!r} (the modes: {', '.join(MODES)})")
        lines = lines_of(variant)
        usable = [c for c in cards if all(line in c.values for line in lines)]
        if len(usable) < 2:
            raise PracticeError(
                f"a practice round needs at least two cards with a {' and '.join(lines)} "
                f"value; these cards have {len(usable)}"
            )
        by_id = {c.id: c for c in usable}
        if order is None:
            self.order = shuffled(sorted(by_id), f"geodeck-practice/{seed}/order")
        else:
            self.order = [i for i in order if i in by_id]
            self.order += [i for i in sorted(by_id) if i not in set(self.order)]
        self.cards = by_id
        self.mode = mode
        self.variant = variant
        self.lines = lines
        self._stream = Stream(f"geodeck-practice/{seed}/lines")
        self.answers: list[Answer] = []
        self._next = 0
        self._reference = by_id[self.order[-1]]
        self._stopped = False
        self._current: Question | None = None

    @property
    def over(self) -> bool:
        if self._stopped or self._next >= len(self.order) - 1:
            return True
        return self.mode == "survival" and any(not a.right for a in self.answers)

    @property
    def score(self) -> int:
        return sum(a.right for a in self.answers)

    @property
    def mistakes(self) -> list[Answer]:
        return [a for a in self.answers if not a.right]

    def question(self) -> Question:
        """The question to answer now (the same until it is answered)."""
        if self.over:
            raise RoundError("the round is over")
        if self._current is None:
            line = self.lines[self._stream.below(len(self.lines))]
            card = self.cards[self.order[self._next]]
            self._current = Question(card, self._reference, line)
        return self._current

    def answer(self, side: str) -> Answer:
        """Answer the current question with a side (``west``, ``north``, ``higher``...)."""
        question = self.question()
        answer = Answer(question, side, question.is_right(side))
        self.answers.append(answer)
        self._reference = question.card
        self._current = None
        self._next += 1
        return answer

    def stop(self) -> None:
        """End the round (the timed round's clock ran out, or the player stopped)."""
        self._stopped = True
