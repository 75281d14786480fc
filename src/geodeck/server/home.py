"""Each table's home: the one server process that holds it and applies its actions.

With several processes (``--redis-url``) each process registers itself in Redis under
``geodeck:NS:proc:ID`` (its address and slot; ``NS`` names the storage they share) with
a lease that it renews three times per lease. A table's home is recorded under
``geodeck:NS:home:CODE`` (the process's ID) with the same lease, renewed in one round
trip for all the tables the process holds. Only the home loads a table and applies its
actions, so an action takes no lock, no catch-up query and no message to other
processes; the others forward its requests there (``forward.py``).

Which process becomes a table's home, when none holds it: the process in the slot that
the reverse proxy's hash picks for the code (``slot_of``, what nginx's ``hash $code;``
picks among ``--slots`` servers), when that process is alive; else the live process that
rendezvous hashing picks. A process that dies (even by ``kill -9``) stops renewing: its
registration and its tables' records expire after one lease, and the next request for
one of its tables makes another process its home, which restores it from storage.
Storage's version check stays the last guard: an action stored by an old home that had
not yet noticed it lost a table is refused to the new one as stale, and the reverse.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import orjson

from geodeck.server import observe

log = logging.getLogger("geodeck.server")

LEASE = 3.0
"""Seconds a process's registration and its tables' records live unless renewed."""


def namespace(storage: str) -> str:
    """The prefix of the Redis keys of the processes that share one storage (its URL and
    schema): processes of other deployments on the same Redis are none of their business."""
    return "geodeck:" + hashlib.blake2b(storage.encode(), digest_size=6).hexdigest() + ":"


OnLost = Callable[[str], Awaitable[None]]
"""Called with a table's code when this process found it is no longer the table's home."""

_CLAIM = """
local now = redis.call('GET', KEYS[1])
if (not now) or now == ARGV[3] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
return now
"""
"""Make ``ARGV[1]`` the home unless a process other than the dead ``ARGV[3]`` is."""

_RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost
"""
"""Renew the records that still name ``ARGV[1]``; the 1-based positions of the others."""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


def slot_of(code: str, slots: int) -> int:
    """The server nginx's ``hash $code;`` (not ``consistent``) sends ``code`` to, among
    ``slots`` servers of weight 1, counted from 0 in the order of its ``upstream`` block:
    ``((crc32(code) >> 16) & 0x7fff) % slots``."""
    return ((zlib.crc32(code.encode()) >> 16) & 0x7FFF) % slots


def rendezvous(code: str, ids: list[str]) -> str:
    """The process among ``ids`` whose hash with ``code`` is highest."""
    return max(ids, key=lambda i: hashlib.blake2b(f"{code}:{i}".encode(), digest_size=8).digest())


@dataclass(frozen=True)
class Process:
    id: str
    address: str
    """The base URL other processes reach it at, ``http://HOST:PORT``."""
    slot: int | None = None


class Moving(Exception):
    """The table's home is changing hands: the request should be tried again shortly."""


