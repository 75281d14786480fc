"""The geodeck server: tables, seats and games over HTTP and websockets (docs/protocol.md)."""

from geodeck.server.app import create_app
from geodeck.server.settings import Settings

__all__ = ["Settings", "create_app"]
