"""One database that geodeck stores in, SQLite or PostgreSQL by URL: its engine (SQLite
kept in WAL mode), the schema it is given or upgraded to, and its transactions. What is
stored in it is ``store.py``'s."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, Executable, Row, create_engine, event
from sqlalchemy.pool import ConnectionPoolEntry

from geodeck.server.storage import versions
from geodeck.server.storage.schema import metadata


def default_url() -> str:
    """SQLite in the user's data directory."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("geodeck", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'geodeck.sqlite3'}"


def engine_url(url: str) -> str:
    """``postgresql://`` means psycopg 3; anything else is passed to SQLAlchemy as given."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


class Database:
    """One database's engine. ``schema`` puts the tables in a PostgreSQL schema."""

    def __init__(self, url: str | None = None, *, schema: str | None = None) -> None:
        self.url = engine_url(url or default_url())
        self.kind = "sqlite" if self.url.startswith("sqlite") else self.url.split(":")[0]
        if self.kind.startswith("postgresql"):
            self.kind = "postgresql"
        self.schema = schema
        options: dict[str, Any] = {}
        if self.kind == "sqlite":
            options["connect_args"] = {"check_same_thread": False, "timeout": 30}
        engine = create_engine(self.url, **options)
        if self.kind == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        if schema is not None:
            engine = engine.execution_options(schema_translate_map={None: schema})
        self.engine: Engine = engine

    def create_schema(self) -> int | None:
        """Create the tables that do not exist yet (and the schema, if one is named), and
        upgrade what an earlier geodeck stored (``versions.py``): the schema version the
        database was of (``None``: new). ``NewerDatabase`` if a newer geodeck made it."""
        with self.engine.begin() as conn:
            if self.kind == "postgresql":
                # Processes starting together create it one after the other.
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(4242001)")
            if self.schema is not None:
                conn.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            return versions.bring_up_to_date(conn)

    def schema_version(self) -> int | None:
        """The database's schema version, ``None`` if it holds no geodeck tables."""
        with self.engine.connect() as conn:
            return versions.stored_version(conn)

    def drop_schema(self) -> None:
        """Drop the named schema with everything in it, or the tables without one."""
        with self.engine.begin() as conn:
            if self.schema is not None:
                conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')
            else:
                metadata.drop_all(conn)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    def _write(self, *statements: Executable) -> None:
        """Run ``statements`` in one transaction."""
        with self._tx() as conn:
            for statement in statements:
                conn.execute(statement)

    def _first(self, query: Executable) -> Row[Any] | None:
        with self.engine.connect() as conn:
            return conn.execute(query).first()

    def _all(self, query: Executable) -> Sequence[Row[Any]]:
        with self.engine.connect() as conn:
            return conn.execute(query).all()


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    """WAL keeps every committed transaction across a crash of the process."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
