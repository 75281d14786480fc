"""The ``Game`` interface every family implements, and the registry of families."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, cast

from geodeck.core.errors import (
    GameOver,
    IllegalAction,
    NotYourTurn,
    RecordError,
    SetupError,
    WrongKind,
)
from geodeck.core.shapes import Deal, OutcomeWire, RecordHead
from geodeck.core.wire import ActionSet, Ended, WireAction

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    A = TypeVar("A", bound=WireAction, default=Any)
    E = TypeVar("E", default=Any)
    V = TypeVar("V", bound=Mapping[str, object], default=Any)
    R = TypeVar("R", bound=RecordHead, default=Any)
else:  # Python 3.11's TypeVar takes no default; only type checkers read it
    from typing import TypeVar

    A = TypeVar("A", bound=WireAction)
    E = TypeVar("E")
    V = TypeVar("V", bound=Mapping[str, object])
    R = TypeVar("R", bound=RecordHead)
"""``Game[A, E, V, R]``: a family's actions, events, view and record forms
(``Game[CrossAction, Event, CrossView, CrossRecord]``, the forms from its ``shapes``); a
bare ``Game`` is a game of any family. ``Viewer[V]``: the views of a family's games."""

FORMAT = "geodeck/1"


NOTHING_ALIKE: Mapping[str, object] = MappingProxyType({})
"""The alike layer of a game whose views share nothing (``Viewer.layers``)."""


class Expects(NamedTuple):
    """The seats whose move is awaited and the kind of move; ``((), None)`` once finished."""

    seats: tuple[int, ...]
    kind: str | None


@dataclass(frozen=True, slots=True)
class Outcome:
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_wire(self) -> OutcomeWire:
        return {"scores": list(self.scores), "winners": list(self.winners)}


def winners_of(scores: Sequence[int]) -> tuple[int, ...]:
    """The highest score wins; ties share the win (A7, B3)."""
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)


