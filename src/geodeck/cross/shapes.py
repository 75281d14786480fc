"""The cross family's JSON forms as ``TypedDict``s: its records (docs/records.md) and the
view of one seat (``CrossGame.view``). A test holds the record forms to the JSON Schema
and the view to what ``view`` builds, so neither drifts. (No ``from __future__ import
annotations`` here: ``TypedDict`` must see ``NotRequired`` to know the required keys.)"""

from typing import Literal, NotRequired, TypedDict

from geodeck.core.shapes import EventWire, Face, Next, OutcomeWire, RecordHead


class CardData(TypedDict):
    """One card as a record embeds it; fields beyond these are carried through."""

    name: str
    kind: str
    lat: float
    lon: float
    population: NotRequired[float]
    population_year: NotRequired[int]
    area: NotRequired[float]
    area_year: NotRequired[int]
    altitude: NotRequired[float]
    difficulty: NotRequired[int]


class Chips(TypedDict, total=False):
    each: int
    box: int


class Setup(TypedDict):
    start: str
    draw: list[str]
    reserve: list[str]
    seed: NotRequired[int]


class PlaceWire(TypedDict):
    seat: int
    act: Literal["place"]
    line: Literal["west-east", "north-south", "column"]
    at: int


class AcceptWire(TypedDict):
    seat: int
    act: Literal["accept"]


class ChallengeWire(TypedDict):
    seat: int
    act: Literal["challenge"]
    against: str


class GuessWire(TypedDict):
    seat: int
    act: Literal["guess"]
    wrong: int


ActionWire = PlaceWire | AcceptWire | ChallengeWire | GuessWire


class CrossRecord(RecordHead):
    """A cross-family ``geodeck/1`` record."""

    chips: NotRequired[Chips]
    cards: dict[str, CardData]
    setup: Setup
    actions: NotRequired[list[ActionWire]]


class SeatRow(TypedDict):
    seat: int
    name: str
    chips: int
    exchanged: list[str]
    score: int


class PlacedCard(TypedDict):
    """The card just placed, while the others respond to it."""

    card: str
    line: str
    at: int
    by: int
    neighbours: list[str]
    to_ask: list[int]


class Guessing(TypedDict):
    """An interim or final scoring in progress; ``mine``: the seat's own guess."""

    final: bool
    most: int
    done: list[int]
    mine: int | None


class CrossView(TypedDict):
    """What one seat (``seat`` None: a spectator) may know of a cross-family game."""

    game: str
    title: str
    variant: str
    seat: int | None
    version: int
    phase: str
    seats: list[SeatRow]
    supply: int
    box: int
    turn: int
    start: str
    lines: dict[str, list[str]]
    cards: dict[str, Face]
    current: str | None
    placed: PlacedCard | None
    draw_left: int
    until_scoring: int
    reserve_left: int
    removed: list[str]
    next: Next
    guessing: Guessing | None
    outcome: OutcomeWire | None
    history: list[EventWire]
    history_from: int


class OwnPart(TypedDict):
    """The keys of a view that differ from seat to seat (``view.OWN``)."""

    seat: int | None
    guessing: Guessing | None
    history: list[EventWire]
    history_from: int
