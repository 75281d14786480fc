"""``geodeck serve``: run the game server (docs/protocol.md)."""

from __future__ import annotations

import gc
import inspect
import json
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import typer

from geodeck.cli.errors import FAILED, fail
from geodeck.cli.serve_config import as_toml, command, given_on_command_line, resolve
from geodeck.core.errors import GeodeckError

if TYPE_CHECKING:
    from geodeck.server.settings import Settings

GC_THRESHOLDS = (20_000, 10, 10)
"""The cyclic garbage collector's thresholds in the server process (Python's default is
700, 10, 10). With young collections this much rarer, the objects of a message or an
action die before they are promoted, so full collections, which stop every table for a
time that grows with their number (300 to 600 ms at 500 tables), come only when the
tables' own state has grown by a quarter (see benchmarks/server_load.py --untuned-gc)."""


def tune_gc() -> None:
    """Set the collector up for a long-running server: the objects made so far (modules,
    the app) are set aside for good, and collections come less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def load_decks(specs: Sequence[str]) -> dict[str, object]:
    """``FILE`` (every game) or ``GAME=FILE`` (one game) to decks by game (``*`` for all),
    each read and checked (a cross game's deck as ``geodeck play --deck`` checks it)."""
    from geodeck.catalogue import catalogue
    from geodeck.core.family import family_of
    from geodeck.decks.files import deck_cards, table_deck

    families = {g.id: g.family for g in catalogue()}
    decks: dict[str, object] = {}
    for spec in specs:
        game, sep, name = spec.partition("=")
        if not sep or Path(spec).exists():
            game, name = "*", spec
        elif game not in families:
            fail(f"--deck {spec}: unknown game {game!r} (known: {', '.join(families)})")
        path = Path(name)
        try:
            data = json.loads(path.read_text("utf-8"))
            cards = game == "*" or family_of(game).places_cards
            decks[game] = deck_cards(data) if cards else table_deck(data)
        except OSError as err:
            fail(f"--deck {spec}: cannot read {path}: {err.strerror or err}")
        except ValueError as err:
            fail(f"--deck {spec}: {path} is not JSON: {err}")
        except GeodeckError as err:
            fail(f"--deck {spec}: {err}")
    return decks


DATABASES = {"sqlite": ("", "pysqlite"), "postgresql": ("", "psycopg")}
"""The databases the server stores tables in, with the drivers it has."""
REDIS_SCHEMES = ("redis", "rediss", "unix")
CONNECT_TIMEOUT = 5


def check_database(url: str | None, schema: str | None = None) -> None:
    """``--database-url``: a URL SQLAlchemy reads, of SQLite or PostgreSQL, whose database
    answers (a SQLite file's folder must exist)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from geodeck.server.storage import default_url, engine_url

    if url is None:
        url = default_url()

    try:
        given, parsed = make_url(url), make_url(engine_url(url))
    except (ArgumentError, ValueError):
        fail(
            f"--database-url {url!r} is no database URL: give sqlite:///FILE or "
            "postgresql://USER@HOST/DB"
        )
    backend, driver = parsed.get_backend_name(), parsed.get_driver_name()
    shown = given.render_as_string(hide_password=True)
    if backend not in DATABASES:
        fail(
            f"--database-url {shown}: geodeck stores tables in SQLite (sqlite:///FILE) or "
            f"PostgreSQL (postgresql://USER@HOST/DB), not {backend}"
        )
    if "+" in parsed.drivername and driver not in DATABASES[backend]:
        fail(f"--database-url {shown}: geodeck talks to {backend} through {DATABASES[backend][1]}")
    if backend == "sqlite" and parsed.database and parsed.database != ":memory:":
        folder = Path(parsed.database).expanduser().parent
        if not folder.is_dir():
            fail(f"--database-url {shown}: there is no folder {folder}")
    _connect(url, shown, schema)


def _connect(url: str, shown: str, schema: str | None) -> None:
    """Fail (exit 1) unless the database at ``url`` answers and is of a schema version this
    geodeck knows (an older one is upgraded when the server starts)."""
    from sqlalchemy.exc import SQLAlchemyError

    from geodeck.server.storage import Storage
    from geodeck.server.storage.versions import SCHEMA_VERSION, NewerDatabase

    storage = Storage(url, schema=schema)
    try:
        found = storage.schema_version()
    except SQLAlchemyError as err:
        reason = str(getattr(err, "orig", None) or err).strip().splitlines()[0]
        fail(f"cannot open the database {shown}: {reason}", FAILED)
    finally:
        storage.engine.dispose()
    if found is not None and found > SCHEMA_VERSION:
        fail(f"{shown}: {NewerDatabase(found)}", FAILED)


def check_redis(url: str | None) -> None:
    """``--redis-url``: redis://HOST:PORT (or rediss://, unix://), and Redis answers."""
    if url is None:
        return
    scheme = urlsplit(url).scheme
    if scheme not in REDIS_SCHEMES:
        fail(f"--redis-url {url!r} is no Redis URL: give redis://HOST:PORT")
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=CONNECT_TIMEOUT)
        client.ping()
        client.close()
    except ValueError as err:
        fail(f"--redis-url {url!r}: {err}")
    except redis.RedisError as err:
        fail(f"cannot reach Redis at {url}: {err}", FAILED)


