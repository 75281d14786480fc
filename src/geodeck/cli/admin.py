"""``geodeck admin``: look after a server's database (docs/hosting.md, Admin).

It reads the database as ``geodeck serve`` does: ``--config FILE`` (the server's file),
``GEODECK_DATABASE_URL`` and ``GEODECK_SCHEMA``, or ``--database-url`` and ``--schema``.
Every command but ``upgrade``, ``backup`` and ``restore`` refuses a database of another
schema version than this geodeck's, in one line.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from geodeck.cli.errors import FAILED, fail
from geodeck.cli.serve_config import Value, resolve
from geodeck.server.tokens import normal_code, shown_code

if TYPE_CHECKING:
    from geodeck.server.storage import Storage

admin_app = typer.Typer(
    help="Look after a server's database: its tables, players and classes, purges and "
    "backups. Give it the server's --config FILE (or --database-url).",
    no_args_is_help=True,
)


@dataclass(frozen=True, slots=True)
class Where:
    values: dict[str, Value]

    @property
    def url(self) -> str:
        from geodeck.server.storage import default_url

        return str(self.values["database_url"].value or default_url())

    @property
    def schema(self) -> str | None:
        found = self.values["schema"].value
        return None if found is None else str(found)

    @property
    def shown(self) -> str:
        from sqlalchemy.engine import make_url

        return make_url(self.url).render_as_string(hide_password=True)


@admin_app.callback()
def admin(
    ctx: typer.Context,
    config: Annotated[
        Path | None,
        typer.Option(
            help="The server's configuration file (geodeck serve --config).", metavar="FILE"
        ),
    ] = None,
    database_url: Annotated[
        str | None, typer.Option(help="The database, as geodeck serve takes it.")
    ] = None,
    schema: Annotated[str | None, typer.Option(help="Its PostgreSQL schema.")] = None,
) -> None:
    """Look after a server's database."""
    given = {k: v for k, v in (("database_url", database_url), ("schema", schema)) if v}
    ctx.obj = Where(resolve(given, config))


def _where(ctx: typer.Context) -> Where:
    found = ctx.find_object(Where)
    assert found is not None
    return found


@contextmanager
def storage_of(ctx: typer.Context, *, any_version: bool = False) -> Iterator[Storage]:
    """The database, checked to be of this geodeck's schema version."""
    from sqlalchemy.exc import SQLAlchemyError

    from geodeck.server.storage import Storage
    from geodeck.server.storage.versions import SCHEMA_VERSION, NewerDatabase

    where = _where(ctx)
    if where.url.startswith("sqlite"):
        from geodeck.server.storage.backup import sqlite_file

        if not sqlite_file(where.url).is_file():
            fail(f"there is no database {sqlite_file(where.url)}", FAILED)
    storage = Storage(where.url, schema=where.schema)
    try:
        try:
            found = storage.schema_version()
        except SQLAlchemyError as err:
            reason = str(getattr(err, "orig", None) or err).strip().splitlines()[0]
            fail(f"cannot open the database {where.shown}: {reason}", FAILED)
        if found is None:
            fail(f"{where.shown} holds no geodeck tables", FAILED)
        if found > SCHEMA_VERSION:
            fail(f"{where.shown}: {NewerDatabase(found)}", FAILED)
        if found < SCHEMA_VERSION and not any_version:
            fail(
                f"{where.shown} is of schema version {found}, older than this geodeck's "
                f"({SCHEMA_VERSION}): run geodeck admin upgrade (or start the server) first",
                FAILED,
            )
        yield storage
    finally:
        storage.close()


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


@admin_app.command()
def info(ctx: typer.Context) -> None:
    """Say which database this is, its schema version and what it holds."""
    from geodeck.server.storage import admin as ops
    from geodeck.server.storage.versions import SCHEMA_VERSION

    with storage_of(ctx) as storage:
        held = ops.counts(storage)
    typer.echo(f"{_where(ctx).shown}: schema version {SCHEMA_VERSION}")
    for name, count in held.items():
        typer.echo(f"{name}: {count}")


@admin_app.command()
def tables(
    ctx: typer.Context,
    status: Annotated[
        str | None, typer.Option(help="Only tables in this status: waiting, playing, finished.")
    ] = None,
    game: Annotated[str | None, typer.Option(help="Only tables of this game.")] = None,
    older_than: Annotated[
        float | None,
        typer.Option(help="Only tables last changed more than DAYS ago.", metavar="DAYS"),
    ] = None,
    newer_than: Annotated[
        float | None, typer.Option(help="Only tables changed in the last DAYS.", metavar="DAYS")
    ] = None,
    limit: Annotated[int, typer.Option(help="At most this many, last changed first.")] = 50,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
) -> None:
    """List the tables (UTC times)."""
    from geodeck.server.storage import admin as ops

    with storage_of(ctx) as storage:
        lines = ops.list_tables(
            storage,
            status=status,
            game=game,
            older_than=older_than,
            newer_than=newer_than,
            limit=limit,
        )
    for line in lines:
        if as_json:
            typer.echo(json.dumps({k: getattr(line, k) for k in line.__slots__}))
        else:
            typer.echo(
                f"{shown_code(line.code):<14}  {line.game:<10} {line.status:<8} "
                f"{line.moves:>4} moves  "
                f"{_when(line.updated)}  {'public ' if line.public else ''}"
                f"{', '.join(line.seats)}"
            )


