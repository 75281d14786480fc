"""The version of what a database holds, and the steps that bring an older one up to date.

A database made by this geodeck carries ``SCHEMA_VERSION`` in ``geodeck_meta``; one made
before the version was kept holds geodeck's tables and no such row: version 1. The server
upgrades an older database in place when it starts (``Storage.create_schema``), each step
in the one transaction that creates the tables; a database of a newer version is refused
(``NewerDatabase``), by ``geodeck serve`` and ``geodeck admin`` alike, so that an older
geodeck never writes what it does not understand.
"""

from __future__ import annotations

from sqlalchemy import Column, Connection, String, Table, Text, inspect, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from geodeck.server.storage import upgrade
from geodeck.server.storage.schema import metadata, tables

SCHEMA_VERSION = 3
"""1: every release before versions were kept (no ``geodeck_meta``). 2: ``geodeck_meta``,
and finished tables found by when they were last changed (``updated`` indexed), for
``geodeck admin purge``. 3: what ``geodeck admin`` changed of a table is counted
(``changes``), so that a server holding it notices."""

meta = Table(
    "geodeck_meta",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)
"""What the database says of itself: ``schema_version``."""

VERSION_KEY = "schema_version"


class NewerDatabase(Exception):
    """The database was made or upgraded by a newer geodeck."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"the database is of schema version {found}, made by a newer geodeck; this one "
            f"knows versions up to {SCHEMA_VERSION}: run the newer geodeck (or restore a "
            "backup made before the upgrade)"
        )
        self.found = found


def stored_version(conn: Connection) -> int | None:
    """The version of the database, ``None`` if it holds no geodeck tables yet."""
    found = inspect(conn)
    schema = conn.get_execution_options().get("schema_translate_map", {}).get(None)
    names = set(found.get_table_names(schema=schema))
    if meta.name in names:
        row = conn.execute(select(meta.c.value).where(meta.c.key == VERSION_KEY)).first()
        if row is not None:
            return int(row.value)
    return 1 if tables.name in names else None


def bring_up_to_date(conn: Connection) -> int | None:
    """Create the tables a database lacks and upgrade what an older geodeck stored, then
    mark it as of ``SCHEMA_VERSION``; the version it was of (``None``: a new database).
    ``NewerDatabase`` if it is newer than this geodeck."""
    found = stored_version(conn)
    if found is not None and found > SCHEMA_VERSION:
        raise NewerDatabase(found)
    metadata.create_all(conn)
    if found is not None and found < 2:
        # Tables made by create_all have it already; checkfirst spares those.
        for index in tables.indexes:
            index.create(conn, checkfirst=True)
    if found is not None and found < 3:
        upgrade.count_changes(conn)
    upgrade.hide_pupil_seat_tokens(conn)
    if found != SCHEMA_VERSION:
        _set_version(conn)
    return found


def _set_version(conn: Connection) -> None:
    values = {"key": VERSION_KEY, "value": str(SCHEMA_VERSION)}
    done = conn.execute(update(meta).where(meta.c.key == VERSION_KEY).values(value=values["value"]))
    if done.rowcount == 0:
        insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
        conn.execute(insert(meta).values(**values).on_conflict_do_nothing())
