"""What a seat's Undercover observation is made of, followed event by event (docs/rl.md).

``UndercoverState`` reads it from a seat's view once; ``follow`` then takes in the events
of the game's history as that seat's view shows them (another seat's hide without its
country), so that no view is built again. The hint a question carries for the hider is
the deck's answer for the country the hider's own hide event names."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

from geodeck.core.seats import clockwise_from
from geodeck.undercover import variants as vr

if TYPE_CHECKING:
    from typing import NotRequired

    from typing_extensions import ReadOnly

    from geodeck.decks.countries import Question
    from geodeck.undercover.events import (
        Answered,
        Event,
        Hidden,
        Named,
        Placed,
        Reshuffled,
        RoundEnded,
        RoundStarted,
        Turned,
    )
    from geodeck.undercover.shapes import StoneOn, UndercoverView


class AskedFacts(TypedDict):
    """What the observation reads of a question turned over this round (``QuestionView``)."""

    id: ReadOnly[str]
    about: ReadOnly[str]
    reader: ReadOnly[int]
    seeker: ReadOnly[int | None]
    answer: ReadOnly[str | None]
    hint: ReadOnly[NotRequired[str | None]]


class SeatFacts(TypedDict):
    """What the observation reads of a seat's row (``SeatRow``)."""

    seat: ReadOnly[int]
    score: ReadOnly[int]
    small: ReadOnly[int]
    large: ReadOnly[int]


class Awaited(TypedDict):
    """The seats whose move is awaited (a view's ``Next``)."""

    seats: ReadOnly[list[int]]


class TableFacts(TypedDict):
    """What the observation reads of a seat's view besides its questions: the view
    itself (``UndercoverView``), or what ``UndercoverState`` keeps of it."""

    hidden: ReadOnly[Mapping[str, object] | None]
    stones: ReadOnly[Mapping[str, Sequence[StoneOn]]]
    layout: ReadOnly[Sequence[Mapping[str, object]]]
    seats: ReadOnly[Sequence[SeatFacts]]
    undercover: ReadOnly[int]
    next: ReadOnly[Awaited]
    phase: ReadOnly[str]
    round: ReadOnly[int]
    rounds: ReadOnly[int]
    role: ReadOnly[str]
    questions_left: ReadOnly[int]
    discarded: ReadOnly[int]


