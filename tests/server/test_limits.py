"""Wrong table codes and seat tokens are limited per client address (docs/protocol.md,
Limits): the limiter on its own with a clock of its own, then against a live server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from geodeck.server.errors import ErrorCode
from geodeck.server.limits import TOO_MANY_MISSES, Limited, MissLimiter, address_key
from geodeck.server.protocol import Refusal
from tests.server.conftest import fast_settings
from tests.server.live import TIMEOUT, LiveServer, Player, create_table, run, running
from tests.support import sample_cards

WRONG = [f"QQQQQQQQQ{last}" for last in "QRSTUVW"]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- the limiter on its own -------------------------------------------------------------------


def test_a_cost_of_many_at_once() -> None:
    """A post of several practice answers spends one token each; a cost over the burst
    asks for the whole burst."""
    clock = Clock()
    limiter = MissLimiter(10, 2.0, clock=clock)
    limiter.check("a", cost=10)
    limiter.miss("a", 7)
    limiter.check("a", cost=3)
    with pytest.raises(Limited) as refused:
        limiter.check("a", ErrorCode.LIMIT_TOO_MANY_ANSWERS, cost=5, source="this player key")
    assert refused.value.retry_after == 4
    assert refused.value.code == ErrorCode.LIMIT_TOO_MANY_ANSWERS
    assert "practice answers from this player key" in refused.value.message
    assert limiter.retry_after("a", 50) == pytest.approx(14.0)
    limiter.miss("a", 0)
    assert limiter.retry_after("a", 3) is None


def test_a_burst_of_misses_then_one_every_refill() -> None:
    clock = Clock()
    limiter = MissLimiter(3, 6.0, clock=clock)
    for _ in range(3):
        limiter.check("a")
        limiter.miss("a")
    with pytest.raises(Limited) as refused:
        limiter.check("a")
    assert refused.value.code == TOO_MANY_MISSES
    assert refused.value.retry_after == 6
    clock.now += 4.5
    assert limiter.retry_after("a") == pytest.approx(1.5)
    with pytest.raises(Limited) as refused:
        limiter.check("a")
    assert refused.value.retry_after == 2
    clock.now += 1.5
    limiter.check("a")
    limiter.miss("a")
    assert limiter.retry_after("a") == pytest.approx(6.0)
    clock.now += 3 * 6.0
    for _ in range(3):
        limiter.check("a")
        limiter.miss("a")
    assert limiter.retry_after("a") is not None


def test_right_codes_cost_nothing_and_other_addresses_are_apart() -> None:
    clock = Clock()
    limiter = MissLimiter(2, 6.0, clock=clock)
    for _ in range(10_000):
        limiter.check("honest")
    assert len(limiter) == 0
    limiter.miss("guesser")
    limiter.miss("guesser")
    with pytest.raises(Limited):
        limiter.check("guesser")
    limiter.check("honest")
    limiter.miss("honest")
    limiter.check("honest")


def test_guard_counts_misses_only_and_never_refuses_a_right_code() -> None:
    clock = Clock()
    limiter = MissLimiter(2, 6.0, clock=clock)
    for _ in range(5):
        with pytest.raises(Refusal), limiter.guard("a"):
            raise Refusal(ErrorCode.TABLE_FULL, "every seat of this table is taken")
    assert limiter.retry_after("a") is None
    for code in (ErrorCode.TABLE_NOT_FOUND, ErrorCode.AUTH_BAD_TOKEN):
        with pytest.raises(Refusal) as refused, limiter.guard("a"):
            raise Refusal(code, "no")
        assert refused.value.code == code  # the miss that empties the bucket is told as it is
    assert limiter.retry_after("a") == pytest.approx(6.0)
    # out of misses: a right code or token is served, and any other refusal is as ever
    done = []
    for _ in range(100):
        with limiter.guard("a"):
            done.append(True)
    assert len(done) == 100
    with pytest.raises(Refusal) as refused, limiter.guard("a"):
        raise Refusal(ErrorCode.TABLE_FULL, "every seat of this table is taken")
    assert refused.value.code == ErrorCode.TABLE_FULL
    # ... but a miss is refused as too many, and not counted again
    for code in (ErrorCode.TABLE_NOT_FOUND, ErrorCode.CLASS_BAD_TOKEN):
        with pytest.raises(Limited) as limited, limiter.guard("a"):
            raise Refusal(code, "no")
        assert limited.value.code == TOO_MANY_MISSES
    assert limiter.retry_after("a") == pytest.approx(6.0)
    clock.now += 6.0
    with pytest.raises(Refusal) as refused, limiter.guard("a"):
        raise Refusal(ErrorCode.TABLE_NOT_FOUND, "no")
    assert refused.value.code == ErrorCode.TABLE_NOT_FOUND


def test_memory_is_bounded() -> None:
    clock = Clock()
    limiter = MissLimiter(5, 1.0, capacity=100, clock=clock)
    for i in range(10_000):
        limiter.miss(f"10.0.{i // 256}.{i % 256}")
    assert len(limiter) == 100
    limiter.miss("10.0.0.0")
    assert limiter.retry_after("10.0.0.0") is None  # forgotten, then one miss of five
    clock.now += 5.0  # every bucket has filled up again
    limiter.miss("192.0.2.1")
    assert len(limiter) == 1


def test_addresses_are_counted_as_a_client_holds_them() -> None:
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:2:ffff::1") == address_key("2001:db8:1:2::9")
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("testclient") == "testclient"
    assert address_key(None) == address_key("") == "?"


def test_codes_are_too_many_to_find_a_table_or_class_by_guessing() -> None:
    """docs/protocol.md's figures (Wrong codes and tokens): at 10,000 guesses a second,
    more than a process answers, finding one of 100,000 stored tables takes over a year,
    one of a process's 2000 tables in memory 58 years, one of 1000 classes over 4 years."""
    from geodeck.server.classroom.models import CLASS_DIGITS, CLASS_LETTERS
    from geodeck.server.settings import Settings
    from geodeck.server.tokens import CODE_ALPHABET, CODE_LENGTH

    year = 365.25 * 86_400
    tables = len(CODE_ALPHABET) ** CODE_LENGTH
    assert tables == 36_520_347_436_056_576
    assert 1.15 < (tables + 1) / 100_001 / 10_000 / year < 1.16
    assert 57 < (tables + 1) / (Settings().max_tables + 1) / 10_000 / year < 58
    classes = len(CODE_ALPHABET) ** CLASS_LETTERS * len(CLASS_DIGITS) ** 3
    assert classes == 1_352_605_460_594_688
    assert 4.2 < (classes + 1) / 1001 / 10_000 / year < 4.3


