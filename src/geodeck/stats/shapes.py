"""The statistics' JSON forms as ``TypedDict``s: the ranking and each family's counts
(docs/stats.md, "The object")."""

from typing import Literal, TypedDict


class Ranked(TypedDict):
    """One seat in the ranking, best first; tied seats share a place."""

    place: int
    seat: int
    name: str
    score: int
    winner: bool


class GuessCount(TypedDict):
    """A seat's guess at a scoring, and the number of wrong cards there were."""

    guess: int
    wrong: int


class CrossPlayer(TypedDict):
    """What one seat did in a cross-family game; chips won and lost by cause."""

    seat: int
    name: str
    score: int
    chips: int
    exchanged: int
    placed: int
    placed_right: int
    placed_wrong: int
    challenges_made: int
    challenges_won: int
    challenged: int
    challenged_lost: int
    guesses: list[GuessCount]
    exact_guesses: int
    chips_won: dict[str, int]
    chips_lost: dict[str, int]
    lapsed: int


class Caught(TypedDict):
    """How a wrong card was found: by a challenge (``by`` whom, ``against`` which
    neighbour) or at a check (both ``None``)."""

    caught: Literal["challenge", "check"]
    by: int | None
    against: str | None


class HardCard(Caught):
    """A card placed wrong, as the hardest list shows it (``Caught``'s keys last)."""

    card: str
    name: str
    placed_by: int
    line: str


class CrossStats(TypedDict):
    players: list[CrossPlayer]
    hardest: list[HardCard]


class SeekerRound(TypedDict):
    """A round a seat was a seeker: its stones, those on the undercover country, its points."""

    round: int
    stones: int
    right: int
    points: int


class UndercoverPlayer(TypedDict):
    """What one seat did in a game of Undercover."""

    seat: int
    name: str
    score: int
    rounds: list[SeekerRound]
    stones: int
    stones_right: int
    points: list[int]
    undercover: int
    discovered: int
    questions_to_discovery: list[int]


class EndedRound(TypedDict):
    """An ended round: who hid where, whether they were found, after how many questions."""

    round: int
    undercover: int
    country: str
    name: str
    discovered: bool
    asked: int
    stones_right: int
    stones: int


class UndercoverStats(TypedDict):
    players: list[UndercoverPlayer]
    rounds: list[EndedRound]
    hardest: list[EndedRound]
