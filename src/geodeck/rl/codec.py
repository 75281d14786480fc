"""What the two families' encodings share: the fixed sizes, the seat order and the
helpers that write features into a flat array (docs/rl.md, Observations)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from geodeck.core.game import Viewer
from geodeck.core.wire import WireAction

MAX_SEATS = 6
"""Seat slots in every observation: the largest table of any geodeck game."""

Array = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Codec(Protocol):
    """One family's fixed-size encoding of a seat's view and of its actions."""

    size: int
    """Length of the observation vector."""
    actions: int
    """Size of the action space."""

    def encode(self, view: Mapping[str, object]) -> Array: ...

    def index(self, action: object, view: Mapping[str, object]) -> int: ...

    def chosen(self, actions: Sequence[WireAction], game: object) -> dict[int, WireAction]:
        """The index of each of ``actions``, as ``index`` gives it, without a view."""
        ...

    def tracker(self, seat: int | None) -> Tracker:
        """A new observation of ``seat``, kept up to date from the events its view shows."""
        ...


class Tracker(Protocol):
    """A seat's observation in one game, kept from one call to the next."""

    def observe(self, game: object, viewer: Viewer) -> Array:
        """The observation of the seat's view of ``game`` now (``viewer`` is the game's,
        shared by every seat's tracker); a new array, the caller's own."""
        ...

    def current(self, game: object, viewer: Viewer) -> Array:
        """The same observation in the tracker's own array, kept until the next call."""
        ...


def relative(seat: int | None, me: int, players: int) -> int:
    """The slot of ``seat`` seen from ``me``: 0 is ``me``, 1 the next seat clockwise..."""
    if seat is None:
        return -1
    return (seat - me) % players


def one_hot(out: Array, at: int, index: int, width: int) -> None:
    """Set ``out[at + index]`` when ``index`` is one of the ``width`` slots."""
    if 0 <= index < width:
        out[at + index] = 1.0


def ids_of(ids: Sequence[str]) -> dict[str, float]:
    """Each id's feature value: its place in sorted order, scaled into (0, 1]; 0 is none."""
    ordered = sorted(ids)
    return {cid: (i + 1) / len(ordered) for i, cid in enumerate(ordered)}


def finish(out: Array) -> Array:
    """Every feature within the observation space's bounds, [-1, 1]."""
    np.clip(out, -1.0, 1.0, out=out)
    return out
