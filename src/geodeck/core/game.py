"""The ``Game`` interface every family implements, and the registry of families."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from geodeck.core.errors import NotYourTurn, RecordError, SetupError

FORMAT = "geodeck/1"


NOTHING_ALIKE: Mapping[str, Any] = MappingProxyType({})
"""The alike layer of a game whose views share nothing (``Game.view_layers``)."""


class Expects(NamedTuple):
    """The seats whose move is awaited and the kind of move; ``((), None)`` once finished."""

    seats: tuple[int, ...]
    kind: str | None


@dataclass(frozen=True, slots=True)
class Outcome:
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_wire(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners)}


def winners_of(scores: Sequence[int]) -> tuple[int, ...]:
    """The highest score wins; ties share the win (A7, B3)."""
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)


class Game(ABC):
    """A game in progress. Built by ``new_game`` or ``Game.from_record``."""

    family: ClassVar[str]
    games: ClassVar[tuple[str, ...]]
    _families: ClassVar[dict[str, type[Game]]] = {}

    game: str
    variant: str
    seats: tuple[str, ...]
    history: list[Any]
    actions: list[Any]
    sealed_deal: dict[str, Any] | None = None
    """A record's ``deal`` (its deal commitment, ``geodeck.core.deal``), carried through as
    it is: the engine neither makes nor needs it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
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
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Rebuild a game from a ``geodeck/1`` record, replaying its actions if it has any."""
        from geodeck.core.records import validate

        validate(record)
        game_cls = Game.family_of(record["game"])
        if cls is not Game and not issubclass(game_cls, cls):
            raise RecordError(f"a {record['game']!r} record is not a {cls.__name__}")
        game = game_cls._from_record(record)
        if isinstance(record.get("deal"), Mapping):
            game.sealed_deal = dict(record["deal"])
        return game

    @classmethod
    @abstractmethod
    def _from_record(cls, record: Mapping[str, Any]) -> Game: ...

    @classmethod
    @abstractmethod
    def deal(
        cls,
        game: str,
        seats: Sequence[str],
        *,
        variant: str | None,
        seed: int,
        options: Mapping[str, Any],
        deck: Mapping[str, Any] | None,
    ) -> Game: ...

    @abstractmethod
    def to_record(self) -> dict[str, Any]: ...

    @abstractmethod
    def expects(self) -> Expects: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Any]: ...

    def apply(self, action: Any) -> list[Any]:
        """Apply one action and return the events it caused. An illegal action raises an
        ``ActionError`` (with its code and rule) and changes nothing: every check runs in
        ``_validate`` before ``_perform`` changes anything."""
        self._validate(action)
        mark = len(self.history)
        self._perform(action)
        self.actions.append(action)
        return self.history[mark:]

    def _due(self, seat: int, rules: Mapping[str, str]) -> str | None:
        """The kind of move due from ``seat`` now; ``NotYourTurn`` (citing the rule of the
        move that is due, from ``rules``) if its move is not awaited."""
        seats, kind = self.expects()
        if seat not in seats:
            who = ", ".join(self.seats[s] for s in seats)
            raise NotYourTurn(
                f"seat {seat} may not act now; waiting for {who} to {kind}",
                rule=rules.get(kind or ""),
            )
        return kind

    @abstractmethod
    def _validate(self, action: Any) -> None:
        """Raise the ``ActionError`` ``action`` deserves now; ``legal_actions`` lists exactly
        the actions that pass."""

    @abstractmethod
    def _perform(self, action: Any) -> None:
        """Carry out a valid action, appending what happens to ``history``."""

    @abstractmethod
    def view(
        self, seat: int | None = None, *, since: int = 0, shared: bool = False
    ) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may know, JSON-ready. ``history`` holds the
        seat's filtered history from event ``since`` on (``history_from`` says where it
        starts), so a client that has the earlier events need not get them again.

        The view is the caller's own, built afresh, unless ``shared``: then what never
        changes in a game (card faces) is the game's own objects, the same in every view,
        and the view must be treated as read-only. A server that keeps the views it sent
        and compares them with the next ones can then skip what is the same object."""

    def view_layers(
        self, seat: int | None = None, *, since: int = 0
    ) -> tuple[Mapping[str, Any], dict[str, Any]]:
        """``view(seat, since=since, shared=True)`` in two layers: what every seat sees alike
        at this version, and the seat's own keys, so that ``{**alike, **own}`` is the view.
        ``alike`` is one read-only object for all seats, the same until the next action,
        so a server works out and encodes what changed in it once for all its clients.
        By default nothing is alike."""
        return NOTHING_ALIKE, self.view(seat, since=since, shared=True)

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The state as ``geodeck replay --json`` prints it (RECORDS.md, Replaying)."""

    @staticmethod
    @abstractmethod
    def action_from_wire(raw: Any) -> Any: ...

    @property
    def version(self) -> int:
        """The number of actions applied: every action moves it on by one."""
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.outcome() is not None

    def replay(self, actions: Sequence[Any]) -> None:
        """Apply wire actions in order; a bad one raises ``RecordError`` naming its index."""
        from geodeck.core.errors import GeodeckError

        for index, raw in enumerate(actions):
            try:
                self.apply(self.action_from_wire(raw))
            except GeodeckError as err:
                raise RecordError(f"{raw!r}: {err.message}", rule=err.rule, index=index) from err


def new_game(
    game: str,
    seats: Sequence[str],
    *,
    variant: str | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    deck: Mapping[str, Any] | None = None,
) -> Game:
    """Deal a new game. ``deck`` maps card ids to card data; default: the shipped deck."""
    if isinstance(seats, str):
        raise SetupError("seats must be a list of names, not one string")
    return Game.family_of(game).deal(
        game, seats, variant=variant, seed=seed, options=dict(options or {}), deck=deck
    )