class Game(ABC, Generic[A, E, V, R]):
    """A game in progress. Built by ``new_game`` or ``Game.from_record``.

    A family subclasses ``Game[its actions, its events, its view, its record]`` and
    names its ``wire_actions`` (their classes by ``act``), the rule of each kind of move
    (``move_rules``) and of the end (``end_rule``): ``apply`` does the checks every family
    shares from these, and the family's ``_validate`` holds only its own rules."""

    family: ClassVar[str]
    games: ClassVar[tuple[str, ...]]
    _families: ClassVar[dict[str, type[Game]]] = {}
    wire_actions: ClassVar[ActionSet[Any]]
    """The family's actions by ``act`` (``geodeck.core.wire``)."""
    move_rules: ClassVar[Mapping[str, str]]
    """The RULES.md section of each kind of move (``Expects.kind``), cited when a seat
    acts out of turn or with the wrong kind of move."""
    end_rule: ClassVar[str | None] = None
    """The section cited when an action comes after the end."""

    game: str
    variant: str
    seats: tuple[str, ...]
    history: list[E]
    actions: list[A]
    _outcome: Outcome | None = None
    """The scores and winners once the game has ended (``_finish``)."""
    sealed_deal: Deal | None = None
    """A record's ``deal`` (its deal commitment, ``geodeck.core.deal``), carried through as
    it is: the engine neither makes nor needs it."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        for name in getattr(cls, "games", ()):
            Game._families[name] = cls

    @staticmethod
    def family_of(game: str) -> type[Game]:
        try:
            return Game._families[game]
        except KeyError:
            known = ", ".join(sorted(Game._families))
            raise SetupError(f"unknown game {game!r} (known: {known})") from None

    @classmethod
    def from_record(cls, record: Mapping[str, object]) -> Game:
        """Rebuild a game from a ``geodeck/1`` record, replaying its actions if it has any."""
        from geodeck.core.records import validate

        validate(record)
        head = cast(RecordHead, record)  # the schema holds every record to its head
        game_cls = Game.family_of(head["game"])
        if cls is not Game and not issubclass(game_cls, cls):
            raise RecordError(f"a {head['game']!r} record is not a {cls.__name__}")
        game = game_cls._from_record(record)
        if "deal" in head:
            game.sealed_deal = head["deal"].copy()
        return game

    @classmethod
    @abstractmethod
    def _from_record(cls, record: Mapping[str, object]) -> Game:
        """Build the family's game from ``record``, which the schema has checked."""

    @classmethod
    @abstractmethod
    def deal(
        cls,
        game: str,
        seats: Sequence[str],
        *,
        variant: str | None,
        seed: int,
        options: Mapping[str, object],
        deck: Mapping[str, object] | None,
    ) -> Game: ...

    @abstractmethod
    def to_record(self) -> R:
        """The game's ``geodeck/1`` record; a family returns its record's form (``shapes``)."""

    @abstractmethod
    def expects(self) -> Expects: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[A]: ...

    def apply(self, action: A) -> list[E]:
        """Apply one action and return the events it caused. An illegal action raises an
        ``ActionError`` (with its code and rule) and changes nothing: every check runs
        (``_check``, then the family's ``_validate``) before ``_perform`` changes anything."""
        self._check(action)
        self._validate(action)
        mark = len(self.history)
        self._perform(action)
        self.actions.append(action)
        return self.history[mark:]

    def _check(self, action: A) -> None:
        """The checks every family shares: the game is not over, ``action`` is one of the
        family's, from a seat whose move is awaited, of the kind of move due."""
        if self.finished:
            raise GameOver("the game is over", rule=self.end_rule)
        if not isinstance(action, self.wire_actions.types):
            raise IllegalAction(f"{action!r} is not an action of {self.wire_actions.name}")
        seats, kind = self.expects()
        seat = action.seat
        rule = self.move_rules.get(kind or "")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise NotYourTurn(f"there is no seat {seat!r} in this game", rule=rule)
        if seat not in seats:
            who = ", ".join(self.seats[s] for s in seats)
            raise NotYourTurn(
                f"seat {seat!r} may not act now; waiting for {who} to {kind}", rule=rule
            )
        if action.kind != kind:
            raise WrongKind(f"{_an(kind)} is due, not {_an(action.act)}", rule=rule)

    @abstractmethod
    def _validate(self, action: A) -> None:
        """Raise the ``ActionError`` a well-formed, awaited ``action`` of the due kind
        deserves now by the family's own rules; ``legal_actions`` lists exactly the actions
        that pass it and ``_check``."""

    @abstractmethod
    def _perform(self, action: A) -> None:
        """Carry out a valid action, appending what happens to ``history``."""

    @abstractmethod
    def view(self, seat: int | None = None, *, since: int = 0, shared: bool = False) -> V:
        """What ``seat`` (``None``: a spectator) may know, JSON-ready. ``history`` holds the
        seat's filtered history from event ``since`` on (``history_from`` says where it
        starts), so a client that has the earlier events need not get them again.

        The view is the caller's own, built afresh, unless ``shared``: then what never
        changes in a game (card faces) is the game's own objects, the same in every view,
        and the view must be treated as read-only. A server that keeps the views it sent
        and compares them with the next ones can then skip what is the same object.

        A family returns its view's form (its ``shapes``); a game of any family gives a
        view of any form."""

    def viewer(self) -> Viewer[V]:
        """A new ``Viewer`` of this game: the views a server sends, with what it keeps
        between them. The game itself keeps nothing for its viewers."""
        return Viewer(self)

    def outcome(self) -> Outcome | None:
        """The scores and winners, or None while the game goes on."""
        return self._outcome

    def _finish(self, scores: Sequence[int]) -> Ended:
        """End the game with ``scores``: the highest wins, ties share (A7, B3). The event
        returned is the family's to append to its history."""
        outcome = self._outcome = Outcome(tuple(scores), winners_of(scores))
        return Ended(outcome.scores, outcome.winners)

    def action_from_wire(self, raw: object) -> A:
        """Parse one action of the family's wire form (``MalformedAction`` if it is none)."""
        action: A = self.wire_actions.from_wire(raw)
        return action

    @property
    def version(self) -> int:
        """The number of actions applied: every action moves it on by one."""
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.outcome() is not None

    def replay(self, actions: Sequence[object]) -> None:
        """Apply wire actions in order; a bad one raises ``RecordError`` naming its index."""
        from geodeck.core.errors import GeodeckError

        for index, raw in enumerate(actions):
            try:
                self.apply(self.action_from_wire(raw))
            except GeodeckError as err:
                raise RecordError(f"{raw!r}: {err.message}", rule=err.rule, index=index) from err


class Viewer(Generic[V]):
    """The views of one game for a server that sends them to its clients again and again
    (``Game.viewer``). What it keeps from one call to the next, so that the parts that did
    not change are the very same objects, lives here, not on the game. A family's viewer
    may keep more; this one keeps nothing and shares nothing alike."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def view(self, seat: int | None = None, *, since: int = 0) -> V:
        """``game.view(seat, since=since, shared=True)``: read-only, its unchanging parts
        shared between calls."""
        view: V = self.game.view(seat, since=since, shared=True)
        return view

    def layers(
        self, seat: int | None = None, *, since: int = 0
    ) -> tuple[Mapping[str, object], Mapping[str, object]]:
        """``view(seat, since=since)`` in two layers: what every seat sees alike at this
        version, and the seat's own keys, so that ``{**alike, **own}`` is the view.
        ``alike`` is one read-only object for all seats, the same until the next action,
        so a server works out and encodes what changed in it once for all its clients.
        Here nothing is alike."""
        return NOTHING_ALIKE, self.view(seat, since=since)


def _an(kind: str | None) -> str:
    return f"an {kind}" if (kind or "")[:1] in ("a", "e", "i", "o", "u") else f"a {kind}"


def new_game(
    game: str,
    seats: Sequence[str],
    *,
    variant: str | None = None,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
    deck: Mapping[str, object] | None = None,
) -> Game:
    """Deal a new game. ``deck`` maps card ids to card data; default: the shipped deck."""
    if isinstance(seats, str):
        raise SetupError("seats must be a list of names, not one string")
    return Game.family_of(game).deal(
        game, seats, variant=variant, seed=seed, options=dict(options or {}), deck=deck
    )
