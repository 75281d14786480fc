"""The placements of a cross-family game record, each judged right or wrong.

A placement is wrong when the card is out of order against one of its neighbours at the
moment it is put down (RULES.md A3): that is what a challenge against that neighbour
shows, and a card challenged away was always such a card. The record is replayed action
by action to see the table at each placement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geodeck.core.game import Game
from geodeck.cross.actions import Place
from geodeck.cross.game import CrossGame
from geodeck.ratings.players import FAMILIES


def placements(record: Mapping[str, Any]) -> list[tuple[str, str, bool]]:
    """``(seat name, card id, right)`` for each placement in ``record``, in play order;
    none for an Undercover record. Raises ``GeodeckError`` for a record that does not
    replay."""
    if FAMILIES.get(str(record.get("game"))) != "cross":
        return []
    actions = list(record.get("actions") or [])
    game = Game.from_record({**record, "actions": []})
    assert isinstance(game, CrossGame)
    out = []
    for raw in actions:
        action = game.action_from_wire(raw)
        seat = game.expects().seats
        game.apply(action)
        if isinstance(action, Place):
            table = game.table
            ids = table.lines[action.line]
            right = all(
                table.right_order(action.line, action.at, other)
                for other in (action.at - 1, action.at + 1)
                if 0 <= other < len(ids)
            )
            out.append((game.seats[seat[0]], ids[action.at], right))
    return out
