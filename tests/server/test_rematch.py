"""``POST /api/tables/{code}/rematch`` (docs/protocol.md, Rematch): refused before the end
and to anyone without a seat; once the game has ended, one new table of the same game,
seats, bots, clock, bank, pause, options and deck, dealt afresh, where every player's
token opens their seat; the same table for every seat that asks, told to the old table's
clients, now and later, and kept in storage."""

from __future__ import annotations

import contextlib
import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from geodeck.server.rematch import request_of
from geodeck.server.storage import Conflict, Storage
from geodeck.server.tokens import token_hash
from tests.server import live
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, Player, create_table, play_out, run, running


def test_a_rematch_is_refused_before_the_end_and_without_a_seat(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Robo", "bot": "random"}])
        code = created["table"]["code"]
        token = created["tokens"]["0"]
        early = http.post(f"/api/tables/{code}/rematch", json={"token": token})
        stranger = http.post(f"/api/tables/{code}/rematch", json={"token": "x" * 32})
        missing = http.post("/api/tables/ZZZZZZ/rematch", json={"token": token})
        odd = http.post(f"/api/tables/{code}/rematch", json={"token": token, "seat": 0})
        empty = http.post(f"/api/tables/{code}/rematch", content=b"")
        info = http.get(f"/api/tables/{code}").json()
    assert early.status_code == 409
    assert early.json()["error"]["code"] == "rematch/not_finished"
    assert stranger.status_code == 403
    assert stranger.json()["error"]["code"] == "auth/bad_token"
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "table/not_found"
    assert odd.status_code == 400
    assert odd.json()["error"]["code"] == "request/malformed"
    assert empty.json()["error"]["code"] == "request/malformed"
    assert info["rematch"] is None


async def finish(server: LiveServer, code: str, tokens: dict[str, str]) -> list[Player]:
    players = []
    for seat, token in sorted(tokens.items()):
        player = await Player(server.ws_url(code), f"seat {seat}").open()
        await player.hello(token)
        players.append(player)
    state = await play_out(players, random.Random(5))
    assert state["status"] == "finished"
    return players


def same_table(old: dict[str, Any], new: dict[str, Any]) -> None:
    for key in ("game", "variant", "clock", "bank", "pause"):
        assert new[key] == old[key], key
    assert [(s["name"], s["bot"]) for s in new["seats"]] == [
        (s["name"], s["bot"]) for s in old["seats"]
    ]
    assert all(s["claimed"] for s in new["seats"])
    assert new["status"] == "waiting"  # for its players (test_rematch_wait.py)
    assert new["version"] == 0
    assert new["deal"]["commitment"] != old["deal"]["commitment"]


def test_one_rematch_for_every_seat_with_the_same_tokens(sqlite_url: str) -> None:
    seats = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Robo", "bot": "random"}]
    extra: dict[str, Any] = {"variant": "population", "clock": 60, "bank": 30, "pause": 0}
    extra.update(options={"max_difficulty": 2}, deck=None)
    with running(fast_settings(sqlite_url)) as server:
        with server.http() as http:
            created = create_table(http, seats, claim=[0, 1], **extra)
        code = created["table"]["code"]
        tokens = created["tokens"]

        async def case() -> None:
            ann, ben = await finish(server, code, tokens)
            with server.http() as http:
                first = http.post(f"/api/tables/{code}/rematch", json={"token": tokens["0"]})
                second = http.post(f"/api/tables/{code}/rematch", json={"token": tokens["1"]})
                old = http.get(f"/api/tables/{code}").json()
                old_record = http.get(f"/api/tables/{code}/record").json()
            assert first.status_code == 200, first.text
            again = first.json()["rematch"]
            assert again != code
            assert second.json()["rematch"] == again
            assert old["rematch"] == again
            for player in (ann, ben):
                told = await player.wait_frame(lambda f: f["type"] == "rematch")
                assert told == {"type": "rematch", "code": again}
            same_table(old, first.json()["table"])
            late = await Player(server.ws_url(code), "late").open()
            await late.hello(None)
            told = await late.wait_frame(lambda f: f["type"] == "rematch")
            assert told["code"] == again
            # every player's token opens their own seat at the new table
            for seat, token in tokens.items():
                player = await Player(server.ws_url(again), f"again {seat}").open()
                state = await player.hello(token)
                assert state["type"] == "state"
                assert state["you"] == int(seat)
            await play_out_new(server, again, tokens, old_record)

        run(case, timeout=90)
    storage = Storage(sqlite_url)
    try:
        assert storage.rematch_of(code) is not None
    finally:
        storage.close()
    with running(fast_settings(sqlite_url)) as restarted, restarted.http() as http:
        info = http.get(f"/api/tables/{code}").json()
        assert info["rematch"] == storage_code(sqlite_url, code)


def storage_code(url: str, code: str) -> str | None:
    storage = Storage(url)
    try:
        return storage.rematch_of(code)
    finally:
        storage.close()


async def play_out_new(
    server: LiveServer, code: str, tokens: dict[str, str], old_record: dict[str, Any]
) -> None:
    """The new table deals from the old one's deck with its options, and plays to its end."""
    players = await finish(server, code, tokens)
    with server.http() as http:
        record = http.get(f"/api/tables/{code}/record").json()
    assert record["cards"] == old_record["cards"]
    assert record["seats"] == old_record["seats"]
    assert record.get("options") == old_record.get("options")
    assert record["setup"] != old_record["setup"]
    for player in players:
        await player.close()


def test_an_undercover_rematch_keeps_its_bots(server: LiveServer) -> None:
    seats = [{"name": "Ann"}, {"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
    with server.http() as http:
        created = create_table(http, seats, game="undercover", deck=None)
    code = created["table"]["code"]

    async def case() -> None:
        await finish(server, code, created["tokens"])
        with server.http() as http:
            made = http.post(f"/api/tables/{code}/rematch", json={"token": created["tokens"]["0"]})
        assert made.status_code == 200, made.text
        table = made.json()["table"]
        assert [s["bot"] for s in table["seats"]] == [None, "random", "random"]
        assert table["game"] == "undercover"
        assert table["status"] == "waiting"

    run(case, timeout=90)


def test_the_rematch_request_copies_every_setting_of_the_table(server: LiveServer) -> None:
    seats = [{"name": "Ann"}, {"name": "Robo", "bot": "casual"}, {"name": "Ben"}]
    extra: dict[str, Any] = {"variant": "population", "clock": 30, "bank": 10, "pause": 7}
    extra.update(options={"max_difficulty": 2}, deck=None)
    with server.http() as http:
        created = create_table(http, seats, claim=[0, 2], **extra)
    room = server.app.state.lobby.rooms[created["table"]["code"]]
    request, hashes = request_of(room)
    assert request.game == "uppsala"
    assert request.variant == "population"
    assert [(s.name, s.bot) for s in request.seats] == [
        ("Ann", None),
        ("Robo", "casual"),
        ("Ben", None),
    ]
    assert (request.clock, request.bank, request.pause) == (30, 10, 7)
    assert request.options == {"max_difficulty": 2}
    assert request.claim == []
    assert request.deck == {"cards": room.head["cards"]}
    assert hashes == {0: token_hash(created["tokens"]["0"]), 2: token_hash(created["tokens"]["2"])}


@contextlib.contextmanager
def finished_tables(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    """A storage of that kind holding three finished tables, AAAAAA, BBBBBB and CCCCCC."""
    if kind == "sqlite":
        store = Storage(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    else:
        store = Storage(
            request.getfixturevalue("postgres"), schema=request.getfixturevalue("pg_schema")
        )
    store.create_schema()
    try:
        head = {"format": "geodeck/1", "game": "uppsala", "seats": ["Ann", "Ben"]}
        for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
            store.create_table(
                code=code, game="uppsala", variant="geo", status="finished", clock=None,
                head=head, seat_rows=[],
            )  # fmt: skip
        yield store
    finally:
        store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_storage_keeps_one_rematch_a_table(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    with finished_tables(kind, request, tmp_path) as store:
        assert store.rematch_of("AAAAAA") is None
        store.keep_rematch("AAAAAA", "BBBBBB")
        with pytest.raises(Conflict):
            store.keep_rematch("AAAAAA", "CCCCCC")
        assert store.rematch_of("AAAAAA") == "BBBBBB"
        loaded = store.load_table("AAAAAA")
        assert loaded is not None
        assert loaded.rematch == "BBBBBB"
        again = store.load_table("BBBBBB")
        assert again is not None
        assert again.rematch is None
        store.delete_table("AAAAAA")
        assert store.rematch_of("AAAAAA") is None


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_rematch_of_a_deleted_table_is_not_kept(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A rematch kept after its table was deleted (its class ended meanwhile) is refused,
    and deleting a table tells its rematch, which the class's end then deletes
    (docs/classroom.md, Several server processes)."""
    with finished_tables(kind, request, tmp_path) as store:
        kept = store.keep_rematch("AAAAAA", "BBBBBB")
        told = store.delete_table("AAAAAA")
        late = store.keep_rematch("AAAAAA", "CCCCCC")
        assert store.rematch_of("AAAAAA") is None
        assert (kept, told, late) == (True, "BBBBBB", False)
        assert store.delete_table("CCCCCC") is None


def test_a_rematch_keeps_the_chat_the_language_and_the_player_keys(sqlite_url: str) -> None:
    """docs/protocol.md, Rematch: the new table has the old one's chat mode and language,
    and each seat's player key, so the second game is rated too (docs/ratings.md)."""
    key = secrets.token_hex(16)
    seats = [{"name": "Ann"}, {"name": "Robo", "bot": "random"}]
    extra: dict[str, Any] = {"pause": 0, "chat": "everyone", "language": "de"}
    with running(fast_settings(sqlite_url)) as server:
        with server.http() as http:
            created = create_table(http, seats, player={"key": key, "nickname": "Ann"}, **extra)
        code, tokens = created["table"]["code"], created["tokens"]

        async def first() -> None:
            (ann,) = await finish(server, code, tokens)
            await ann.close()

        run(first)
        before = live.wait_rated(server.url, code)["ratings"][0]
        with server.http() as http:
            made = http.post(f"/api/tables/{code}/rematch", json={"token": tokens["0"]}).json()
        again = made["rematch"]
        assert made["table"]["chat"] == "everyone"
        assert made["table"]["language"] == "de"

        async def second() -> None:
            (ann,) = await finish(server, again, tokens)
            await ann.close()

        run(second)
        rated = live.wait_rated(server.url, again)
    assert before is not None
    assert rated["ratings"][0] is not None
    assert rated["ratings"][0]["before"] == before["after"]
