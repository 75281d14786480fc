"""Practice answers in the database (``schema.practice_answers``): written in one
transaction per batch, read back per game, oldest first (docs/ratings.md).

No one sender weighs much on a card (docs/protocol.md, ``POST /api/practice/answers``):
an answer is stored only while its player key has fewer than ``Weights.per_key`` stored
about the card, ever, and its client address fewer than ``Weights.per_address`` that UTC
day (``schema.practice_counts``); the others are dropped. Each count is one statement
that adds one only below its bound, so concurrent batches (other processes too) never
pass it; a batch counts its cards in order of card id, so two batches take the rows they
share in the same order.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from geodeck.server.storage.schema import PracticeAnswerRow, practice_answers, practice_counts

EVER = ""
"""The ``period`` of a player key's counts: they never end."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The most practice answers about one card that are stored: of one player key, ever,
    and of one client address in one UTC day (each at least 1)."""

    per_key: int = 1
    per_address: int = 10


@dataclass(frozen=True, slots=True)
class Sender:
    """Who sent a batch of answers, as ``schema.practice_counts`` holds them."""

    key: str
    """The player key's SHA-256."""
    address: str
    """``@`` and the first 32 hex digits of the client address's SHA-256."""


def now() -> float:
    """The time answers are stored at (``time.time``; a test may move it on)."""
    return time.time()


def day_of(moment: float) -> str:
    """The UTC day of a ``time.time()``, ``YYYY-MM-DD``."""
    return datetime.fromtimestamp(moment, UTC).date().isoformat()


def add_answers(
    engine: Engine,
    game: str,
    answers: Sequence[tuple[str, bool]],
    sender: Sender,
    weights: Weights,
) -> int:
    """Store the answers that ``sender``'s bounds leave (``Weights``), in the order given;
    the number stored."""
    if not answers:
        return 0
    at = now()
    day = day_of(at)
    with engine.begin() as conn:
        kept = set()
        for index in sorted(range(len(answers)), key=lambda i: answers[i][0]):
            card = answers[index][0]
            if not _count(conn, (game, card, sender.key, EVER), weights.per_key):
                continue
            if not _count(conn, (game, card, sender.address, day), weights.per_address):
                _uncount(conn, (game, card, sender.key, EVER))
                continue
            kept.add(index)
        rows = [
            {"game": game, "card": card, "right": right, "at": at}
            for index, (card, right) in enumerate(answers)
            if index in kept
        ]
        if rows:
            conn.execute(insert(practice_answers), rows)
    return len(rows)


def _count(conn: Connection, row: tuple[str, str, str, str], most: int) -> bool:
    """Add one to the count ``(game, card, holder, period)`` if it is below ``most``;
    whether it was."""
    table = practice_counts
    game, card, holder, period = row
    dialect = sqlite if conn.dialect.name == "sqlite" else postgresql
    statement = (
        dialect.insert(table)
        .values(game=game, card=card, holder=holder, period=period, n=1)
        .on_conflict_do_update(
            index_elements=[table.c.game, table.c.card, table.c.holder, table.c.period],
            set_={"n": table.c.n + 1},
            where=table.c.n < most,
        )
        .returning(table.c.n)
    )
    return conn.execute(statement).first() is not None


def _uncount(conn: Connection, row: tuple[str, str, str, str]) -> None:
    table = practice_counts
    game, card, holder, period = row
    conn.execute(
        update(table)
        .where(
            table.c.game == game,
            table.c.card == card,
            table.c.holder == holder,
            table.c.period == period,
        )
        .values(n=table.c.n - 1)
    )


def forget_days_before(engine: Engine, day: str) -> None:
    """Delete the addresses' counts of the days before ``day`` (the keys' are kept)."""
    table = practice_counts
    with engine.begin() as conn:
        conn.execute(delete(table).where(table.c.period != EVER, table.c.period < day))


def read_answers(engine: Engine, game: str) -> list[PracticeAnswerRow]:
    table = practice_answers
    query = (
        select(table.c.card, table.c.right, table.c.at)
        .where(table.c.game == game)
        .order_by(table.c.id)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [PracticeAnswerRow(r.card, bool(r.right), float(r.at)) for r in rows]
