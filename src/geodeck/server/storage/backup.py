"""A SQLite database backed up while the server runs, and restored (docs/hosting.md,
Backups). PostgreSQL is backed up with its own tools, ``pg_dump`` and ``pg_restore``.

The backup is SQLite's online backup API (``sqlite3.Connection.backup``) in one step: it
reads one snapshot of the database under a read transaction, which the server's writers
do not wait for (the database is in WAL mode), so the copy holds every action committed
before it began and nothing half written.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from geodeck.server.storage.database import engine_url
from geodeck.server.storage.store import Storage


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why."""


@dataclass(frozen=True, slots=True)
class Copied:
    path: Path
    bytes: int
    seconds: float


def sqlite_file(url: str) -> Path:
    """The file of a SQLite database URL (``BackupError`` for anything else)."""
    parsed = make_url(engine_url(url))
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        raise BackupError(
            "geodeck admin backup and restore are for a SQLite file; back up PostgreSQL "
            "with pg_dump (docs/hosting.md, Backups)"
        )
    return Path(parsed.database).expanduser()


def _copy(source: sqlite3.Connection, target: Path) -> None:
    into = sqlite3.connect(target)
    try:
        source.backup(into)  # every page in one step: one snapshot
    finally:
        into.close()


def _checked(path: Path) -> None:
    """``BackupError`` unless ``path`` is a whole SQLite database."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            said = conn.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as err:
        raise BackupError(f"{path} is no SQLite database: {err}") from None
    if said != "ok":
        raise BackupError(f"{path} is damaged: {said}")


def backup(url: str, target: Path) -> Copied:
    """Copy the database at ``url`` to ``target`` (a new file), while it may be in use."""
    source_path = sqlite_file(url)
    if not source_path.is_file():
        raise BackupError(f"there is no database {source_path}")
    if target.exists():
        raise BackupError(f"{target} exists; give another file, or remove it first")
    started = time.monotonic()
    partial = target.with_name(target.name + ".partial")
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True, timeout=30)
    try:
        _copy(source, partial)
    finally:
        source.close()
    _checked(partial)
    os.replace(partial, target)
    return Copied(target, target.stat().st_size, time.monotonic() - started)


def restore(source: Path, url: str, *, replace: bool) -> Copied:
    """Copy the backup ``source`` into the database at ``url`` (which no server may be
    using): a new file, or with ``replace`` one whose content it replaces."""
    if not source.is_file():
        raise BackupError(f"there is no backup {source}")
    _checked(source)
    target = sqlite_file(url)
    if target.exists() and not replace:
        raise BackupError(f"{target} exists; stop the server and give --replace to restore over it")
    if not target.parent.is_dir():
        raise BackupError(f"there is no folder {target.parent}")
    found = Storage(f"sqlite:///{source}")
    try:
        version = found.schema_version()
    finally:
        found.close()
    if version is None:
        raise BackupError(f"{source} holds no geodeck tables")
    from geodeck.server.storage.versions import SCHEMA_VERSION, NewerDatabase

    if version > SCHEMA_VERSION:
        raise BackupError(f"{source}: {NewerDatabase(version)}")
    started = time.monotonic()
    backup_conn = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        _copy(backup_conn, target)
    finally:
        backup_conn.close()
    return Copied(target, target.stat().st_size, time.monotonic() - started)