@admin_app.command()
def show(ctx: typer.Context, code: str) -> None:
    """Show one table (JSON): its game, status, seats and when it was last changed."""
    from geodeck.server.storage import admin as ops

    with storage_of(ctx) as storage:
        found = ops.show_table(storage, normal_code(code))
    if found is None:
        fail(f"there is no table {shown_code(normal_code(code))}", FAILED)
    typer.echo(json.dumps(found, indent=1))


@admin_app.command()
def close(ctx: typer.Context, code: str) -> None:
    """Close a table for good: delete it with its record, its names and its rematches."""
    from geodeck.server.storage import admin as ops

    with storage_of(ctx) as storage:
        if not storage.has_table(normal_code(code)):
            fail(f"there is no table {shown_code(normal_code(code))}", FAILED)
        deleted = ops.delete_tables(storage, [normal_code(code)])
    typer.echo(f"closed {', '.join(shown_code(c) for c in deleted)}")


@admin_app.command()
def export(
    ctx: typer.Context,
    codes: Annotated[
        list[str] | None, typer.Argument(help="Tables (default: every finished one).")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="The file to write (default: stdout).")] = None,
) -> None:
    """Export the records of finished games, one geodeck/1 record (JSON) a line. A game
    in play is not exported: its record holds what its players may not know yet."""
    from geodeck.server.protocol import FINISHED

    with storage_of(ctx) as storage:
        wanted = [normal_code(c) for c in codes] if codes else storage.codes(unfinished=False)
        records = []
        for code in wanted:
            stored = storage.load_table(code)
            if stored is None:
                fail(f"there is no table {shown_code(code)}", FAILED)
            if stored.status != FINISHED:
                if codes:
                    fail(f"{shown_code(code)} is not finished: its record is not exported", FAILED)
                continue
            records.append(json.dumps(stored.record(), ensure_ascii=False))
    text = "".join(r + "\n" for r in records)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, "utf-8")
        typer.echo(f"{len(records)} records in {out}", err=True)


@admin_app.command()
def purge(
    ctx: typer.Context,
    days: Annotated[
        float | None,
        typer.Option(help="Days since a finished table last changed (default: retention_days)."),
    ] = None,
    dry_run: Annotated[bool, typer.Option(help="Say what would go, and keep it.")] = False,
) -> None:
    """Delete the finished tables last changed more than DAYS ago, with their records and
    the names in them: retention_days of the server's configuration, or --days."""
    from geodeck.server.storage import admin as ops

    keep = days if days is not None else _where(ctx).values["retention_days"].value
    if not keep or keep < 0:
        fail("give --days N (more than 0), or set retention_days in the configuration")
    with storage_of(ctx) as storage:
        codes = ops.finished_before(storage, keep) if dry_run else ops.purge(storage, keep)
    verb = "would delete" if dry_run else "deleted"
    typer.echo(f"{verb} {len(codes)} finished tables last changed over {keep:g} days ago")
    for code in codes:
        typer.echo(shown_code(code))


@admin_app.command()
def forget(ctx: typer.Context, key: str) -> None:
    """Forget a player key: its nickname, ratings, standing, board name, daily results and
    practice counts, and its name at every table it sat at (now ``Seat N``)."""
    from geodeck.server.players import KEY
    from geodeck.server.storage import admin as ops

    if KEY.fullmatch(key) is None:
        fail("a player key is 32 to 128 letters, digits, '-' or '_'")
    with storage_of(ctx) as storage:
        done = ops.forget(storage, key)
    if not done.known:
        fail("this server has never seen that player key", FAILED)
    typer.echo(
        f"forgot the key: {done.ratings} ratings, {done.daily} daily results, its name at "
        f"{done.tables} tables"
    )


@admin_app.command("end-class")
def end_class(ctx: typer.Context, code: str) -> None:
    """End a class as its teacher can: delete it, its pupils, their answers and its
    tables, and take the pupils' names out of the card ratings."""
    from geodeck.server.storage import admin as ops

    with storage_of(ctx) as storage:
        ended = ops.end_class(storage, normal_code(code))
    shown = shown_code(normal_code(code))
    if ended is None:
        fail(f"there is no class {shown}", FAILED)
    typer.echo(f"ended {shown}: {len(ended.pupils)} pupils, {len(ended.tables)} tables")


@admin_app.command()
def upgrade(ctx: typer.Context) -> None:
    """Upgrade the database to this geodeck's schema version (the server does it too when
    it starts)."""
    from geodeck.server.storage.versions import SCHEMA_VERSION

    with storage_of(ctx, any_version=True) as storage:
        before = storage.create_schema()
    typer.echo(f"schema version {before} -> {SCHEMA_VERSION}")


@admin_app.command()
def backup(ctx: typer.Context, file: Path) -> None:
    """Back up a SQLite database to FILE, also while the server runs."""
    from geodeck.server.storage.backup import BackupError
    from geodeck.server.storage.backup import backup as copy

    try:
        done = copy(_where(ctx).url, file)
    except BackupError as err:
        fail(str(err), FAILED)
    typer.echo(f"backed up to {done.path}: {done.bytes:,} bytes in {done.seconds:.2f} s")


@admin_app.command()
def restore(
    ctx: typer.Context,
    file: Path,
    replace: Annotated[
        bool, typer.Option(help="Restore over an existing database (stop the server first).")
    ] = False,
) -> None:
    """Restore a SQLite database from a backup FILE (the server stopped)."""
    from geodeck.server.storage.backup import BackupError
    from geodeck.server.storage.backup import restore as copy

    try:
        done = copy(file, _where(ctx).url, replace=replace)
    except BackupError as err:
        fail(str(err), FAILED)
    typer.echo(f"restored {done.path}: {done.bytes:,} bytes in {done.seconds:.2f} s")