def check_listen(host: str, port: int, option: str = "--host") -> None:
    """``--port`` is 1 to 65535, and this machine can listen on ``host`` and ``port``
    (``option``: the option that gave the host)."""
    if not 1 <= port <= 65535:
        fail(f"--port must be from 1 to 65535, not {port}")
    try:
        found = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as err:
        fail(f"{option} {host}: no such address here ({err.strerror})")
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind(address)
        except OSError as err:
            fail(f"cannot listen on {host} port {port}: {err.strerror or err}", FAILED)


def _check_metrics_address(address: str | None, offset: int = 0) -> None:
    """This machine can listen at ``--metrics-address`` (its port moved on by ``offset``)."""
    if address is not None:
        host, _, port = address.rpartition(":")
        check_listen(host.strip("[]"), int(port) + offset, "--metrics-address")


def check_processes(
    workers: int, redis_url: str | None, slot: int | None, slots: int | None
) -> None:
    """``--workers``, ``--slot`` and ``--slots``: several processes share tables through
    Redis, and a slot is a place among the slots."""
    if workers > 1 and not redis_url:
        fail("--workers N needs --redis-url (and a database every process reaches)")
    if (slot is None) != (slots is None):
        fail("--slot and --slots go together")
    if slot is not None and slots is not None and not 0 <= slot < slots:
        fail(f"--slot must be from 0 to --slots - 1 ({slots - 1}), not {slot}")


def _hidden(name: str, value: object) -> object:
    """A URL's password as ``***`` (``--print-config``)."""
    if name in ("database_url", "redis_url") and isinstance(value, str):
        parts = urlsplit(value)
        if parts.password:
            netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
            return parts._replace(netloc=netloc).geturl()
    return value


def serve(
    ctx: typer.Context, config: Path | None = None, print_config: bool = False, **given: object
) -> None:
    """Run the geodeck server: tables, seats and games over HTTP and websockets.

    Every option is checked before the server starts: the port (1 to 65535) is free, the
    database (SQLite or PostgreSQL) and Redis answer, the deck files read. Each option may
    also be given in the configuration file (--config, TOML, its name with underscores:
    max_tables = 500) or the environment (GEODECK_MAX_TABLES=500); the command line wins
    over the environment, the environment over the file. Stop it with Ctrl-C.
    """
    values = resolve(given_on_command_line(ctx, given), config)
    if print_config:
        typer.echo(as_toml(values, _hidden))
        return
    from geodeck.server.settings import Settings

    settings = Settings(**{name: found.value for name, found in values.items()})
    settings.log_level = settings.log_level.lower()
    settings.decks = load_decks(settings.deck)
    check_processes(settings.workers, settings.redis_url, settings.slot, settings.slots)
    host, port, workers = settings.host, settings.port, settings.workers
    if workers > 1:
        check_database(settings.database_url, settings.schema)
        check_redis(settings.redis_url)
        for i in range(workers):
            check_listen(host, port + i)
            _check_metrics_address(settings.metrics_address, i)
        from geodeck.cli.workers import run_workers, worker_commands

        commands = worker_commands(sys.argv[2:], host, port, workers, settings.metrics_address)
        code = run_workers(commands)
        if code:
            raise typer.Exit(code)
        return
    check_listen(host, port)
    _check_metrics_address(settings.metrics_address)
    check_database(settings.database_url, settings.schema)
    check_redis(settings.redis_url)
    settings.address = settings.base_url()
    run_server(settings)


def run_server(settings: Settings) -> None:
    """Serve ``settings`` (checked) until Ctrl-C."""
    import uvicorn

    from geodeck.server import logs
    from geodeck.server.app import create_app
    from geodeck.server.guarded_http import Deadlines
    from geodeck.server.listening import uvicorn_config

    level = settings.log_level
    log_config = logs.set_up(level, settings.log_format)
    app = create_app(settings)
    tune_gc()
    config = uvicorn_config(
        app,
        host=settings.host,
        port=settings.port,
        deadlines=Deadlines.of(settings),
        forwarded_allow_ips=settings.forwarded_allow_ips,
        compress=settings.compress,
        log_level=level,
        log_config=log_config,
    )
    server = uvicorn.Server(config)
    server.run()  # Ctrl-C: the server shuts down, then KeyboardInterrupt ends the command
    if not server.started:
        fail("the server did not start (the log above says why)", FAILED)


command(
    serve,
    [
        inspect.Parameter(
            "config",
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(
                None,
                help="A configuration file (TOML) with any of the options below, named with "
                "underscores (max_tables = 500).",
                metavar="FILE",
                show_default=False,
            ),
            annotation=Path | None,
        ),
        inspect.Parameter(
            "print_config",
            inspect.Parameter.KEYWORD_ONLY,
            default=typer.Option(
                False,
                "--print-config",
                help="Print the options in force, and where each comes from, as a "
                "configuration file, and stop.",
            ),
            annotation=bool,
        ),
    ],
)
