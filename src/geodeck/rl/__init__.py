"""geodeck as a research environment: every game through PettingZoo and OpenSpiel, and a
learned bot trained on them (docs/rl.md). Needs the ``rl`` extra:
``pip install 'geodeck[rl]'``. Observations come from a seat's view only.

A layer above the bots: it uses the engine, the decks and the bots; nothing in geodeck
imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from geodeck.rl.petting import GeodeckEnv

NEEDS = "geodeck.rl needs the rl extra: pip install 'geodeck[rl]'"


def env(
    game: str,
    *,
    seats: int | None = None,
    variant: str | None = None,
    deck: Mapping[str, object] | None = None,
    options: Mapping[str, object] | None = None,
    reward: str = "win",
    render_mode: str | None = None,
) -> GeodeckEnv:
    """A PettingZoo AEC environment of ``game`` (any of ``geodeck.catalogue``) for
    ``seats`` players (default: the fewest the game allows) in ``variant`` (default: the
    game's first), dealt from ``deck`` (default: the shipped one). ``reward`` is ``win``
    or ``score`` (``geodeck.rl.episode.REWARDS``)."""
    try:
        from geodeck.rl.episode import Episode
        from geodeck.rl.petting import GeodeckEnv
    except ModuleNotFoundError as err:
        raise ModuleNotFoundError(f"{NEEDS} ({err.name} is missing)") from err
    episode = Episode(game, seats=seats, variant=variant, deck=deck, options=options, reward=reward)
    return GeodeckEnv(episode, render_mode=render_mode)
