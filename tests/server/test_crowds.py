"""A crowd at one table never cuts off its players (docs/protocol.md, Limits): spectators'
chat shares one budget per table, the seats message and a spectator's state keep only
their latest version while a connection is behind, a table takes a bounded number of
spectators, and a spectator that falls behind is dropped long before a player would be.
Real websocket clients from several loopback addresses against a live server."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import fast_settings
from tests.server.live import TIMEOUT, LiveServer, Player, create_table, play_out, run, running


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[LiveServer]:
    # a small send buffer, so that what a connection that reads nothing is behind with
    # waits in the server's queue (where it is coalesced), not in the kernel's buffers
    settings = fast_settings(
        f"sqlite:///{tmp_path / 'crowd.sqlite3'}", spectators_per_table=400, send_buffer=4096
    )
    with running(settings) as server:
        yield server


def address(i: int) -> str:
    """Spectator ``i``'s loopback address: ten of them share each of 127.0.1.x."""
    return f"127.0.1.{1 + i // 10}"


async def seated(server: LiveServer, **extra: Any) -> tuple[str, Player, Stalled]:
    """A table of two: Ann reads all the time, Ben's connection reads nothing for now."""
    with server.http("127.0.0.2") as http:
        created = create_table(
            http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1], language="en", **extra
        )
    code = created["table"]["code"]
    ann = await Player(server.ws_url(code), "Ann", source="127.0.0.2").open()
    await ann.hello(created["tokens"]["0"])
    ben = await stalled(
        server, code, "127.0.0.3", {"type": "hello", "token": created["tokens"]["1"]}
    )
    return code, ann, ben


async def watch(server: LiveServer, code: str, count: int) -> list[Player]:
    crowd = [Player(server.ws_url(code), f"Spy {i}", source=address(i)) for i in range(count)]
    await asyncio.gather(*(spy.open() for spy in crowd))
    await asyncio.gather(*(spy.hello(None) for spy in crowd))
    return crowd


