"""The cross family's rules engine (RULES.md Part A)."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import cast

from geodeck.core.errors import IllegalAction, RecordError, SetupError
from geodeck.core.game import FORMAT, Expects, Game, Viewer
from geodeck.core.seats import check_seats, clockwise_from, left_of
from geodeck.cross import editions as ed
from geodeck.cross.actions import (
    ACTIONS,
    Accept,
    Challenge,
    CrossAction,
    Guess,
    Place,
    accept,
    guess,
    place,
)
from geodeck.cross.chips import Chips
from geodeck.cross.events import (
    Accepted,
    Challenged,
    Checked,
    Drawn,
    Event,
    Guessed,
    Judged,
    Placed,
    Removed,
    Revealed,
    Scoring,
    Started,
)
from geodeck.cross.setup import check_setup, dealt
from geodeck.cross.shapes import CrossRecord, CrossView
from geodeck.cross.table import Table
from geodeck.decks.cards import Card, parse_cards

PLACE, RESPOND, GUESS = "place", "respond", "guess"


class CrossGame(Game[CrossAction, Event, CrossView, CrossRecord]):
    """One game of Uppsala, Buxtehude, Città d'Italia or Map It! World."""

    family = "cross"
    games = tuple(ed.EDITIONS)
    wire_actions = ACTIONS
    move_rules = MappingProxyType({PLACE: "A2", RESPOND: "A4.1", GUESS: "A6.1"})

    def __init__(
        self,
        *,
        game: str,
        variant: str,
        seats: Sequence[str],
        cards: Mapping[str, Card],
        start: str,
        draw: Sequence[str],
        reserve: Sequence[str],
        each: int = ed.CHIPS_EACH,
        box: int | None = None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        self.edition = ed.edition(game)
        self.game = game
        self.variant = ed.check_variant(self.edition, variant)
        self.seats = tuple(check_seats(seats, *ed.PLAYERS, rule="A"))
        self.options = dict(options or {})
        self.cards = dict(cards)
        self._setup = (start, tuple(draw), tuple(reserve))
        check_setup(self.cards, start, draw, reserve, self.variant)
        box = self.edition.box if box is None else box
        if box < each * len(self.seats):
            raise SetupError(
                f"{box} chips cannot give {each} to {len(self.seats)} players", rule="A1.3"
            )
        self.each = each
        self.chips = Chips(len(self.seats), each, box)
        lines = ed.lines_of(self.variant)
        key = {line: line for line in lines} if self.variant == ed.GEO else {"column": variant}
        self.table = Table(lines, start, self.cards, key)
        self._draw = list(reversed(draw))  # top of the pile is the end of the list
        self._reserve = list(reversed(reserve))
        self.removed: list[str] = []
        self.revealed: set[str] = set()
        self.history: list[Event] = []
        self.actions: list[CrossAction] = []
        self.turn = 0
        self.phase = PLACE
        self.current: str | None = None
        self.placed: tuple[str, int] | None = None
        self.asked: list[int] = []
        self.guesses: dict[int, int] = {}
        self.final = False
        self.history.append(Started(start))
        self._start_turn()

    # -- building -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        game: str,
        seats: Sequence[str],
        *,
        variant: str | None,
        seed: int,
        options: Mapping[str, object],
        deck: Mapping[str, object] | None,
    ) -> CrossGame:
        """Shuffle and deal a new game (A1)."""
        variant = variant or ed.GEO
        cards, start, draw, reserve = dealt(game, variant, seed, options, deck)
        return cls(
            game=game,
            variant=variant,
            seats=seats,
            cards=cards,
            start=start,
            draw=draw,
            reserve=reserve,
            options=options,
        )

    @classmethod
    def _from_record(cls, raw: Mapping[str, object]) -> CrossGame:
        record = cast(CrossRecord, raw)  # from_record has held it to the schema
        chips = record.get("chips", {})
        setup = record["setup"]
        try:
            game = cls(
                game=record["game"],
                variant=record.get("variant", ed.GEO),
                seats=record["seats"],
                cards=parse_cards(record["cards"]),
                start=setup["start"],
                draw=setup["draw"],
                reserve=setup["reserve"],
                each=chips.get("each", ed.CHIPS_EACH),
                box=chips.get("box"),
                options=record.get("options"),
            )
        except SetupError as err:
            raise RecordError(err.message, rule=err.rule) from err
        game.replay(record.get("actions", []))
        return game

    def to_record(self) -> CrossRecord:
        start, draw, reserve = self._setup
        record: dict[str, object] = {
            "format": FORMAT,
            "game": self.game,
            "variant": self.variant,
            "seats": list(self.seats),
            "chips": {"each": self.each, "box": self.chips.box},
            "cards": {cid: copy.deepcopy(card.data) for cid, card in self.cards.items()},
            "setup": {"start": start, "draw": list(draw), "reserve": list(reserve)},
        }
        if self.options:
            record["options"] = dict(self.options)
        if self.sealed_deal is not None:
            record["deal"] = dict(self.sealed_deal)
        record["actions"] = [a.to_wire() for a in self.actions]
        return cast(CrossRecord, record)  # built to the form, which tests hold to the schema

    # -- asking ---------------------------------------------------------------------------

    def expects(self) -> Expects:
        if self.phase == PLACE:
            return Expects((self.turn,), PLACE)
        if self.phase == RESPOND:
            return Expects((self.asked[0],), RESPOND)
        if self.phase == GUESS:
            return Expects(tuple(s for s in range(len(self.seats)) if s not in self.guesses), GUESS)
        return Expects((), None)

    def legal_actions(self, seat: int) -> list[CrossAction]:
        """Every action ``seat`` may take now; ``apply`` accepts exactly these."""
        phase = self.phase
        if phase == PLACE:
            if seat != self.turn:
                return []
            return [
                place(seat, line, at)
                for line, ids in self.table.lines.items()
                for at in range(len(ids) + 1)
            ]
        if phase == RESPOND:
            if seat != self.asked[0]:
                return []
            line, at = self._placed()
            legal: list[CrossAction] = [accept(seat)]
            legal.extend(Challenge(seat, card) for card in self.table.neighbours(line, at))
            return legal
        if phase == GUESS:
            if seat in self.guesses or not 0 <= seat < len(self.seats):
                return []
            return [guess(seat, n) for n in range(self.table.size() + 1)]
        return []

    # -- acting ---------------------------------------------------------------------------

    def _perform(self, action: CrossAction) -> None:
        if isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Accept):
            self._accept(action)
        elif isinstance(action, Challenge):
            self._challenge(action)
        else:
            self._guess(action)

    def _validate(self, action: CrossAction) -> None:
        """The family's own checks behind ``apply`` (after ``Game._check``);
        ``legal_actions`` lists what passes them."""
        if isinstance(action, Place):
            ids = self.table.lines.get(action.line)
            if ids is None:
                lines = ", ".join(self.table.lines)
                raise IllegalAction(
                    f"no line {action.line!r} in the {self.variant} variant (lines: {lines})",
                    rule="A2",
                )
            if not 0 <= action.at <= len(ids):
                raise IllegalAction(
                    f"position {action.at} is off the {action.line} line (0 to {len(ids)})",
                    rule="A2",
                )
        elif isinstance(action, Challenge):
            line, at = self._placed()
            near = self.table.neighbours(line, at)
            if action.against not in near:
                raise IllegalAction(
                    f"{action.against!r} is not a neighbour of the placed "
                    f"card (neighbours: {', '.join(near)})",
                    rule="A4.2",
                )
        elif isinstance(action, Guess):
            top = self.table.size()
            if not 0 <= action.wrong <= top:
                raise IllegalAction(f"a guess is a whole number from 0 to {top}", rule="A6.1")

    def _placed(self) -> tuple[str, int]:
        assert self.placed is not None
        return self.placed

    def _place(self, action: Place) -> None:
        card = self.current
        assert card is not None
        self.table.lines[action.line].insert(action.at, card)
        self.current = None
        self.placed = (action.line, action.at)
        self.history.append(Placed(action.seat, card, action.line, action.at))
        self.phase = RESPOND
        n = len(self.seats)
        self.asked = clockwise_from(left_of(action.seat, n), n)[: n - 1]

    def _accept(self, action: Accept) -> None:
        self.history.append(Accepted(action.seat))
        self.asked.pop(0)
        if not self.asked:
            self._next_turn()

    def _challenge(self, action: Challenge) -> None:
        line, at = self._placed()
        ids = self.table.lines[line]
        card = ids[at]
        other = ids.index(action.against)
        right = self.table.right_order(line, at, other)
        self.revealed.update((card, action.against))
        history = self.history
        history.append(Challenged(action.seat, action.against))
        history.append(Revealed((card, action.against)))
        history.append(Judged(card, action.against, right))
        placer = self.turn
        if right:
            history.extend(self.chips.pay(action.seat, placer, placer, self.removed))
        else:
            history.extend(self.chips.pay(placer, action.seat, placer, self.removed))
            del ids[at]
            self.removed.append(card)
            history.append(Removed((card,)))
        self._next_turn()

    def _guess(self, action: Guess) -> None:
        self.guesses[action.seat] = action.wrong
        self.history.append(Guessed(action.seat, action.wrong))
        if len(self.guesses) == len(self.seats):
            self._score()

    # -- flow -----------------------------------------------------------------------------

    def _next_turn(self) -> None:
        self.placed = None
        self.asked = []
        self.turn = left_of(self.turn, len(self.seats))
        self._start_turn()

    def _start_turn(self) -> None:
        """Draw for the seat whose turn it is, or stop for a scoring (A2, A6.1)."""
        if not self._draw or self._draw[-1] == ed.INTERMEZZO:
            if self._draw:
                self._draw.pop()
            self.final = not self._draw
            self.phase = GUESS
            self.guesses = {}
            self.history.append(Scoring(self.final))
            return
        card = self._draw.pop()
        self.current = card
        self.phase = PLACE
        self.history.append(Drawn(self.turn, card))

    def _score(self) -> None:
        """Check the table, pay the guesses, clear the table (A6.2-A6.4), end if last (A7)."""
        table = self.table
        on_table = table.ids()
        aside = table.check()
        wrong = len(aside)
        guesses = tuple(self.guesses[s] for s in range(len(self.seats)))
        self.revealed.update(on_table)
        self.history.append(Revealed(tuple(on_table)))
        self.history.append(Checked(guesses, wrong, tuple(aside)))
        exact = [s for s, g in enumerate(guesses) if g == wrong]
        if exact:
            winners, prize = exact, 2
        else:
            best = min(abs(g - wrong) for g in guesses)
            winners, prize = [s for s, g in enumerate(guesses) if abs(g - wrong) == best], 1
        for seat in clockwise_from(self.turn, len(self.seats)):
            if seat in winners:
                self.history.extend(self.chips.payout(seat, prize, self.turn, self.removed))
        self.removed.extend(on_table)
        self.history.append(Removed(tuple(on_table)))
        for ids in table.lines.values():
            ids.clear()
        self.guesses = {}
        if not self._draw:
            self._end()
            return
        start = self._reserve.pop()
        table.start = start
        for ids in table.lines.values():
            ids.append(start)
        self.history.append(Started(start))
        self._start_turn()

    def _end(self) -> None:
        self.phase = "finished"
        self.history.append(self._finish([self.chips.score(s) for s in range(len(self.seats))]))

    # -- showing --------------------------------------------------------------------------

    def view(self, seat: int | None = None, *, since: int = 0, shared: bool = False) -> CrossView:
        from geodeck.cross.view import build_view

        return build_view(self, seat, since, shared=shared)

    def viewer(self) -> Viewer[CrossView]:
        from geodeck.cross.view import Viewer

        return Viewer(self)

    @property
    def draw_left(self) -> int:
        """Place cards still to draw (intermezzos not counted)."""
        return len(self._draw) - self._draw.count(ed.INTERMEZZO)

    @property
    def until_scoring(self) -> int:
        """Place cards to draw before the next scoring."""
        count = 0
        for card in reversed(self._draw):
            if card == ed.INTERMEZZO:
                break
            count += 1
        return count

    @property
    def reserve_left(self) -> int:
        return len(self._reserve)
