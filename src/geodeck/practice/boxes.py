"""Spaced repetition: Leitner boxes, so that the cards a player misplaced come back sooner
(docs/practice.md, Learning from mistakes).

Every card a player has answered sits in one of five boxes. A right answer moves it up
one box (a card answered right the first time goes to box 2), a wrong one back to box 1.
Each practice round is a *session*, numbered from 1 per player and deck; a card in box
``b`` is *due* again once ``2**(b-1)`` sessions have passed since it was last answered
(box 1: the next session, box 2: every second, box 3: every fourth...).

A session deals the cards in this order: the due cards of box 1 (the mistakes), then the
cards never answered, then the other due cards from the lowest box up, then the cards not
yet due from the lowest box up; within each group in the order the session's seed
shuffles them.

``Progress`` is the whole memory of one player for one deck, and its JSON form is what
the terminal keeps in the user's data directory.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from geodeck.core.shuffle import shuffled
from geodeck.practice.cards import PracticeCard

BOXES = 5


class MemoryJson(TypedDict):
    """A ``Memory`` in its JSON form."""

    box: int
    seen: int
    right: int
    wrong: int
    name: str
    lat: float
    lon: float
    area: str


class ProgressJson(TypedDict):
    """A ``Progress`` in its JSON form: the session and each card's memory by id."""

    session: int
    cards: dict[str, MemoryJson]


@dataclass(slots=True)
class Memory:
    """What is known of one card: its box, the session it was last answered in, how often
    it was answered right and wrong, and where it is (for the map of weak areas)."""

    box: int
    seen: int
    right: int = 0
    wrong: int = 0
    name: str = ""
    lat: float = 0.0
    lon: float = 0.0
    area: str = ""

    def to_json(self) -> MemoryJson:
        return {
            "box": self.box,
            "seen": self.seen,
            "right": self.right,
            "wrong": self.wrong,
            "name": self.name,
            "lat": self.lat,
            "lon": self.lon,
            "area": self.area,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Memory:
        return cls(
            box=min(BOXES, max(1, int(data.get("box", 1)))),
            seen=int(data.get("seen", 0)),
            right=int(data.get("right", 0)),
            wrong=int(data.get("wrong", 0)),
            name=str(data.get("name", "")),
            lat=float(data.get("lat", 0.0)),
            lon=float(data.get("lon", 0.0)),
            area=str(data.get("area", "")),
        )


def interval(box: int) -> int:
    """Sessions between two showings of a card in ``box``."""
    return int(2 ** (box - 1))


@dataclass(slots=True)
class Progress:
    """One player's memory of one deck."""

    session: int = 0
    """The number of the last session started."""
    cards: dict[str, Memory] = field(default_factory=dict)

    def due(self, card_id: str, session: int | None = None) -> bool:
        memory = self.cards.get(card_id)
        if memory is None:
            return True
        now = self.session if session is None else session
        return now - memory.seen >= interval(memory.box)

    def start(self) -> int:
        """Begin a new session; its number."""
        self.session += 1
        return self.session

    def schedule(self, card_ids: Iterable[str], seed: str) -> list[str]:
        """The order to deal ``card_ids`` in this session (see the module's text)."""
        ids = shuffled(sorted(set(card_ids)), f"geodeck-practice/{seed}/schedule")

        def group(card_id: str) -> tuple[int, int]:
            memory = self.cards.get(card_id)
            if memory is None:
                return (1, 0)
            if not self.due(card_id):
                return (3, memory.box)
            return (0, 0) if memory.box == 1 else (2, memory.box)

        return sorted(ids, key=group)

    def record(self, card: PracticeCard, right: bool) -> Memory:
        """The answer to ``card`` in the current session: up a box or back to box 1."""
        memory = self.cards.get(card.id)
        if memory is None:
            memory = Memory(box=1, seen=self.session)
            self.cards[card.id] = memory
            memory.box = 2 if right else 1
        else:
            memory.box = min(BOXES, memory.box + 1) if right else 1
        memory.seen = self.session
        memory.right += right
        memory.wrong += not right
        memory.name, memory.lat, memory.lon, memory.area = card.name, card.lat, card.lon, card.area
        return memory

    def weak(self) -> list[str]:
        """The cards whose last answer was wrong (in box 1), by id."""
        return sorted(i for i, m in self.cards.items() if m.box == 1)

    def to_json(self) -> ProgressJson:
        return {
            "session": self.session,
            "cards": {i: self.cards[i].to_json() for i in sorted(self.cards)},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Progress:
        raw = data.get("cards", {})
        cards = {str(i): Memory.from_json(m) for i, m in raw.items() if isinstance(m, Mapping)}
        return cls(session=int(data.get("session", 0)), cards=cards)
