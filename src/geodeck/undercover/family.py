"""Undercover's descriptor (``geodeck.core.family``): its game, its facts and its front
modules in the layers above the engine."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TypeVar, cast

from geodeck.core.family import Atlas, Family, GameInfo
from geodeck.undercover import variants
from geodeck.undercover.actions import Hide
from geodeck.undercover.commitment import salt_from
from geodeck.undercover.events import RoundEnded
from geodeck.undercover.game import UndercoverGame

T = TypeVar("T")


def own_secret(action: T, rng: random.Random) -> T:
    """A hide is listed without a salt (RULES.md B2.2): its hider salts it from ``rng``."""
    if isinstance(action, Hide):
        salt = salt_from(rng)
        if action.salt is None:
            return cast(T, action.salted(salt))  # a hide for a hide
    return action


def listed(action: object) -> object:
    """A hide as ``legal_actions`` lists it: without its salt."""
    return Hide(action.seat, action.country) if isinstance(action, Hide) else action


def atlas(record: Mapping[str, object]) -> Atlas | None:
    """The countries and questions a record embeds, with their data answers."""
    countries, questions = record.get("countries"), record.get("questions")
    if isinstance(countries, Mapping) and isinstance(questions, Mapping):
        return {"countries": countries, "questions": questions}
    return None


FAMILY = Family(
    id="undercover",
    game=UndercoverGame,
    games=(
        GameInfo(
            variants.GAME,
            variants.TITLE,
            "undercover",
            variants.REGION,
            tuple(variants.VARIANTS),
            variants.PLAYERS,
        ),
    ),
    fronts={
        "bots": "geodeck.bots.undercover",
        "cli": "geodeck.cli.undercover.front",
        "simulate": "geodeck.simulate.undercover",
        "stats": "geodeck.stats.undercover",
        "rl": "geodeck.rl.undercover_codec",
    },
    computers=variants.COMPUTERS,
    moments=(RoundEnded,),
    own_secret=own_secret,
    listed=listed,
    atlas=atlas,
)
