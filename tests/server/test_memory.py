"""Tables are held in memory while they are used and restored from storage when they are
asked for again (docs/protocol.md, Memory)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import time
import weakref
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck.server.bodies import CreateTable
from geodeck.server.lobby import Lobby
from geodeck.server.room import Room
from geodeck.server.storage import Storage
from tests import loopback
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, Player, create_table, play_out, run, running
from tests.support import sample_cards

BASE = "http://geodeck.test"
LINGER = 0.3


def held(server: LiveServer) -> int:
    tables: int = loopback.get(f"{server.url}/api/health", timeout=5).json()["tables"]
    return tables


async def eventually(check: Callable[[], bool], timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("not within the time")
        await asyncio.sleep(0.02)


def stored_version(url: str, code: str) -> int:
    storage = Storage(url)
    try:
        stored = storage.load_table(code)
        assert stored is not None
        return len(stored.actions)
    finally:
        storage.close()


@pytest.fixture
def lingering(sqlite_url: str) -> Iterator[LiveServer]:
    with running(fast_settings(sqlite_url, linger=LINGER, grace=0.1)) as live:
        yield live


class Finished:
    """A table of two people, played to the end; its players still connected."""

    def __init__(self, code: str, players: list[Player]) -> None:
        self.code = code
        self.players = players

    @classmethod
    async def play(cls, server: LiveServer) -> Finished:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code = created["table"]["code"]
        players = [await Player(server.ws_url(code), f"p{i}").open() for i in range(2)]
        for player, seat in zip(players, "01", strict=True):
            await player.hello(created["tokens"][seat])
        last = await play_out(players, random.Random(1))
        assert last["status"] == "finished"
        return cls(code, players)

    async def leave(self) -> None:
        for player in self.players:
            await player.close()


def test_a_finished_table_is_released_after_its_last_spectator_leaves(
    lingering: LiveServer,
) -> None:
    server = lingering

    async def case() -> None:
        table = await Finished.play(server)
        code = table.code
        watchers = [await Player(server.ws_url(code), f"w{i}").open() for i in range(2)]
        for watcher in watchers:
            assert (await watcher.hello(None))["status"] == "finished"
        await table.leave()
        await watchers[0].close()
        await asyncio.sleep(LINGER * 2)
        assert held(server) == 1  # one spectator is still there
        await watchers[1].close()
        await eventually(lambda: held(server) == 0)

    run(case)


def test_looked_up_tables_are_released_after_use(lingering: LiveServer) -> None:
    server = lingering

    async def case() -> None:
        table = await Finished.play(server)
        code = table.code
        await table.leave()
        await eventually(lambda: held(server) == 0)
        with server.http() as http:
            info = http.get(f"/api/tables/{code}")
            assert info.json()["status"] == "finished"
            assert held(server) == 1
            await eventually(lambda: held(server) == 0)
            record = http.get(f"/api/tables/{code}/record")
            assert record.status_code == 200
            assert geodeck.Game.from_record(record.json()).finished
            await eventually(lambda: held(server) == 0)
            response = http.post(f"/api/tables/{code}/join", json={})
            assert response.json()["error"]["code"] == "table/full"
            await eventually(lambda: held(server) == 0)

    run(case)


def test_a_playing_table_nobody_is_at_is_released_and_restored_on_hello(
    lingering: LiveServer, tmp_path: Path
) -> None:
    server = lingering

    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code = created["table"]["code"]
        players = [await Player(server.ws_url(code), f"p{i}").open() for i in range(2)]
        for player, seat in zip(players, "01", strict=True):
            await player.hello(created["tokens"][seat])
        rng = random.Random(2)
        seen = (await play_out(players, rng, until=10))["version"]
        for player in players:
            await player.close()
        await eventually(lambda: held(server) == 0)
        await asyncio.sleep(0.3)  # past the grace period: no stand-in played meanwhile
        assert stored_version(server.settings.database_url or "", code) == seen
        back = [await Player(server.ws_url(code), f"back{i}").open() for i in range(2)]
        for player, seat in zip(back, "01", strict=True):
            state = await player.hello(created["tokens"][seat])
            assert state["version"] == seen
            assert not any(s["standin"] for s in state["seats"])
        last = await play_out(back, rng)
        assert last["status"] == "finished"
        with server.http() as http:
            record = http.get(f"/api/tables/{code}/record").json()
        assert len(record["actions"]) == last["version"]

    run(case)


def test_stand_ins_and_the_clock_play_only_while_someone_is_at_the_table(
    sqlite_url: str,
) -> None:
    settings = fast_settings(sqlite_url, linger=30.0, grace=0.1)
    with running(settings) as server:

        async def case() -> None:
            with server.http() as http:
                created = create_table(
                    http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1], clock=0.1
                )
            code = created["table"]["code"]
            ann = await Player(server.ws_url(code), "Ann").open()
            ben = await Player(server.ws_url(code), "Ben").open()
            await ann.hello(created["tokens"]["0"])
            await ben.hello(created["tokens"]["1"])
            await ann.wait_version(2)  # the clock played for the first moves
            await ann.close()
            await ben.close()
            await asyncio.sleep(0.1)
            with server.http() as http:
                before = http.get(f"/api/tables/{code}").json()
                await asyncio.sleep(0.6)  # grace and clock both ran out several times
                after = http.get(f"/api/tables/{code}").json()
            assert after["version"] == before["version"]
            assert not any(s["standin"] for s in after["seats"])
            assert held(server) == 1
            watcher = await Player(server.ws_url(code), "watcher").open()
            await watcher.hello(None)
            await watcher.wait_frame(
                lambda f: f["type"] == "seats" and all(s["standin"] for s in f["seats"])
            )
            await watcher.wait_version(after["version"] + 3)
            await watcher.close()

        run(case)


def test_a_table_of_bots_alone_is_not_held_for_ever(sqlite_url: str) -> None:
    settings = fast_settings(sqlite_url, linger=LINGER, bot_delay=0.05)
    with running(settings) as server:

        async def case() -> None:
            with server.http() as http:
                created = create_table(
                    http, [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}], claim=[]
                )
            code = created["table"]["code"]
            await eventually(lambda: held(server) == 0)
            stopped = stored_version(sqlite_url, code)
            assert stopped > 0
            await asyncio.sleep(0.3)
            assert stored_version(sqlite_url, code) == stopped
            watcher = await Player(server.ws_url(code), "watcher").open()
            state = await watcher.hello(None)
            assert state["version"] == stopped
            await watcher.wait_version(stopped + 2)  # and play goes on while watched
            await watcher.close()
            await eventually(lambda: held(server) == 0)

        run(case)


def test_a_new_table_waits_for_its_creator(lingering: LiveServer) -> None:
    server = lingering

    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0])
        code = created["table"]["code"]
        assert held(server) == 1
        ann = await Player(server.ws_url(code), "Ann").open()
        assert (await ann.hello(created["tokens"]["0"]))["status"] == "waiting"
        await asyncio.sleep(LINGER * 2)
        assert held(server) == 1
        await ann.close()
        await eventually(lambda: held(server) == 0)
        with server.http() as http:
            joined = http.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        assert joined.status_code == 200, joined.text
        assert joined.json()["table"]["status"] == "playing"
        await eventually(lambda: held(server) == 0)
        ben = await Player(server.ws_url(code), "Bea").open()
        state = await ben.hello(joined.json()["token"])
        assert state["status"] == "playing"
        assert [s["name"] for s in state["seats"]] == ["Ann", "Bea"]
        await ben.close()

    run(case)


# -- the lobby on its own ---------------------------------------------------------------------


@contextlib.asynccontextmanager
async def lobby_on(url: str, **settings: Any) -> AsyncIterator[Lobby]:
    # a finished table lingers as long as any other unless a test says otherwise, and the
    # lobby's own sweep comes every ten seconds, as the tests here count on
    settings.setdefault("finished_linger", 3600.0)
    lobby = Lobby(fast_settings(url, **settings), Storage(url))
    await lobby.start()
    try:
        yield lobby
    finally:
        await lobby.close()


async def played_by_bots(lobby: Lobby) -> Room:
    """A new table of three random bots, played to its end: its room."""
    seats = [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
    code = (await lobby.create(request(seats=seats, claim=[]), BASE)).table.code
    for _ in range(500):
        async with lobby.using(code) as room:
            if room.status == "finished":
                return room
        await asyncio.sleep(0.005)
    raise AssertionError("the bots did not finish")


def request(**fields: Any) -> CreateTable:
    body = {"game": "uppsala", "seats": [{}, {}], "deck": sample_cards(), **fields}
    return CreateTable.model_validate(body)


def test_boot_restores_nothing_until_asked(sqlite_url: str) -> None:
    async def case() -> None:
        async with lobby_on(sqlite_url) as lobby:
            created = await lobby.create(request(claim=[0, 1]), BASE)
        async with lobby_on(sqlite_url) as lobby:
            assert lobby.rooms == {}
            async with lobby.using(created.table.code) as room:
                assert room.status == "playing"
            assert list(lobby.rooms) == [created.table.code]

    asyncio.run(case())


def test_a_table_in_use_is_not_released(sqlite_url: str) -> None:
    async def case() -> None:
        async with lobby_on(sqlite_url, linger=3600.0) as lobby:
            lobby.settings.linger = 0.0  # the lobby's own sweep comes every ten seconds
            code = (await lobby.create(request(), BASE)).table.code
            async with lobby.using(code) as room:
                assert await lobby.sweep() == 0
            assert await lobby.sweep() == 1
            assert lobby.rooms == {}
            assert room.closed

            room = await lobby.hold(code)
            lobby.let_go(room)
            await room.lock.acquire()  # a request using the room, say
            sweeping = asyncio.create_task(lobby.sweep())
            await asyncio.sleep(0.05)
            assert not sweeping.done()
            again = await lobby.hold(code)  # taken while the sweep waits for the lock
            assert again is room
            room.lock.release()
            assert await sweeping == 0
            assert lobby.rooms[code] is room
            lobby.let_go(room)
            assert await lobby.sweep() == 1

    asyncio.run(case())


def test_released_again_and_again_while_bots_play(sqlite_url: str) -> None:
    """Release and restore a table of bots over and over while they play: nothing is lost
    and nothing is stored twice."""

    async def case() -> None:
        async with lobby_on(sqlite_url, linger=3600.0) as lobby:
            lobby.settings.linger = 0.0
            seats = [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
            code = (await lobby.create(request(seats=seats, claim=[]), BASE)).table.code
            released = 0
            for _ in range(200):
                async with lobby.using(code) as room:
                    if room.status == "finished":
                        break
                    await asyncio.sleep(0.002)
                released += await lobby.sweep()
            else:
                raise AssertionError("the bots did not finish")
            assert released > 10
            record = room.record()
        storage = Storage(sqlite_url)
        try:
            stored = storage.load_table(code)
        finally:
            storage.close()
        assert stored is not None
        assert [dict(a) for a in stored.actions] == record["actions"]
        assert geodeck.Game.from_record(stored.record()).finished

    asyncio.run(case())


def test_a_released_room_is_freed_at_once_not_by_the_collector(sqlite_url: str) -> None:
    """A room's parts (seats, bots, clock, chat) hold their room weakly
    (``geodeck.server.part``): once the lobby lets a table go, reference counting frees
    the room and its game at once, with the cyclic garbage collector switched off."""

    async def case() -> None:
        async with lobby_on(sqlite_url, linger=3600.0) as lobby:
            room = await played_by_bots(lobby)
            room_ref, game_ref = weakref.ref(room), weakref.ref(room.game)
            del room
            await lobby.rater.settle()
            gc.collect()
            gc.disable()
            try:
                assert room_ref() is not None  # the lobby still holds it
                lobby.settings.linger = 0.0
                assert await lobby.sweep() == 1
                await asyncio.sleep(0)
                assert room_ref() is None
                assert game_ref() is None
            finally:
                gc.enable()

    asyncio.run(case())


def test_a_finished_table_lingers_less_than_one_still_to_be_played(sqlite_url: str) -> None:
    """docs/protocol.md, Memory: a finished table nobody uses is released after
    ``--finished-linger`` where that is less than ``--linger``; a table still to be played
    stays for ``--linger``, and the finished one is restored when it is asked for."""

    async def case() -> None:
        async with lobby_on(sqlite_url, linger=3600.0, finished_linger=0.0) as lobby:
            waiting = (await lobby.create(request(), BASE)).table.code
            room = await played_by_bots(lobby)
            code = room.code
            await eventually(lambda: code not in lobby.rooms)
            assert waiting in lobby.rooms
            async with lobby.using(code) as again:
                assert again.status == "finished"
                assert again.record()["actions"] == room.record()["actions"]

    asyncio.run(case())
