"""What ``geodeck admin`` changed of a table behind the back of a process that holds it
(docs/hosting.md, Admin). The admin commands work on storage alone; a table they delete
is no longer stored, and one whose names they take out counts one change more
(``tables.changes``). The process notices at the table's next connection or request
(``Lobby.hold``) and at its next action, whose commit storage refuses while the count is
not the one the process knows (``Room.submit``), and then acts on what storage holds."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from geodeck.server import sending
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import Refusal, error_message

if TYPE_CHECKING:
    from geodeck.server.lobby import Lobby
    from geodeck.server.room import Room

CLOSE_NOT_FOUND = 4404
"""The close code of a websocket to a table that is not stored (docs/protocol.md)."""


async def differs(lobby: Lobby, room: Room) -> bool:
    """Whether storage no longer holds the table as the room knows it (deleted, or
    changed); read without the room's lock."""
    mark = await lobby.run(lobby.storage.table_mark, room.code)
    return mark is None or mark[1] != room.changes


async def noticed(lobby: Lobby, room: Room) -> bool:
    """Whether the table changed in storage behind this process's back, the caller
    holding the room's lock. A table that was deleted (``close``, ``purge``,
    ``end-class``) is let go here, each of its connections told ``table/not_found`` and
    closed with close code 4404, and ``Refusal`` is raised with that code; a table whose
    names were taken out (``forget``) is read again and its seats sent anew (``True``)."""
    mark = await lobby.run(lobby.storage.table_mark, room.code)
    if mark is None:
        gone = Refusal(ErrorCode.TABLE_NOT_FOUND, f"table {room.code} is closed")
        if lobby.rooms.get(room.code) is room:
            del lobby.rooms[room.code]
        room.closed = True  # no bot, clock or refusal moves for it any more
        for client in room.clients:
            client.push(error_message(gone, room.version))
            client.close(CLOSE_NOT_FOUND)
        task = asyncio.get_running_loop().create_task(_let_go(lobby, room))
        lobby.closing.add(task)
        task.add_done_callback(lobby.closing.discard)
        raise gone
    if mark[1] == room.changes:
        return False
    await room.seating.reload()
    sending.broadcast_seats(room)
    return True


async def _let_go(lobby: Lobby, room: Room) -> None:
    await room.close(CLOSE_NOT_FOUND)
    await lobby.fanout.released(room.code)
