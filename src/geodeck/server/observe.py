"""Where the server tells what it does, for its metrics: ``HOOKS``, which does nothing
until ``--metrics`` puts ``metrics.py``'s in its place (so that without it nothing is
counted, and ``prometheus_client`` is not even imported)."""

from __future__ import annotations

from collections.abc import Sized


class Hooks:
    """What is observed; each does nothing here."""

    def refused(self, code: str) -> None:
        """A refusal with error ``code`` was sent (HTTP or websocket)."""

    def limit(self, name: str) -> None:
        """A limit closed a connection without a refusal (``queue_limit``)."""

    def action(self, seconds: float) -> None:
        """An action was applied, stored and queued to every connection, in ``seconds``."""

    def commit(self, seconds: float) -> None:
        """A batch of actions was committed to storage in ``seconds``."""

    def renewal(self, seconds: float) -> None:
        """The process's leases in Redis were renewed in ``seconds``."""

    def connections(self, open_connections: Sized) -> None:
        """uvicorn's set of the process's open connections."""

    def websocket(self, change: int) -> None:
        """A websocket opened (1) or closed (-1)."""


HOOKS = Hooks()
