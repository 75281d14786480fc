"""What a seat's cross-family observation is made of, followed event by event (docs/rl.md).

``CrossState(view)`` reads it from a seat's view once; ``follow`` then takes in the
events of the game's history as that seat's view shows them (another seat's guess
without its number), so that no view is built again. Two counts every view shows, the
cards to draw and the cards until the next scoring, are read again from the game when a
scoring comes (the next scoring's distance is on no event)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from geodeck.core.seats import clockwise_from, left_of

if TYPE_CHECKING:
    from geodeck.cross.events import (
        Drawn,
        Event,
        Exchanged,
        Guessed,
        Paid,
        Placed,
        Removed,
        Revealed,
        Scoring,
        Started,
    )
    from geodeck.cross.game import CrossGame
    from geodeck.cross.shapes import CrossView


class CrossState:
    """The facts of a seat's view the observation encodes, kept from event to event."""

    def __init__(self, view: CrossView) -> None:
        self.players = players = len(view["seats"])
        self.ask_order = [clockwise_from(left_of(s, players), players)[:-1] for s in range(players)]
        """The seats asked about a card each seat placed, in the order they answer."""
        self.box = float(view["box"]) or 1.0
        self.line_names = list(view["lines"])
        self.lines = [list(held) for held in view["lines"].values()]
        self.changes: list[list[tuple[int, int, str]] | None] = [[] for _ in self.lines]
        """Per line in the last ``follow``: its cards put in (1, position, card) and taken
        out (-1, position, card) in order, or ``None`` when it is laid out anew."""
        self.start: str = view["start"]
        self.revealed = {cid for cid, face in view["cards"].items() if "lat" in face}
        self.current: str | None = view["current"]
        placed = view["placed"]
        self.placed: tuple[int, int, int] | None = None
        """The placed card awaiting responses: its line's number, position and placer."""
        self.asked: list[int] = []
        if placed is not None:
            self.placed = (self.line_names.index(placed["line"]), placed["at"], placed["by"])
            self.asked = list(placed["to_ask"])
        self.hands = [seat["chips"] for seat in view["seats"]]
        self.exchanged = [len(seat["exchanged"]) for seat in view["seats"]]
        self.supply: int = view["supply"]
        self.turn: int = view["turn"]
        self.phase: str = view["phase"]
        self.draw_left: int = view["draw_left"]
        self.until_scoring: int = view["until_scoring"]
        self.reserve_left: int = view["reserve_left"]
        self.removed = len(view["removed"])
        guessing = view["guessing"]
        self.guessing: tuple[bool, int] | None = None
        """While the seats guess: whether it is the final scoring, and the most to guess."""
        self.mine: int | None = None
        self.guessed: set[int] = set()
        self.seat: int | None = view["seat"]
        self.shown: set[str] = set()
        self.scored = False
        if guessing is not None:
            self.guessing = (bool(guessing["final"]), guessing["most"])
            self.mine = guessing["mine"]
            self.guessed = set(guessing["done"])

    def awaited(self) -> list[int] | set[int]:
        """The seats whose move the game awaits (the view's ``next``)."""
        if self.phase == "place":
            return [self.turn]
        if self.phase == "respond":
            return self.asked[:1]
        if self.phase == "guess":
            return set(range(self.players)) - self.guessed
        return []

    def follow(self, events: Sequence[Event], seat: int | None, game: CrossGame) -> set[str]:
        """Take in ``events`` as ``seat``'s view shows them; the cards they revealed."""
        self.shown = set()
        self.changes = [[] for _ in self.lines]
        self.scored = False
        self.seat = seat
        take = TAKE.get
        for event in events:
            change = take(event.event)
            if change is not None:
                change(self, event)
        if self.scored:
            self.draw_left = game.draw_left
            self.until_scoring = game.until_scoring
        return self.shown

    def _draw(self, event: Drawn) -> None:
        self.current = event.card
        self.phase = "place"
        self.turn = event.seat
        self.draw_left -= 1
        self.until_scoring -= 1

    def _place(self, event: Placed) -> None:
        number = self.line_names.index(event.line)
        self.lines[number].insert(event.at, event.card)
        ops = self.changes[number]
        if ops is not None:
            ops.append((1, event.at, event.card))
        self.current = None
        self.placed = (number, event.at, event.seat)
        self.asked = self.ask_order[event.seat][:]
        self.phase = "respond"

    def _accept(self, event: object) -> None:
        del self.asked[:1]
        if not self.asked:
            self._next_turn()

    def _challenge(self, event: object) -> None:
        self._next_turn()

    def _reveal(self, event: Revealed) -> None:
        self.shown.update(event.cards)
        self.revealed.update(event.cards)

    def _paid(self, event: Paid) -> None:
        self._pay(event.payer, -event.amount)
        self._pay(event.receiver, event.amount)

    def _exchange(self, event: Exchanged) -> None:
        self.exchanged[event.seat] += 1
        self.removed -= 1

    def _removed(self, event: Removed) -> None:
        self._remove(event.cards)

    def _start(self, event: Started) -> None:
        self.start = event.card
        self.lines = [[event.card] for _ in self.lines]
        self.changes = [None] * len(self.lines)
        self.reserve_left -= 1

    def _scoring(self, event: Scoring) -> None:
        self.scored = True
        self.phase = "guess"
        self.guessing = (event.final, sum(map(len, self.lines)) - len(self.lines))
        self.guessed = set()
        self.mine = None

    def _guess(self, event: Guessed) -> None:
        self.guessed.add(event.seat)
        if event.seat == self.seat:
            self.mine = event.wrong

    def _check(self, event: object) -> None:
        self.guessing = None
        self.mine = None

    def _end(self, event: object) -> None:
        self.phase = "finished"

    def _next_turn(self) -> None:
        self.placed = None
        self.asked = []
        self.turn = left_of(self.turn, self.players)

    def _pay(self, seat: int | None, amount: int) -> None:
        if seat is None:
            self.supply += amount
        else:
            self.hands[seat] += amount

    def _remove(self, cards: tuple[str, ...]) -> None:
        gone = set(cards)
        for number, held in enumerate(self.lines):
            if gone.isdisjoint(held):
                continue
            ops = self.changes[number]
            if len(gone) == 1 and ops is not None:
                at = held.index(cards[0])
                del held[at]
                ops.append((-1, at, cards[0]))
            else:
                self.lines[number] = [cid for cid in held if cid not in gone]
                self.changes[number] = None
        self.removed += len(cards)


TAKE: dict[str, Callable[..., None]] = {
    "draw": CrossState._draw,
    "place": CrossState._place,
    "accept": CrossState._accept,
    "challenge": CrossState._challenge,
    "reveal": CrossState._reveal,
    "pay": CrossState._paid,
    "exchange": CrossState._exchange,
    "remove": CrossState._removed,
    "start": CrossState._start,
    "scoring": CrossState._scoring,
    "guess": CrossState._guess,
    "check": CrossState._check,
    "end": CrossState._end,
}
"""What each kind of event changes (a judgement and a lapse change nothing encoded): the
handler of an event of that kind, which ``follow`` calls with it."""
