"""What ``geodeck admin`` does to a database: list and show tables, close one, purge the
finished tables of long ago, forget a player key, end a class (docs/hosting.md, Admin).

Each works on the database alone, as the server stores it. A running server that holds a
table in memory notices what was done here at the table's next action or connection: a
table deleted here is closed (``table/not_found``, close code 4404), one whose names were
forgotten is read again (``Storage.table_mark``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import delete, func, select, update

from geodeck.server.protocol import FINISHED
from geodeck.server.storage.players import (
    daily_results,
    names,
    opponents,
    players,
    ratings,
    seat_players,
    standing,
)
from geodeck.server.storage.schema import (
    actions,
    class_tables,
    classes,
    dumps,
    openness,
    practice_counts,
    pupils,
    seat_names,
    seats,
    tables,
)
from geodeck.server.storage.store import Storage
from geodeck.server.tokens import token_hash

DAY = 86_400.0


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table as ``geodeck admin tables`` lists it."""

    code: str
    game: str
    status: str
    moves: int
    seats: tuple[str, ...]
    public: bool
    created: float
    updated: float


def list_tables(
    storage: Storage,
    *,
    status: str | None = None,
    game: str | None = None,
    older_than: float | None = None,
    newer_than: float | None = None,
    limit: int = 50,
) -> list[TableLine]:
    """The tables, last changed first; ``older_than`` and ``newer_than`` in days since
    their last change."""
    query = (
        select(tables, openness.c.public)
        .outerjoin(openness, openness.c.code == tables.c.code)
        .order_by(tables.c.updated.desc())
        .limit(limit)
    )
    now = time.time()
    if status is not None:
        query = query.where(tables.c.status == status)
    if game is not None:
        query = query.where(tables.c.game == game)
    if older_than is not None:
        query = query.where(tables.c.updated < now - older_than * DAY)
    if newer_than is not None:
        query = query.where(tables.c.updated >= now - newer_than * DAY)
    with storage.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        TableLine(
            r.code,
            r.game,
            r.status,
            r.version,
            tuple(str(n) for n in orjson.loads(r.head).get("seats", [])),
            bool(r.public),
            r.created,
            r.updated,
        )
        for r in rows
    ]


def show_table(storage: Storage, code: str) -> dict[str, object] | None:
    """All that is kept of one table but its secret, its tokens and its deck."""
    stored = storage.load_table(code)
    if stored is None:
        return None
    with storage.engine.connect() as conn:
        row = conn.execute(select(tables).where(tables.c.code == code)).one()
        keyed = {r.seat for r in conn.execute(select(seat_players.c.seat).where(_of(code)))}
        klass = conn.execute(
            select(class_tables.c.code).where(class_tables.c.table_code == code)
        ).scalar()
    names_ = seat_names(stored.head)
    return {
        "code": code,
        "game": stored.game,
        "variant": stored.variant,
        "status": stored.status,
        "moves": len(stored.actions),
        "created": row.created,
        "updated": row.updated,
        "clock": stored.clock,
        "public": stored.openness.public,
        "language": stored.openness.language,
        "chat": stored.openness.chat,
        "rematch": stored.rematch,
        "class": klass,
        "seats": [
            {
                "seat": s.seat,
                "name": names_[s.seat] if s.seat < len(names_) else None,
                "bot": s.bot,
                "claimed": s.bot is not None or s.token_hash is not None,
                "player_key": s.seat in keyed,
            }
            for s in stored.seats
        ],
    }


def _of(code: str) -> Any:
    return seat_players.c.code == code


def finished_before(storage: Storage, days: float) -> list[str]:
    """The finished tables last changed more than ``days`` days ago, oldest first."""
    cutoff = time.time() - days * DAY
    query = (
        select(tables.c.code)
        .where(tables.c.status == FINISHED, tables.c.updated < cutoff)
        .order_by(tables.c.updated)
    )
    with storage.engine.connect() as conn:
        return [r.code for r in conn.execute(query)]


def purge(storage: Storage, days: float) -> list[str]:
    """Delete the finished tables last changed more than ``days`` days ago, with their
    records, the names in them and their rating rows; their codes."""
    codes = finished_before(storage, days)
    for code in codes:
        storage.delete_table(code)
    return codes


