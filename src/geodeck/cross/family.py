"""The cross family's descriptor (``geodeck.core.family``): its games, its facts and its
front modules in the layers above the engine."""

from __future__ import annotations

from collections.abc import Mapping

from geodeck.core.family import Atlas, Family, GameInfo, Judged
from geodeck.core.game import Game
from geodeck.cross import editions
from geodeck.cross.actions import Place
from geodeck.cross.events import Checked
from geodeck.cross.events import Judged as Verdict
from geodeck.cross.game import CrossGame


def judged(game: Game, action: object, seat: int) -> Judged | None:
    """``(seat name, card id, right)`` of ``action``, a placement by ``seat`` that ``game``
    has just applied: right unless the card is out of order against a neighbour at that
    moment (RULES.md A3: what a challenge against that neighbour shows)."""
    if not isinstance(action, Place) or not isinstance(game, CrossGame):
        return None
    table = game.table
    ids = table.lines[action.line]
    right = all(
        table.right_order(action.line, action.at, other)
        for other in (action.at - 1, action.at + 1)
        if 0 <= other < len(ids)
    )
    return game.seats[seat], ids[action.at], right


def atlas(record: Mapping[str, object]) -> Atlas | None:
    """The card data a record embeds."""
    cards = record.get("cards")
    return cards if isinstance(cards, Mapping) else None


FAMILY = Family(
    id="cross",
    game=CrossGame,
    games=tuple(
        GameInfo(e.id, e.title, "cross", e.region, e.all_variants, editions.PLAYERS)
        for e in editions.EDITIONS.values()
    ),
    fronts={
        "bots": "geodeck.bots.cross_levels",
        "cli": "geodeck.cli.cross.front",
        "simulate": "geodeck.simulate.cross",
        "stats": "geodeck.stats.cross",
        "rl": "geodeck.rl.cross_codec",
    },
    places_cards=True,
    moments=(Verdict, Checked),
    atlas=atlas,
    judge=judged,
)
