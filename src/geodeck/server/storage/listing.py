"""The lobby's lists from storage: the public tables waiting for players, and the tables a
browser holds seats at. They read storage only, so every process answers alike.

Neither reads a table's head (which holds the deal) or its secret: only the columns named
here leave storage. The rows are also what the lobby's lists answer
(``server/listing.py``), field for field.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Integer, case, func, select

from geodeck.server.storage.schema import openness, seats, tables
from geodeck.server.storage.store import Storage

OPEN_FOR = 6 * 3600.0
"""Seconds a waiting public table stays listed after it was created or last joined."""


@dataclass(frozen=True, slots=True)
class OpenTable:
    code: str
    game: str
    variant: str
    language: str
    chat: str
    seats: int
    free: int
    """Human seats nobody has claimed yet."""
    created: int
    """Unix milliseconds."""


@dataclass(frozen=True, slots=True)
class HeldTable:
    code: str
    seat: int
    game: str
    variant: str
    status: str
    updated: int
    """When the table last changed (Unix milliseconds)."""


def open_tables(
    storage: Storage,
    *,
    limit: int,
    game: str | None = None,
    language: str | None = None,
    now: float | None = None,
) -> list[OpenTable]:
    """Public tables still waiting with a free human seat, newest first, at most ``limit``."""
    since = (time.time() if now is None else now) - OPEN_FOR
    free = func.sum(case((seats.c.bot.is_(None) & seats.c.token_hash.is_(None), 1), else_=0)).cast(
        Integer
    )
    query = (
        select(
            tables.c.code,
            tables.c.game,
            tables.c.variant,
            tables.c.created,
            openness.c.language,
            openness.c.chat,
            func.count(seats.c.seat).label("total"),
            free.label("free"),
        )
        .join(openness, openness.c.code == tables.c.code)
        .join(seats, seats.c.code == tables.c.code)
        .where(
            openness.c.public.is_(True),
            tables.c.status == "waiting",
            tables.c.updated >= since,
        )
        .group_by(
            tables.c.code,
            tables.c.game,
            tables.c.variant,
            tables.c.created,
            openness.c.language,
            openness.c.chat,
        )
        .having(free > 0)
        .order_by(tables.c.created.desc(), tables.c.code)
        .limit(limit)
    )
    if game is not None:
        query = query.where(tables.c.game == game)
    if language is not None:
        query = query.where(openness.c.language == language)
    with storage.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        OpenTable(
            r.code, r.game, r.variant, r.language, r.chat, int(r.total), int(r.free), _ms(r.created)
        )
        for r in rows
    ]


def held_tables(storage: Storage, pairs: Sequence[tuple[str, str]]) -> list[HeldTable]:
    """The tables of ``pairs`` (code, token hash) whose seat has that token, in the order
    asked; a pair that fits no seat is left out."""
    if not pairs:
        return []
    hashes = {h for _, h in pairs}
    query = (
        select(
            tables.c.code,
            seats.c.seat,
            seats.c.token_hash,
            tables.c.game,
            tables.c.variant,
            tables.c.status,
            tables.c.updated,
        )
        .join(seats, seats.c.code == tables.c.code)
        .where(seats.c.token_hash.in_(hashes), tables.c.code.in_({c for c, _ in pairs}))
    )
    with storage.engine.connect() as conn:
        rows = conn.execute(query).all()
    found = {(r.code, r.token_hash): r for r in rows}
    held: list[HeldTable] = []
    for pair in dict.fromkeys(pairs):
        r = found.get(pair)
        if r is not None:
            held.append(HeldTable(r.code, r.seat, r.game, r.variant, r.status, _ms(r.updated)))
    return held


def _ms(seconds: float) -> int:
    return int(seconds * 1000)
