"""A game family's descriptor: what the layers above the engine ask a family about.

Each family (``geodeck.cross``, ``geodeck.undercover``) makes one ``Family`` and the
catalogue (``geodeck.catalogue``) registers it. The CLI, the server, rl, stats and
simulate look a game's family up here (``family_of``) and read its facts, or ask its
front module in their own layer (``Family.front``), and never compare a family's name.
A third family is a new package and a catalogue line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from typing import Protocol, TypeVar

from geodeck.core.errors import SetupError
from geodeck.core.game import Game


@dataclass(frozen=True, slots=True)
class GameInfo:
    """One game as the catalogue lists it (``geodeck about``, ``/api/games``)."""

    id: str
    title: str
    family: str
    """The id of its family (``Family.id``)."""
    region: str
    variants: tuple[str, ...]
    """The first is the default."""
    players: tuple[int, int]
    """The fewest and the most players."""


Judged = tuple[str, str, bool]
"""A placement judged as it was made: ``(seat name, card id, right)``."""

T = TypeVar("T")


class OwnSecret(Protocol):
    """An action as its actor completes it (``Family.own_secret``): of the kind it was."""

    def __call__(self, action: T, rng: random.Random, /) -> T: ...


Atlas = Mapping[str, Mapping[str, object]]
"""The deck a record embeds, as a bot knows the world from it (``Family.atlas``): the
cards by id, or Undercover's ``countries`` and ``questions``."""


def as_listed(action: object) -> object:
    """An action of a family whose actions carry no secret of their actor's own."""
    return action


def as_chosen(action: T, rng: random.Random) -> T:
    """An action of a family whose actions carry no secret of their actor's own."""
    return action


def no_atlas(record: Mapping[str, object]) -> Atlas | None:
    return None


@dataclass(frozen=True, slots=True)
class Family:
    """A game family and the facts the layers above the engine ask about it."""

    id: str
    game: type[Game]
    """Its ``Game`` class."""
    games: tuple[GameInfo, ...]
    fronts: Mapping[str, str] = field(default_factory=dict)
    """The module that serves the family in a layer above the engine, by layer: ``bots``
    (its bots), ``cli`` (its table at the keyboard, progress, summary and statistics
    lines, ``verify``'s own checks, the simulation report), ``simulate``, ``stats``,
    ``rl`` (its codec). Each layer says what it asks its front module for."""
    places_cards: bool = False
    """Its games are dealt from place cards (card data by id) placed on a map: practice,
    classes, card ratings and a host's deck of cards are for these games."""
    computers: str | None = None
    """The option (and setup field) that lists the seats the computer plays, which a
    server sets from a table's bot seats; ``None``: the family has none."""
    moments: tuple[type, ...] = ()
    """The events after which a table waits for its players to read what happened."""
    own_secret: OwnSecret = as_chosen
    """An action as its actor completes it, with the secret it adds from ``rng`` (a salted
    hide); actions carrying no such secret are returned as they are."""
    listed: Callable[[object], object] = as_listed
    """An action as ``legal_actions`` lists it, without its actor's secret."""
    atlas: Callable[[Mapping[str, object]], Atlas | None] = no_atlas
    """What a bot knows the world from, read off a record (or its head): the deck it embeds."""
    judge: Callable[[Game, object, int], Judged | None] | None = None
    """A placement a seat has just made, judged right or wrong (what card ratings learn
    from); ``None`` for any other action. ``None``: the family places no cards."""

    def has(self, layer: str) -> bool:
        return layer in self.fronts

    def front(self, layer: str) -> ModuleType:
        """The family's front module in ``layer`` (which the layer reads as the protocol
        of what it asks for); ``SetupError`` if the family has none there."""
        try:
            name = self.fronts[layer]
        except KeyError:
            raise SetupError(f"the {self.id} games have no {layer} front") from None
        return import_module(name)


_FAMILIES: dict[str, Family] = {}
_GAMES: dict[str, Family] = {}


def register(family: Family) -> None:
    """Add ``family`` and its games (``geodeck.catalogue`` registers each family)."""
    _FAMILIES[family.id] = family
    for info in family.games:
        _GAMES[info.id] = family


def families() -> tuple[Family, ...]:
    """Every registered family, in the order registered."""
    return tuple(_FAMILIES.values())


def family_of(game: str) -> Family:
    """The family of the game named ``game``; ``SetupError`` for an unknown game."""
    try:
        return _GAMES[game]
    except KeyError:
        known = ", ".join(_GAMES)
        raise SetupError(f"unknown game {game!r} (known: {known})") from None


def places_cards(game: str) -> bool:
    """Whether ``game`` is a known game dealt from place cards (``Family.places_cards``)."""
    family = _GAMES.get(game)
    return family is not None and family.places_cards


def known(game: str) -> bool:
    return game in _GAMES


def computer_options() -> set[str]:
    """The options by which the families list their computer seats (``Family.computers``),
    which only a server sets."""
    return {f.computers for f in _FAMILIES.values() if f.computers is not None}


def family_named(name: str) -> Family | None:
    """The family whose id is ``name``, if there is one."""
    return _FAMILIES.get(name)
