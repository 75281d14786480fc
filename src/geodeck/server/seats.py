"""A table's seats: who holds each (a bot, a token's owner, nobody yet), claiming a free
seat, and the grace period after a player's last connection goes before a stand-in bot
plays for them (docs/protocol.md, Seats and Reconnecting).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game
from geodeck.names import same_name
from geodeck.server import sending
from geodeck.server.creation import seat_name
from geodeck.server.errors import ErrorCode
from geodeck.server.part import RoomPart
from geodeck.server.protocol import PLAYING, WAITING, Refusal, SeatInfo
from geodeck.server.storage import Conflict
from geodeck.server.storage.schema import seat_names
from geodeck.server.tokens import matching_seat, new_token, token_hash

if TYPE_CHECKING:
    from geodeck.server.room import Room


@dataclass
class SeatState:
    name: str
    bot: str | None
    token_hash: str | None
    connections: int = 0
    standin: bool = False

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def claimed(self) -> bool:
        return self.bot is not None or self.token_hash is not None


class Seating(RoomPart):
    """The seats of one room (``room.seats``) and the grace periods of absent players."""

    def __init__(self, room: Room) -> None:
        super().__init__(room)
        self._grace: dict[int, asyncio.Task[None]] = {}

    def facts(self) -> list[dict[str, object]]:
        """``infos`` as plain dicts (``SeatInfo``'s fields), for encoding in bulk."""
        return [
            {
                "seat": i,
                "name": s.name,
                "bot": s.bot,
                "claimed": s.claimed,
                "connected": s.bot is not None or s.connections > 0,
                "standin": s.standin,
            }
            for i, s in enumerate(self.room.seats)
        ]

    def infos(self) -> list[SeatInfo]:
        return [SeatInfo.model_validate(facts) for facts in self.facts()]

    def seat_of(self, token: str) -> int | None:
        return matching_seat([s.token_hash for s in self.room.seats], token)

    async def seat_for(self, token: str) -> int | None:
        """The seat of ``token``; with several processes, the seats are read again from
        storage first if none has it (another process may have just claimed it)."""
        seat = self.seat_of(token)
        if seat is None and self.room.lobby.fanout.shared:
            await self.reload()
            seat = self.seat_of(token)
        return seat

    # -- claiming -------------------------------------------------------------------------

    async def claim(self, seat: int | None, name: str | None) -> tuple[int, str]:
        """Claim a free human seat (the first, without ``seat``); return it and its token."""
        room = self.room
        seats = room.seats
        async with room.lock:
            if seat is None:
                free = [i for i, s in enumerate(seats) if not s.claimed]
                if not free:
                    raise Refusal(ErrorCode.TABLE_FULL, "every seat of this table is taken")
                seat = free[0]
            if not 0 <= seat < len(seats):
                raise Refusal(ErrorCode.TABLE_BAD_SEAT, f"no seat {seat} at this table")
            if seats[seat].claimed:
                raise Refusal(ErrorCode.TABLE_SEAT_TAKEN, f"seat {seat} is taken")
            head = None
            game = None
            if name is not None and name != seats[seat].name:
                if room.game.version != 0 or room.status != WAITING:
                    raise Refusal(ErrorCode.TABLE_STARTED, "seats can be renamed only before play")
                head, game = await self._renamed(seat, name)
            token = new_token()
            digest = token_hash(token)
            before = room.status
            try:
                await room.lobby.run(
                    room.lobby.storage.claim_seat,
                    room.code,
                    seat,
                    digest,
                    status=self._status_if_claimed(seat),
                    head=head,
                )
            except Conflict:
                raise Refusal(ErrorCode.TABLE_SEAT_TAKEN, f"seat {seat} is taken") from None
            if head is not None and game is not None:
                room.head, room.game = head, game
                seats[seat].name = name or seats[seat].name
            seats[seat].token_hash = digest
            if room.status != before:
                room.status_changed()
            else:
                sending.broadcast_seats(room)
            return seat, token

    def _status_if_claimed(self, seat: int) -> str:
        free = [i for i, s in enumerate(self.room.seats) if not s.claimed and i != seat]
        return WAITING if free else PLAYING

    async def _renamed(self, seat: int, name: str) -> tuple[dict[str, object], Game]:
        room = self.room
        names = seat_names(room.head)
        if seat >= len(names):
            raise Refusal(ErrorCode.TABLE_BAD_NAME, "no such seat")
        name = seat_name(name)
        if any(i != seat and same_name(n, name) for i, n in enumerate(names)):
            raise Refusal(ErrorCode.TABLE_BAD_NAME, f"another seat is called {name!r} (or alike)")
        names[seat] = name
        head = {**room.head, "seats": names}
        try:
            game = await room.lobby.run(Game.from_record, {**head, "actions": []})
        except GeodeckError as err:
            raise Refusal(ErrorCode.TABLE_BAD_NAME, err.message) from None
        return head, game

    async def reload(self) -> None:
        """The seats as storage holds them (another process may have claimed one, or
        ``geodeck admin forget`` taken a name out)."""
        room = self.room
        stored = await room.lobby.run(room.lobby.storage.load_table, room.code)
        if stored is None:
            return
        before = room.status
        room.head = stored.head
        room.changes = stored.changes
        for row in stored.seats:
            if row.seat < len(room.seats):
                room.seats[row.seat].token_hash = row.token_hash
        names = seat_names(stored.head)
        for i, state in enumerate(room.seats):
            if i < len(names):
                state.name = names[i]
        if stored.actions == () and room.game.version == 0:
            room.game = await room.lobby.run(Game.from_record, stored.record())
        if room.status != before:
            room.status_changed()

    # -- grace: an absent player's seat waits before a stand-in plays it ------------------

    def start_absent(self) -> None:
        """A grace period for each human seat that no connection holds."""
        for seat, state in enumerate(self.room.seats):
            if state.human and state.connections == 0:
                self.start_grace(seat)

    def start_grace(self, seat: int) -> None:
        room = self.room
        if room.status != PLAYING or not room.seats[seat].human or seat in self._grace:
            return
        if room.seats[seat].standin:
            return
        self._grace[seat] = room.spawn(self._grace_over(seat))

    def returned(self, seat: int) -> None:
        """The seat's player is back: no grace period runs, no stand-in plays."""
        grace = self._grace.pop(seat, None)
        if grace is not None:
            grace.cancel()
        state = self.room.seats[seat]
        if state.standin:
            state.standin = False
            self.room.timekeeper.update(None)
            self.room.bots.schedule()

    async def _grace_over(self, seat: int) -> None:
        room = self.room
        await asyncio.sleep(room.lobby.settings.grace)
        async with room.lock:
            if self._grace.get(seat) is asyncio.current_task():
                del self._grace[seat]
            state = room.seats[seat]
            if state.connections > 0 or state.standin or room.status != PLAYING:
                return
            if not room.clients:
                return  # nobody at the table to play on for; ``attend`` starts it again
            elsewhere = await room.lobby.fanout.presence(room.code, seat, 0)
            if elsewhere:
                return
            state.standin = True
            room.timekeeper.update(None)
            room.bots.schedule()
            sending.broadcast_seats(room)
