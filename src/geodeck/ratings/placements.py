"""The placements of a cross-family game record, each judged right or wrong.

A placement is wrong when the card is out of order against one of its neighbours at the
moment it is put down (RULES.md A3): that is what a challenge against that neighbour
shows, and a card challenged away was always such a card. The record is replayed action
by action to see the table at each placement; a server's table judges its placements as
they are made (``judged``), so that it need not replay its record.
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
        seat = game.expects().seats[0]
        game.apply(action)
        if isinstance(action, Place):
            out.append(judged(game, action, seat))
    return out


def judged(game: CrossGame, action: Place, seat: int) -> tuple[str, str, bool]:
    """``(seat name, card id, right)`` of ``action``, a placement by ``seat`` that ``game``
    has just applied: right unless the card is out of order against a neighbour."""
    table = game.table
    ids = table.lines[action.line]
    right = all(
        table.right_order(action.line, action.at, other)
        for other in (action.at - 1, action.at + 1)
        if 0 <= other < len(ids)
    )
    return game.seats[seat], ids[action.at], right
