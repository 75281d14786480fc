"""``geodeck admin`` against a database a real server filled: list, show, close, export,
purge (also by the server itself, ``retention_days``), forget a player key, end a class;
and every command refuses a database of another schema version (docs/hosting.md, Admin)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from geodeck.server.storage.versions import SCHEMA_VERSION
from geodeck.server.tokens import shown_code
from tests import loopback
from tests.cli.command import run_in_process
from tests.server.live import serve_process
from tests.server.stored_tables import KEY, make
from tests.server.test_schema_versions import OLD, newer

FAST = ("--bot-delay", "0", "--pause", "0")


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A database with the tables of ``stored_tables.make``, and what was made."""
    folder = tmp_path_factory.mktemp("filled")
    database = folder / "geodeck.sqlite3"
    with serve_process(database, folder / "serve.log", *FAST) as (_, url):
        made = make(url)
    return database, made


@pytest.fixture
def db(filled: tuple[Path, dict[str, Any]], tmp_path: Path) -> Path:
    copy = tmp_path / "geodeck.sqlite3"
    shutil.copyfile(filled[0], copy)
    return copy


def admin(database: Path, *args: str, status: int = 0) -> str:
    done = run_in_process("admin", "--database-url", f"sqlite:///{database}", *args)
    assert done.returncode == status, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done.stdout if status == 0 else done.stderr


def codes_by(made: dict[str, Any], finished: bool) -> list[str]:
    return [c for c, t in made["tables"].items() if t["finished"] == finished]


def sql(database: Path, query: str, *args: Any) -> list[Any]:
    with sqlite3.connect(database) as conn:
        return conn.execute(query, args).fetchall()


def test_tables_are_listed_filtered_shown_and_closed(
    db: Path, filled: tuple[Path, dict[str, Any]]
) -> None:
    made = filled[1]
    info = admin(db, "info")
    assert f"schema version {SCHEMA_VERSION}" in info
    assert "tables finished: 1" in info
    listed = admin(db, "tables").splitlines()
    # codes are shown in groups for people, and typed in any form
    assert {line.split()[0] for line in listed} == {shown_code(c) for c in made["tables"]}
    (done,) = codes_by(made, True)
    assert admin(db, "tables", "--status", "finished").split()[0] == shown_code(done)
    assert len(admin(db, "tables", "--game", "undercover").splitlines()) == 1
    assert admin(db, "tables", "--older-than", "1") == ""
    rows = [json.loads(line) for line in admin(db, "tables", "--json").splitlines()]
    assert {r["code"] for r in rows} == set(made["tables"])
    shown = json.loads(admin(db, "show", shown_code(done).lower()))
    assert shown["status"] == "finished"
    assert [s["name"] for s in shown["seats"]] == ["Ann", "Robo"]
    assert shown["seats"][0]["player_key"] is True
    assert KEY not in json.dumps(shown)
    assert admin(db, "close", done) == f"closed {shown_code(done)}\n"
    assert shown_code(done) not in admin(db, "tables")
    assert sql(db, "SELECT count(*) FROM geodeck_actions WHERE code = ?", done) == [(0,)]
    said = admin(db, "show", done, status=1)
    assert said == f"geodeck admin show: there is no table {shown_code(done)}\n"


