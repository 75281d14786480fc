"""Every table this process holds: the ways to create, find, restore and release them.

The ``Lobby`` holds a room only while something uses it (an open websocket, an HTTP
request) and releases it a linger after its last use (docs/protocol.md, Memory); storage
holds it all, so a released table is restored, replayed from its record, when it is asked
for again. It also stores each action (``append``), in shared commits where it can.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import TypeVar

from geodeck.core.game import Game
from geodeck.server import bots as botplay
from geodeck.server import changed, creation, gathering, players, retention
from geodeck.server.bodies import CreateTable, JoinTable
from geodeck.server.cards import Played
from geodeck.server.errors import ErrorCode
from geodeck.server.fanout import Fanout, LocalFanout
from geodeck.server.limits import Limited, MissLimiter
from geodeck.server.protocol import FINISHED, Created, Joined, Refusal
from geodeck.server.ratings_api import Rater
from geodeck.server.room import Room
from geodeck.server.seats import SeatState
from geodeck.server.settings import Settings
from geodeck.server.storage import Append, Conflict, SeatRow, Storage, StoredTable
from geodeck.server.storage.schema import Openness, seat_names
from geodeck.server.tokens import could_be_code, new_code, new_token, normal_code, token_hash
from geodeck.server.writer import Writer

log = logging.getLogger("geodeck.server")

T = TypeVar("T")

BUSY_RETRY = 5
"""Seconds a client refused for want of room in memory is asked to wait."""


class Lobby:
    """Every table this process holds, and the ways to make, find and restore them."""

    def __init__(self, settings: Settings, storage: Storage, fanout: Fanout | None = None) -> None:
        self.settings = settings
        self.storage = storage
        self.fanout: Fanout = fanout or LocalFanout()
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self._writer: Writer | None = None
        self.on_start: list[Callable[[], Awaitable[None]]] = []
        self.on_close: list[Callable[[], Awaitable[None]]] = []
        """Work of other parts done when the lobby starts and closes (``metrics.py``)."""
        self.closing: set[asyncio.Task[None]] = set()
        """Tables being let go of because storage no longer holds them (``changed.py``)."""
        self._tasks: list[asyncio.Task[None]] = []
        """What the lobby does in the background: releasing idle tables, purging old ones."""
        self.rater = Rater(self)
        self.creations = MissLimiter(
            settings.creations_burst, settings.creations_refill, capacity=settings.miss_addresses
        )
        """Tables and classes made, per client address (``Settings.creations_burst``)."""
        """Rates each finished table once (docs/ratings.md)."""

    async def run(self, work: Callable[..., T], *args: object, **kwargs: object) -> T:
        """Blocking work (storage, replays) off the event loop."""
        return await asyncio.to_thread(work, *args, **kwargs)

    async def append(
        self,
        code: str,
        index: int,
        action: Mapping[str, object],
        *,
        status: str,
        outcome: Mapping[str, object] | None,
        played: Played | None = None,
        changes: int = 0,
    ) -> None:
        """Store one action; returns once it is committed. On SQLite and PostgreSQL the
        actions of all tables share commits (``Writer``); else each goes in a worker
        thread. ``Conflict`` if the table is no longer at ``index`` and ``changes``."""
        storage = self.storage
        if storage.quick_appends:
            if self._writer is None:
                self._writer = Writer(storage.append_actions)
            await self._writer.append(Append(code, index, action, status, outcome, changes))
        else:
            await self.run(
                storage.append_action,
                code, index, action, status=status, outcome=outcome, changes=changes,
            )  # fmt: skip
        if status == FINISHED:
            self.rater.finished(code, played)

    async def start(self) -> None:
        botplay.check_level(self.settings.standin_level)
        await self.run(self.storage.create_schema)
        await self.fanout.start(self._lost)
        for work in self.on_start:
            await work()
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._sweep_every()))
        if self.settings.retention_days > 0:
            self._tasks.append(loop.create_task(retention.purge_every(self)))

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        for work in self.on_close:
            await work()
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
        await self.fanout.close()
        await self.rater.close()
        if self._writer is not None:
            await self._writer.close()
            self._writer = None
        await self.run(self.storage.close)

    # -- memory: a table is held while it is used, restored when it is asked for ----------

    async def hold(self, code: str) -> Room:
        """The table with that code (as ``room``), held in memory until ``let_go``. A
        table this process held already is checked against storage first (``noticed``):
        ``Refusal`` if ``geodeck admin`` deleted it meanwhile (``changed.py``)."""
        while True:
            held = self.rooms.get(normal_code(code))
            room = await self.room(code)
            room.holders += 1  # from here on no sweep lets it go while storage is asked
            try:
                if room is held and await changed.differs(self, room):
                    async with room.lock:  # only then: a table in use is held at once
                        await changed.noticed(self, room)
            except BaseException:
                self.let_go(room)
                raise
            if self.rooms.get(room.code) is room:
                return room
            self.let_go(room)  # let go of before it was held: ask for it again

    def let_go(self, room: Room) -> None:
        room.holders -= 1
        room.used = time.monotonic()

    @contextlib.asynccontextmanager
    async def using(self, code: str) -> AsyncIterator[Room]:
        """``hold`` the table with that code for the work inside, then ``let_go``."""
        room = await self.hold(code)
        try:
            yield room
        finally:
            self.let_go(room)

    async def sweep(self) -> int:
        """Release every table nothing has used for its linger (``Settings.linger_for``);
        return how many were released."""
        now = time.monotonic()
        linger = self.settings.linger_for
        released = 0
        for room in [r for r in self.rooms.values() if r.idle(linger(r.status), now)]:
            released += await self.release(room)
        return released

    async def release(self, room: Room, linger: float | None = None) -> bool:
        """Let go of a table that is idle (``Room.idle``, for ``linger`` seconds: by default
        ``Settings.linger_for`` its status), checked again under its lock: no action is
        half done then, and each one was stored before anyone heard of it, so storage
        holds all of it. Its bots, clock and grace periods stop; whoever asks for the
        table next gets it restored from storage. Whether it was released."""
        linger = self.settings.linger_for(room.status) if linger is None else linger
        async with room.lock:
            if self.rooms.get(room.code) is not room:
                return False
            if not room.idle(linger, time.monotonic()):
                return False
            del self.rooms[room.code]
            await room.close()
        await self.fanout.released(room.code)
        return True

    async def make_room(self) -> None:
        """Room in memory for one more table (``Settings.max_tables``): while the process
        holds that many, the tables nobody uses are released, the longest unused first,
        even before their linger is over; ``server/busy`` if every table is in use."""
        most = self.settings.max_tables
        if len(self.rooms) < most:
            return
        now = time.monotonic()
        unused = sorted((r for r in self.rooms.values() if r.idle(0.0, now)), key=lambda r: r.used)
        for room in unused:
            await self.release(room, linger=0.0)
            if len(self.rooms) < most:
                return
        if len(self.rooms) >= most:
            said = f"this server holds {most} tables in play, as many as it may"
            raise Limited(BUSY_RETRY, ErrorCode.SERVER_BUSY, said)

    async def _sweep_every(self) -> None:
        every = min(max(self.settings.linger_for(FINISHED) / 2, 0.05), 10.0)
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("releasing idle tables failed")

    async def _lost(self, code: str) -> None:
        """Another process became the table's home (this one missed renewing its lease):
        its clients are closed (1012) and reconnect, through the proxy, to the new home."""
        room = self.rooms.pop(code, None)
        if room is not None:
            await room.close()

    async def room(self, code: str) -> Room:
        """The table with that code, from memory or storage; ``Refusal`` if there is none."""
        code = normal_code(code)
        room = self.rooms.get(code)
        if room is None and could_be_code(code):
            room = await self._load(code)
        if room is None:
            raise Refusal(ErrorCode.TABLE_NOT_FOUND, f"no table {code!r}")
        return room

    async def _load(self, code: str) -> Room | None:
        async with self._loading:
            room = self.rooms.get(code)
            if room is not None:
                return room
            stored = await self.run(self.storage.load_table, code)
            if stored is None:
                return None
            await self.make_room()
            room = await self._restore(stored)
            self.rooms[code] = room
            room.start()
            return room

    async def _restore(self, stored: StoredTable) -> Room:
        game = await self.run(Game.from_record, stored.record())
        secret = stored.secret
        if secret is None:
            secret = await self.run(
                self.storage.keep_secret, stored.code, self.settings.new_secret()
            )
        names = seat_names(stored.head)
        by_seat = {row.seat: row for row in stored.seats}
        seats = [
            SeatState(
                name=name,
                bot=by_seat[i].bot if i in by_seat else None,
                token_hash=by_seat[i].token_hash if i in by_seat else None,
            )
            for i, name in enumerate(names)
        ]
        if stored.status == FINISHED:
            self.rater.finished(stored.code)
        return Room(
            self,
            code=stored.code,
            game=game,
            head=stored.head,
            actions=[dict(a) for a in stored.actions],
            seats=seats,
            clock=stored.clock,
            secret=secret,
            pause=stored.pause,
            bank=stored.bank,
            banks=stored.banks,
            timeouts=stored.timeouts,
            again=stored.rematch,
            openness=stored.openness,
            changes=stored.changes,
        )

    async def create(
        self,
        request: CreateTable,
        base: str,
        *,
        hashes: Mapping[int, str] | None = None,
        gather: float = 0.0,
    ) -> Created:
        """A new table; ``hashes``: seats claimed already, by their token hash (a rematch,
        ``rematch.py``), whose players the table waits for up to ``gather`` seconds
        before it starts (``gathering.py``)."""
        specs = request.seats
        names, claim = creation.seating(self.settings, request)
        await self.make_room()
        player = None if request.player is None else players.checked(request.player)
        if player is not None and claim:
            await self.run(players.check_nickname, self.storage, *player)
        secret = self.settings.new_secret()
        game, head = await self.run(creation.deal, self.settings, request, names, secret)
        await self.rater.know(request.game)
        pause = self.settings.pause if request.pause is None else request.pause
        tokens = {seat: new_token() for seat in claim}
        opened = Openness(request.public, request.language, request.chat)
        seats = [
            SeatState(
                name=names[i],
                bot=spec.bot,
                token_hash=token_hash(tokens[i]) if i in tokens else (hashes or {}).get(i),
            )
            for i, spec in enumerate(specs)
        ]
        for _ in range(20):
            code = self._new_code()
            if code in self.rooms:
                continue
            room = Room(
                self,
                code=code,
                game=game,
                head=head,
                actions=[],
                seats=seats,
                clock=request.clock,
                secret=secret,
                pause=pause,
                bank=request.bank,
                openness=opened,
            )
            try:
                await self.run(
                    self.storage.create_table,
                    code=code,
                    game=game.game,
                    variant=game.variant,
                    status=room.status,
                    clock=request.clock,
                    head=head,
                    seat_rows=[SeatRow(i, s.bot, s.token_hash) for i, s in enumerate(seats)],
                    secret=secret,
                    pause=pause,
                    bank=request.bank,
                    opened=opened,
                )
            except Conflict:
                continue
            except Exception:
                log.exception("table %s could not be stored", code)
                raise Refusal(
                    ErrorCode.SERVER_STORAGE, "the table could not be stored; try again"
                ) from None
            if player is not None and claim:
                await self._link(code, claim[0], player)
            if await self.fanout.claim(code):
                self.rooms[code] = room
                gathering.begin(room, gather)
                room.start()
            return Created(
                table=room.info(base), tokens={str(seat): t for seat, t in tokens.items()}
            )
        raise Refusal(ErrorCode.SERVER_BUSY, "no free table code was found; try again")

    async def drop(self, code: str) -> None:
        """Forget a table that nobody has used yet (a rematch made twice at once)."""
        room = self.rooms.pop(code, None)
        if room is not None:
            await room.close()
            await self.fanout.released(code)
        await self.run(self.storage.delete_table, code)

    def _new_code(self) -> str:
        """A fresh code whose table would have its home in this process (with several
        processes, one in N codes or so: a few tries)."""
        code = new_code()
        for _ in range(500):
            if self.fanout.prefers(code):
                break
            code = new_code()
        return code

    async def join(self, code: str, request: JoinTable, base: str) -> Joined:
        player = None if request.player is None else players.checked(request.player)
        async with self.using(code) as room:
            if player is not None:
                await self.run(players.check_nickname, self.storage, *player)
            seat, token = await room.seating.claim(request.seat, request.name)
            if player is not None:
                await self._link(room.code, seat, player)
            return Joined(seat=seat, token=token, table=room.info(base))

    async def _link(self, code: str, seat: int, player: tuple[str, str]) -> None:
        """The seat was claimed with a player key (its hash and nickname): it is rated."""
        try:
            await self.run(players.link_seat, self.storage, code, seat, *player, self.rater.rule)
        except Exception:
            log.exception("table %s: seat %d's player could not be stored", code, seat)