class Homes:
    """This process's registration and the homes of the tables it holds."""

    shared = True

    def __init__(
        self,
        url: str,
        *,
        address: str,
        slot: int | None = None,
        slots: int | None = None,
        lease: float = LEASE,
        space: str = "geodeck:",
    ) -> None:
        from redis.asyncio import Redis

        self.proc = space + "proc:"
        self.home = space + "home:"
        self.key_name = space + "forward-key"
        self.key = ""
        """The key the processes' forwarded requests carry (``forward.py``), shared
        through Redis; until it is read, nothing forwarded is believed."""
        self.redis: Redis = Redis.from_url(url)
        self.me = Process(secrets.token_hex(8), address, slot)
        self.slots = slots
        self.lease = lease
        self.live: dict[str, Process] = {}
        self.held: set[str] = set()
        """The codes of the tables this process is the home of."""
        self._on_lost: OnLost | None = None
        self._renewer: asyncio.Task[None] | None = None
        self._claim = self.redis.register_script(_CLAIM)
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)

    @property
    def _ms(self) -> int:
        return int(self.lease * 1000)

    async def start(self, on_lost: OnLost) -> None:
        self._on_lost = on_lost
        await self._register()
        await self._refresh()
        await self._share_key()
        self._renewer = asyncio.create_task(self._renew_every())

    async def _share_key(self) -> None:
        """Read the processes' forwarding key from Redis, made by the first process that
        looked (again if Redis lost it)."""
        await self.redis.set(self.key_name, secrets.token_hex(16), nx=True)
        value = await self.redis.get(self.key_name)
        if value is not None:
            self.key = value.decode() if isinstance(value, bytes) else str(value)

    async def _register(self) -> None:
        me = self.me
        data = orjson.dumps({"address": me.address, "slot": me.slot})
        await self.redis.set(self.proc + me.id, data, px=self._ms)

    async def _refresh(self) -> None:
        """The live processes, as their registrations in Redis say."""
        keys = [key async for key in self.redis.scan_iter(match=self.proc + "*", count=1000)]
        values = await self.redis.mget(keys) if keys else []
        live: dict[str, Process] = {}
        for key, value in zip(keys, values, strict=True):
            if value is None:
                continue
            ident = (key.decode() if isinstance(key, bytes) else str(key))[len(self.proc) :]
            data = orjson.loads(value)
            live[ident] = Process(ident, str(data["address"]), data.get("slot"))
        live[self.me.id] = self.me
        self.live = live

    async def _renew_every(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                started = time.perf_counter()
                await self._register()
                await self._keep()
                await self._refresh()
                await self._share_key()
                observe.HOOKS.renewal(time.perf_counter() - started)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("renewing this process's lease in Redis failed")

    async def _keep(self) -> None:
        codes = sorted(self.held)
        if not codes:
            return
        lost: list[int] = await self._renew(
            keys=[self.home + c for c in codes], args=[self.me.id, self._ms]
        )
        for position in lost:
            code = codes[int(position) - 1]
            self.held.discard(code)
            log.warning(
                "table %s is no longer homed here (another home, or deleted); letting it go", code
            )
            if self._on_lost is not None:
                await self._on_lost(code)

    def preferred(self, code: str) -> Process:
        """The process that should become the table's home now, if none holds it."""
        if self.slots:
            slot = slot_of(code, self.slots)
            for process in self.live.values():
                if process.slot == slot:
                    return process
        return self.live[rendezvous(code, sorted(self.live))]

    def prefers(self, code: str) -> bool:
        """Whether a new table with this code would have its home here."""
        return self.preferred(code).id == self.me.id

    async def claim(self, code: str, dead: str = "") -> bool:
        """Make this process the table's home unless a live one is (``dead``: the process
        the record names, found gone). Whether it is now."""
        owner = await self._claim(keys=[self.home + code], args=[self.me.id, self._ms, dead])
        owner = owner.decode() if isinstance(owner, bytes) else str(owner)
        if owner == self.me.id:
            self.held.add(code)
            return True
        return False

    async def route(self, code: str) -> Process | None:
        """Where requests for the table go: ``None`` for here (this process is its home
        now), else the process that is or will be. ``Moving`` while its home is unknown."""
        if code in self.held:
            return None
        raw = await self.redis.get(self.home + code)
        owner = None if raw is None else raw.decode() if isinstance(raw, bytes) else str(raw)
        if owner == self.me.id:
            self.held.add(code)
            return None
        if owner is not None and owner in self.live:
            return self.live[owner]
        await self._refresh()  # a table without a live home is rare: look again first
        if owner is not None and owner in self.live:
            return self.live[owner]
        candidate = self.preferred(code)
        if candidate.id != self.me.id:
            return candidate
        if await self.claim(code, dead=owner or ""):
            return None
        await self._refresh()
        raw = await self.redis.get(self.home + code)
        owner = None if raw is None else raw.decode() if isinstance(raw, bytes) else str(raw)
        if owner is not None and owner in self.live and owner != self.me.id:
            return self.live[owner]
        raise Moving(code)

    async def released(self, code: str) -> None:
        """This process let go of the table: whoever is asked for it next may be its home."""
        if code in self.held:
            self.held.discard(code)
            await self._release(keys=[self.home + code], args=[self.me.id])

    async def dropped(self, code: str) -> None:
        """The table was deleted here: its record goes, so that its home finds at its next
        renewal that it is no longer the home, closes the table's websockets and drops it
        (a class ended at another process than its tables' homes)."""
        self.held.discard(code)
        await self.redis.delete(self.home + code)

    async def presence(self, code: str, seat: int, delta: int) -> int | None:
        """Every connection to a table ends at its home (others forward theirs), so this
        process's own count is the whole truth, and it dies with the process."""
        return None

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        try:
            for code in list(self.held):
                await self.released(code)
            await self.redis.delete(self.proc + self.me.id)
        except Exception:
            log.warning("this process's tables were not let go of in Redis", exc_info=True)
        await self.redis.aclose()
