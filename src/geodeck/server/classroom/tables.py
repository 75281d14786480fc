"""The tables of a class (docs/classroom.md): how pupils are grouped at them, the
statistics of those that have ended, and deleting them when the class ends."""

from __future__ import annotations

import math
from collections.abc import Mapping

from sqlalchemy import select

from geodeck.core.game import Game
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import FINISHED
from geodeck.server.storage.schema import tables as table_rows
from geodeck.stats import game_stats


def groups(count: int, size: int) -> list[int]:
    """How many pupils sit at each table: as few tables of at most ``size`` as hold
    ``count`` pupils, as evenly filled as can be (30 by 4: six of 4 and two of 3)."""
    tables = math.ceil(count / size)
    base, extra = divmod(count, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


class ClassTables:
    """The class tables of one server, and the statistics of those that have ended (they
    do not change, so each is counted once)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.engine = lobby.storage.engine
        self.stats: dict[str, Mapping[str, object]] = {}

    async def drop(self, code: str) -> str | None:
        """Delete the table with its record and close it: here if this process holds it,
        else at its home process, which lets it go at its next renewal. The code of its
        rematch, if it has one (not deleted here)."""
        lobby = self.lobby
        room = lobby.rooms.get(code)
        if room is not None:
            async with room.lock:
                if lobby.rooms.get(code) is room:
                    del lobby.rooms[code]
                await room.close()
            await lobby.fanout.released(code)
        self.stats.pop(code, None)
        again = await lobby.run(lobby.storage.delete_table, code)
        if room is None:
            await lobby.fanout.dropped(code)
        return again

    async def drop_all(self, codes: list[str]) -> int:
        """Drop the tables, their rematches, the rematches of those and so on (each names
        the same players); how many rematches were dropped."""
        waiting, seen = list(codes), set(codes)
        while waiting:
            again = await self.drop(waiting.pop())
            if again is not None and again not in seen:
                seen.add(again)
                waiting.append(again)
        return len(seen) - len(set(codes))

    async def finished(self, tables: dict[str, dict[int, int]]) -> dict[str, Mapping[str, object]]:
        """The statistics of the class's tables that have ended: from the room where this
        process holds it, else from the stored record (the room is not brought back)."""
        out: dict[str, Mapping[str, object]] = {}
        for code in tables:
            if code not in self.stats:
                room = self.lobby.rooms.get(code)
                if room is not None:
                    if room.status == FINISHED and room.settled:
                        self.stats[code] = game_stats(room.game)
                else:
                    counted = await self.lobby.run(self._stored_stats, code)
                    if counted is not None:
                        self.stats[code] = counted
            if code in self.stats:
                out[code] = self.stats[code]
        return out

    def _stored_stats(self, code: str) -> Mapping[str, object] | None:
        storage = self.lobby.storage
        with self.engine.connect() as conn:
            status = conn.execute(
                select(table_rows.c.status).where(table_rows.c.code == code)
            ).scalar()
        if status != FINISHED:
            return None
        stored = storage.load_table(code)
        if stored is None:
            return None
        return game_stats(Game.from_record(stored.record()))
