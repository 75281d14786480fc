"""``geodeck serve``: run the game server (docs/protocol.md)."""

from __future__ import annotations

import gc
import ipaddress
import json
import logging
from pathlib import Path
from typing import Annotated, Any

import typer

WS_MAX_SIZE = 64 * 1024
"""Frames up to this size reach the server's own check (4 KB) and get an error reply;
larger ones close the connection."""

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


def load_decks(specs: list[str]) -> dict[str, Any]:
    """``FILE`` (every game) or ``GAME=FILE`` (one game) to decks by game (``*`` for all)."""
    from geodeck.server.rooms import deck_mapping

    decks: dict[str, Any] = {}
    for spec in specs:
        game, sep, name = spec.partition("=")
        if not sep or Path(spec).exists():
            game, name = "*", spec
        path = Path(name)
        try:
            data = json.loads(path.read_text("utf-8"))
        except OSError as err:
            raise typer.BadParameter(f"cannot read {path}: {err.strerror or err}") from None
        except ValueError as err:
            raise typer.BadParameter(f"{path} is not JSON: {err}") from None
        decks[game] = deck_mapping(data)
    return decks


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine's loopback interface only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="sqlite:///FILE or postgresql://USER@HOST/DB; default: SQLite in the "
            "user's data directory."
        ),
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
    standin_level: Annotated[
        str, typer.Option(help="Level of the bot that stands in for a disconnected player.")
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
            help="Addresses of reverse proxies whose X-Forwarded-For header gives the "
            "client's address (comma-separated, or *). Default: $FORWARDED_ALLOW_IPS, else "
            "127.0.0.1,::1 (a proxy on this machine).",
            show_default=False,
        ),
    ] = None,
    compress: Annotated[
        bool | None,
        typer.Option(
            help="Offer permessage-deflate on websockets (less traffic, more CPU). "
            "Default: off on a loopback address, on otherwise.",
            show_default=False,
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
) -> None:
    """Run the geodeck server: tables, seats and games over HTTP and websockets."""
    import uvicorn

    from geodeck.server.app import create_app
    from geodeck.server.rooms import Settings
    from geodeck.server.websocket import WebSocketProtocol

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    settings = Settings(
        database_url=database_url,
        redis_url=redis_url,
        decks=load_decks(deck or []),
        grace=grace,
        bot_delay=bot_delay,
        standin_level=standin_level,
        linger=linger,
    )
    app = create_app(settings)
    tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        loop="auto",
        http="auto",
        ws=WebSocketProtocol,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=not is_loopback(host) if compress is None else compress,
        log_level=log_level,
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips,
    )
