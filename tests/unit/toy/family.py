"""The toy family's descriptor: its one game and its front modules, all in this package."""

from __future__ import annotations

from geodeck.core.family import Family, GameInfo
from tests.unit.toy.game import NimGame, Taken

FAMILY = Family(
    id="toy",
    game=NimGame,
    games=(GameInfo("nim", "Nim", "toy", "nowhere", ("standard",), (2, 4)),),
    fronts={
        "bots": "tests.unit.toy.bots",
        "cli": "tests.unit.toy.cli",
        "simulate": "tests.unit.toy.simulate",
        "stats": "tests.unit.toy.stats",
    },
    moments=(Taken,),
)