async def stalled(server: LiveServer, code: str, source: str, hello: dict[str, Any]) -> Stalled:
    """A websocket that says ``hello`` and then reads nothing until told to: its socket's
    small receive buffer fills, and the server's writes to it wait."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
    ws = await connect(
        server.ws_url(code), sock=sock, max_queue=1, open_timeout=TIMEOUT, compression=None
    )
    await ws.send(json.dumps(hello))
    return Stalled(ws)


class Stalled:
    opened: ClassVar[list[Stalled]] = []

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        Stalled.opened.append(self)

    async def read_until(self, last: Any) -> list[dict[str, Any]]:
        """Every frame from now on, up to the first for which ``last`` holds."""
        frames: list[dict[str, Any]] = []
        while not frames or not last(frames[-1]):
            frames.append(json.loads(await asyncio.wait_for(self.ws.recv(), TIMEOUT)))
        return frames


def play(case: Callable[[], Awaitable[None]], timeout: float = 120) -> None:
    """``run`` the case, then close the connections it left stalled."""

    async def closing() -> None:
        try:
            await case()
        finally:
            while Stalled.opened:
                await Stalled.opened.pop().ws.close()

    run(closing, timeout=timeout)


def refusals(crowd: list[Player]) -> int:
    return sum(1 for spy in crowd for e in spy.errors if e["code"] == "chat/too_fast")


async def eventually(check: Any, seconds: float = TIMEOUT) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "not within the time"
        await asyncio.sleep(0.05)


def chat_lines(player: Player) -> list[dict[str, Any]]:
    return [f for f in player.frames if f["type"] == "chat"]


def test_a_hundred_spectators_chatting_leave_the_players_at_the_table(
    crowded: LiveServer,
) -> None:
    async def case() -> None:
        code, ann, ben = await seated(crowded, chat="everyone")
        crowd = await watch(crowded, code, 100)
        for line in range(5):
            await asyncio.gather(
                *(spy.send({"type": "chat", "text": f"line {line}"}) for spy in crowd)
            )
        # Ann still chats: the players' own budget is untouched
        await ann.send({"type": "chat", "text": "still here"})
        await ann.wait_frame(lambda f: f["type"] == "chat" and f["text"] == "still here")
        # Ben, who read nothing meanwhile, reads on: nothing was dropped on his way
        frames = await ben.read_until(lambda f: f.get("text") == "still here")
        assert not ann.closed.is_set()
        spoken = [f for f in frames if f["type"] == "chat" and f["from"]["seat"] is None]
        assert spoken == [f for f in chat_lines(ann) if f["from"]["seat"] is None]
        assert 1 <= len(spoken) <= 10, len(spoken)  # spectators share 10 lines in 10 s
        # every other line was refused to its spectator, who may try again later
        await eventually(lambda: refusals(crowd) == 500 - len(spoken))

    play(case)


def test_three_hundred_spectators_coming_and_going_leave_the_players_at_the_table(
    crowded: LiveServer,
) -> None:
    async def case() -> None:
        code, ann, ben = await seated(crowded)
        for _ in range(2):
            crowd = await watch(crowded, code, 300)
            await asyncio.gather(*(spy.close() for spy in crowd))
        await ann.wait_frame(lambda f: f["type"] == "seats" and f["spectators"] == 0)
        assert ann.state is not None
        await ann.act(ann.state["legal"][0])
        frames = await ben.read_until(lambda f: f["type"] == "state" and f["version"] == 1)
        assert not ann.closed.is_set()
        # 1,200 arrivals and departures, each a new seats message; Ben, behind, got fewer:
        # what his small buffers could not take waited in the server's queue, where only
        # the latest seats message is kept (203 and 337 of them in two quiet runs)
        seats = [f for f in frames if f["type"] == "seats"]
        assert seats[-1]["spectators"] == 0
        assert len(seats) < 2 * 2 * 300, len(seats)

    play(case)


def test_a_table_takes_a_bounded_number_of_spectators(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'few.sqlite3'}", spectators_per_table=3)

    async def case(server: LiveServer) -> None:
        code, ann, _ = await seated(server)
        crowd = await watch(server, code, 3)
        late = await Player(server.ws_url(code), "Late", source="127.0.0.9").open()
        refused = await late.hello(None)
        assert refused["type"] == "error"
        assert refused["code"] == "table/too_many_spectators"
        await crowd[0].close()
        await ann.wait_frame(lambda f: f["type"] == "seats" and f["spectators"] == 2)
        again = await Player(server.ws_url(code), "Again", source="127.0.0.9").open()
        assert (await again.hello(None))["type"] == "state"

    with running(settings) as server:
        play(lambda: case(server))


def test_a_spectator_that_stops_reading_skips_states_and_falls_behind_before_a_player(
    tmp_path: Path,
) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'slow.sqlite3'}", spectator_queue=8)

    async def case(server: LiveServer) -> None:
        with server.http("127.0.0.2") as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code, tokens = created["table"]["code"], created["tokens"]
        ann = await Player(server.ws_url(code), "Ann", source="127.0.0.2").open()
        ben = await Player(server.ws_url(code), "Ben", delta=True, source="127.0.0.3").open()
        await ann.hello(tokens["0"])
        await ben.hello(tokens["1"])
        # two spectators and a second connection of Ben's read nothing for now
        spy = await stalled(server, code, "127.0.0.9", {"type": "hello", "spectator": True})
        behind = await stalled(server, code, "127.0.0.9", {"type": "hello", "spectator": True})
        slow_ben = await stalled(
            server, code, "127.0.0.3", {"type": "hello", "token": tokens["1"], "delta": True}
        )
        last = (await play_out([ann, ben], random.Random(5), until=150))["version"]
        # the versions went by (megabytes of whole states); a spectator reading again is
        # brought to the latest state in fewer states than that, each whole
        frames = await spy.read_until(lambda f: f["type"] == "state" and f["version"] == last)
        states = [f for f in frames if f["type"] == "state"]
        assert len(states) < last, (len(states), last)
        assert all(not f["delta"] and f["view"]["history_from"] == 0 for f in states)
        # lines of chat are never skipped: a spectator that falls 8 behind is let go, a
        # player only 256 behind
        for i in range(5):
            await ann.send({"type": "chat", "text": f"Ann {i}"})
            await ben.send({"type": "chat", "text": f"Ben {i}"})
        await ann.wait(lambda: len(chat_lines(ann)) == 10)
        with pytest.raises(ConnectionClosed) as closed:
            await behind.read_until(lambda f: False)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4408
        lines: list[str] = []

        def tenth(frame: dict[str, Any]) -> bool:
            if frame["type"] == "chat":
                lines.append(frame["text"])
            return len(lines) == 10

        await slow_ben.read_until(tenth)
        assert lines == [f["text"] for f in chat_lines(ann)]

    with running(settings) as server:
        play(lambda: case(server))