def test_records_of_finished_games_are_exported(
    db: Path, filled: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    made = filled[1]
    out = tmp_path / "records.jsonl"
    admin(db, "export", "--out", str(out))
    (record,) = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert record["format"] == "geodeck/1"
    assert record["seats"] == ["Ann", "Robo"]
    assert len(record["actions"]) > 10
    assert "secret" not in json.dumps(record)
    playing = codes_by(made, False)[0]
    said = admin(db, "export", playing, status=1)
    shown = shown_code(playing)
    assert said == f"geodeck admin export: {shown} is not finished: its record is not exported\n"


def test_purge_deletes_finished_tables_of_long_ago_with_their_names(
    db: Path, filled: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    made = filled[1]
    (done,) = codes_by(made, True)
    said = admin(db, "purge", status=2)
    assert said.startswith("geodeck admin purge: give --days N (more than 0), or set retention")
    assert admin(db, "purge", "--days", "30").startswith("deleted 0 finished tables")
    ago = time.time() - 40 * 86_400
    sql(db, "UPDATE geodeck_tables SET updated = ?", ago)  # every table, in play too
    dry = admin(db, "purge", "--days", "30", "--dry-run").splitlines()
    assert dry == ["would delete 1 finished tables last changed over 30 days ago", shown_code(done)]
    assert sql(db, "SELECT count(*) FROM geodeck_tables") == [(4,)]
    config = tmp_path / "geodeck.toml"
    config.write_text(f'database_url = "sqlite:///{db}"\nretention_days = 30\n')
    done_now = run_in_process("admin", "--config", str(config), "purge")
    assert done_now.returncode == 0, done_now.stderr
    assert done_now.stdout.splitlines()[0] == (
        "deleted 1 finished tables last changed over 30 days ago"
    )
    left = {code for (code,) in sql(db, "SELECT code FROM geodeck_tables")}
    assert left == set(made["tables"]) - {done}
    for table in ("geodeck_actions", "geodeck_seats", "geodeck_seat_players", "geodeck_rated"):
        assert sql(db, f"SELECT count(*) FROM {table} WHERE code = ?", done) == [(0,)]


def test_the_server_purges_by_itself_when_retention_days_is_set(
    db: Path, filled: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    made = filled[1]
    (done,) = codes_by(made, True)
    sql(db, "UPDATE geodeck_tables SET updated = ? WHERE code = ?", time.time() - 3 * 86_400, done)
    with serve_process(db, tmp_path / "serve.log", "--retention-days", "2") as (_, url):
        deadline = time.monotonic() + 30
        while loopback.get(f"{url}/api/tables/{done}", timeout=5).status_code != 404:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        left = [c for c in made["tables"] if c != done]
        assert all(loopback.get(f"{url}/api/tables/{c}").status_code == 200 for c in left)


def test_forget_takes_a_player_key_out_of_everything(
    db: Path, filled: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    made = filled[1]
    assert sql(db, "SELECT count(*) FROM geodeck_players") == [(1,)]
    assert sql(db, "SELECT count(*) FROM geodeck_ratings") != [(0,)]
    said = admin(db, "forget", KEY)
    assert said == "forgot the key: 1 ratings, 0 daily results, its name at 4 tables\n"
    for table in ("players", "ratings", "seat_players", "standing", "opponents", "names"):
        assert sql(db, f"SELECT count(*) FROM geodeck_{table}") == [(0,)], table
    heads = [json.loads(h) for (h,) in sql(db, "SELECT head FROM geodeck_tables")]
    assert all(head["seats"][0] == "Seat 1" for head in heads)
    assert not any("Ann" in json.dumps(head) for head in heads)
    assert admin(db, "forget", KEY, status=1) == (
        "geodeck admin forget: this server has never seen that player key\n"
    )
    with serve_process(db, tmp_path / "serve.log", *FAST) as (_, url):
        me = loopback.get(f"{url}/api/players/me", headers={"X-Geodeck-Player": KEY})
        assert me.json() == {"nickname": None, "board_nickname": None, "ratings": {}}
        (done,) = codes_by(made, True)
        record = loopback.get(f"{url}/api/tables/{done}/record").json()
        assert record["seats"] == ["Seat 1", "Robo"]


def test_end_class_deletes_the_class_and_its_pupils(
    db: Path, filled: tuple[Path, dict[str, Any]]
) -> None:
    klass = filled[1]["class"]
    shown = shown_code(klass["code"])
    assert shown.count("-") == 2
    said = admin(db, "end-class", shown.lower())
    assert said == f"ended {shown}: 2 pupils, 0 tables\n"
    for table in ("classes", "pupils"):
        assert sql(db, f"SELECT count(*) FROM geodeck_{table}") == [(0,)]
    assert admin(db, "end-class", klass["code"], status=1) == (
        f"geodeck admin end-class: there is no class {shown}\n"
    )


COMMANDS = [
    ["tables"],
    ["show", "ABCDEF"],
    ["close", "ABCDEF"],
    ["export"],
    ["purge", "--days", "1"],
]
COMMANDS += [["forget", KEY], ["end-class", "ABC123"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_command_refuses_a_database_of_another_version(
    tmp_path: Path, command: list[str]
) -> None:
    old = tmp_path / "old.sqlite3"
    shutil.copyfile(OLD, old)
    said = admin(old, *command, status=1)
    assert said == (
        f"geodeck admin {command[0]}: sqlite:///{old} is of schema version 1, older than this "
        f"geodeck's ({SCHEMA_VERSION}): run geodeck admin upgrade (or start the server) first\n"
    )
    before = old.read_bytes()
    assert admin(old, "upgrade", "--help")  # the way out is there
    assert old.read_bytes() == before  # nothing was changed by a refused command
    assert admin(old, "upgrade") == f"schema version 1 -> {SCHEMA_VERSION}\n"
    newer(f"sqlite:///{old}")
    said = admin(old, *command, status=1)
    assert f"is of schema version {SCHEMA_VERSION + 1}, made by a newer geodeck" in said
    assert admin(tmp_path / "none.sqlite3", *command, status=1).startswith(
        f"geodeck admin {command[0]}: there is no database "
    )
