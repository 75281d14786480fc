"""What storage holds of players, ratings and daily results (docs/ratings.md,
docs/daily.md): the tables, in the same metadata as the others, so that
``Storage.create_schema`` adds them to a database made before they existed.

A player is known only by the SHA-256 of their player key (``key_hash``), as a seat is by
its token's; the key itself is never stored.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Float, Integer, String, Table, Text

from geodeck.server.storage.schema import metadata, seats, tables

KEY_HASH = 64

players = Table(
    "geodeck_players",
    metadata,
    Column("key_hash", String(KEY_HASH), primary_key=True),
    Column("nickname", String(40), nullable=False),
    Column("created", Float, nullable=False),
)
"""Every player key seen, by its hash, with the nickname last given with it."""


def _per_family(name: str, *columns: Column[Any]) -> Table:
    """A table of rows per player (key hash) and rating family (the first part of its key)."""
    return Table(
        name,
        metadata,
        Column("key_hash", String(KEY_HASH), primary_key=True),
        Column("family", String(16), primary_key=True),
        *columns,
    )


ratings = _per_family(
    "geodeck_ratings",
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)
"""Each player's rating per game family; no row: a new player."""

seat_players = Table(
    "geodeck_seat_players",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("key_hash", String(KEY_HASH), nullable=False),
)
"""Which seats of a table were claimed with a player key."""

rated = Table(
    "geodeck_rated",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("changes", Text, nullable=False),
    Column("at", Float, nullable=False),
)
"""The tables whose finish has updated the ratings: the row is written in the same
transaction as the ratings, and its key lets only one process write it."""

card_ratings = Table(
    "geodeck_card_ratings",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("state", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("practice_seen", Integer, nullable=False, default=0),
)
"""Each game's card ratings (``CardRatings.to_json``); ``version`` guards a writer
against another that wrote between its read and its write."""

daily_results = Table(
    "geodeck_daily",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("key_hash", String(KEY_HASH), primary_key=True),
    Column("nickname", String(40), nullable=False),
    Column("score", Integer, nullable=False),
    Column("moves", Text, nullable=False),
    Column("grid", Text, nullable=False),
    Column("at", Float, nullable=False),
)
"""One result per player key, game and day: the key makes a second one fail."""


standing = _per_family(
    "geodeck_standing",
    Column("counted", Integer, nullable=False),
    Column("opponents", Integer, nullable=False),
)
"""Per player and family, the games that counted for the rating (against a bot or an
established player) and the distinct opponents of those games (``standing.py``)."""

opponents = _per_family(
    "geodeck_opponents",
    Column("opponent", String(KEY_HASH + 8), primary_key=True),
)
"""The opponents a player met in games that counted: another player by key hash, a bot
as ``bot:LEVEL``."""

names = Table(
    "geodeck_names",
    metadata,
    Column("skeleton", String(400), primary_key=True),
    Column("key_hash", String(KEY_HASH), nullable=False, unique=True),
    Column("nickname", String(40), nullable=False),
    Column("at", Float, nullable=False),
)
"""The nickname each established player holds on the boards, one player per name as the
eye reads it (its skeleton, ``geodeck/names.py``): the first to take it keeps it."""

for _later in (standing, opponents, names):
    for _earlier in (tables, seats, players, ratings, seat_players, rated):
        _later.add_is_dependent_on(_earlier)
names.add_is_dependent_on(standing)
names.add_is_dependent_on(opponents)
