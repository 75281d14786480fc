"""What a room does with each message a client sends it over the websocket (hello, act,
continue, chat, ping) and when a client goes (docs/protocol.md, The websocket)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from geodeck.server import gathering, recovery, sending
from geodeck.server.clients import Client
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import (
    Act,
    Chat,
    ClientMessage,
    Continue,
    Hello,
    Ping,
    PongMessage,
    Refusal,
)
from geodeck.server.rematch import tell as tell_rematch

if TYPE_CHECKING:
    from geodeck.server.room import Room


async def handle(room: Room, client: Client, message: ClientMessage) -> None:
    if isinstance(message, Ping):
        client.push(PongMessage(id=message.id).model_dump_json())
        return
    if isinstance(message, Hello):
        await _hello(room, client, message)
        return
    if isinstance(message, Continue):
        await _continue(room, client, message)
        return
    if isinstance(message, Chat):
        try:
            room.chat.post(client, message)
        except Refusal as refusal:
            sending.refuse(room, client, refusal)
        return
    await _act(room, client, message)


async def _hello(room: Room, client: Client, hello: Hello) -> None:
    async with room.lock:
        if client.joined:
            sending.refuse(
                room,
                client,
                Refusal(ErrorCode.PROTOCOL_HELLO_TWICE, "this connection said hello already"),
            )
            return
        client.delta = hello.delta
        if not hello.spectator:
            assert hello.token is not None
            seat = await room.seating.seat_for(hello.token)
            if seat is None:
                sending.refuse(
                    room,
                    client,
                    Refusal(ErrorCode.AUTH_BAD_TOKEN, "no seat of this table has that token"),
                )
                return
            client.seat = seat
            if hello.move:
                recovery.moved(room, client, seat)
            room.seats[seat].connections += 1
            gathering.came(room, seat)
            room.clients.add(client)
            await room.lobby.fanout.presence(room.code, seat, 1)
            room.seating.returned(seat)
        else:
            most = room.lobby.settings.spectators_per_table
            if room.spectators >= most:
                said = f"this table has {most} spectators, as many as it takes; try later"
                sending.refuse(room, client, Refusal(ErrorCode.TABLE_TOO_MANY_SPECTATORS, said))
                return
            client.spectator = True
            room.clients.add(client)
        room.attend()
        sending.send_state(room, client)
        tell_rematch(room, client)
        room.chat.welcome(client)
        sending.broadcast_seats(room)


async def leave(room: Room, client: Client) -> None:
    async with room.lock:
        if client not in room.clients:
            return
        room.clients.discard(client)
        if client.seat is None:
            if client.spectator:
                sending.broadcast_seats(room)
            return
        state = room.seats[client.seat]
        state.connections -= 1
        await room.lobby.fanout.presence(room.code, client.seat, -1)
        if state.connections == 0:
            room.seating.start_grace(client.seat)
            pause = room.timekeeper.pause
            if pause is not None and client.seat in pause.waiting:
                room.timekeeper.continued(client.seat)
        sending.broadcast_seats(room)


def _seat_acting(client: Client, verb: str, doing: str) -> int:
    """The seat a joined player's connection acts for; ``Refusal`` for anyone else."""
    if not client.joined:
        raise Refusal(ErrorCode.PROTOCOL_HELLO_FIRST, f"say hello before {doing}")
    if client.seat is None:
        raise Refusal(ErrorCode.ACT_SPECTATOR, f"a spectator cannot {verb}")
    return client.seat


async def _act(room: Room, client: Client, act: Act) -> None:
    async with room.lock:
        try:
            seat = _seat_acting(client, "act", "acting")
            await room.submit(seat, act.version, act.action)
        except Refusal as refusal:
            if not room.closed:  # a closed table told every client (``changed.py``)
                sending.refuse(room, client, refusal)


async def _continue(room: Room, client: Client, message: Continue) -> None:
    async with room.lock:
        try:
            seat = _seat_acting(client, "continue", "continuing")
            pause = room.timekeeper.pause
            if pause is None:
                raise Refusal(ErrorCode.CONTINUE_NOT_PAUSED, "the table is not waiting")
            if message.version != pause.version:
                raise Refusal(
                    ErrorCode.CONTINUE_STALE,
                    f"the table waits after version {pause.version}, not {message.version}",
                )
            if seat in pause.waiting:
                room.timekeeper.continued(seat)
        except Refusal as refusal:
            sending.refuse(room, client, refusal)
