"""Appends in batches (group commit), on SQLite and PostgreSQL alike: the actions of any
tables that arrived together are written on one connection kept for appends, in one
short transaction. One commit for all of them costs far less than one each. The server's
``Writer`` (``writer.py``) hands the batches over from a thread of its own.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, PoolProxiedConnection

from geodeck.server.storage.schema import Append, Conflict, dumps

log = logging.getLogger("geodeck.server")

_APPEND = "INSERT INTO {p}geodeck_actions (code, idx, action, at) VALUES ({m}, {m}, {m}, {m})"
_MOVE_ON = (
    "UPDATE {p}geodeck_tables SET version = {m}, status = {m}, updated = {m}, outcome = {m} "
    "WHERE code = {m} AND version = {m} AND changes = {m}"
)


class Batches:
    """The append connection of one database, opened on the first batch. ``schema``: the
    PostgreSQL schema the tables are in."""

    def __init__(self, engine: Engine, schema: str | None = None) -> None:
        self.engine = engine
        self._writer: PoolProxiedConnection | None = None
        self._lock = threading.Lock()
        sqlite = engine.dialect.name == "sqlite"
        mark = "?" if sqlite else "%s"
        prefix = "" if schema is None else f'"{schema}".'
        self._begin = sqlite
        """SQLite needs an explicit transaction (a savepoint opened outside one would
        commit on its release, one action at a time); psycopg opens one by itself."""
        self._append = _APPEND.format(p=prefix, m=mark)
        self._move_on = _MOVE_ON.format(p=prefix, m=mark)

    def close(self) -> None:
        with self._lock:
            self._drop_writer()

    def _drop_writer(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            try:
                writer.close()
            except Exception:
                log.debug("closing a dropped connection failed", exc_info=True)

    def write(self, batch: Sequence[Append]) -> list[Exception | None]:
        """``Storage.append_actions``: for each append ``None`` once it is committed, or
        the error that kept it out."""
        with self._lock:
            try:
                return self._write(batch, careful=False)
            except _Retry:
                return self._write(batch, careful=True)

    def _write(self, batch: Sequence[Append], *, careful: bool) -> list[Exception | None]:
        if self._writer is None:
            self._writer = self.engine.raw_connection()
        writer = self._writer
        integrity = self.engine.dialect.loaded_dbapi.IntegrityError
        now = time.time()
        try:
            cursor = writer.cursor()
            try:
                if self._begin:
                    cursor.execute("BEGIN")
                if careful:
                    failures = [self._guarded(cursor, item, now, integrity) for item in batch]
                else:
                    try:
                        failures = self._all(cursor, batch, now)
                    except integrity:
                        raise _Retry() from None
            finally:
                cursor.close()
            writer.commit()
        except BaseException as err:
            try:
                writer.rollback()
            except Exception:
                log.warning(
                    "a batch could not be rolled back; its connection is dropped", exc_info=True
                )
                self._drop_writer()
            if isinstance(err, Exception) and not isinstance(err, _Retry):
                return [err] * len(batch)
            raise
        return failures

    def _all(self, cursor: Any, batch: Sequence[Append], now: float) -> list[Exception | None]:
        """A whole batch in two statements (few calls, so the writer thread seldom waits
        for the interpreter): every table moves on from its version, then every action
        row is written. A table not at its version, or a row already there, sends the
        batch round again one append at a time (``_Retry``), where each is refused on its
        own."""
        cursor.executemany(self._move_on, [_move_on(item, now) for item in batch])
        if cursor.rowcount != len(batch):
            raise _Retry()
        cursor.executemany(self._append, [_action_row(item, now) for item in batch])
        return [None] * len(batch)

    def _guarded(
        self, cursor: Any, item: Append, now: float, integrity: type[Exception]
    ) -> Exception | None:
        """One append of a batch behind a savepoint: the table moves on from ``index``
        and the action is written, or nothing happens and the reason is returned."""
        cursor.execute("SAVEPOINT one_append")
        failure: Exception | None = None
        try:
            cursor.execute(self._move_on, _move_on(item, now))
            if cursor.rowcount == 1:
                cursor.execute(self._append, _action_row(item, now))
            else:
                failure = Conflict(f"table {item.code} is not at version {item.index} or changed")
        except integrity:
            cursor.execute("ROLLBACK TO SAVEPOINT one_append")
            failure = Conflict(f"action {item.index} of table {item.code} is stored already")
        cursor.execute("RELEASE SAVEPOINT one_append")
        return failure


class _Retry(Exception):
    """A batch met a table not at its version or an action row already there: write it
    again one append at a time, behind savepoints."""


def _move_on(item: Append, now: float) -> tuple[object, ...]:
    """The move-on statement's parameters for ``item``."""
    ended = None if item.outcome is None else dumps(item.outcome)
    return (item.index + 1, item.status, now, ended, item.code, item.index, item.changes)


def _action_row(item: Append, now: float) -> tuple[object, ...]:
    """The append statement's parameters for ``item``."""
    return (item.code, item.index, dumps(item.action), now)
