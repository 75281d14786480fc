"""``geodeck serve``: run the game server (docs/protocol.md)."""

from __future__ import annotations

import gc
import json
import logging
import math
import socket
from pathlib import Path
from typing import Annotated, Any, TypedDict
from urllib.parse import urlsplit

import typer

from geodeck.bots import LEVELS
from geodeck.cli.errors import FAILED, fail
from geodeck.core.errors import GeodeckError

GC_THRESHOLDS = (20_000, 10, 10)
"""The cyclic garbage collector's thresholds in the server process (Python's default is
700, 10, 10). With young collections this much rarer, the objects of a message or an
action die before they are promoted, so full collections, which stop every table for a
time that grows with their number (300 to 600 ms at 500 tables), come only when the
tables' own state has grown by a quarter (see benchmarks/server_load.py --untuned-gc)."""


class PracticeLimits(TypedDict):
    """The options that bound practice answers (``Settings.answers_burst`` and on)."""

    answers_burst: int
    answers_refill: float
    key_answers_burst: int
    key_answers_refill: float
    card_answers_per_key: int
    card_answers_per_address: int


def tune_gc() -> None:
    """Set the collector up for a long-running server: the objects made so far (modules,
    the app) are set aside for good, and collections come less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def load_decks(specs: list[str]) -> dict[str, Any]:
    """``FILE`` (every game) or ``GAME=FILE`` (one game) to decks by game (``*`` for all),
    each read and checked (a cross game's deck as ``geodeck play --deck`` checks it)."""
    from geodeck.catalogue import catalogue
    from geodeck.core.family import family_of
    from geodeck.decks.files import deck_cards, table_deck

    families = {g.id: g.family for g in catalogue()}
    decks: dict[str, Any] = {}
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


LOG_LEVELS = ("debug", "info", "warning", "error")
DATABASES = {"sqlite": ("", "pysqlite"), "postgresql": ("", "psycopg")}
"""The databases the server stores tables in, with the drivers it has."""
REDIS_SCHEMES = ("redis", "rediss", "unix")
CONNECT_TIMEOUT = 5


def check_numbers(**numbers: float) -> None:
    """Every option among ``numbers`` (name: value) is a number of seconds, 0 or more."""
    for name, value in numbers.items():
        option = "--" + name.replace("_", "-")
        if not math.isfinite(value) or value < 0:
            fail(f"{option} is a number of seconds, 0 or more, not {value}")


def check_positive(**numbers: float) -> None:
    """Every option among ``numbers`` (name: value) is more than 0 (and finite)."""
    for name, value in numbers.items():
        option = "--" + name.replace("_", "-")
        if not math.isfinite(value) or value <= 0:
            fail(f"{option} must be more than 0, not {value:g}")


def check_database(url: str | None) -> None:
    """``--database-url``: a URL SQLAlchemy reads, of SQLite or PostgreSQL, whose database
    answers (a SQLite file's folder must exist)."""
    if url is None:
        return
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from geodeck.server.storage import engine_url

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
    _connect(url, shown)


def _connect(url: str, shown: str) -> None:
    """Fail (exit 1) unless the database at ``url`` answers."""
    from sqlalchemy.exc import SQLAlchemyError

    from geodeck.server.storage import Storage

    storage = Storage(url)
    try:
        with storage.engine.connect():
            pass
    except SQLAlchemyError as err:
        reason = str(getattr(err, "orig", None) or err).strip().splitlines()[0]
        fail(f"cannot open the database {shown}: {reason}", FAILED)
    finally:
        storage.engine.dispose()


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


def check_listen(host: str, port: int) -> None:
    """``--port`` is 1 to 65535, and this machine can listen on ``host`` and ``port``."""
    if not 1 <= port <= 65535:
        fail(f"--port must be from 1 to 65535, not {port}")
    try:
        found = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as err:
        fail(f"--host {host}: no such address here ({err.strerror})")
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind(address)
        except OSError as err:
            fail(f"cannot listen on {host} port {port}: {err.strerror or err}", FAILED)


def check_processes(
    workers: int, redis_url: str | None, slot: int | None, slots: int | None
) -> None:
    """``--workers``, ``--slot`` and ``--slots``: several processes share tables through
    Redis, and a slot is a place among the slots."""
    if not 1 <= workers <= 64:
        fail(f"--workers must be from 1 to 64, not {workers}")
    if workers > 1 and not redis_url:
        fail("--workers N needs --redis-url (and a database every process reaches)")
    if (slot is None) != (slots is None):
        fail("--slot and --slots go together")
    if slot is not None and slots is not None and not 0 <= slot < slots:
        fail(f"--slot must be from 0 to --slots - 1 ({slots - 1}), not {slot}")


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (1 to 65535).")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="sqlite:///FILE or postgresql://USER@HOST/DB; default: SQLite in the "
            "user's data directory."
        ),
    ] = None,
    schema: Annotated[
        str | None,
        typer.Option(help="PostgreSQL schema to keep geodeck's tables in (default: public)."),
    ] = None,
    deck: Annotated[
        list[str] | None,
        typer.Option(
            help="Deck file for tables created without one: FILE for every game, or "
            "GAME=FILE for one game. May be repeated. Default: the deck geodeck ships.",
            metavar="[GAME=]FILE",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(help="redis://HOST:PORT to share tables between several server processes."),
    ] = None,
    grace: Annotated[
        float, typer.Option(help="Seconds before a bot stands in for a disconnected player.")
    ] = 30.0,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before it moves.")] = 0.5,
    pause: Annotated[
        float,
        typer.Option(
            help="Seconds a table waits at most after a verdict, a scoring or a round's "
            "result until its players continue, for tables created without a pause (0: none)."
        ),
    ] = 20.0,
    standin_level: Annotated[
        str,
        typer.Option(
            help=f"Level of the bot that stands in for a disconnected player: {', '.join(LEVELS)}."
        ),
    ] = "casual",
    linger: Annotated[
        float,
        typer.Option(
            help="Seconds a table nobody is connected to stays in memory after its last use; "
            "then it waits in storage until it is asked for."
        ),
    ] = 60.0,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Addresses (or networks) of the reverse proxies whose X-Forwarded-For "
            "header gives the client's address, comma-separated, or *. Default: none, so "
            "every client is counted under the address it connects from; behind nginx on "
            "this machine, give 127.0.0.1,::1.",
            show_default=False,
        ),
    ] = None,
    miss_burst: Annotated[
        int,
        typer.Option(help="Wrong table codes and seat tokens one client address may send at once."),
    ] = 20,
    miss_refill: Annotated[
        float,
        typer.Option(help="Seconds until an address out of misses may send one more."),
    ] = 6.0,
    creations_burst: Annotated[
        int,
        typer.Option(help="Tables and classes one client address may create at once."),
    ] = 60,
    creations_refill: Annotated[
        float,
        typer.Option(help="Seconds until an address that used them up may create one more."),
    ] = 6.0,
    answers_burst: Annotated[
        int,
        typer.Option(help="Practice answers one client address may send at once."),
    ] = 600,
    answers_refill: Annotated[
        float,
        typer.Option(help="Seconds until an address that sent them may send one more."),
    ] = 0.05,
    key_answers_burst: Annotated[
        int,
        typer.Option(help="Practice answers one player key may send at once."),
    ] = 200,
    key_answers_refill: Annotated[
        float,
        typer.Option(help="Seconds until a key that sent them may send one more."),
    ] = 1.0,
    card_answers_per_key: Annotated[
        int,
        typer.Option(help="Practice answers about one card stored for one player key, ever."),
    ] = 1,
    card_answers_per_address: Annotated[
        int,
        typer.Option(help="Practice answers about one card stored for one address a day."),
    ] = 10,
    deck_bytes: Annotated[
        int, typer.Option(help="The largest deck a request may send, in bytes of JSON.")
    ] = 1_048_576,
    deck_cards: Annotated[
        int, typer.Option(help="The most cards (or countries and questions) a sent deck holds.")
    ] = 1000,
    daily_grace: Annotated[
        float,
        typer.Option(
            help="Seconds after a day has ended everywhere (24:00 at UTC-12) that its daily "
            "results are still taken."
        ),
    ] = 3600.0,
    daily_results_burst: Annotated[
        int,
        typer.Option(help="Daily results one client address may send at once, per game and day."),
    ] = 60,
    daily_results_refill: Annotated[
        float,
        typer.Option(help="Seconds until an address that sent them may send one more."),
    ] = 600.0,
    established_games: Annotated[
        int,
        typer.Option(
            help="Games against bots or established players a player key needs in a rating "
            "family before its rating is established and it is on the board."
        ),
    ] = 10,
    established_opponents: Annotated[
        int,
        typer.Option(
            help="Distinct opponents (each bot level one) among those games; 0 and 0: every "
            "key is established."
        ),
    ] = 3,
    header_timeout: Annotated[
        float,
        typer.Option(help="Seconds a request's line and headers may take to arrive."),
    ] = 10.0,
    body_timeout: Annotated[
        float,
        typer.Option(help="Seconds a request's body may take to arrive after its headers."),
    ] = 30.0,
    hello_timeout: Annotated[
        float,
        typer.Option(help="Seconds a websocket may stay open before it has a seat or watches."),
    ] = 10.0,
    max_connections: Annotated[
        int,
        typer.Option(help="Open connections the process holds at most (HTTP and websocket)."),
    ] = 4096,
    connections_per_address: Annotated[
        int,
        typer.Option(
            help="Open connections one client address may hold (the proxies of "
            "--forwarded-allow-ips are not counted)."
        ),
    ] = 512,
    max_tables: Annotated[
        int, typer.Option(help="Tables the process holds in memory at the most.")
    ] = 2000,
    send_buffer: Annotated[
        int,
        typer.Option(
            help="Bytes of a websocket's send buffer in the kernel (0: the kernel's own)."
        ),
    ] = 131_072,
    queue_limit: Annotated[
        int,
        typer.Option(help="Messages waiting for a player's connection before it is let go."),
    ] = 256,
    spectator_queue: Annotated[
        int,
        typer.Option(help="Messages waiting for a spectator's connection before it is let go."),
    ] = 64,
    spectators_per_table: Annotated[
        int, typer.Option(help="Spectators one table takes at once.")
    ] = 200,
    spectator_chat: Annotated[
        int,
        typer.Option(help="Lines of chat a table's spectators write together in 10 seconds."),
    ] = 10,
    compress: Annotated[
        bool | None,
        typer.Option(
            help="Offer permessage-deflate on websockets (less traffic, more CPU). "
            "Default: off on a loopback address, on otherwise.",
            show_default=False,
        ),
    ] = None,
    log_level: Annotated[
        str, typer.Option(help=f"How much the server logs: {', '.join(LOG_LEVELS)}.")
    ] = "info",
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes to start, on ports PORT to PORT+N-1, sharing the "
            "database and Redis (--redis-url); each table is played in one of them."
        ),
    ] = 1,
    address: Annotated[
        str | None,
        typer.Option(
            help="With --redis-url: the URL other server processes reach this one at "
            "(default http://HOST:PORT).",
            show_default=False,
        ),
    ] = None,
    slot: Annotated[
        int | None,
        typer.Option(help="With --redis-url: this process's place (from 0) in the proxy's list."),
    ] = None,
    slots: Annotated[
        int | None, typer.Option(help="With --redis-url: how many processes the proxy lists.")
    ] = None,
) -> None:
    """Run the geodeck server: tables, seats and games over HTTP and websockets.

    Every option is checked before the server starts: the port (1 to 65535) is free, the
    database (SQLite or PostgreSQL) and Redis answer, the deck files read. Stop it with
    Ctrl-C.
    """
    log_level = log_level.lower()
    if log_level not in LOG_LEVELS:
        fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
    if standin_level not in LEVELS:
        fail(f"--standin-level must be one of {', '.join(LEVELS)}, not {standin_level!r}")
    check_numbers(
        grace=grace, bot_delay=bot_delay, linger=linger, pause=pause, daily_grace=daily_grace
    )
    practice = PracticeLimits(
        answers_burst=answers_burst,
        answers_refill=answers_refill,
        key_answers_burst=key_answers_burst,
        key_answers_refill=key_answers_refill,
        card_answers_per_key=card_answers_per_key,
        card_answers_per_address=card_answers_per_address,
    )
    check_positive(
        miss_burst=miss_burst,
        miss_refill=miss_refill,
        creations_burst=creations_burst,
        creations_refill=creations_refill,
        **practice,
        deck_bytes=deck_bytes,
        deck_cards=deck_cards,
        daily_results_burst=daily_results_burst,
        daily_results_refill=daily_results_refill,
        header_timeout=header_timeout,
        body_timeout=body_timeout,
        hello_timeout=hello_timeout,
        max_connections=max_connections,
        connections_per_address=connections_per_address,
        max_tables=max_tables,
        queue_limit=queue_limit,
        spectator_queue=spectator_queue,
        spectators_per_table=spectators_per_table,
        spectator_chat=spectator_chat,
    )
    if send_buffer < 0:
        fail(f"--send-buffer is a number of bytes, 0 or more, not {send_buffer}")
    for option, value in (("games", established_games), ("opponents", established_opponents)):
        if value < 0:
            fail(f"--established-{option} must be 0 or more, not {value}")
    from geodeck.server.protocol import PAUSE_LIMIT

    if pause > PAUSE_LIMIT:
        fail(f"--pause must be at most {PAUSE_LIMIT} seconds, not {pause:g}")
    decks = load_decks(deck or [])
    check_processes(workers, redis_url, slot, slots)
    if workers > 1:
        check_database(database_url)
        check_redis(redis_url)
        for i in range(workers):
            check_listen(host, port + i)
        import sys

        from geodeck.cli.workers import run_workers, worker_commands

        code = run_workers(worker_commands(sys.argv[2:], host, port, workers))
        if code:
            raise typer.Exit(code)
        return
    check_listen(host, port)
    check_database(database_url)
    check_redis(redis_url)

    import uvicorn

    from geodeck.server.app import create_app
    from geodeck.server.guarded_http import Deadlines
    from geodeck.server.listening import uvicorn_config
    from geodeck.server.settings import Settings

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    settings = Settings(
        database_url=database_url,
        schema=schema,
        redis_url=redis_url,
        decks=decks,
        grace=grace,
        bot_delay=bot_delay,
        pause=pause,
        standin_level=standin_level,
        linger=linger,
        miss_burst=miss_burst,
        miss_refill=miss_refill,
        creations_burst=creations_burst,
        creations_refill=creations_refill,
        **practice,
        deck_bytes=deck_bytes,
        deck_cards=deck_cards,
        daily_grace=daily_grace,
        daily_results_burst=daily_results_burst,
        daily_results_refill=daily_results_refill,
        established_games=established_games,
        established_opponents=established_opponents,
        header_timeout=header_timeout,
        body_timeout=body_timeout,
        hello_timeout=hello_timeout,
        max_connections=max_connections,
        connections_per_address=connections_per_address,
        max_tables=max_tables,
        send_buffer=send_buffer,
        queue_limit=queue_limit,
        spectator_queue=spectator_queue,
        spectators_per_table=spectators_per_table,
        spectator_chat=spectator_chat,
        address=address or f"http://{'[' + host + ']' if ':' in host else host}:{port}",
        slot=slot,
        slots=slots,
    )
    app = create_app(settings)
    tune_gc()
    config = uvicorn_config(
        app,
        host=host,
        port=port,
        deadlines=Deadlines.of(settings),
        forwarded_allow_ips=forwarded_allow_ips,
        compress=compress,
        log_level=log_level,
    )
    server = uvicorn.Server(config)
    server.run()  # Ctrl-C: the server shuts down, then KeyboardInterrupt ends the command
    if not server.started:
        fail("the server did not start (the log above says why)", FAILED)
