"""The cards on the table: the lines through the start card, order along them, the check."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from geodeck.decks.cards import Card


class Table:
    """Lines of card ids through the start card (A2).

    In ``geo`` the lines are ``west-east`` (index 0 westmost) and ``north-south`` (index 0
    southmost); the start card is on both. A column variant has one line, ``column``.
    """

    __slots__ = ("cards", "key", "lines", "start")

    def __init__(
        self, lines: tuple[str, ...], start: str, cards: Mapping[str, Card], key: Mapping[str, str]
    ) -> None:
        self.cards = cards
        self.key = key  # line -> name of the value compared along it
        self.start = start
        self.lines: dict[str, list[str]] = {line: [start] for line in lines}

    def value(self, line: str, card: str) -> float:
        return self.cards[card].values[self.key[line]]

    def size(self) -> int:
        """Cards on the table other than the start card."""
        return sum(len(ids) for ids in self.lines.values()) - len(self.lines)

    def ids(self) -> list[str]:
        """Every card on the table once, line by line in line order."""
        out = list(self.lines[next(iter(self.lines))])
        for ids in list(self.lines.values())[1:]:
            out.extend(c for c in ids if c != self.start)
        return out

    def neighbours(self, line: str, at: int) -> list[str]:
        """The cards directly before and after index ``at`` on ``line`` (A4.2)."""
        ids = self.lines[line]
        out = []
        if at > 0:
            out.append(ids[at - 1])
        if at + 1 < len(ids):
            out.append(ids[at + 1])
        return out

    def right_order(self, line: str, at: int, other: int) -> bool:
        """Whether the card at ``at`` is right relative to the card at ``other`` (A3).

        Values must increase in the line's direction; equal values are right.
        """
        ids = self.lines[line]
        mine, theirs = self.value(line, ids[at]), self.value(line, ids[other])
        return mine <= theirs if at < other else mine >= theirs

    def check(self) -> list[str]:
        """The interim check (A6.2): the cards set aside, arm by arm from the start card.

        Each card is compared with the nearest card toward the start that was not set
        aside; a card in the wrong order is set aside at once and is no reference.
        """
        aside: list[str] = []
        for line, ids in self.lines.items():
            values = [self.value(line, c) for c in ids]
            aside.extend(ids[i] for i in set_aside(values, ids.index(self.start)))
        return aside


def set_aside(values: Sequence[float], centre: int) -> list[int]:
    """The indexes the interim check sets aside on one line whose start card is at
    ``centre`` (A6.2): each arm walked outward, each card compared with the nearest card
    toward the start that was kept."""
    out: list[int] = []
    ref = values[centre]
    for i in range(centre - 1, -1, -1):
        if values[i] > ref:
            out.append(i)
        else:
            ref = values[i]
    ref = values[centre]
    for i in range(centre + 1, len(values)):
        if values[i] < ref:
            out.append(i)
        else:
            ref = values[i]
    return out
