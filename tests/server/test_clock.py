"""The clock (docs/protocol.md, Bots, stand-ins and the clock): every state carries the
deadline of the move it awaits, from the first turn on; a time bank per player; a move
the server played on a timeout is listed as such."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from geodeck.server.storage import Storage
from tests.server.live import LiveServer, Player, create_table, run


def deadline_in(state: dict[str, Any], seat: int) -> float:
    """Seconds from now to the seat's deadline in ``state``."""
    return float(state["clock"]["deadlines"][str(seat)]) / 1000 - time.time()


def test_the_first_turn_and_every_move_carry_the_deadline_now_awaited(
    server: LiveServer,
) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], clock=30)
            code = created["table"]["code"]
            ann = await Player(server.ws_url(code), "Ann").open()
            first = await ann.hello(created["tokens"]["0"])
            assert first["status"] == "waiting"
            assert first["clock"]["deadlines"] == {}
            joined = http.post(f"/api/tables/{code}/join", json={}).json()
        started = await ann.wait_frame(lambda f: f["type"] == "state" and f["status"] == "playing")
        assert list(started["clock"]["deadlines"]) == ["0"]
        assert 29 < deadline_in(started, 0) <= 30
        ben = await Player(server.ws_url(code), "Ben").open()
        hello = await ben.hello(joined["token"])
        assert list(hello["clock"]["deadlines"]) == ["0"]
        for _ in range(6):
            assert ann.state is not None
            assert ben.state is not None
            version = ann.state["version"]
            mover = ann if ann.state["legal"] else ben
            assert mover.state is not None
            await mover.act(mover.state["legal"][0])
            after = await ann.wait_version(version + 1)
            await ben.wait_version(version + 1)
            awaited = after["expects"]["seats"]
            assert after["by"] == mover.seat
            assert sorted(int(s) for s in after["clock"]["deadlines"]) == awaited
            for seat in awaited:
                assert 29 < deadline_in(after, seat) <= 30

    run(case)


def test_a_time_bank_pays_for_a_slow_move_and_then_runs_out(
    server: LiveServer, sqlite_url: str
) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(
                http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1], clock=1.0, bank=1.5
            )
            assert created["table"]["bank"] == 1.5
        code, tokens = created["table"]["code"], created["tokens"]
        ann = await Player(server.ws_url(code), "Ann").open()
        ben = await Player(server.ws_url(code), "Ben").open()
        first = await ann.hello(tokens["0"])
        await ben.hello(tokens["1"])
        clock = first["clock"]
        assert clock["seconds"] == 1.0
        assert clock["bank"] == 1.5
        assert clock["banks"] == {"0": 1.5}
        assert 1.5 < deadline_in(first, 0) <= 2.5  # the move's 1 s and the bank's 1.5 s
        # 0.5 s over the move's time, leaving a busy machine 1 s to deliver the move
        await asyncio.sleep(1.5)
        await ann.act(first["legal"][0])
        placed = await ben.wait_version(1)
        assert placed["by"] == 0
        assert placed["timeouts"] == []
        left = placed["clock"]["banks"]
        assert 0 <= left["0"] < 1.0, left  # at least 0.5 s of it went (more on a busy machine)
        assert left["1"] == 1.5
        assert 1.5 < deadline_in(placed, 1) <= 2.5
        # Ben does not answer: the server accepts for him once his bank is gone too.
        accepted = await ben.wait_version(2)
        assert accepted["by"] == 1
        history = accepted["view"]["history"]
        assert [history[i]["event"] for i in accepted["timeouts"]] == ["accept"]
        assert accepted["timeouts"] == [len(placed["view"]["history"])]
        assert accepted["clock"]["banks"]["1"] == 0
        await ben.close()
        await ann.close()
        storage = Storage(sqlite_url)
        stored = storage.load_table(code)
        for _ in range(100):  # the banks are stored after the state is sent
            if stored is not None and 1 in stored.banks:
                break
            await asyncio.sleep(0.05)
            stored = storage.load_table(code)
        storage.close()
        assert stored is not None
        assert stored.timeouts == tuple(accepted["timeouts"])
        assert stored.bank == 1.5
        assert stored.banks[1] == 0
        assert abs(stored.banks[0] - left["0"]) < 0.001

    run(case)


def test_a_bank_needs_a_clock(server: LiveServer) -> None:
    with server.http() as http:
        for body in ({"bank": 30}, {"bank": -1, "clock": 30}, {"bank": 3601, "clock": 30}):
            response = http.post("/api/tables", json={"game": "uppsala", "seats": [{}, {}], **body})
            assert response.status_code == 400, body
            assert response.json()["error"]["code"] == "request/malformed"
