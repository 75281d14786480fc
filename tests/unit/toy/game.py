"""The toy family's engine: a pile of stones, one or two taken at a time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from geodeck.core.errors import IllegalAction
from geodeck.core.game import Expects, Game, Outcome, winners_of
from geodeck.core.shapes import RecordHead
from geodeck.core.wire import ActionSet, WireAction, WireEvent

PILE = 7


@dataclass(frozen=True, slots=True)
class Take(WireAction):
    seat: int
    stones: int
    act: ClassVar[str] = "take"
    kind: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Taken(WireEvent):
    seat: int
    stones: int
    event: ClassVar[str] = "taken"


class NimRecord(RecordHead):
    actions: list[dict[str, Any]]


class NimGame(Game[Take, Taken, dict[str, Any], NimRecord]):
    family = "toy"
    games = ()
    wire_actions = ActionSet("the toy family", Take)
    move_rules: ClassVar[Mapping[str, str]] = {"take": "N1"}

    def __init__(self, game: str, seats: Sequence[str], variant: str) -> None:
        self.game, self.variant, self.seats = game, variant, tuple(seats)
        self.history, self.actions = [], []
        self.pile = PILE
        self.last: int | None = None

    @classmethod
    def _from_record(cls, record: Mapping[str, Any]) -> Game:
        raise NotImplementedError("the toy family keeps no records")

    @classmethod
    def deal(cls, game: str, seats: Sequence[str], *, variant: str | None, **_: Any) -> Game:
        return cls(game, seats, variant or "standard")

    def to_record(self) -> NimRecord:
        return {
            "format": "geodeck/1",
            "game": self.game,
            "variant": self.variant,
            "seats": list(self.seats),
            "actions": [a.to_wire() for a in self.actions],
        }

    def expects(self) -> Expects:
        if self.pile == 0:
            return Expects((), None)
        return Expects((len(self.actions) % len(self.seats),), "take")

    def legal_actions(self, seat: int) -> list[Take]:
        if seat not in self.expects().seats:
            return []
        return [Take(seat, n) for n in (1, 2) if n <= self.pile]

    def _validate(self, action: Take) -> None:
        if action not in self.legal_actions(action.seat):
            raise IllegalAction(f"cannot take {action.stones}", rule="N1")

    def _perform(self, action: Take) -> None:
        self.pile -= action.stones
        self.last = action.seat
        self.history.append(Taken(action.seat, action.stones))

    def view(
        self, seat: int | None = None, *, since: int = 0, shared: bool = False
    ) -> dict[str, Any]:
        outcome = self.outcome()
        return {
            "game": self.game,
            "pile": self.pile,
            "seats": [{"name": n, "score": self._scores()[i]} for i, n in enumerate(self.seats)],
            "history": [e.to_wire() for e in self.history[since:]],
            "outcome": outcome.to_wire() if outcome else None,
        }

    def _scores(self) -> tuple[int, ...]:
        return tuple(int(i == self.last and self.pile == 0) for i in range(len(self.seats)))

    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        scores = self._scores()
        return Outcome(scores, winners_of(scores))