def delete_tables(storage: Storage, codes: Sequence[str]) -> list[str]:
    """Delete the tables and every rematch of them (each names the same players); every
    code deleted."""
    waiting, seen = list(codes), list(dict.fromkeys(codes))
    while waiting:
        again = storage.delete_table(waiting.pop())
        if again is not None and again not in seen:
            seen.append(again)
            waiting.append(again)
    return seen


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What ``forget`` took out for one player key."""

    known: bool
    """Whether the key was known at all."""
    ratings: int
    daily: int
    tables: int
    """Tables whose seat now bears ``Seat N`` instead of the player's name."""


def forget(storage: Storage, key: str) -> Forgotten:
    """Take a player key out of the database: its nickname, its ratings and standing, the
    name it holds on the board, its daily results, its practice counts, its place among
    other players' opponents, and its name at every table it sat at (``Seat N``). The
    tables stay, as the other players' games; the rating changes they made stay."""
    digest = token_hash(key)
    with storage.engine.begin() as conn:
        known = conn.execute(select(players.c.key_hash).where(players.c.key_hash == digest))
        was_known = known.first() is not None
        count = conn.execute(
            select(func.count()).select_from(ratings).where(ratings.c.key_hash == digest)
        ).scalar_one()
        sat = conn.execute(
            select(seat_players.c.code, seat_players.c.seat).where(
                seat_players.c.key_hash == digest
            )
        ).all()
        for code, seat in sat:
            head_text = conn.execute(select(tables.c.head).where(tables.c.code == code)).scalar()
            if head_text is None:
                continue
            head = orjson.loads(head_text)
            if seat < len(head.get("seats", [])):
                head["seats"][seat] = f"Seat {seat + 1}"
                # A server holding the table notices at its next action or connection.
                changed = {"head": dumps(head), "changes": tables.c.changes + 1}
                conn.execute(update(tables).where(tables.c.code == code).values(**changed))
        daily = conn.execute(delete(daily_results).where(daily_results.c.key_hash == digest))
        for table in (players, ratings, standing, opponents, names, seat_players):
            conn.execute(delete(table).where(table.c.key_hash == digest))
        conn.execute(delete(opponents).where(opponents.c.opponent == digest))
        conn.execute(delete(practice_counts).where(practice_counts.c.holder == digest))
    return Forgotten(was_known or bool(sat), count, daily.rowcount, len(sat))


@dataclass(frozen=True, slots=True)
class EndedClass:
    game: str
    pupils: tuple[str, ...]
    tables: tuple[str, ...]
    """Its tables and their rematches, deleted."""


def end_class(storage: Storage, code: str) -> EndedClass | None:
    """Delete a class as its teacher's ``DELETE /api/classes/{code}`` does: the class,
    its pupils and their answers, its tables and their rematches, the pupils' names in
    the card ratings. ``None`` if there is no such class."""
    from geodeck.server import cards
    from geodeck.server.classroom.rows import delete_class

    with storage.engine.connect() as conn:
        game = conn.execute(select(classes.c.game).where(classes.c.code == code)).scalar()
        names_ = [r.name for r in conn.execute(select(pupils.c.name).where(pupils.c.code == code))]
    if game is None:
        return None
    deleted = delete_tables(storage, delete_class(storage.engine, code))
    cards.forget_answerers(storage, game, names_)
    return EndedClass(game, tuple(names_), tuple(deleted))


def tables_by_status(storage: Storage) -> dict[str, int]:
    """How many tables the database holds in each status."""
    with storage.engine.connect() as conn:
        grouped = conn.execute(select(tables.c.status, func.count()).group_by(tables.c.status))
        return {str(r[0]): int(r[1]) for r in sorted(grouped.all())}


def counts(storage: Storage) -> dict[str, int]:
    """How many tables (by status), actions, seats and players the database holds."""
    out = {f"tables {s}": n for s, n in tables_by_status(storage).items()}
    with storage.engine.connect() as conn:
        for name, table in (("actions", actions), ("seats", seats), ("players", players)):
            out[name] = int(conn.execute(select(func.count()).select_from(table)).scalar_one())
    return out
