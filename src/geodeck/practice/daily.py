"""The daily challenge: the same deal for everyone on a date (docs/daily.md).

**The deal.** The key is the text ``geodeck-daily/1/DATE/GAME/HASH``: ``DATE`` as
``YYYY-MM-DD``, ``GAME`` the game's id (``uppsala``), ``HASH`` the deck's content hash
(``cards.deck_hash``). The deck's card ids, sorted by their UTF-8 bytes (as Python sorts
them), are shuffled with ``geodeck.core.shuffle`` under that key; the first id is the
start card and the next ``CARDS`` are the cards to place, in that order.

**The play.** Solo against the cards, on the table of the geo variant: the start card lies
on both lines (RULES.md A2), and each card is put into one line at a gap. It is turned
over at once and is right when it is in order with both its neighbours on that line
(RULES.md A3); a right card stays face up on the table, a wrong one leaves it (as after a
lost challenge, A4.3). The result is the row of rights and wrongs, shared as a grid of
emoji.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from geodeck.core.shuffle import shuffled
from geodeck.practice.cards import NORTH_SOUTH, WEST_EAST, PracticeCard, PracticeError

CARDS = 10
VERSION = 1
RIGHT = "🟩"
WRONG = "🟥"
ROW = 5
LINES = (WEST_EAST, NORTH_SOUTH)


def daily_key(date: datetime.date, game: str, deck_hash: str) -> str:
    return f"geodeck-daily/{VERSION}/{date.isoformat()}/{game}/{deck_hash}"


@dataclass(frozen=True, slots=True)
class Deal:
    key: str
    start: str
    cards: tuple[str, ...]


def daily_deal(card_ids: Sequence[str], date: datetime.date, game: str, deck_hash: str) -> Deal:
    """The day's deal of a deck (``card_ids``) for ``game``."""
    if len(set(card_ids)) < CARDS + 1:
        raise PracticeError(f"a daily challenge needs {CARDS + 1} cards, the deck has fewer")
    key = daily_key(date, game, deck_hash)
    order = shuffled(sorted(set(card_ids)), key)
    return Deal(key, order[0], tuple(order[1 : CARDS + 1]))


@dataclass(frozen=True, slots=True)
class Placing:
    card: str
    line: str
    gap: int
    right: bool

    def to_json(self) -> list[object]:
        return [self.line, self.gap]


class Solo:
    """One player's daily challenge: the deal's cards placed one by one."""

    def __init__(self, deal: Deal, cards: dict[str, PracticeCard]) -> None:
        self.deal = deal
        self.cards = cards
        self.lines: dict[str, list[str]] = {line: [deal.start] for line in LINES}
        self.placings: list[Placing] = []

    @property
    def over(self) -> bool:
        return len(self.placings) >= len(self.deal.cards)

    @property
    def current(self) -> PracticeCard:
        if self.over:
            raise PracticeError("the day's challenge is over")
        return self.cards[self.deal.cards[len(self.placings)]]

    @property
    def score(self) -> int:
        return sum(p.right for p in self.placings)

    def place(self, line: str, gap: int) -> Placing:
        """Put the current card into ``line`` before the card at ``gap`` (0: before the
        first card, ``len``: after the last)."""
        card = self.current
        if line not in self.lines:
            raise PracticeError(f"the lines are {' and '.join(LINES)}, not {line!r}")
        cards = self.lines[line]
        if not 0 <= gap <= len(cards):
            raise PracticeError(f"the {line} line has gaps 0 to {len(cards)}, not {gap}")
        value = card.values[line]
        before = cards[gap - 1] if gap > 0 else None
        after = cards[gap] if gap < len(cards) else None
        right = (before is None or self.cards[before].values[line] <= value) and (
            after is None or value <= self.cards[after].values[line]
        )
        if right:
            cards.insert(gap, card.id)
        placing = Placing(card.id, line, gap, right)
        self.placings.append(placing)
        return placing

    def replay(self, moves: Sequence[Sequence[object]]) -> None:
        """Place the cards as ``moves`` (``[line, gap]`` each, as ``Placing.to_json``) say."""
        for move in moves:
            if self.over:
                break
            line, gap = move
            self.place(str(line), int(str(gap)))

    def grid(self) -> str:
        """The result as rows of emoji, ``ROW`` a row."""
        marks = [RIGHT if p.right else WRONG for p in self.placings]
        return "\n".join("".join(marks[i : i + ROW]) for i in range(0, len(marks), ROW))

    def share(self, game: str, date: datetime.date) -> str:
        """The text to share: the day, the score, the grid, and how to play the same deal."""
        return (
            f"geodeck daily {game} {date.isoformat()}: {self.score}/{len(self.deal.cards)}\n"
            f"{self.grid()}\n"
            f"geodeck daily {game} --date {date.isoformat()}"
        )
