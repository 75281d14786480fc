"""How a connection's messages go out (``geodeck.server.clients``): written to the socket
as they are pushed where the protocol offers it, a client too far behind dropped."""

from __future__ import annotations

import asyncio

from geodeck.server.clients import BACKLOG_LIMIT, CLOSE_TOO_SLOW, QUEUE_LIMIT, Client


class Socket:
    """A stand-in for ``websocket.WebSocketProtocol``'s direct writes."""

    def __init__(self, backlog: int = 0, open_: bool = True) -> None:
        self.written: list[str] = []
        self.unsent = backlog
        self.open = open_

    def write_text(self, text: str) -> bool:
        if not self.open:
            return False
        self.written.append(text)
        return True

    def backlog(self) -> int:
        return self.unsent


def test_a_message_is_written_to_the_socket_as_it_is_pushed() -> None:
    async def case() -> tuple[list[str], bool]:
        socket = Socket()
        client = Client(socket)
        client.push("one")
        client.push("two")
        return socket.written, client.queue.empty()

    written, queue_empty = asyncio.run(case())
    assert written == ["one", "two"]
    assert queue_empty


def test_a_client_too_far_behind_is_dropped_and_written_no_more() -> None:
    async def case() -> tuple[list[str], int, list[str | None]]:
        socket = Socket()
        client = Client(socket)
        client.push("seen")
        socket.unsent = BACKLOG_LIMIT + 1
        client.push("too late")
        socket.unsent = 0
        client.push("later still")
        queued = [client.queue.get_nowait() for _ in range(client.queue.qsize())]
        return socket.written, client.close_code, queued

    written, code, queued = asyncio.run(case())
    assert written == ["seen"]
    assert code == CLOSE_TOO_SLOW
    assert queued == [None]  # the connection's task closes it (connection.py)


def test_a_closed_socket_takes_the_message_without_error() -> None:
    async def case() -> list[str]:
        socket = Socket(open_=False)
        client = Client(socket)
        client.push("gone")
        return socket.written

    assert asyncio.run(case()) == []


def test_without_a_direct_socket_messages_are_queued_and_a_full_queue_drops_the_client() -> None:
    async def case() -> tuple[list[str | None], int]:
        client = Client()
        client.push("first")
        first = [client.queue.get_nowait()]
        for i in range(QUEUE_LIMIT + 1):
            client.push(f"m{i}")
        rest = [client.queue.get_nowait() for _ in range(client.queue.qsize())]
        return first + rest, client.close_code

    queued, code = asyncio.run(case())
    assert queued == ["first", None]
    assert code == CLOSE_TOO_SLOW
