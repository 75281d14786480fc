"""Tables and their records in a database: SQLite by default, PostgreSQL by URL.

The code is the same for both (SQLAlchemy 2 Core). A table's record is kept in two parts:
its head (the record without actions, written once at creation and changed only by a
seat rename before play) and one row per action, appended in the same transaction that
moves the table's version on. The primary key ``(code, idx)`` makes a second writer of
the same action index fail instead of forking the game.

Every method is blocking; the server calls them from worker threads. On SQLite
(``quick_appends``) ``append_actions`` writes a batch of actions (of any tables) on one
connection kept for appends, in one short transaction: one commit for all the actions
that arrived together costs far less than one each. The server's ``Writer`` calls it
from a thread of its own.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    PoolProxiedConnection,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import ConnectionPoolEntry

metadata = MetaData()

tables = Table(
    "geodeck_tables",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("variant", String(32), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("clock", Float, nullable=True),
    Column("head", Text, nullable=False),
    Column("outcome", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

seats = Table(
    "geodeck_seats",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("bot", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

table_secrets = Table(
    "geodeck_secrets",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("secret", String(128), nullable=False),
)
"""Each table's secret (``dealing.py``), hex: never sent, never part of a record."""

actions = Table(
    "geodeck_actions",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


timings = Table(
    "geodeck_timings",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("pause", Float, nullable=False),
    Column("bank", Float, nullable=False),
    Column("banks", Text, nullable=True),
)
"""Each table's pause after a moment and time bank (``timing.py``), with the banks the
seats have left; a table stored before tables had them has no row (no pause, no bank)."""

timeouts = Table(
    "geodeck_timeouts",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("event", Integer, nullable=False),
)
"""The actions the server played for a seat whose time ran out, each with the number of
its first history event: what the history says of it, not part of the record."""


class Conflict(Exception):
    """Another writer stored this table's row or action first."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class StoredTable:
    code: str
    game: str
    variant: str
    status: str
    clock: float | None
    head: dict[str, Any]
    seats: tuple[SeatRow, ...]
    actions: tuple[dict[str, Any], ...]
    secret: bytes | None = None
    """``None`` for a table stored before tables had secrets."""
    pause: float = 0.0
    bank: float = 0.0
    banks: dict[int, float] = field(default_factory=dict)
    """What each seat that used some of its bank has left."""
    timeouts: tuple[int, ...] = ()
    """The history events that begin a move the server played when a seat's time ran out."""

    def record(self) -> dict[str, Any]:
        """The table's full ``geodeck/1`` record."""
        return {**self.head, "actions": [dict(a) for a in self.actions]}


@dataclass(frozen=True, slots=True)
class Append:
    """One action to store: number ``index`` of table ``code``, with the table's status
    (and outcome, once finished) after it."""

    code: str
    index: int
    action: Mapping[str, Any]
    status: str
    outcome: Mapping[str, Any] | None = None


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


def _dumps(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


_APPEND = insert(actions)
_MOVE_ON = (
    update(tables)
    .where(tables.c.code == bindparam("b_code"), tables.c.version == bindparam("b_index"))
    .values(
        version=bindparam("b_next"),
        status=bindparam("b_status"),
        updated=bindparam("b_updated"),
        outcome=bindparam("b_outcome"),
    )
)
_SQLITE_APPEND = "INSERT INTO geodeck_actions (code, idx, action, at) VALUES (?, ?, ?, ?)"
_SQLITE_MOVE_ON = (
    "UPDATE geodeck_tables SET version = ?, status = ?, updated = ?, outcome = ? "
    "WHERE code = ? AND version = ?"
)


class Storage:
    """The tables of one database. ``schema`` puts the tables in a PostgreSQL schema."""

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
        self.quick_appends = self.kind == "sqlite" and schema is None
        """Whether appends are local writes that one process batches (``append_actions``)."""
        self._writer: PoolProxiedConnection | None = None
        self._writer_lock = threading.Lock()

    def create_schema(self) -> None:
        """Create the tables that do not exist yet (and the schema, if one is named)."""
        with self.engine.begin() as conn:
            if self.schema is not None:
                conn.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            metadata.create_all(conn)

    def drop_schema(self) -> None:
        """Drop the named schema with everything in it, or the tables without one."""
        with self.engine.begin() as conn:
            if self.schema is not None:
                conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')
            else:
                metadata.drop_all(conn)

    def close(self) -> None:
        with self._writer_lock:
            self._drop_writer()
        self.engine.dispose()

    def _drop_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            with contextlib.suppress(Exception):
                writer.close()

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    # -- writing --------------------------------------------------------------------------

    def create_table(
        self,
        *,
        code: str,
        game: str,
        variant: str,
        status: str,
        clock: float | None,
        head: Mapping[str, Any],
        seat_rows: Sequence[SeatRow],
        secret: bytes | None = None,
        pause: float = 0.0,
        bank: float = 0.0,
    ) -> None:
        """Store a new table (with its secret, pause and bank); ``Conflict`` if its code
        is taken."""
        now = time.time()
        try:
            with self._tx() as conn:
                conn.execute(
                    insert(tables).values(
                        code=code,
                        game=game,
                        variant=variant,
                        status=status,
                        version=0,
                        clock=clock,
                        head=_dumps(head),
                        outcome=None,
                        created=now,
                        updated=now,
                    )
                )
                if seat_rows:
                    conn.execute(
                        insert(seats),
                        [
                            {
                                "code": code,
                                "seat": row.seat,
                                "bot": row.bot,
                                "token_hash": row.token_hash,
                            }
                            for row in seat_rows
                        ],
                    )
                if secret is not None:
                    conn.execute(insert(table_secrets).values(code=code, secret=secret.hex()))
                conn.execute(insert(timings).values(code=code, pause=pause, bank=bank))
        except IntegrityError as err:
            raise Conflict(f"table {code} exists") from err

    def keep_banks(self, code: str, banks: Mapping[int, float]) -> None:
        """What each seat has left of its time bank."""
        text = _dumps({str(seat): left for seat, left in banks.items()})
        with self._tx() as conn:
            conn.execute(update(timings).where(timings.c.code == code).values(banks=text))

    def mark_timeout(self, code: str, index: int, event: int) -> None:
        """Action ``index`` was played by the server when its seat's time ran out; its
        first history event is number ``event``."""
        with self._tx() as conn:
            conn.execute(insert(timeouts).values(code=code, idx=index, event=event))

    def keep_secret(self, code: str, secret: bytes) -> bytes:
        """Store ``secret`` for a table that has none (one stored before tables had
        secrets) and return it; if another process stored one first, return that."""
        try:
            with self._tx() as conn:
                conn.execute(insert(table_secrets).values(code=code, secret=secret.hex()))
        except IntegrityError:
            with self.engine.connect() as conn:
                row = conn.execute(
                    select(table_secrets.c.secret).where(table_secrets.c.code == code)
                ).first()
            if row is not None:
                return bytes.fromhex(row.secret)
            raise
        return secret

    def claim_seat(
        self,
        code: str,
        seat: int,
        token_hash: str,
        *,
        status: str,
        head: Mapping[str, Any] | None = None,
    ) -> None:
        """Give a free seat its token (and, before play, a new head with its name)."""
        with self._tx() as conn:
            done = conn.execute(
                update(seats)
                .where(seats.c.code == code, seats.c.seat == seat, seats.c.token_hash.is_(None))
                .values(token_hash=token_hash)
            )
            if done.rowcount != 1:
                raise Conflict(f"seat {seat} of table {code} is taken")
            values: dict[str, Any] = {"status": status, "updated": time.time()}
            if head is not None:
                values["head"] = _dumps(head)
            conn.execute(update(tables).where(tables.c.code == code).values(**values))

    def append_action(
        self,
        code: str,
        index: int,
        action: Mapping[str, Any],
        *,
        status: str,
        outcome: Mapping[str, Any] | None = None,
    ) -> None:
        """Append action number ``index`` (from 0) and move the table to ``index + 1``.

        One transaction: either both happen or neither. ``Conflict`` if that index is
        already stored (another writer got there first).
        """
        if self.quick_appends:
            failed = self.append_actions([Append(code, index, action, status, outcome)])[0]
            if failed is not None:
                raise failed
            return
        now = time.time()
        text = _dumps(action)
        ended = None if outcome is None else _dumps(outcome)
        try:
            with self._tx() as conn:
                conn.execute(_APPEND, {"code": code, "idx": index, "action": text, "at": now})
                moved = conn.execute(
                    _MOVE_ON,
                    {
                        "b_code": code,
                        "b_index": index,
                        "b_next": index + 1,
                        "b_status": status,
                        "b_updated": now,
                        "b_outcome": ended,
                    },
                )
                if moved.rowcount != 1:
                    raise Conflict(f"table {code} is not at version {index}")
        except IntegrityError as err:
            raise Conflict(f"action {index} of table {code} is stored already") from err

    def append_actions(self, batch: Sequence[Append]) -> list[Exception | None]:
        """Store several appends (``quick_appends`` only) in one commit: for each, ``None``
        once it is committed, or the error that kept it out (``Conflict`` as
        ``append_action`` raises it). A failure of the commit itself fails them all.

        The batch goes in two statements, all tables moved on and then all actions
        written. If a table is not at its version (another writer was first), or an
        action row exists while its table is at the version before it (a damaged
        database), the batch is undone and written again one append at a time, each
        behind a savepoint: a refused append then changes nothing and the others go
        ahead."""
        if not self.quick_appends:
            raise RuntimeError("batched appends are for a SQLite file this process serves")
        with self._writer_lock:
            try:
                return self._write_batch(batch, careful=False)
            except _Retry:
                return self._write_batch(batch, careful=True)

    def _write_batch(self, batch: Sequence[Append], *, careful: bool) -> list[Exception | None]:
        if self._writer is None:
            self._writer = self.engine.raw_connection()
        writer = self._writer
        integrity = self.engine.dialect.loaded_dbapi.IntegrityError
        now = time.time()
        try:
            cursor = writer.cursor()
            try:
                # An explicit transaction: a savepoint opened outside one would commit on
                # its release, one action at a time.
                cursor.execute("BEGIN")
                if careful:
                    failures = [_append_guarded(cursor, item, now, integrity) for item in batch]
                else:
                    try:
                        failures = _append_all(cursor, batch, now)
                    except integrity:
                        raise _Retry() from None
            finally:
                cursor.close()
            writer.commit()
        except BaseException as err:
            try:
                writer.rollback()
            except Exception:
                self._drop_writer()
            if isinstance(err, Exception) and not isinstance(err, _Retry):
                return [err] * len(batch)
            raise
        return failures

    def set_status(self, code: str, status: str) -> None:
        with self._tx() as conn:
            conn.execute(
                update(tables)
                .where(tables.c.code == code)
                .values(status=status, updated=time.time())
            )

    def delete_table(self, code: str) -> None:
        with self._tx() as conn:
            for table in (actions, seats, table_secrets, timings, timeouts, tables):
                conn.execute(delete(table).where(table.c.code == code))

    # -- reading --------------------------------------------------------------------------

    def has_table(self, code: str) -> bool:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.c.code).where(tables.c.code == code)).first()
        return row is not None

    def load_table(self, code: str) -> StoredTable | None:
        """A table with its seats and every stored action, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.code == code)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats.c.seat, seats.c.bot, seats.c.token_hash)
                .where(seats.c.code == code)
                .order_by(seats.c.seat)
            ).all()
            action_rows = conn.execute(
                select(actions.c.action).where(actions.c.code == code).order_by(actions.c.idx)
            ).all()
            secret_row = conn.execute(
                select(table_secrets.c.secret).where(table_secrets.c.code == code)
            ).first()
            timing = conn.execute(select(timings).where(timings.c.code == code)).first()
            late = conn.execute(
                select(timeouts.c.event).where(timeouts.c.code == code).order_by(timeouts.c.idx)
            ).all()
        banks = {} if timing is None or timing.banks is None else orjson.loads(timing.banks)
        return StoredTable(
            code=row.code,
            game=row.game,
            variant=row.variant,
            status=row.status,
            clock=row.clock,
            head=orjson.loads(row.head),
            seats=tuple(SeatRow(r.seat, r.bot, r.token_hash) for r in seat_rows),
            actions=tuple(orjson.loads(r.action) for r in action_rows),
            secret=None if secret_row is None else bytes.fromhex(secret_row.secret),
            pause=0.0 if timing is None else timing.pause,
            bank=0.0 if timing is None else timing.bank,
            banks={int(seat): float(left) for seat, left in banks.items()},
            timeouts=tuple(r.event for r in late),
        )

    def actions_since(self, code: str, index: int) -> list[dict[str, Any]]:
        """The stored actions from number ``index`` on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.action)
                .where(actions.c.code == code, actions.c.idx >= index)
                .order_by(actions.c.idx)
            ).all()
        return [orjson.loads(r.action) for r in rows]

    def codes(self, *, unfinished: bool = True) -> list[str]:
        """Codes of the stored tables, only those still in play by default."""
        query = select(tables.c.code).order_by(tables.c.created)
        if unfinished:
            query = query.where(tables.c.status != "finished")
        with self.engine.connect() as conn:
            return [r.code for r in conn.execute(query).all()]


