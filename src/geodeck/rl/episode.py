"""One game as both wrappers play it: dealt from a seed, seen through a seat's view and
the family's codec, acted on by action index, scored at the end (docs/rl.md)."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Protocol, cast

import numpy as np

import geodeck
from geodeck.catalogue import GameInfo, catalogue
from geodeck.core.errors import SetupError
from geodeck.core.family import family_of
from geodeck.core.game import Viewer
from geodeck.core.wire import WireAction
from geodeck.rl.codec import Array, Codec, Mask, Tracker

REWARDS = ("win", "score")
"""``win``: each winner gets 1 / the number of winners, the others 0 (so the returns
add up to 1); ``score``: each seat's final score."""


class RlFront(Protocol):
    """What a family's codec module (its ``rl`` front) gives."""

    RECENT: int
    """How many recent events an observation shows (0: none)."""
    MAX_MOVES: int
    """An upper bound on a game's moves."""
    VARIANT_OPTIONS: Mapping[str, Mapping[str, object]]
    """Options a variant needs when none are given."""

    def codec_for(self, record: Mapping[str, object]) -> Codec:
        """The codec of a game dealt as ``record``."""


def rl_front(game: str) -> RlFront:
    return cast(RlFront, family_of(game).front("rl"))


def info_of(game: str) -> GameInfo:
    for info in catalogue():
        if info.id == game:
            return info
    known = ", ".join(info.id for info in catalogue())
    raise SetupError(f"unknown game {game!r} (known: {known})")


class Episode:
    """A game of ``game`` for ``seats`` seats, dealt again by ``deal(seed)``."""

    def __init__(
        self,
        game: str,
        *,
        seats: int | None = None,
        variant: str | None = None,
        deck: Mapping[str, object] | None = None,
        options: Mapping[str, object] | None = None,
        reward: str = "win",
    ) -> None:
        self.info = info_of(game)
        self.variant = variant or self.info.variants[0]
        if self.variant not in self.info.variants:
            raise SetupError(f"{game} has no variant {self.variant!r}")
        self.players = seats or self.info.players[0]
        if reward not in REWARDS:
            raise SetupError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward = reward
        self.deck = deck
        self.family = family_of(game)
        self.front = rl_front(game)
        self.options = dict(
            options if options is not None else self.front.VARIANT_OPTIONS.get(self.variant, {})
        )
        self.names = [f"seat_{i}" for i in range(self.players)]
        self._seen: tuple[geodeck.Game, int, int, dict[int, WireAction]] | None = None
        """The game, seat and version last looked at, with the allowed actions (``legal``)."""
        self._asked: tuple[geodeck.Game, int, int | None] | None = None
        """The game and version last asked who is to act, with the answer (``seat``)."""
        self._viewer: Viewer | None = None
        self._trackers: dict[int, Tracker] = {}
        """Each seat's observation of the game ``_viewer`` shows, kept up to date."""
        self.seed = 0
        self.game = self._new(0)
        record = self.game.to_record()
        self.codec: Codec = self.front.codec_for(record)
        self.recent = self.front.RECENT

    def _new(self, seed: int) -> geodeck.Game:
        return geodeck.new_game(
            self.info.id,
            self.names,
            variant=self.variant,
            seed=seed,
            options=self.options,
            deck=self.deck,
        )

    def deal(self, seed: int) -> None:
        self.seed = seed
        self.game = self._new(seed)
        self._seen = None
        self._viewer = None
        self._trackers = {}

    def fresh(self) -> Episode:
        """A shallow copy to deal anew (``deal``), quicker than ``copy.copy``: an OpenSpiel
        state is made for every tensor it is asked for (to learn the tensor's shape)."""
        twin = object.__new__(Episode)
        twin.__dict__.update(self.__dict__)
        twin._seen = twin._viewer = None
        twin._trackers = {}
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        """A copy of this episode: the same deal with the same actions applied again, much
        quicker than copying the cards (OpenSpiel's ``clone()`` copies states this way)."""
        twin = copy.copy(self)
        twin.game = self._new(self.seed)
        twin._seen = None
        twin._viewer = None
        twin._trackers = {}
        for action in self.game.actions:
            twin.game.apply(action)
        return twin

    @property
    def seat(self) -> int | None:
        """The seat to act (the first awaited); ``None`` once the game is over."""
        game = self.game
        asked = self._asked
        if asked is None or asked[0] is not game or asked[1] != game.version:
            seats = game.expects().seats
            asked = self._asked = (game, game.version, seats[0] if seats else None)
        return asked[2]

    def legal(self, seat: int) -> dict[int, WireAction]:
        """The allowed action indices of ``seat`` and their engine actions, worked out
        once per seat and version (the engine's ``legal_actions``)."""
        game = self.game
        seen = self._seen
        if seen is not None and seen[0] is game and seen[1:3] == (seat, game.version):
            return seen[3]
        chosen = self.codec.chosen(game.legal_actions(seat), game)
        self._seen = (game, seat, game.version, chosen)
        return chosen

    def mask(self, seat: int) -> Mask:
        """The action mask of ``seat`` over the codec's action space (a new array)."""
        made = np.zeros(self.codec.actions, dtype=np.int8)
        made[list(self.legal(seat))] = 1
        return made

    def observe(self, seat: int) -> tuple[Array, Mask]:
        """The observation of ``seat`` (from what its view shows only) and its mask."""
        return self.observation(seat), self.mask(seat)

    def observation(self, seat: int | None) -> Array:
        """The observation of ``seat`` (``None``: a spectator), kept up to date from the
        events of its view since the last one (the family's tracker); a new array."""
        return self.current(seat).copy()

    def current(self, seat: int | None) -> Array:
        """The observation of ``seat`` as ``observation`` gives it, in its tracker's own
        array: read it before the game moves on, never write to it."""
        viewer = self._viewer
        if viewer is None or viewer.game is not self.game:
            viewer = self._viewer = self.game.viewer()
            self._trackers = {}
        key = -1 if seat is None else seat
        tracker = self._trackers.get(key)
        if tracker is None:
            tracker = self._trackers[key] = self.codec.tracker(seat)
        return tracker.current(self.game, viewer)

    def act(self, seat: int, index: int) -> None:
        """Apply action ``index`` for ``seat``; a hide gets a salt from the seed and the
        game's version, so that a seed reproduces the episode."""
        chosen = self.legal(seat)
        if index not in chosen:
            raise ValueError(f"action {index} is not allowed for seat {seat} now")
        action = chosen[index]
        rng = random.Random(f"geodeck/rl/{self.seed}/{self.game.version}")
        self.game.apply(self.family.own_secret(action, rng))

    def returns(self) -> list[float]:
        """Each seat's reward at the end (``REWARDS``); zeros while the game goes on."""
        outcome = self.game.outcome()
        if outcome is None:
            return [0.0] * self.players
        if self.reward == "score":
            return [float(s) for s in outcome.scores]
        share = 1.0 / len(outcome.winners)
        return [share if s in outcome.winners else 0.0 for s in range(self.players)]