# -- against a live server --------------------------------------------------------------------


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[LiveServer]:
    settings = fast_settings(
        f"sqlite:///{tmp_path / 'limits.sqlite3'}", miss_burst=3, miss_refill=1.0
    )
    with running(settings) as live:
        yield live


def from_address(address: str) -> dict[str, Any]:
    """What makes a websocket connection come from the loopback ``address``."""
    return {"local_addr": (address, 0)}


def limited(response: httpx.Response) -> int:
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["error"]["code"] == TOO_MANY_MISSES
    assert body["error"]["rule"] is None
    assert body["error"]["message"]
    retry = int(response.headers["Retry-After"])
    assert body["error"]["retry_after"] == retry
    assert retry >= 1
    return retry


def test_wrong_codes_over_http_are_refused_after_the_burst(strict: LiveServer) -> None:
    with strict.http() as http, strict.http("127.0.0.9") as guesser:
        code = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])["table"]["code"]
        assert guesser.get(f"/api/tables/{WRONG[0]}").status_code == 404
        assert guesser.get(f"/api/tables/{WRONG[1]}/record").status_code == 404
        response = guesser.post(f"/api/tables/{WRONG[2]}/join", json={})
        assert response.status_code == 404
        retry = limited(guesser.get(f"/api/tables/{WRONG[3]}"))
        limited(guesser.get(f"/api/tables/{WRONG[3]}/record"))
        limited(guesser.post(f"/api/tables/{WRONG[3]}/join", json={}))
        # a right code is served all the same
        assert guesser.get(f"/api/tables/{code}").status_code == 200
        assert guesser.get(f"/api/tables/{code}/record").status_code == 409
        limited(guesser.get(f"/api/tables/{WRONG[4]}"))
        # other addresses are not touched
        with strict.http("127.0.0.4") as other:
            assert other.get(f"/api/tables/{code}").is_success
        assert http.get(f"/api/tables/{code}").is_success
        assert http.get(f"/api/tables/{WRONG[4]}").status_code == 404
        # a creator is never limited
        body = {"game": "uppsala", "seats": [{}, {}], "deck": sample_cards()}
        assert guesser.post("/api/tables", json=body).status_code == 201
        time.sleep(retry)
        assert guesser.get(f"/api/tables/{WRONG[5]}").status_code == 404
        limited(guesser.get(f"/api/tables/{WRONG[6]}"))


def test_a_forwarded_for_header_is_believed_only_from_a_named_proxy(tmp_path: Path) -> None:
    """``X-Forwarded-For`` from a client is ignored unless the client is a proxy named
    with ``forwarded_allow_ips`` (``geodeck serve --forwarded-allow-ips``)."""
    settings = fast_settings(
        f"sqlite:///{tmp_path / 'proxy.sqlite3'}", miss_burst=2, miss_refill=60.0
    )
    posing = {"X-Forwarded-For": "203.0.113.50"}
    with running(settings) as plain, plain.http("127.0.0.1") as client:
        # by default nobody is a proxy, not even a client on 127.0.0.1: each "new"
        # address it names is the same client
        for i, wrong in enumerate(WRONG[:2]):
            headers = {"X-Forwarded-For": f"203.0.113.{60 + i}"}
            assert client.get(f"/api/tables/{wrong}", headers=headers).status_code == 404
        limited(client.get(f"/api/tables/{WRONG[2]}", headers=posing))
    with (
        running(settings, forwarded_allow_ips="127.0.0.31") as proxied,
        proxied.http("127.0.0.31") as proxy,
        proxied.http("127.0.0.32") as client,
    ):
        # the named proxy speaks for its clients, each with misses of its own
        for i in range(4):
            headers = {"X-Forwarded-For": f"203.0.113.{70 + i}"}
            assert proxy.get(f"/api/tables/{WRONG[0]}", headers=headers).status_code == 404
        # a client that is not the proxy cannot
        for i, wrong in enumerate(WRONG[:2]):
            headers = {"X-Forwarded-For": f"203.0.113.{80 + i}"}
            assert client.get(f"/api/tables/{wrong}", headers=headers).status_code == 404
        limited(client.get(f"/api/tables/{WRONG[2]}", headers=posing))


