"""Undercover's JSON forms as ``TypedDict``s: its records (docs/records.md) and the view
of one seat (``UndercoverGame.view``). A test holds the record forms to the JSON Schema
and the view to what ``view`` builds, so neither drifts. (No ``from __future__ import
annotations`` here: ``TypedDict`` must see ``NotRequired`` to know the required keys.)"""

from typing import Literal, NotRequired, TypedDict

from geodeck.core.shapes import EventWire, Face, Next, OutcomeWire, RecordHead

AnswerWord = Literal["yes", "no", "probably", "probably_not", "not_sure"]


class CountryData(TypedDict):
    """One country as a record embeds it; fields beyond these are carried through."""

    name: str
    colour: str
    capital: NotRequired[str]
    vehicle: NotRequired[str]
    area: NotRequired[float]
    area_rank: NotRequired[int]
    population: NotRequired[float]
    population_rank: NotRequired[int]


class QuestionData(TypedDict):
    """One question; one about the country carries an answer for every country."""

    text: str
    about: Literal["country", "seeker"]
    answers: NotRequired[dict[str, AnswerWord]]


class Setup(TypedDict, total=False):
    seed: int
    layouts: list[list[str]]
    questions: list[str]
    shuffle: Literal["sha256"]
    computers: list[int]


class HideWire(TypedDict):
    seat: int
    act: Literal["hide"]
    country: str
    salt: str


class NameWire(TypedDict):
    seat: int
    act: Literal["name"]
    seeker: int


class AnswerWire(TypedDict):
    seat: int
    act: Literal["answer"]
    answer: AnswerWord


class StoneWire(TypedDict):
    seat: int
    act: Literal["stone"]
    country: str
    size: Literal["small", "large"]


class PassWire(TypedDict):
    seat: int
    act: Literal["pass"]


ActionWire = HideWire | NameWire | AnswerWire | StoneWire | PassWire


class UndercoverRecord(RecordHead):
    """An Undercover ``geodeck/1`` record."""

    countries: dict[str, CountryData]
    questions: dict[str, QuestionData]
    setup: Setup
    actions: NotRequired[list[ActionWire]]


class SeatRow(TypedDict):
    seat: int
    name: str
    score: int
    small: int
    large: int


class StoneOn(TypedDict):
    seat: int
    size: str


class Hidden(TypedDict):
    """The hidden country and its salt, in the undercover player's view only."""

    country: str | None
    salt: str | None


class QuestionView(TypedDict):
    """A question turned over this round, as one seat sees it."""

    number: int
    id: str
    text: str
    about: str
    reader: int
    seeker: int | None
    reads: str
    translations: dict[str, str]
    answer: str | None
    hint: NotRequired[str]


class UndercoverView(TypedDict):
    """What one seat (``seat`` None: a spectator) may know of an Undercover game."""

    game: str
    title: str
    variant: str
    seat: int | None
    role: str
    version: int
    phase: str
    round: int
    rounds: int
    undercover: int
    computers: list[int]
    seats: list[SeatRow]
    layout: list[Face]
    stones: dict[str, list[StoneOn]]
    commitment: str | None
    hidden: Hidden | None
    questions: list[QuestionView]
    question: QuestionView | None
    to_place: list[int]
    questions_left: int
    discarded: int
    results: list[EventWire]
    next: Next
    outcome: OutcomeWire | None
    history: list[EventWire]
    history_from: int


class OwnPart(TypedDict):
    """The keys of a view that differ from seat to seat (``view.OWN``)."""

    seat: int | None
    role: str
    hidden: Hidden | None
    questions: list[QuestionView]
    question: QuestionView | None
    history: list[EventWire]
    history_from: int
