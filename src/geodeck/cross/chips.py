"""Chips: payments between seats, payouts from the supply and the automatic exchange (A5)."""

from __future__ import annotations

from geodeck.core.seats import clockwise_from
from geodeck.cross.events import Event, Exchanged, Lapsed, Paid

EXCHANGE_RATE = 5


class Chips:
    """Chips in hand per seat, the supply, and the removed cards each seat exchanged for."""

    __slots__ = ("box", "exchanged", "hands", "supply")

    def __init__(self, seats: int, each: int, box: int) -> None:
        self.box = box
        self.hands = [each] * seats
        self.supply = box - each * seats
        self.exchanged: list[list[str]] = [[] for _ in range(seats)]

    def score(self, seat: int) -> int:
        """Chips in hand plus 5 per exchanged card (A7)."""
        return self.hands[seat] + EXCHANGE_RATE * len(self.exchanged[seat])

    def pay(self, payer: int, receiver: int, active: int, removed: list[str]) -> list[Event]:
        """One chip from ``payer`` to ``receiver``; from the supply if the payer has none."""
        if self.hands[payer] > 0:
            self.hands[payer] -= 1
            self.hands[receiver] += 1
            return [Paid(payer, receiver, 1)]
        return self.payout(receiver, 1, active, removed)

    def payout(self, receiver: int, amount: int, active: int, removed: list[str]) -> list[Event]:
        """``amount`` chips from the supply, exchanging chips for removed cards if it is short.

        The seat with the most chips (ties: first in turn order from ``active``) returns 5
        chips and takes the top removed card, until the supply can pay or nobody can
        exchange; what still cannot be paid lapses.
        """
        events: list[Event] = []
        while self.supply < amount:
            seat = self._exchanger(active)
            if seat is None or not removed:
                break
            card = removed.pop()
            self.hands[seat] -= EXCHANGE_RATE
            self.supply += EXCHANGE_RATE
            self.exchanged[seat].append(card)
            events.append(Paid(seat, None, EXCHANGE_RATE))
            events.append(Exchanged(seat, card))
        paid = min(amount, self.supply)
        if paid:
            self.supply -= paid
            self.hands[receiver] += paid
            events.append(Paid(None, receiver, paid))
        if paid < amount:
            events.append(Lapsed(receiver, amount - paid))
        return events

    def _exchanger(self, active: int) -> int | None:
        order = clockwise_from(active, len(self.hands))
        best = max(order, key=lambda s: self.hands[s])  # max keeps the first of equals
        return best if self.hands[best] >= EXCHANGE_RATE else None

    def total(self) -> int:
        return sum(self.hands) + self.supply
