"""What a server process tells Prometheus (``--metrics``; docs/hosting.md, Metrics).

The metrics are ``prometheus_client``'s, in a registry of this process: each process of
several is scraped on its own. Counters and histograms are moved where things happen (an
action stored and sent, a refusal, a commit, a Redis renewal); gauges are read when
Prometheus scrapes, from the lobbies of the process (tables and connections in memory)
and from storage (tables stored, at most once every ``STORED_EVERY`` seconds).
"""

from __future__ import annotations

import ipaddress
import time
import weakref
from collections.abc import Iterator, MutableSet, Sized
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    GC_COLLECTOR,
    PLATFORM_COLLECTOR,
    PROCESS_COLLECTOR,
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily, InfoMetricFamily, Metric
from prometheus_client.registry import Collector

from geodeck import __version__
from geodeck.server import observe
from geodeck.server.errors import LIMIT_CODES

if TYPE_CHECKING:
    from geodeck.server.lobby import Lobby

REGISTRY = CollectorRegistry(auto_describe=True)
for _collector in (PROCESS_COLLECTOR, PLATFORM_COLLECTOR, GC_COLLECTOR):
    REGISTRY.register(_collector)

LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

ACTIONS = Counter(
    "geodeck_actions", "Actions applied, stored and sent (players', bots' and the clock's).",
    registry=REGISTRY,
)  # fmt: skip
ACTION_SECONDS = Histogram(
    "geodeck_action_seconds",
    "From an action taken up to its states queued for every connection, storage included.",
    buckets=LATENCY,
    registry=REGISTRY,
)
REFUSALS = Counter(
    "geodeck_refusals", "Refusals sent, by error code (docs/protocol.md).", ["code"],
    registry=REGISTRY,
)  # fmt: skip
LIMIT_HITS = Counter(
    "geodeck_limit_hits", "Refusals and closings by a limit (docs/protocol.md, Limits).", ["limit"],
    registry=REGISTRY,
)  # fmt: skip
STORAGE_SECONDS = Histogram(
    "geodeck_storage_commit_seconds",
    "One commit of a batch of actions (of any tables) to storage.",
    buckets=LATENCY,
    registry=REGISTRY,
)
REDIS_SECONDS = Histogram(
    "geodeck_redis_renewal_seconds",
    "One renewal of this process's leases in Redis (four round trips).",
    buckets=LATENCY,
    registry=REGISTRY,
)


STORED_EVERY = 10.0

lobbies: MutableSet[Lobby] = weakref.WeakSet()
"""The lobbies of this process (one, but in tests)."""


class PrometheusHooks(observe.Hooks):
    def __init__(self) -> None:
        self.open_connections: Sized = ()
        self.websockets = 0

    def refused(self, code: str) -> None:
        REFUSALS.labels(code).inc()
        if code.startswith("limit/") or code in LIMIT_CODES:
            LIMIT_HITS.labels(code).inc()

    def limit(self, name: str) -> None:
        LIMIT_HITS.labels(name).inc()

    def action(self, seconds: float) -> None:
        ACTIONS.inc()
        ACTION_SECONDS.observe(seconds)

    def commit(self, seconds: float) -> None:
        STORAGE_SECONDS.observe(seconds)

    def renewal(self, seconds: float) -> None:
        REDIS_SECONDS.observe(seconds)

    def connections(self, open_connections: Sized) -> None:
        self.open_connections = open_connections

    def websocket(self, change: int) -> None:
        self.websockets += change


HOOKS = PrometheusHooks()


def install(lobby: Lobby) -> None:
    """Count what ``lobby``'s process does from now on."""
    lobbies.add(lobby)
    observe.HOOKS = HOOKS
    disable_created_metrics()  # type: ignore[no-untyped-call]  # no *_created series


class _Memory(Collector):
    """Tables and connections in memory, tables stored: read when scraped."""

    def __init__(self) -> None:
        self._stored: dict[str, int] = {}
        self._stored_at = -STORED_EVERY

    def describe(self) -> Iterator[Metric]:
        return iter(())  # read nothing when registered

    def collect(self) -> Iterator[Metric]:
        info = InfoMetricFamily("geodeck", "This geodeck process.")
        slots = {str(lobby.settings.slot) for lobby in lobbies if lobby.settings.slot is not None}
        info.add_metric([], {"version": __version__, "slot": ",".join(sorted(slots))})
        yield info
        tables = GaugeMetricFamily("geodeck_tables_in_memory", "Tables this process holds.")
        tables.add_metric([], sum(len(lobby.rooms) for lobby in lobbies))
        yield tables
        kinds = {"player": 0, "spectator": 0}
        for lobby in lobbies:
            for room in list(lobby.rooms.values()):
                for client in room.clients:
                    if client.joined:
                        kinds["player" if client.seat is not None else "spectator"] += 1
        kinds["before_hello"] = max(0, HOOKS.websockets - sum(kinds.values()))
        kinds["http"] = max(0, len(HOOKS.open_connections) - HOOKS.websockets)
        open_ = GaugeMetricFamily(
            "geodeck_connections",
            "Open connections: websockets by kind, and HTTP (keep-alive) connections.",
            labels=["kind"],
        )
        for kind, count in kinds.items():
            open_.add_metric([kind], count)
        yield open_
        stored = GaugeMetricFamily(
            "geodeck_tables_stored", "Tables in storage, by status.", labels=["status"]
        )
        for status, count in self._stored_counts().items():
            stored.add_metric([status], count)
        yield stored

    def _stored_counts(self) -> dict[str, int]:
        now = time.monotonic()
        if now - self._stored_at >= STORED_EVERY:
            from geodeck.server.storage.admin import tables_by_status

            found: dict[str, int] = {}
            for lobby in list(lobbies)[:1]:
                found = tables_by_status(lobby.storage)
            self._stored, self._stored_at = found, now
        return self._stored


REGISTRY.register(_Memory())


def _from_this_machine(request: Request) -> bool:
    """A client on a loopback address that no proxy forwarded."""
    if "x-forwarded-for" in request.headers or request.client is None:
        return False
    try:
        return ipaddress.ip_address(request.client.host).is_loopback
    except ValueError:
        return False


def register(app: FastAPI, lobby: Lobby) -> None:
    """Count what the process does, and serve the metrics: at ``/metrics`` of ``app`` to
    this machine only, or at ``--metrics-address`` (started and stopped with ``lobby``)."""
    install(lobby)
    address = lobby.settings.metrics_address
    if address is None:

        @app.get("/metrics", include_in_schema=False)
        async def scrape(request: Request) -> Response:
            if not _from_this_machine(request):
                return Response("Not Found", status_code=404, media_type="text/plain")
            body = await lobby.run(generate_latest, REGISTRY)
            return Response(body, media_type=CONTENT_TYPE_LATEST)

        return
    host, _, port = address.rpartition(":")
    lobby.on_start.append(lambda: _serve_apart(lobby, host.strip("[]"), int(port)))


async def _serve_apart(lobby: Lobby, host: str, port: int) -> None:
    server, thread = start_http_server(port, host, registry=REGISTRY)

    async def stop() -> None:
        server.shutdown()
        server.server_close()
        thread.join(5)

    lobby.on_close.append(stop)
