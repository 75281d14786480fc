"""Seats the computer plays in ``geodeck play``.

A seat is played by a bot when its name ends in a bot level in brackets: ``Bot 1 (expert)``,
``Hal (casual)``. ``--bots expert,casual`` adds such seats after the players named with
``--seats`` (``Bot 1 (expert)``, ``Bot 2 (casual)``); a record keeps the names, so a
resumed game finds its bots again without anything beyond the ``geodeck/1`` format.

A bot is built with ``geodeck.bots.make_bot`` from the game's own deck as its atlas (the
cards a cross record embeds; the countries and questions an undercover record embeds) and
a seed fixed by the record's setup and the seat, so a resumed game has the same bots. A bot
is given its seat's view and legal actions, nothing else.
"""

from __future__ import annotations

import json
import re
import time
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from geodeck.bots import LEVELS, Bot, make_bot
from geodeck.core.errors import GeodeckError
from geodeck.core.family import family_of
from geodeck.core.game import Game

PAUSE = 0.8
"""Seconds a bot's move stays on the screen before play goes on (``--fast``: none)."""
BOT = "bold cyan"

BOT_NAME = re.compile(r".*\S\s*\((" + "|".join(LEVELS) + r")\)")
BRACKETED = re.compile(r".*\S\s*\(([^()]*)\)")
"""A seat name that ends in a word in brackets, as a bot's does."""


def bot_level(name: str) -> str | None:
    """The level of the bot a seat name stands for, or ``None`` for a person."""
    found = BOT_NAME.fullmatch(name.strip())
    return found.group(1) if found else None


def parse_levels(bots: str) -> list[str]:
    """``--bots expert,casual`` as a list of levels; a bad level raises ``GeodeckError``."""
    levels = [level.strip().lower() for level in bots.split(",")]
    for level in levels:
        if level not in LEVELS:
            shown = f"{level!r}" if level else "an empty one"
            raise GeodeckError(f"--bots names {shown}: bot levels are {', '.join(LEVELS)}")
    return levels


def bot_names(levels: Sequence[str], taken: Sequence[str] = ()) -> list[str]:
    """Names for added bot seats: ``Bot 1 (expert)``, ``Bot 2 (casual)`` (numbers skip any
    name already taken)."""
    names: list[str] = []
    number = 0
    for level in levels:
        number += 1
        while f"Bot {number} ({level})" in taken:
            number += 1
        names.append(f"Bot {number} ({level})")
    return names


def seat_names(
    seats: str | None, bots: str | None, players: tuple[int, int], label: str
) -> list[str]:
    """The players named with ``--seats``, then the ``--bots`` seats, checked against the
    game's range of ``players``; a problem raises ``GeodeckError`` (``label`` names the
    game in it)."""
    if seats is None and bots is None:
        raise GeodeckError("name the players with --seats, for example --seats Ann,Ben,Cem")
    names = [name.strip() for name in seats.split(",")] if seats is not None else []
    if bots is not None:
        names += bot_names(parse_levels(bots), names)
    low, high = players
    if not low <= len(names) <= high:
        given = "--seats names" if bots is None else "--seats and --bots give"
        raise GeodeckError(f"{label} needs {low} to {high} players, {given} {len(names)}")
    if not all(names):
        raise GeodeckError(f"every player needs a name: --seats {seats!r} has an empty one")
    for name in names:
        bracketed = BRACKETED.fullmatch(name)
        if bracketed and bot_level(name) is None:
            raise GeodeckError(
                f"--seats names {name!r}: a name ending in brackets is a bot's, and "
                f"{bracketed.group(1).strip()!r} is no bot level (levels: {', '.join(LEVELS)})"
            )
    if len(set(names)) != len(names):
        raise GeodeckError(f"the players need different names: --seats {seats!r}")
    return names


def bot_seed(record: Mapping[str, Any], seat: int) -> int:
    """A bot's seed: fixed by the record's setup, the seat and its name."""
    setup = json.dumps(
        [record.get("setup"), seat, record["seats"][seat]], sort_keys=True, ensure_ascii=False
    )
    return zlib.crc32(setup.encode())


def atlas_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """What the bots know the world from: the deck the record embeds."""
    return dict(family_of(record["game"]).atlas(record) or {})


@dataclass
class BotSeat:
    seat: int
    name: str
    level: str
    bot: Bot

    def choose(self, game: Game, legal: Sequence[object] | None = None) -> Any:
        """The bot's move, chosen from its own view and ``legal`` (default: the seat's
        legal actions)."""
        options = game.legal_actions(self.seat) if legal is None else list(legal)
        return self.bot.choose(game.view(self.seat), options)


def bots_for(game: Game) -> dict[int, BotSeat]:
    """The bot seats of a game, by seat number, each with its bot."""
    levels = {seat: bot_level(name) for seat, name in enumerate(game.seats)}
    wanted = {seat: level for seat, level in levels.items() if level is not None}
    if not wanted:
        return {}
    record = game.to_record()
    atlas = atlas_of(record)
    bots: dict[int, BotSeat] = {}
    for seat, level in wanted.items():
        try:
            bot = make_bot(level, bot_seed(record, seat), game=game.game, atlas=atlas)
        except (KeyError, TypeError, ValueError) as err:
            raise GeodeckError(
                f"geodeck cannot make a {level} bot for {game.game} yet ({err!r}); "
                "try --bots random"
            ) from err
        bots[seat] = BotSeat(seat, game.seats[seat], level, bot)
    return bots


def bot_said(name: str, said: str | Text) -> Text:
    """A bot's move as the line under the table: ``⚙ Bot 1 (expert) accepts.``"""
    return Text.assemble(("⚙ ", BOT), (name, BOT), " ", said)


class Pacer:
    """Leaves a bot's move on the screen for a moment, unless ``fast``."""

    def __init__(self, fast: bool) -> None:
        self.fast = fast

    def pause(self, times: float = 1.0) -> None:
        if not self.fast:
            time.sleep(PAUSE * times)