async def first_frame_and_close(
    url: str, source: dict[str, Any], hello: dict[str, Any] | None = None
) -> tuple[dict[str, Any], int]:
    """The first frame the server sends on a connection from ``source`` that says
    ``hello`` (a spectator's, unless given) and the close code that follows."""
    async with connect(url, open_timeout=TIMEOUT, **source) as ws:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(json.dumps(hello or {"type": "hello", "spectator": True}))
        frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        await asyncio.wait_for(ws.wait_closed(), TIMEOUT)
        assert ws.close_code is not None
        return frame, ws.close_code


def test_wrong_codes_and_tokens_over_websockets(strict: LiveServer) -> None:
    with strict.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])
    code, token = created["table"]["code"], created["tokens"]["0"]

    async def case() -> None:
        guesser = from_address("127.0.0.20")
        for wrong in WRONG[:3]:
            frame, close = await first_frame_and_close(strict.ws_url(wrong), guesser)
            assert (frame["code"], close) == ("table/not_found", 4404)
        # out of misses: a wrong code is refused as too many, a made-up token too
        frame, close = await first_frame_and_close(strict.ws_url(WRONG[3]), guesser)
        assert (frame["code"], close) == (TOO_MANY_MISSES, 4429)
        assert frame["type"] == "error"
        assert frame["retry_after"] >= 1
        made_up = {"type": "hello", "token": "x" * 32}
        async with connect(strict.ws_url(code), **guesser) as ws:
            await ws.send(json.dumps(made_up))
            frames = [json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT)) for _ in range(2)]
            assert [f["code"] for f in frames] == ["auth/bad_token", TOO_MANY_MISSES]
            await asyncio.wait_for(ws.wait_closed(), TIMEOUT)
            assert ws.close_code == 4429
        # ... but a right code is served: a spectator watches
        async with connect(strict.ws_url(code), **guesser) as ws:
            await ws.send(json.dumps({"type": "hello", "spectator": True}))
            frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
            assert frame["type"] == "state", frame
        # ... and the seat's own token is never refused, from that address too
        async with connect(strict.ws_url(code), **guesser) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
            assert frame["type"] == "state", frame

        # seat tokens: a wrong one leaves the socket open, until the misses run out
        tokens = from_address("127.0.0.21")
        async with connect(strict.ws_url(code), **tokens) as ws:
            for _ in range(3):
                await ws.send(json.dumps({"type": "hello", "token": "wrong"}))
                frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                assert frame["code"] == "auth/bad_token"
            frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
            assert frame["code"] == TOO_MANY_MISSES
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), TIMEOUT)
            assert ws.close_code == 4429
        with strict.http("127.0.0.21") as http:
            limited(http.get(f"/api/tables/{WRONG[0]}"))
            assert http.get(f"/api/tables/{code}").status_code == 200
        async with connect(strict.ws_url(code), **tokens) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
            assert frame["type"] == "state", frame

        # the seat's own player, from another address, is not touched
        ann = await Player(strict.ws_url(code), "Ann").open()
        state = await ann.hello(token)
        assert state["type"] == "state"
        await ann.close()

    run(case, timeout=30)


def test_honest_play_is_never_limited(strict: LiveServer) -> None:
    with strict.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0])
        code = created["table"]["code"]
        for _ in range(100):
            assert http.get(f"/api/tables/{code}").status_code == 200
            assert http.get(f"/api/tables/{code.lower()}").status_code == 200
            assert http.get(f"/api/tables/{code}/record").status_code == 409
        joined = http.post(f"/api/tables/{code}/join", json={})
        assert joined.status_code == 200, joined.text
        for _ in range(20):
            assert http.post(f"/api/tables/{code}/join", json={}).status_code == 409

    async def case() -> None:
        for _ in range(40):
            for token in (created["tokens"]["0"], joined.json()["token"], None):
                player = await Player(strict.ws_url(code), "again").open()
                state = await player.hello(token)
                assert state["type"] == "state", state
                await player.close()

    run(case, timeout=30)
    with strict.http() as http:
        assert http.get(f"/api/tables/{code}").status_code == 200
