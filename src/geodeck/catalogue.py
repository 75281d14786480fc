"""The games geodeck plays, as one list for whoever offers them (``geodeck about``, the
server's ``/api/games`` and through it the browser's lobby), and the families they belong
to: each family's descriptor (``geodeck.core.family``) is registered here."""

from __future__ import annotations

from geodeck.core.family import GameInfo, families, register
from geodeck.cross.family import FAMILY as CROSS
from geodeck.undercover.family import FAMILY as UNDERCOVER

__all__ = ["GameInfo", "catalogue", "register"]

register(CROSS)
register(UNDERCOVER)


def catalogue() -> list[GameInfo]:
    """Every game of every family, in the order the families were registered (the four
    cross editions first)."""
    return [info for family in families() for info in family.games]
