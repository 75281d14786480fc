"""Seat links (docs/protocol.md, Seat links): a seat's own link and QR code, given only for
its own token; opening it elsewhere (hello with ``move``) tells the seat's other
connections they lost it (``seat/moved``, close code 4409); and no response, message,
record or replay of a table holds a token or a token's hash, but the seat link shown to
its own seat."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx

from geodeck.server.home import slot_of
from geodeck.server.recovery import CLOSE_SEAT_MOVED, qr_svg
from geodeck.server.tokens import token_hash
from tests import loopback
from tests.server.live import KEEP_ALIVE, LiveServer, Player, create_table, play_out, run
from tests.server.test_homes import processes


def test_a_seat_link_is_given_for_its_own_token_only(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code = created["table"]["code"]
        tokens = created["tokens"]
        ann = http.post(f"/api/tables/{code}/seat-link", json={"token": tokens["0"]})
        ben = http.post(f"/api/tables/{code}/seat-link", json={"token": tokens["1"]})
        wrong = http.post(f"/api/tables/{code}/seat-link", json={"token": "nope"})
        none = http.post(f"/api/tables/{code}/seat-link", json={})
    assert ann.status_code == 200, ann.text
    link = ann.json()["link"]
    parts = urlsplit(link)
    assert parse_qs(parts.query) == {"table": [code]}
    assert parts.fragment == f"seat=0&key={tokens['0']}"
    assert ann.json()["seat"] == 0
    assert ann.json()["qr"].lstrip().startswith("<?xml")
    assert ann.json()["qr"] == qr_svg(link)
    assert ben.json()["seat"] == 1
    assert tokens["0"] not in ben.text
    assert wrong.status_code == 403
    assert wrong.json()["error"]["code"] == "auth/bad_token"
    assert none.status_code == 400


def test_opening_the_seat_elsewhere_tells_the_old_device(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Robo", "bot": "random"}])
    code = created["table"]["code"]
    token = created["tokens"]["0"]

    async def case() -> None:
        old = await Player(server.ws_url(code), "old").open()
        await old.hello(token)
        tab = await Player(server.ws_url(code), "second tab").open()
        await tab.hello(token)  # a second tab without move: both hold the seat
        await asyncio.sleep(0.2)
        assert not old.closed.is_set()
        phone = await Player(server.ws_url(code), "phone").open()
        await phone.send({"type": "hello", "token": token, "move": True})
        state = await phone.wait_frame(lambda f: f["type"] == "state")
        assert state["you"] == 0
        for gone in (old, tab):
            moved = await gone.wait_frame(lambda f: f["type"] == "error")
            assert moved["code"] == "seat/moved"
            await asyncio.wait_for(gone.closed.wait(), 5)
            assert gone._ws is not None
            assert gone._ws.close_code == CLOSE_SEAT_MOVED
        assert not phone.closed.is_set()
        spectator = await Player(server.ws_url(code), "watcher").open()
        await spectator.send({"type": "hello", "spectator": True, "move": True})
        await spectator.wait_frame(lambda f: f["type"] == "state")
        await asyncio.sleep(0.2)
        assert not phone.closed.is_set()  # a spectator moves no seat

    run(case)


def test_no_answer_or_message_reveals_a_token(server: LiveServer) -> None:
    seats = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Robo", "bot": "random"}]
    with server.http() as http:
        created = create_table(http, seats, claim=[0])
        code = created["table"]["code"]
        joined = http.post(f"/api/tables/{code}/join", json={"seat": 1}).json()
    tokens = {"0": created["tokens"]["0"], "1": joined["token"]}
    secrets = [*tokens.values(), *(token_hash(t) for t in tokens.values())]
    texts: list[str] = []

    async def case() -> None:
        players = []
        for seat, token in tokens.items():
            player = await Player(server.ws_url(code), seat).open()
            await player.hello(token)
            players.append(player)
        watcher = await Player(server.ws_url(code), "watcher").open()
        await watcher.hello(None)
        await play_out(players, random.Random(9))
        with server.http() as http:
            again = http.post(f"/api/tables/{code}/rematch", json={"token": tokens["0"]})
            texts.append(again.text)
            new = again.json()["rematch"]
            for path in ("", "/record", "/replay", "/replay?seat=0", "/stats"):
                texts.append(http.get(f"/api/tables/{code}{path}").text)
            texts.append(http.get(f"/api/tables/{new}").text)
            texts.append(http.get("/api/health").text)
        await watcher.wait_frame(lambda f: f["type"] == "rematch")
        for player in [*players, watcher]:
            texts.extend(str(frame) for frame in player.frames)

    run(case, timeout=90)
    assert len(texts) > 20
    for text in texts:
        for secret in secrets:
            assert secret not in text


def test_a_seat_moves_and_a_rematch_is_one_across_processes(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    """Two processes: the old device is at the table's home, the phone reaches it through
    the other process (forwarded); the move closes the old device all the same, and a
    rematch asked of either process is the same table."""
    with processes(tmp_path, postgres, pg_schema, redis_url, 2) as started:
        urls = [url for _, url in started]
        with httpx.Client(base_url=urls[0], timeout=10, limits=KEEP_ALIVE) as http:
            seats = [{"name": "Ann"}, {"name": "Robo", "bot": "random"}]
            created = create_table(http, seats)
        code = created["table"]["code"]
        token = created["tokens"]["0"]
        home = urls[slot_of(code, 2)]
        other = urls[1 - slot_of(code, 2)]

        def ws(url: str) -> str:
            return url.replace("http://", "ws://") + f"/ws/{code}"

        async def case() -> None:
            old = await Player(ws(home), "old").open()
            await old.hello(token)
            phone = await Player(ws(other), "phone").open()
            await phone.send({"type": "hello", "token": token, "move": True})
            state = await phone.wait_frame(lambda f: f["type"] == "state")
            assert state["you"] == 0
            moved = await old.wait_frame(lambda f: f["type"] == "error")
            assert moved["code"] == "seat/moved"
            await asyncio.wait_for(old.closed.wait(), 5)
            assert old._ws is not None
            assert old._ws.close_code == CLOSE_SEAT_MOVED
            await play_out([phone], random.Random(3))
            answers = [
                loopback.post(f"{url}/api/tables/{code}/rematch", json={"token": token}, timeout=10)
                for url in (other, home, other)
            ]
            assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
            assert len({a.json()["rematch"] for a in answers}) == 1
            told = await phone.wait_frame(lambda f: f["type"] == "rematch")
            assert told["code"] == answers[0].json()["rematch"]

        run(case, timeout=120)
