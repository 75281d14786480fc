"""One round on the table: the layout, the hidden choice, the questions and the stones."""

from __future__ import annotations

from dataclasses import dataclass

from geodeck.core.seats import clockwise_from, left_of
from geodeck.undercover.events import RoundEnded
from geodeck.undercover.variants import POINTS


@dataclass(slots=True)
class Asked:
    """A question turned over this round: who read it, whom it named, how it was answered."""

    question: str
    reader: int
    seeker: int | None = None
    answer: str | None = None


class Round:
    """The state of the round in progress (or of the last round, once the game is over)."""

    __slots__ = (
        "asked",
        "commitment",
        "country",
        "guessers",
        "layout",
        "number",
        "players",
        "salt",
        "stones",
        "undercover",
    )

    def __init__(self, number: int, undercover: int, layout: list[str], players: int) -> None:
        self.number = number
        self.undercover = undercover
        self.layout = layout
        self.players = players
        self.country: str | None = None
        self.salt: str | None = None
        self.commitment: str | None = None
        self.asked: list[Asked] = []
        self.stones: dict[str, list[tuple[int, str]]] = {}
        """Stones per country in the order placed; a country appears once it has one."""
        self.guessers: list[int] = []
        """Seekers still to place or pass after the current answer, next first."""

    def seekers_from(self, first: int) -> list[int]:
        """Every seeker once, clockwise from ``first`` (a seeker)."""
        return [s for s in clockwise_from(first, self.players) if s != self.undercover]

    def next_reader(self) -> int:
        """Left of the undercover player first, then clockwise over the seekers (B2.3)."""
        if not self.asked:
            return left_of(self.undercover, self.players)
        return self.seekers_from(left_of(self.asked[-1].reader, self.players))[0]

    def on(self, country: str) -> int:
        """Stones on ``country``; a large stone counts as one (B2.5)."""
        return len(self.stones.get(country, ()))

    def points(self) -> list[int]:
        """What each seat scores: its stones on the hidden country, small 1, large 2 (B2.6)."""
        points = [0] * self.players
        if self.country is not None:
            for seat, size in self.stones.get(self.country, ()):
                points[seat] += POINTS[size]
        return points

    def ended(self, *, discovered: bool) -> RoundEnded:
        """The event that reveals and scores this round (B2.5, B2.6)."""
        assert self.country is not None
        assert self.salt is not None
        assert self.commitment is not None
        return RoundEnded(
            self.number,
            self.undercover,
            self.country,
            self.salt,
            self.commitment,
            discovered,
            len(self.asked),
            tuple(self.points()),
        )
