"""Backups (docs/hosting.md, Backups): ``geodeck admin backup`` copies a SQLite database
while the server runs and writes, ``geodeck admin restore`` puts it back, and a server on
the restored database plays on every stored table; PostgreSQL's recipe, ``pg_dump`` and
``pg_restore``, does the same."""

from __future__ import annotations

import shutil
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests import loopback
from tests.cli.command import run_geodeck
from tests.server.conftest import PG_URL
from tests.server.live import serve_process
from tests.server.stored_tables import make, play_on
from tests.server.test_schema_versions import newer

FAST = ("--bot-delay", "0", "--pause", "0")


def admin(url: str, *args: str | Path, status: int = 0) -> str:
    done = run_geodeck("admin", "--database-url", url, *args)
    assert done.returncode == status, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done.stdout if status == 0 else done.stderr


def bots_table(url: str) -> str:
    """A table of bots alone, which plays on by itself: the server writes all the time."""
    seats = [{"name": f"Bot {i}", "bot": "random"} for i in range(1, 4)]
    created = loopback.post(
        f"{url}/api/tables", json={"game": "uppsala", "seats": seats, "claim": []}
    )
    assert created.status_code == 201, created.text
    return str(created.json()["table"]["code"])


def version(url: str, code: str) -> int:
    return int(loopback.get(f"{url}/api/tables/{code}", timeout=10).json()["version"])


def test_a_backup_taken_while_the_server_writes_restores_and_plays_on(tmp_path: Path) -> None:
    database = tmp_path / "live.sqlite3"
    url = f"sqlite:///{database}"
    copy = tmp_path / "backup.sqlite3"
    # bots a fifth of a second a move: the busy table is still playing when the backup ends
    paced = ("--bot-delay", "0.2", "--pause", "0", "--linger", "600")
    with serve_process(database, tmp_path / "serve.log", *paced) as (_, base):
        made = make(base)
        busy = bots_table(base)
        before = version(base, busy)
        said = admin(url, "backup", copy)
        after = version(base, busy)
        assert after > before  # the server went on writing
    assert said.startswith(f"backed up to {copy}: ")
    assert admin(url, "backup", copy, status=1) == (
        f"geodeck admin backup: {copy} exists; give another file, or remove it first\n"
    )
    restored = tmp_path / "restored.sqlite3"
    said = admin(f"sqlite:///{restored}", "restore", copy)
    assert said.startswith(f"restored {restored}: ")
    with serve_process(restored, tmp_path / "serve2.log", *FAST) as (_, base):
        play_on(base, made)
        assert version(base, busy) >= before
    assert admin(f"sqlite:///{restored}", "restore", copy, status=1) == (
        f"geodeck admin restore: {restored} exists; stop the server and give --replace to "
        "restore over it\n"
    )
    assert admin(f"sqlite:///{restored}", "restore", copy, "--replace").startswith("restored")


def test_restore_refuses_what_is_no_backup_of_this_geodeck(tmp_path: Path) -> None:
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    said = admin(target, "restore", junk, status=1)
    assert said.startswith(f"geodeck admin restore: {junk} is no SQLite database")
    future = tmp_path / "future.sqlite3"
    newer(f"sqlite:///{future}")
    said = admin(target, "restore", future, status=1)
    assert "made by a newer geodeck" in said
    assert not (tmp_path / "target.sqlite3").exists()
    said = admin(PG_URL, "backup", tmp_path / "x", status=1)
    assert said.startswith(
        "geodeck admin backup: geodeck admin backup and restore are for a SQLite"
    )


PG_TOOLS = all(shutil.which(t) for t in ("pg_dump", "pg_restore", "createdb", "dropdb"))


@pytest.mark.skipif(not PG_TOOLS, reason="PostgreSQL's client tools are not installed")
def test_the_postgresql_recipe_restores_a_database_that_plays_on(
    tmp_path: Path, postgres: str, pg_schema: str
) -> None:
    """docs/hosting.md's recipe, with the connection of the tests' PostgreSQL."""
    connect = ["-h", "127.0.0.1", "-U", "postgres"]
    dump = tmp_path / "geodeck.dump"
    with serve_process(postgres, tmp_path / "serve.log", "--schema", pg_schema, *FAST) as (
        _,
        base,
    ):
        made: dict[str, Any] = make(base)
        subprocess.run(
            ["pg_dump", *connect, "-Fc", "-n", pg_schema, "-f", str(dump), "test"], check=True
        )
    other = f"geodeck_restored_{uuid.uuid4().hex[:10]}"
    subprocess.run(["createdb", *connect, other], check=True)
    try:
        subprocess.run(["pg_restore", *connect, "--no-owner", "-d", other, str(dump)], check=True)
        restored = postgres.rsplit("/", 1)[0] + f"/{other}"
        with serve_process(restored, tmp_path / "serve2.log", "--schema", pg_schema, *FAST) as (
            _,
            base,
        ):
            play_on(base, made)
    finally:
        subprocess.run(["dropdb", *connect, "--force", other], check=True)
