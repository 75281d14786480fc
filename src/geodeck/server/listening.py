"""How the server listens: the uvicorn configuration ``geodeck serve`` runs the app with
(the tests' servers use the same).

Client addresses: the address a client's limits are counted under is the one its
connection comes from. Only with ``forwarded_allow_ips`` does uvicorn take the client's
address from the ``X-Forwarded-For`` header, and then only on connections from those
addresses (the reverse proxies): nobody is trusted unless named, so a client on the same
machine cannot claim to be someone else.
"""

from __future__ import annotations

import ipaddress
from typing import Any

import uvicorn
from starlette.types import ASGIApp
from uvicorn.config import LOGGING_CONFIG

from geodeck.server.guarded_http import Deadlines, Guard, Guarded
from geodeck.server.relay import quiet_utf8_tracebacks

WS_MAX_SIZE = 64 * 1024
"""Frames up to this size reach the server's own check (a client message is 4 KiB at
most) and get an error reply; larger ones close the connection (1009)."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine's loopback interface only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class Config(uvicorn.Config):
    """uvicorn's configuration with the limits ``Guarded`` holds connections to."""

    def __init__(self, app: ASGIApp, deadlines: Deadlines, **options: Any) -> None:
        super().__init__(app, **options)
        self.guard = Guard(deadlines, options.get("forwarded_allow_ips"))
        quiet_utf8_tracebacks()


def uvicorn_config(
    app: ASGIApp,
    *,
    host: str,
    port: int,
    deadlines: Deadlines | None = None,
    forwarded_allow_ips: str | None = None,
    compress: bool | None = None,
    log_level: str = "info",
    log_config: dict[str, object] | None = LOGGING_CONFIG,
) -> Config:
    """uvicorn's configuration for serving ``app`` on ``host:port``.

    ``deadlines``: the header and body timeouts and the caps on connections (default:
    ``Deadlines()``). ``forwarded_allow_ips``: the reverse proxies (comma-separated
    addresses or networks, or ``*``) whose ``X-Forwarded-For`` gives the client's
    address; ``None`` trusts no one. ``compress``: offer permessage-deflate (default:
    not on a loopback address).
    """
    return Config(
        app,
        deadlines or Deadlines(),
        host=host,
        port=port,
        loop="auto",
        http=Guarded,
        ws="websockets-sansio",
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=not is_loopback(host) if compress is None else compress,
        log_level=log_level,
        log_config=log_config,
        lifespan="on",
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
    )
