"""The database carries its schema version: a newer geodeck upgrades an older database in
place, and every table stored there plays on; an older geodeck refuses a newer database
in one line (docs/hosting.md, Upgrades).

The older database is ``tests/fixtures/old-database/``, made by the release before schema
versions were kept (its README says how)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect

from geodeck.server.storage import Storage
from geodeck.server.storage.versions import SCHEMA_VERSION, NewerDatabase, meta
from tests.cli.test_options import refused
from tests.server.live import serve_process
from tests.server.stored_tables import play_on
from tests.support import FIXTURES

OLD = FIXTURES / "old-database" / "geodeck-61bc767.sqlite3"
MADE = json.loads(OLD.with_suffix(".json").read_text("utf-8"))
VERSION_2 = FIXTURES / "old-database" / "geodeck-d2df3a9.sqlite3"
"""Made by the release of schema version 2, before tables counted admin's changes."""


def old_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "old.sqlite3"
    shutil.copyfile(OLD, copy)
    return copy


def version_of(url: str, schema: str | None = None) -> int | None:
    storage = Storage(url, schema=schema)
    try:
        return storage.schema_version()
    finally:
        storage.close()


def upgraded_and_played(database: Path, version: int, made: Any, folder: Path) -> None:
    """A database of schema ``version`` is upgraded by the server that opens it, and every
    table ``made`` in it plays on there."""
    url = f"sqlite:///{database}"
    assert version_of(url) == version
    with serve_process(database, folder / "serve.log", "--bot-delay", "0", "--pause", "0") as (
        _,
        base,
    ):
        assert version_of(url) == SCHEMA_VERSION
        play_on(base, made)


def test_the_server_upgrades_an_older_database_and_plays_on_every_table(tmp_path: Path) -> None:
    database = old_copy(tmp_path)
    upgraded_and_played(database, 1, MADE, tmp_path)
    with sqlite3.connect(database) as conn:
        indexes = {row[1] for row in conn.execute("PRAGMA index_list(geodeck_tables)")}
    assert "ix_geodeck_tables_updated" in indexes


def test_a_database_of_schema_version_2_is_upgraded_and_plays_on(tmp_path: Path) -> None:
    database = tmp_path / "version2.sqlite3"
    shutil.copyfile(VERSION_2, database)
    made = json.loads(VERSION_2.with_suffix(".json").read_text("utf-8"))
    upgraded_and_played(database, 2, made, tmp_path)
    with sqlite3.connect(database) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(geodeck_tables)")}
    assert "changes" in columns


def test_a_new_database_is_made_at_this_version(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    storage = Storage(url)
    try:
        assert storage.schema_version() is None
        assert storage.create_schema() is None
        assert storage.schema_version() == SCHEMA_VERSION
        assert storage.create_schema() == SCHEMA_VERSION  # again: nothing to do
    finally:
        storage.close()


def newer(url: str, schema: str | None = None) -> None:
    """Mark the database as made by a geodeck of the next schema version."""
    storage = Storage(url, schema=schema)
    try:
        storage.create_schema()
        with storage.engine.begin() as conn:
            conn.execute(meta.update().values(value=str(SCHEMA_VERSION + 1)))
    finally:
        storage.close()


def test_an_older_geodeck_refuses_a_newer_database(tmp_path: Path) -> None:
    database = old_copy(tmp_path)
    url = f"sqlite:///{database}"
    newer(url)
    said = refused("serve", "--database-url", url, status=1)
    assert said == (
        f"geodeck serve: {url}: the database is of schema version {SCHEMA_VERSION + 1}, made "
        f"by a newer geodeck; this one knows versions up to {SCHEMA_VERSION}: run the newer "
        "geodeck (or restore a backup made before the upgrade)"
    )
    storage = Storage(url)
    try:
        with pytest.raises(NewerDatabase):
            storage.create_schema()
    finally:
        storage.close()
    assert version_of(url) == SCHEMA_VERSION + 1  # nothing was written


def test_postgresql_is_upgraded_and_refused_alike(postgres: str, pg_schema: str) -> None:
    storage = Storage(postgres, schema=pg_schema)
    try:
        storage.create_schema()
        with storage.engine.begin() as conn:
            conn.execute(meta.delete())  # as a release before versions left it
            conn.exec_driver_sql(f'DROP INDEX "{pg_schema}".ix_geodeck_tables_updated')
            conn.exec_driver_sql(f'ALTER TABLE "{pg_schema}".geodeck_tables DROP COLUMN changes')
        assert storage.schema_version() == 1
        assert storage.create_schema() == 1
        assert storage.schema_version() == SCHEMA_VERSION
        with storage.engine.connect() as conn:
            names = {i["name"] for i in inspect(conn).get_indexes("geodeck_tables", pg_schema)}
        assert "ix_geodeck_tables_updated" in names
        with storage.engine.connect() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("geodeck_tables", pg_schema)}
        assert "changes" in columns
    finally:
        storage.close()
    newer(postgres, pg_schema)
    said = refused("serve", "--database-url", postgres, "--schema", pg_schema, status=1)
    assert f"schema version {SCHEMA_VERSION + 1}, made by a newer geodeck" in said
