"""How many wrong join codes and seat tokens a client address may try.

A join code is enough to watch a table, take its free seats and, once it has ended, fetch
its record; codes are too many to find a table by guessing (docs/protocol.md, Wrong codes
and tokens works it out), and this limit makes a client that tries wrong ones back off.
Every *miss* (a code that names no table or class, a token that fits no seat or pupil)
takes one token from the address's bucket; a bucket holds ``burst`` tokens and gains one
back every ``refill`` seconds. While an address's bucket is empty, its misses are refused
with ``limit/too_many_misses`` and the seconds until it may try again (and are not
counted again). A right code or token is always served, from any address, and costs
nothing: so no one at a shared address (a school, a household) is locked out by another
who mistypes or floods wrong codes.

Addresses are grouped as a client controls them: an IPv4 address alone, an IPv6 address
by its /64 network (one host is usually given a whole /64). At most ``capacity`` addresses
are kept; the one that missed longest ago is dropped first, and so is any whose bucket has
filled up again (it is then the same as one never seen).
"""

from __future__ import annotations

import contextlib
import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import Depends, Request

from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import Refusal

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

TOO_MANY_MISSES = ErrorCode.LIMIT_TOO_MANY_MISSES
MISSES = frozenset(
    {
        ErrorCode.TABLE_NOT_FOUND,
        ErrorCode.AUTH_BAD_TOKEN,
        ErrorCode.CLASS_NOT_FOUND,
        ErrorCode.CLASS_BAD_TOKEN,
    }
)
"""The refusals that count as a miss."""


class Limited(Refusal):
    """Refused because the address missed too often (or, with ``code``, sent too many
    requests of a kind); it may try again in ``retry_after`` seconds (a whole number, at
    least 1)."""

    def __init__(
        self,
        retry_after: float,
        code: ErrorCode = TOO_MANY_MISSES,
        message: str | None = None,
        source: str = "this address",
    ) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        what = {
            TOO_MANY_MISSES: "wrong table codes or seat tokens",
            ErrorCode.LIMIT_TOO_MANY_TABLES: "tables and classes made",
            ErrorCode.LIMIT_TOO_MANY_RESULTS: "daily results of this game and day",
            ErrorCode.LIMIT_TOO_MANY_ANSWERS: "practice answers",
        }.get(code, "requests")
        said = message or f"too many {what} from {source}"
        super().__init__(code, f"{said}; try again in {self.retry_after} s")


def client_address(connection: HTTPConnection) -> str:
    """The key a client's misses are counted under: its address as the ASGI server gives
    it (behind a reverse proxy, uvicorn must be told to trust its X-Forwarded-For)."""
    client = connection.client
    return address_key(client.host if client is not None else None)


def address_key(host: str | None) -> str:
    """The key an address's misses are counted under: an IPv4 address (also when written
    as an IPv4-mapped IPv6 address), the /64 network of an IPv6 address, or the host as
    given when it is not an IP address."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float
    """When ``tokens`` was worked out."""


class MissLimiter:
    """A token bucket of misses per client address."""

    def __init__(
        self,
        burst: int,
        refill: float,
        *,
        capacity: int = 20_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if burst < 1 or refill <= 0 or capacity < 1:
            raise ValueError("a miss limit needs burst >= 1, refill > 0 and capacity >= 1")
        self.burst = burst
        self.refill = refill
        self.capacity = capacity
        self.clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        """By key, the address that missed longest ago first."""

    def __len__(self) -> int:
        return len(self._buckets)

    def _tokens(self, bucket: _Bucket, now: float) -> float:
        return min(float(self.burst), bucket.tokens + (now - bucket.stamp) / self.refill)

    def retry_after(self, key: str, cost: int = 1) -> float | None:
        """Seconds until ``key`` may try again (spend ``cost``, at most ``burst``), or
        ``None`` if it may now."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return None
        need = float(min(cost, self.burst))
        tokens = self._tokens(bucket, self.clock())
        if tokens >= need:
            return None
        return (need - tokens) * self.refill

    def check(
        self,
        key: str,
        code: ErrorCode = TOO_MANY_MISSES,
        *,
        cost: int = 1,
        source: str = "this address",
    ) -> None:
        """Raise ``Limited`` (with ``code``, naming ``source``) if ``key`` may not spend
        ``cost`` now."""
        wait = self.retry_after(key, cost)
        if wait is not None:
            raise Limited(wait, code, source=source)

    def miss(self, key: str, cost: int = 1) -> None:
        """Count one miss of ``key`` (or ``cost`` of them, as many requests at once)."""
        now = self.clock()
        bucket = self._buckets.pop(key, None)
        if bucket is None:
            bucket = _Bucket(float(self.burst), now)
        bucket.tokens = self._tokens(bucket, now) - float(cost)
        bucket.stamp = now
        self._buckets[key] = bucket
        self._drop_old(now)

    def _drop_old(self, now: float) -> None:
        buckets = self._buckets
        while len(buckets) > self.capacity:
            buckets.popitem(last=False)
        while buckets:
            oldest = next(iter(buckets.values()))
            if self._tokens(oldest, now) < self.burst:
                break
            buckets.popitem(last=False)

    @contextlib.contextmanager
    def guard(self, key: str) -> Iterator[None]:
        """Do the work inside, and count a miss if it raises a ``Refusal`` that is one
        (``MISSES``); if ``key`` was out of misses already, that refusal becomes
        ``limit/too_many_misses`` (and is not counted). A right code or token, and any
        other refusal, is never changed."""
        try:
            yield
        except Refusal as refusal:
            if refusal.code not in MISSES:
                raise
            wait = self.retry_after(key)
            if wait is not None:
                raise Limited(wait) from None
            self.miss(key)
            raise


def guarded(limiter: MissLimiter) -> Any:
    """A route's dependency (``dependencies=[...]``) that runs the route inside
    ``limiter.guard`` for the client's address: the same refusals as the ``with`` block,
    settled before the response is sent."""

    async def guard(request: Request) -> AsyncIterator[None]:
        with limiter.guard(client_address(request)):
            yield

    return Depends(guard, scope="function")
