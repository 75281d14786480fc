"""One websocket to a table: the messages read from it go to the room, those the room
queues for it (``Client``) are written by a task of its own (docs/protocol.md, The
websocket).
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import Request

from geodeck.server import observe
from geodeck.server.changed import CLOSE_NOT_FOUND
from geodeck.server.clients import CLOSE_TOO_SLOW, RATE_LIMIT, Client
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import Limited, MissLimiter
from geodeck.server.limits import client_address as client_address  # noqa: PLC0414 (routes)
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import (
    Hello,
    LimitedMessage,
    Refusal,
    error_message,
    parse_client,
)
from geodeck.server.room import Room
from geodeck.server.table_socket import Gone, Socket

log = logging.getLogger("geodeck.server")

CLOSE_TOO_MANY_MISSES = 4429
CLOSE_TRY_LATER = 1013
"""The process holds as many tables as it may, all in use (``Lobby.make_room``)."""


def _limited_message(limited: Limited, version: int | None) -> str:
    observe.HOOKS.refused(limited.code)
    return LimitedMessage(
        code=limited.code, message=limited.message, version=version, retry_after=limited.retry_after
    ).model_dump_json()


def creating(lobby: Lobby, request: Request) -> None:
    """Count a table or class the request makes against its address's quota
    (``Settings.creations_burst``); ``limit/too_many_tables`` once it is used up."""
    address = client_address(request)
    lobby.creations.check(address, ErrorCode.LIMIT_TOO_MANY_TABLES)
    lobby.creations.miss(address)


async def play(websocket: Socket, code: str, lobby: Lobby, limiter: MissLimiter) -> None:
    """One websocket to table ``code``, held in memory while it is open."""
    try:
        await websocket.accept()
    except Gone:
        return
    observe.HOOKS.websocket(1)
    try:
        await _play(websocket, code, lobby, limiter)
    except Gone:
        pass  # the client went away while being refused
    finally:
        observe.HOOKS.websocket(-1)


async def _play(websocket: Socket, code: str, lobby: Lobby, limiter: MissLimiter) -> None:
    address = websocket.address
    settings = lobby.settings
    try:
        with limiter.guard(address):  # a right code is always served
            room = await lobby.hold(code)
    except Limited as refusal:
        await websocket.send_text(_limited_message(refusal, None))
        busy = refusal.code == ErrorCode.SERVER_BUSY
        await websocket.close(CLOSE_TRY_LATER if busy else CLOSE_TOO_MANY_MISSES)
        return
    except Refusal as refusal:
        await websocket.send_text(error_message(refusal, None))
        await websocket.close(CLOSE_NOT_FOUND)
        return
    try:
        await _serve_client(websocket, room, limiter, address, settings.hello_timeout)
    finally:
        lobby.let_go(room)


async def _serve_client(
    websocket: Socket,
    room: Room,
    limiter: MissLimiter,
    address: str,
    hello_timeout: float,
) -> None:
    settings = room.lobby.settings
    client = Client(settings.queue_limit, settings.spectator_queue)
    writer = asyncio.create_task(_write(websocket, client))
    loop = asyncio.get_running_loop()
    hello_by = loop.time() + hello_timeout
    try:
        while True:
            if client.joined:
                message = await websocket.receive()
            else:
                try:
                    message = await asyncio.wait_for(
                        websocket.receive(), max(0.0, hello_by - loop.time())
                    )
                except TimeoutError:
                    late = f"no seat or place among the spectators within {hello_timeout:g} s"
                    client.push(
                        error_message(Refusal(ErrorCode.PROTOCOL_NO_HELLO, late), room.version)
                    )
                    client.close_code = CLOSE_TOO_SLOW
                    break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            payload: str | bytes = text if text is not None else message.get("bytes") or b""
            if client.over_rate(RATE_LIMIT, loop.time()):
                client.push(
                    error_message(
                        Refusal(
                            ErrorCode.PROTOCOL_TOO_MANY, f"at most {RATE_LIMIT} messages a second"
                        ),
                        room.version,
                    )
                )
                continue
            try:
                parsed = parse_client(payload)
            except Refusal as refusal:
                client.push(error_message(refusal, room.version))
                continue
            trying = isinstance(parsed, Hello) and parsed.token is not None and not client.joined
            await room.handle(client, parsed)  # a right token is never refused
            if trying and not client.joined:  # the token fits no seat (auth/bad_token)
                if limiter.retry_after(address) is None:
                    limiter.miss(address)  # (an address out of misses is not counted again)
                wait = limiter.retry_after(address)
                if wait is not None:
                    client.push(_limited_message(Limited(wait), room.version))
                    client.close_code = CLOSE_TOO_MANY_MISSES
                    break
    except Gone:
        pass
    finally:
        await room.leave(client)
        client.end()
        await stop_writing(writer)


async def stop_writing(writer: asyncio.Task[None], wait: float = 1.0) -> None:
    """Let the client's writer send what is queued, for ``wait`` seconds at most; a
    cancellation of the connection cancels the writer too and goes on."""
    try:
        await asyncio.wait_for(writer, timeout=wait)
    except TimeoutError:
        writer.cancel()
    except asyncio.CancelledError:
        writer.cancel()
        raise


async def _write(websocket: Socket, client: Client) -> None:
    try:
        while True:
            text = await client.outbox.get()
            if text is None:
                await websocket.close(client.close_code)
                return
            await websocket.send_text(text)
    except Gone:
        log.debug("a client went away while being written to")
