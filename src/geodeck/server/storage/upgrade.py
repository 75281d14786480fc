"""What a database made by an earlier geodeck is given when the server starts, beside the
tables it lacked (``Storage.create_schema``)."""

from __future__ import annotations

from typing import Any

import orjson
from sqlalchemy import Connection, Table, event, inspect, select, update

from geodeck.server.storage.players import names
from geodeck.server.storage.schema import dumps, pupils, seats, tables
from geodeck.server.tokens import token_hash


@event.listens_for(names, "after_create")
def _work_out_standing(target: Table, connection: Connection, **_: Any) -> None:
    """A database made before standing existed: every player's standing and name are
    worked out from the tables rated so far, in the transaction that adds the tables.
    (``standing`` is imported here, when the listener runs: the storage package, which
    imports this module, is what ``standing`` is built on.)"""
    from geodeck.server.standing import backfill

    backfill(connection)


def hide_pupil_seat_tokens(conn: Connection) -> int:
    """A pupil's seat was once kept with its seat token in plain text (docs/classroom.md):
    every seat that token opens (at the class table and its rematches) is given the
    pupil's own token hash instead, and the token is taken out. How many were moved."""
    kept = conn.execute(
        select(pupils.c.code, pupils.c.pupil, pupils.c.token_hash, pupils.c.seat).where(
            pupils.c.seat.like('%"token"%')
        )
    ).all()
    moved = 0
    for row in kept:
        seat = orjson.loads(row.seat)
        token = seat.pop("token", None)
        if not isinstance(token, str):
            continue
        conn.execute(
            update(seats)
            .where(seats.c.token_hash == token_hash(token))
            .values(token_hash=row.token_hash)
        )
        conn.execute(
            update(pupils)
            .where(pupils.c.code == row.code, pupils.c.pupil == row.pupil)
            .values(seat=dumps(seat))
        )
        moved += 1
    return moved


def count_changes(conn: Connection) -> None:
    """Schema version 3: the tables count what ``geodeck admin`` changed of them
    (``tables.changes``, 0 for every table stored before)."""
    schema = conn.get_execution_options().get("schema_translate_map", {}).get(None)
    have = {c["name"] for c in inspect(conn).get_columns(tables.name, schema=schema)}
    if "changes" in have:
        return
    name = tables.name if schema is None else f'"{schema}".{tables.name}'
    conn.exec_driver_sql(f"ALTER TABLE {name} ADD COLUMN changes INTEGER NOT NULL DEFAULT 0")
