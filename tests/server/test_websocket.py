"""The websocket protocol: hello, act, ping, and every way a message is refused."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from typing import Any

from websockets.asyncio.client import connect
from websockets.frames import Frame, Opcode

from tests.server.live import LiveServer, Player, create_table, run, server_logs


async def seated(server: LiveServer, count: int = 2) -> tuple[str, list[Player]]:
    with server.http() as http:
        created = create_table(
            http, [{"name": f"P{i}"} for i in range(count)], claim=list(range(count))
        )
    code = created["table"]["code"]
    players = []
    for seat in range(count):
        player = await Player(server.ws_url(code), f"P{seat}").open()
        state = await player.hello(created["tokens"][str(seat)])
        assert state["type"] == "state"
        players.append(player)
    for player in players:
        await player.wait(functools.partial(_all_connected, player, count))
    return code, players


def _all_connected(player: Player, count: int) -> bool:
    frames = [f for f in player.frames if f["type"] in ("state", "seats")]
    return bool(frames) and sum(1 for s in frames[-1]["seats"] if s["connected"]) == count


async def refused(player: Player, message: dict[str, Any] | str | bytes) -> dict[str, Any]:
    before = len(player.frames)
    if isinstance(message, bytes):
        await player.send_bytes(message)
    else:
        await player.send(message)
    return await player.wait_frame(lambda f: f["type"] == "error", after=before)


async def close_all(players: list[Player]) -> None:
    for player in players:
        await player.close()


def test_hello_gives_the_seat_its_view_and_legal_actions(server: LiveServer) -> None:
    async def case() -> None:
        _, (ann, ben) = await seated(server)
        for player, seat in ((ann, 0), (ben, 1)):
            state = player.state
            assert state is not None
            assert state["you"] == seat
            assert state["view"]["seat"] == seat
            assert state["status"] == "playing"
            assert state["version"] == 0
            assert state["expects"] == {"seats": [0], "kind": "place"}
        assert ann.state is not None
        assert ben.state is not None
        assert ann.state["legal"]
        assert all(a["seat"] == 0 and a["act"] == "place" for a in ann.state["legal"])
        assert ben.state["legal"] == []
        await close_all([ann, ben])

    run(case, timeout=30)


def test_an_action_reaches_everyone_as_events_then_state(server: LiveServer) -> None:
    async def case() -> None:
        code, (ann, ben) = await seated(server)
        watcher = await Player(server.ws_url(code), "watcher").open()
        first = await watcher.hello(None)
        assert first["you"] is None
        assert first["legal"] == []
        assert ann.state is not None
        await ann.act({"act": "place", "line": "west-east", "at": 0})
        for player in (ann, ben, watcher):
            state = await player.wait_version(1)
            events = [f for f in player.frames if f["type"] == "events"]
            assert events[-1]["by"] == 0
            assert events[-1]["events"][0]["event"] == "place"
            assert player.frames.index(events[-1]) == player.frames.index(state) - 1
        assert ben.state is not None
        assert ben.state["legal"][0] == {"seat": 1, "act": "accept"}
        await close_all([ann, ben, watcher])

    run(case, timeout=30)


def test_ping(server: LiveServer) -> None:
    async def case() -> None:
        _, (ann, ben) = await seated(server)
        before = len(ann.frames)
        await ann.send({"type": "ping", "id": 42})
        assert await ann.wait_frame(lambda f: f["type"] == "pong", after=before) == {
            "type": "pong",
            "id": 42,
        }
        await close_all([ann, ben])

    run(case, timeout=30)


def test_bad_messages_are_refused_and_change_nothing(server: LiveServer) -> None:
    async def case() -> None:
        _, (ann, ben) = await seated(server)
        place = {"act": "place", "line": "west-east", "at": 0}
        cases: list[tuple[dict[str, Any] | str | bytes, str]] = [
            ("{not json", "protocol/malformed"),
            ("[1, 2]", "protocol/malformed"),
            (b"\x00\x01", "protocol/malformed"),
            ({"type": "shout"}, "protocol/unknown_type"),
            ({"kind": "act"}, "protocol/unknown_type"),
            ({"type": "act", "version": 0, "action": place, "extra": 1}, "protocol/malformed"),
            ({"type": "act", "version": "0", "action": place}, "protocol/malformed"),
            ({"type": "act", "version": True, "action": place}, "protocol/malformed"),
            ({"type": "act", "version": 0, "action": "place"}, "protocol/malformed"),
            ({"type": "act", "version": 0}, "protocol/malformed"),
            ({"type": "ping", "id": "x" * 65}, "protocol/malformed"),
            ({"type": "hello", "token": "abc"}, "protocol/hello_twice"),
            (json.dumps({"type": "ping", "id": "x" * 5000}), "protocol/too_large"),
            ({"type": "act", "version": 3, "action": place}, "act/stale"),
            ({"type": "act", "version": 0, "action": {**place, "seat": 1}}, "act/wrong_seat"),
            ({"type": "act", "version": 0, "action": {**place, "seat": True}}, "act/wrong_seat"),
            ({"type": "act", "version": 0, "action": {"act": "fly"}}, "action/malformed"),
            ({"type": "act", "version": 0, "action": {"act": "place"}}, "action/malformed"),
            (
                {"type": "act", "version": 0, "action": {"act": "accept"}},
                "action/wrong_kind|illegal",
            ),
            (
                {"type": "act", "version": 0, "action": {**place, "line": "up-down"}},
                "action/illegal",
            ),
            ({"type": "act", "version": 0, "action": {**place, "at": 9}}, "action/illegal"),
            (
                {"type": "act", "version": 0, "action": {**place, "lnie": "north-south"}},
                "action/malformed",
            ),
            (
                {"type": "act", "version": 0, "action": {"act": "accept", "at": 0}},
                "action/malformed",
            ),
            ('{"type": "ping", "id": "\\ud800"}', "protocol/malformed"),
            ('{"type": "hello", "token": "\\udc00abc"}', "protocol/malformed"),
            (
                '{"type": "act", "version": 0, "action": {"act": "place", "line": "west\\ud800"}}',
                "protocol/malformed",
            ),
            ('{"type": "act", "version": NaN, "action": {}}', "protocol/malformed"),
        ]
        for message, code in cases:
            error = await refused(ann, message)
            assert error["code"].split("/")[1] in code.split("/")[1].split("|"), (message, error)
            assert error["code"].split("/")[0] == code.split("/")[0], (message, error)
            assert error["version"] == 0
        assert (await refused(ann, {**place, "act": "place"}))["code"] == "protocol/unknown_type"
        not_yours = await refused(ben, {"type": "act", "version": 0, "action": place})
        assert not_yours["code"] == "action/not_your_turn"
        assert not_yours["rule"] == "A2"
        assert not any(f["type"] == "events" for f in ann.frames + ben.frames)
        assert ann.state is not None
        assert ann.state["version"] == 0
        await ann.act(place)
        await ben.wait_version(1)
        await close_all([ann, ben])

    run(case, timeout=30)


def test_stale_action_gets_an_error_and_a_fresh_state(server: LiveServer) -> None:
    async def case() -> None:
        code, (ann, ben) = await seated(server)
        with server.http() as http:
            table = http.get(f"/api/tables/{code}").json()
        assert table["version"] == 0
        assert ann.state is not None
        action = ann.state["legal"][0]
        await ann.act(action)
        await ann.wait_version(1)
        before = len(ann.frames)
        await ann.act(action, version=0)
        error = await ann.wait_frame(lambda f: f["type"] == "error", after=before)
        assert error["code"] == "act/stale"
        fresh = await ann.wait_frame(lambda f: f["type"] == "state", after=before)
        assert fresh["version"] == 1
        await close_all([ann, ben])

    run(case, timeout=30)


def test_two_connections_of_one_seat_race(server: LiveServer) -> None:
    async def case() -> None:
        code, (ann, ben) = await seated(server)
        with server.http() as http:
            created = create_table(http, [{"name": "A"}, {"name": "B"}], claim=[0, 1])
        code = created["table"]["code"]
        tabs = [await Player(server.ws_url(code), f"tab{i}").open() for i in range(2)]
        for tab in tabs:
            await tab.hello(created["tokens"]["0"])
        assert tabs[0].state is not None
        assert tabs[1].state is not None
        await asyncio.gather(
            tabs[0].act(tabs[0].state["legal"][0]), tabs[1].act(tabs[1].state["legal"][-1])
        )
        for tab in tabs:
            await tab.wait_version(1)
        await asyncio.sleep(0.1)
        errors = [e["code"] for tab in tabs for e in tab.errors]
        assert errors == ["act/stale"]
        await close_all([ann, ben, *tabs])

    run(case, timeout=30)


def test_tokens_spectators_and_unknown_tables(server: LiveServer) -> None:
    async def case() -> None:
        code, (ann, ben) = await seated(server)
        stranger = await Player(server.ws_url(code), "stranger").open()
        error = await refused(stranger, {"type": "act", "version": 0, "action": {"act": "accept"}})
        assert error["code"] == "protocol/hello_first"
        error = await refused(stranger, {"type": "hello", "token": "not-a-token"})
        assert error["code"] == "auth/bad_token"
        error = await refused(stranger, {"type": "hello", "token": "t", "spectator": True})
        assert error["code"] == "protocol/malformed"
        state = await stranger.hello(None)
        assert state["you"] is None
        error = await refused(stranger, {"type": "act", "version": 0, "action": {"act": "accept"}})
        assert error["code"] == "act/spectator"
        lost = await Player(server.ws_url("QQQQQQ"), "lost").open()
        await lost.wait(lost.closed.is_set)
        assert lost.frames[0]["code"] == "table/not_found"
        await close_all([ann, ben, stranger])

    run(case, timeout=30)


def test_acting_at_a_waiting_table(server: LiveServer) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])
        code = created["table"]["code"]
        ann = await Player(server.ws_url(code), "Ann").open()
        state = await ann.hello(created["tokens"]["0"])
        assert state["status"] == "waiting"
        assert state["legal"] == []
        place = {"act": "place", "line": "west-east", "at": 0}
        error = await refused(ann, {"type": "act", "version": 0, "action": place})
        assert error["code"] == "act/not_playing"
        with server.http() as http:
            http.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        started = await ann.wait_frame(lambda f: f["type"] == "state" and f["status"] == "playing")
        assert started["seats"][1]["name"] == "Bea"
        assert started["view"]["seats"][1]["name"] == "Bea"
        assert started["legal"]
        await ann.close()

    run(case, timeout=30)


def test_too_many_messages(server: LiveServer) -> None:
    async def case() -> None:
        _, (ann, ben) = await seated(server)
        for i in range(60):
            await ann.send({"type": "ping", "id": i})
        await ann.wait(lambda: len([f for f in ann.frames if f["type"] in ("pong", "error")]) >= 60)
        codes = [f["code"] for f in ann.frames if f["type"] == "error"]
        assert codes
        assert set(codes) == {"protocol/too_many"}
        await close_all([ann, ben])

    run(case, timeout=30)


def test_text_that_is_not_utf8_closes_the_connection_with_1007(server: LiveServer) -> None:
    """A text frame (or a fragmented text message) that is not UTF-8 closes its connection
    (1007; 1000 or 1007 when the client's close came in the same packet) with one short log
    line, not a traceback; the table plays on."""
    bad = [
        [Frame(Opcode.TEXT, b'{"type": "ping", "id": "\xff"}')],
        [Frame(Opcode.TEXT, b'"\xed\xa0\x80"')],
        [Frame(Opcode.TEXT, b'{"type":', fin=False), Frame(Opcode.CONT, b'"\xc3"}')],
        # the client's close in the same packet: its close is answered all the same
        [Frame(Opcode.TEXT, b'"\xff"'), Frame(Opcode.CLOSE, b"\x03\xe8")],
    ]

    async def case() -> None:
        code, (ann, ben) = await seated(server)
        for frames in bad:
            async with connect(server.ws_url(code), compression=None) as ws:
                ws.transport.write(b"".join(f.serialize(mask=True) for f in frames))
                await asyncio.wait_for(ws.wait_closed(), 5)
                assert ws.close_code in ({1000, 1007} if len(frames) == 2 else {1007})
        async with connect(server.ws_url(code), compression=None) as ws:
            split = "é".encode()
            text = b'{"type": "ping", "id": "' + split[:1]
            ws.transport.write(
                Frame(Opcode.TEXT, text, fin=False).serialize(mask=True)
                + Frame(Opcode.CONT, split[1:] + b'"}').serialize(mask=True)
            )
            assert json.loads(await asyncio.wait_for(ws.recv(), 5)) == {"type": "pong", "id": "é"}
        assert ann.state is not None
        await ann.act(ann.state["legal"][0])
        await ben.wait_version(1)
        await close_all([ann, ben])

    with server_logs() as records:
        run(case, timeout=30)
    assert not [r for r in records if r.exc_info or r.levelno >= logging.ERROR]
    lines = [r for r in records if "UTF-8" in r.getMessage()]
    assert len(lines) == len(bad)
    assert all(r.levelno == logging.INFO and len(r.getMessage()) < 120 for r in lines)
