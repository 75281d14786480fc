"""The geodeck server: tables, seats and games over HTTP and websockets (docs/protocol.md).

``create_app`` is imported when it is first asked for, so that the command line's other
commands (``geodeck admin``, which reads the server's options) start without the web
stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from geodeck.server.settings import Settings

if TYPE_CHECKING:
    from geodeck.server.app import create_app

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from geodeck.server.app import create_app

        return create_app
    raise AttributeError(f"module 'geodeck.server' has no attribute {name!r}")
