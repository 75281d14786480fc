"""A table's time as the room keeps it: the clock of each awaited seat, the time banks in
storage, the move played for a seat whose time ran out, and the pause after a moment
(docs/protocol.md, Moments and The clock). ``timing.py`` does the arithmetic.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from geodeck.server import bots as botplay
from geodeck.server import dealing, sending
from geodeck.server.part import RoomPart
from geodeck.server.protocol import PLAYING, Refusal
from geodeck.server.timing import Clock, Pause, is_moment, wall_ms

if TYPE_CHECKING:
    from geodeck.server.room import Room

log = logging.getLogger("geodeck.server")


class Timekeeper(RoomPart):
    """The clocks (``timer``, none for a table without a clock) and pauses of one room."""

    def __init__(
        self,
        room: Room,
        *,
        clock: float | None,
        pause: float,
        bank: float,
        banks: Mapping[int, float] | None,
    ) -> None:
        super().__init__(room)
        self.timer = None if clock is None else Clock(clock, bank, dict(banks or {}))
        """The clock of each awaited human seat, and the seats' time banks."""
        self.pause_seconds = pause
        self.pause: Pause | None = None
        """Set while the table waits after a moment for its people to continue."""
        self._banks_changed = False
        self._banks_task: asyncio.Task[None] | None = None
        self._pause_task: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None

    def clock_wire(self) -> dict[str, object] | None:
        return None if self.timer is None else self.timer.to_wire()

    def pause_wire(self) -> dict[str, object] | None:
        return None if self.pause is None else self.pause.to_wire()

    # -- moments: the table waits until its people have seen them -------------------------

    def begin_pause(self, events: list[object]) -> None:
        """After a moment, wait for every connected person (none: no pause)."""
        room = self.room
        if self.pause_seconds <= 0 or room.status != PLAYING or not is_moment(events):
            return
        waiting = {
            i for i, s in enumerate(room.seats) if s.human and s.connections > 0 and not s.standin
        }
        if not waiting:
            return
        now, wall = asyncio.get_running_loop().time(), time.time()
        seconds = self.pause_seconds
        self.pause = Pause(room.version, now + seconds, wall_ms(wall + seconds), waiting)
        if self._pause_task is not None:
            self._pause_task.cancel()
        self._pause_task = room.spawn(self._pause_over(self.pause))

    async def _pause_over(self, pause: Pause) -> None:
        await asyncio.sleep(max(0.0, pause.due - asyncio.get_running_loop().time()))
        async with self.room.lock:
            if self.pause is pause:
                self._end_pause()

    def continued(self, seat: int) -> None:
        """A seat has seen the moment (or left): the pause ends once nobody is left."""
        assert self.pause is not None
        self.pause.waiting.discard(seat)
        if self.pause.waiting:
            sending.broadcast(self.room, None)
        else:
            self._end_pause()

    def _end_pause(self) -> None:
        self.pause = None
        task, self._pause_task = self._pause_task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self.update(None)
        sending.broadcast(self.room, None)
        self.room.bots.schedule()

    # -- the clock ------------------------------------------------------------------------

    def update(self, acted: int | None) -> None:
        """Stop the clock of a seat that acted (its bank pays for time over its move's),
        and of seats no longer awaited; start it for each awaited human seat. While the
        table waits after a moment, or is not playing, no clock runs."""
        timer = self.timer
        if timer is None:
            return
        room = self.room
        now, wall = asyncio.get_running_loop().time(), time.time()
        banked = False
        if room.status != PLAYING or self.pause is not None:
            awaited: set[int] = set()
        else:
            awaited = {s for s in room.game.expects().seats if not room.bots.controlled(s)}
        if acted is not None:
            banked |= timer.stop(acted, now)
        for seat in list(timer.turns):
            if seat not in awaited:
                banked |= timer.stop(seat, now)
        for seat in sorted(awaited):
            if seat not in timer.turns:
                timer.start(seat, now, wall)
        if banked:
            self._banks_changed = True
            if self._banks_task is None or self._banks_task.done():
                self._banks_task = room.spawn(self._keep_banks())
        self._arm()

    async def mark_timeout(self, index: int, event: int) -> None:
        """Action ``index`` was the server's move for a seat out of time (its first event
        is number ``event``): kept for the history, not in the record."""
        room = self.room
        room.timeouts.append(event)
        try:
            await room.lobby.run(room.lobby.storage.mark_timeout, room.code, index, event)
        except Exception:
            log.warning(
                "table %s: the timeout of action %d was not stored", room.code, index, exc_info=True
            )

    async def _keep_banks(self) -> None:
        """Store the banks left, one write at a time, until storage has the latest."""
        lobby = self.room.lobby
        while self._banks_changed and self.timer is not None:
            self._banks_changed = False
            try:
                await lobby.run(lobby.storage.keep_banks, self.room.code, dict(self.timer.banks))
            except Exception:
                log.warning(
                    "table %s: the time banks were not stored", self.room.code, exc_info=True
                )

    def _arm(self) -> None:
        current = asyncio.current_task()
        if self._clock_task is not None and self._clock_task is not current:
            self._clock_task.cancel()
        self._clock_task = None
        due = None if self.timer is None else self.timer.due()
        if due is not None and not self.room.closed:
            self._clock_task = self.room.spawn(self._runs_out(due))

    async def _runs_out(self, due: float) -> None:
        room = self.room
        await asyncio.sleep(max(0.0, due - asyncio.get_running_loop().time()))
        async with room.lock:
            timer = self.timer
            if self._clock_task is not asyncio.current_task() or timer is None:
                return
            if not room.clients:
                timer.turns.clear()  # nobody at the table: ``attend`` starts it afresh
                return
            now = asyncio.get_running_loop().time()
            late = sorted(s for s, t in timer.turns.items() if t.due <= now + 0.001)
            awaited = room.game.expects().seats
            for seat in late:
                if seat not in awaited or room.status != PLAYING:
                    timer.turns.pop(seat, None)
                    continue
                if await self._play_for(seat):
                    return
                timer.turns.pop(seat, None)
            self._arm()

    async def _play_for(self, seat: int) -> bool:
        """Play the default move of a seat out of time (``accept``, else ``pass``, else a
        stand-in's choice); whether one was played."""
        room = self.room
        legal = room.game.legal_actions(seat)
        if not legal:
            return False
        action = botplay.preferred_default(legal)
        if action is None:
            bot = room.bots.bot_for(seat, room.lobby.settings.standin_level, "clock")
            salts = dealing.salt_rng(room.secret, room.game.version)
            action = botplay.choose(bot, room.game.view(seat), legal, salts)
        try:
            await room.submit(seat, room.game.version, action.to_wire(), timeout=True)
        except Refusal as refusal:
            log.warning("table %s: default move refused: %s", room.code, refusal.code)
            return False
        return True