class _Retry(Exception):
    """A batch met a table not at its version or an action row already there: write it
    again one append at a time, behind savepoints."""


def _move_on(item: Append, now: float) -> tuple[Any, ...]:
    """``_SQLITE_MOVE_ON``'s parameters for ``item``."""
    ended = None if item.outcome is None else _dumps(item.outcome)
    return (item.index + 1, item.status, now, ended, item.code, item.index)


def _action_row(item: Append, now: float) -> tuple[Any, ...]:
    """``_SQLITE_APPEND``'s parameters for ``item``."""
    return (item.code, item.index, _dumps(item.action), now)


def _append_all(cursor: Any, batch: Sequence[Append], now: float) -> list[Exception | None]:
    """A whole batch in two statements (few calls, so the writer thread seldom waits for
    the interpreter): every table moves on from its version, then every action row is
    written. A table not at its version, or a row already there, sends the batch round
    again one append at a time (``_Retry``), where each is refused on its own."""
    cursor.executemany(_SQLITE_MOVE_ON, [_move_on(item, now) for item in batch])
    if cursor.rowcount != len(batch):
        raise _Retry()
    cursor.executemany(_SQLITE_APPEND, [_action_row(item, now) for item in batch])
    return [None] * len(batch)


def _append_guarded(
    cursor: Any, item: Append, now: float, integrity: type[Exception]
) -> Exception | None:
    """One append of a batch behind a savepoint: the table moves on from ``index`` and
    the action is written, or nothing happens and the reason is returned."""
    cursor.execute("SAVEPOINT one_append")
    failure: Exception | None = None
    try:
        cursor.execute(_SQLITE_MOVE_ON, _move_on(item, now))
        if cursor.rowcount == 1:
            cursor.execute(_SQLITE_APPEND, _action_row(item, now))
        else:
            failure = Conflict(f"table {item.code} is not at version {item.index}")
    except integrity:
        cursor.execute("ROLLBACK TO one_append")
        failure = Conflict(f"action {item.index} of table {item.code} is stored already")
    cursor.execute("RELEASE one_append")
    return failure


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    """WAL keeps every committed transaction across a crash of the process."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
