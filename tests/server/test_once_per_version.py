"""A state's work is done once per version (docs/protocol.md, Delta states; ``sending.py``,
``states.py``): the table's common parts are encoded once per broadcast, each seat's view
is built once and its message encoded once however many connections hold the seat, the
spectators share one view and one message, and the shared layer of the view is built
once per version for every seat. Counted by wrapping the functions that do the work, and
by the identity of the message objects queued for each connection."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from geodeck.cross import view as cross_view
from geodeck.server import sending
from geodeck.server.bodies import CreateTable, SeatSpec
from geodeck.server.clients import Client
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import Act, Hello
from geodeck.server.settings import Settings
from geodeck.server.storage import Storage
from tests.server.live import run

SEATS = 3
PER_SEAT = 2
SPECTATORS = 6


def drained(client: Client) -> list[str]:
    out: list[str] = []
    while not client.outbox.empty():
        text = client.outbox.get_nowait()
        if text is not None:
            out.append(text)
    return out


def states(texts: list[str]) -> list[str]:
    return [t for t in texts if t.startswith('{"type":"state"')]


def counting(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str, key: Callable[..., object]
) -> Counter[object]:
    calls: Counter[object] = Counter()
    original = getattr(owner, name)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        calls[key(*args, **kwargs)] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapped)
    return calls


def test_each_version_s_state_is_built_once_and_shared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables = counting(monkeypatch, sending, "table_parts", lambda room, by: "table")
    seats = counting(monkeypatch, sending, "seat_parts", lambda room, seat, table, since: seat)
    shared = counting(
        monkeypatch, cross_view, "_common", lambda game, **kw: (game.version, kw.get("shared"))
    )

    async def case() -> None:
        settings = Settings(database_url=f"sqlite:///{tmp_path / 'once.sqlite3'}", pause=0)
        lobby = Lobby(settings, Storage(settings.database_url))
        await lobby.start()
        try:
            request = CreateTable(
                game="uppsala",
                seats=[SeatSpec(name=n) for n in ("Ann", "Ben", "Cem")],
                claim=list(range(SEATS)),
            )
            created = await lobby.create(request, "http://test")
            room = await lobby.room(created.table.code)
            # each seat's connections, all asking for delta states
            players = [[Client() for _ in range(PER_SEAT)] for _ in range(SEATS)]
            for seat, clients in enumerate(players):
                for client in clients:
                    token = created.tokens[str(seat)]
                    await room.handle(client, Hello(type="hello", token=token, delta=True))
            watchers = [Client() for _ in range(SPECTATORS)]
            for n, client in enumerate(watchers):
                hello = Hello(type="hello", spectator=True, delta=n % 2 == 0)
                await room.handle(client, hello)
            everyone = [c for clients in players for c in clients] + watchers
            for client in everyone:
                assert states(drained(client)), "each connection had its first state"

            # four moves, each one broadcast; from the second on, every connection of a
            # seat has been sent the same state before (after its hello, each was sent its
            # own), so that one message object is shared
            for move in range(4):
                version = room.game.version
                mover = room.game.expects().seats[0]
                legal = [a.to_wire() for a in room.game.legal_actions(mover)]
                for calls in (tables, seats, shared):
                    calls.clear()
                await room.handle(
                    players[mover][0], Act(type="act", version=version, action=legal[0])
                )
                for _ in range(100):
                    if room.game.version > version and all(not c.outbox.empty() for c in everyone):
                        break
                    await asyncio.sleep(0.01)
                assert room.game.version > version
                assert tables == {"table": 1}
                each_once: dict[object, int] = dict.fromkeys([*range(SEATS), None], 1)
                assert seats == each_once
                assert shared == {(room.game.version, True): 1}
                for clients in players:
                    got = [states(drained(c)) for c in clients]
                    assert all(len(g) == 1 for g in got), got
                    assert all(g[0] == got[0][0] for g in got)
                    assert move == 0 or all(g[0] is got[0][0] for g in got), "one message"
                seen = [states(drained(c)) for c in watchers]
                delta = [s[0] for n, s in enumerate(seen) if n % 2 == 0]
                full = [s[0] for n, s in enumerate(seen) if n % 2 == 1]
                assert all(t == delta[0] for t in delta)
                assert all(t is full[0] for t in full), "one full state for the spectators"
                assert move == 0 or all(t is delta[0] for t in delta), "one delta for them"
                assert orjson.loads(delta[0])["delta"] is True
                assert orjson.loads(full[0])["delta"] is False
            await room.close()
        finally:
            await lobby.close()

    run(case, timeout=60)
