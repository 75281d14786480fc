"""The placements of a game record, each judged right or wrong (``Family.judge``).

A placement is wrong when the card is out of order against one of its neighbours at the
moment it is put down (RULES.md A3): that is what a challenge against that neighbour
shows, and a card challenged away was always such a card. The record is replayed action
by action to see the table at each placement; a server's table judges its placements as
they are made (``Family.judge``), so that it need not replay its record.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geodeck.core.family import Judged, family_of, known
from geodeck.core.game import Game


def placements(record: Mapping[str, Any]) -> list[Judged]:
    """``(seat name, card id, right)`` for each placement in ``record``, in play order;
    none for a record of a family that places no cards (Undercover). Raises
    ``GeodeckError`` for a record that does not replay."""
    name = str(record.get("game"))
    judge = family_of(name).judge if known(name) else None
    if judge is None:
        return []
    actions = list(record.get("actions") or [])
    game = Game.from_record({**record, "actions": []})
    out = []
    for raw in actions:
        action = game.action_from_wire(raw)
        seat = game.expects().seats[0]
        game.apply(action)
        judged = judge(game, action, seat)
        if judged is not None:
            out.append(judged)
    return out