class UndercoverState:
    """The facts of a seat's view the observation encodes, kept from event to event."""

    def __init__(self, view: UndercoverView, deck: Mapping[str, Question]) -> None:
        self.deck = deck
        """The question cards by id, with each one's answer by country (the hints)."""
        self.seat: int | None = view["seat"]
        self.players = len(view["seats"])
        self.rounds: int = view["rounds"]
        self.round: int = view["round"]
        self.undercover: int = view["undercover"]
        self.phase: str = view["phase"]
        self.layout = [{"id": card["id"]} for card in view["layout"]]
        self.slots = {card["id"]: i for i, card in enumerate(self.layout)}
        self.stones: dict[str, list[StoneOn]] = {c: list(on) for c, on in view["stones"].items()}
        hidden = view["hidden"]
        self.hidden: str | None = None if hidden is None else hidden["country"]
        self.questions: list[AskedFacts] = [
            {
                "id": q["id"],
                "about": q["about"],
                "reader": q["reader"],
                "seeker": q["seeker"],
                "answer": q["answer"],
                "hint": q.get("hint"),
            }
            for q in view["questions"]
        ]
        self.scores = [seat["score"] for seat in view["seats"]]
        self.small = [seat["small"] for seat in view["seats"]]
        self.large = [seat["large"] for seat in view["seats"]]
        self.questions_left: int = view["questions_left"]
        self.discarded: int = view["discarded"]
        self.guessers: list[int] = list(view["to_place"])
        self.laid = True
        """Whether the layout, its stones or the hidden country changed in ``follow``."""
        self.asked = True
        """Whether the questions changed in ``follow``."""
        self.asked_from = 0
        """The first question that changed in ``follow`` (when ``asked`` is set): the
        later ones changed too, or are gone."""
        self.stoned: list[str] = []
        """The countries that got a stone in ``follow`` (when ``laid`` is not set)."""

    def awaited(self) -> list[int]:
        """The seats whose move the game awaits (the view's ``next``)."""
        if self.phase in ("hide", "answer"):
            return [self.undercover]
        if self.phase == "name":
            return [self.questions[-1]["reader"]]
        if self.phase == "stone":
            return self.guessers[:1]
        return []

    def follow(self, events: Sequence[Event]) -> None:
        """Take in ``events`` as this seat's view shows them."""
        self.laid = self.asked = False
        self.asked_from = len(self.questions)
        self.stoned = []
        for event in events:
            take = TAKE.get(event.event)
            if take is not None:
                take(self, event)

    def _round(self, event: RoundStarted) -> None:
        self.round = event.round
        self.undercover = event.undercover
        self.layout = [{"id": cid} for cid in event.layout]
        self.slots = {cid: i for i, cid in enumerate(event.layout)}
        self.stones = {}
        self.hidden = None
        self.questions = []
        self.small = [vr.SMALL_STONES] * self.players
        self.large = [vr.LARGE_STONES] * self.players
        self.phase = "hide"
        self.laid = self.asked = True
        self.asked_from = 0

    def _hide(self, event: Hidden) -> None:
        if event.seat == self.seat:
            self.hidden = event.country
            self.laid = True

    def _reshuffle(self, event: Reshuffled) -> None:
        self.questions_left = event.cards
        self.discarded = 0

    def _replace(self, event: object) -> None:
        self.questions_left -= 1
        self.discarded += 1

    def _question(self, event: Turned) -> None:
        self.questions_left -= 1
        hint = None
        if self.hidden is not None and event.about != "seeker":
            hint = self.deck[event.question].answers[self.hidden]
        self.questions.append(
            {
                "id": event.question,
                "about": event.about,
                "reader": event.reader,
                "seeker": None,
                "answer": None,
                "hint": hint,
            }
        )
        self.phase = "name" if event.about == "seeker" else "answer"
        self._changed()

    def _name(self, event: Named) -> None:
        self.questions[-1] = {**self.questions[-1], "seeker": event.seeker}
        self.phase = "answer"
        self._changed()

    def _answer(self, event: Answered) -> None:
        self.questions[-1] = {**self.questions[-1], "answer": event.answer}
        reader = self.questions[-1]["reader"]
        self.guessers = [s for s in clockwise_from(reader, self.players) if s != self.undercover]
        self.phase = "stone"
        self._changed()

    def _changed(self) -> None:
        """The last question changed (or is new)."""
        self.asked = True
        self.asked_from = min(self.asked_from, len(self.questions) - 1)

    def _stone(self, event: Placed) -> None:
        left = self.small if event.size == "small" else self.large
        left[event.seat] -= 1
        self.stones.setdefault(event.country, []).append({"seat": event.seat, "size": event.size})
        del self.guessers[:1]
        if event.country not in self.stoned:
            self.stoned.append(event.country)

    def _pass(self, event: object) -> None:
        del self.guessers[:1]

    def _reveal(self, event: RoundEnded) -> None:
        for seat, points in enumerate(event.points):
            self.scores[seat] += points
        self.discarded += event.asked

    def _end(self, event: object) -> None:
        self.phase = "finished"


TAKE: dict[str, Callable[..., None]] = {
    "round": UndercoverState._round,
    "hide": UndercoverState._hide,
    "reshuffle": UndercoverState._reshuffle,
    "replace": UndercoverState._replace,
    "question": UndercoverState._question,
    "name": UndercoverState._name,
    "answer": UndercoverState._answer,
    "stone": UndercoverState._stone,
    "pass": UndercoverState._pass,
    "reveal": UndercoverState._reveal,
    "end": UndercoverState._end,
}
"""What each kind of event changes: the handler of an event of that kind, which
``follow`` calls with it."""
