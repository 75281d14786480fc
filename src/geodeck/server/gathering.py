"""A rematch's table waits for its players before it starts (docs/protocol.md, Rematch).

Every human seat of a rematch is claimed from the start (the old table's token hashes),
yet its players are still on the last game's page. So the new table is ``waiting`` until
each of its human seats has had a connection, or until ``rematch_wait`` seconds have
passed: nobody moves meanwhile (no first turn, no clock, no bot), and every state says
whom the table waits for (``gathering``). When the wait runs out the game starts as any
table does, and a player who never came is absent as one who left: a grace period, then
a stand-in until they come. The wait is the table's home process's, in memory only (as a
pause is): a table restored from storage does not wait. The record knows nothing of it.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from geodeck.server import sending
from geodeck.server.timing import wall_ms

if TYPE_CHECKING:
    from geodeck.server.room import Room


@dataclass
class Gathering:
    """The human seats whose player has not come yet, and when the table starts without
    them: ``due`` on the event loop's clock, ``wall`` the same as Unix milliseconds."""

    seats: set[int]
    due: float
    wall: int

    def to_wire(self) -> dict[str, object]:
        return {"seats": sorted(self.seats), "until": self.wall}


def begin(room: Room, seconds: float) -> None:
    """Hold a new table until every human seat has come, for ``seconds`` at most."""
    seats = {i for i, s in enumerate(room.seats) if s.human and s.connections == 0}
    if seconds <= 0 or not seats:
        return
    now, wall = asyncio.get_running_loop().time(), time.time()
    gathering = Gathering(seats, now + seconds, wall_ms(wall + seconds))
    room.gathering = gathering
    room.spawn(_runs_out(room, gathering))


def came(room: Room, seat: int) -> None:
    """A connection now holds ``seat`` (the caller holds the room's lock, and has not yet
    added the connection to the room's clients, which get the news first)."""
    gathering = room.gathering
    if gathering is None or seat not in gathering.seats:
        return
    gathering.seats.discard(seat)
    if gathering.seats:
        sending.broadcast(room, None)
    else:
        _end(room)


def _end(room: Room) -> None:
    room.gathering = None
    room.status_changed()


async def _runs_out(room: Room, gathering: Gathering) -> None:
    await asyncio.sleep(max(0.0, gathering.due - asyncio.get_running_loop().time()))
    async with room.lock:
        if room.gathering is gathering:
            _end(room)
