"""What a class leaves behind (docs/classroom.md, The end of a class; Codes and tokens): once
it has ended, no row of any database table names one of its pupils or holds their token,
its tables and their rematches are gone with their rating rows; pupils' tokens are kept
only as hashes and open their seats; a class stored with plain seat tokens is migrated."""

from __future__ import annotations

import hashlib
import secrets
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from sqlalchemy import MetaData, func, select, update

from geodeck.server.storage import Storage
from geodeck.server.storage.players import rated, seat_players
from geodeck.server.storage.schema import pupils, seats
from tests.server.classroom_support import auth, join, open_class, play_tables
from tests.server.conftest import fast_settings
from tests.server.live import TIMEOUT, LiveServer, Player, run, running

NAMES = ("Zorbafleet", "Quillwhistle", "Marnixgrove")
"""Pupils' names no deck card, bot or code could hold by chance."""


def _database(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str | None]:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'geodeck.sqlite3'}", None
    return request.getfixturevalue("postgres"), request.getfixturevalue("pg_schema")


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def rows_holding(storage: Storage, needles: dict[str, str]) -> dict[str, list[str]]:
    """Every row of every table of the database, read whole: per table, what each row
    that holds one of ``needles`` (by what it is) holds."""
    found: dict[str, list[str]] = {}
    tables = MetaData()
    tables.reflect(storage.engine, schema=storage.schema)
    with storage.engine.connect() as conn:
        for table in tables.sorted_tables:
            for row in conn.execute(select(table)):
                text = " ".join(str(value) for value in row)
                held = [what for what, needle in needles.items() if needle in text]
                if held:
                    found.setdefault(table.name, []).extend(held)
    return found


def _needles(joined: list[dict[str, Any]], seats: list[dict[str, Any]]) -> dict[str, str]:
    """Each pupil's name, token and seat token, and the hashes of the tokens."""
    out: dict[str, str] = {}
    for pupil, seat in zip(joined, seats, strict=True):
        name = pupil["name"]
        for what, token in ((f"{name}'s token", pupil["token"]), (f"{name}'s seat", seat["token"])):
            out |= {name: name, what: token, f"{what} hash": _sha(token)}
    return out


def _started(http: httpx.Client) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
    """A class of three pupils at tables of two (one with a bot)."""
    opened = open_class(http)
    code, teacher = opened["code"], opened["token"]
    joined = [join(http, code, name) for name in NAMES]
    games = http.post(
        f"/api/classes/{code}/games", json={"size": 2, "bot": "random"}, headers=auth(teacher)
    )
    assert games.status_code == 200, games.text
    return opened, joined, games.json()["tables"]


def _seats(http: httpx.Client, code: str, joined: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        http.get(f"/api/classes/{code}/me", headers=auth(p["token"])).json()["assignment"]["seat"]
        for p in joined
    ]


def _rated(http: httpx.Client, table: str) -> None:
    """Wait until the finished table is rated (its info then has ``ratings``)."""
    deadline = time.monotonic() + TIMEOUT
    while http.get(f"/api/tables/{table}").json().get("ratings") is None:
        assert time.monotonic() < deadline, f"table {table} was not rated"
        time.sleep(0.05)


def _answered(http: httpx.Client, names: tuple[str, ...]) -> None:
    """Wait until the card ratings know the placements of ``names`` (a table is rated,
    then its placements are taken in)."""
    deadline = time.monotonic() + TIMEOUT
    while not set(names) <= set(http.get("/api/cards/uppsala/ratings").json()["players"]):
        assert time.monotonic() < deadline, "the placements were not taken in"
        time.sleep(0.05)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_ending_a_class_leaves_no_row_that_names_a_pupil(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Pupils play their class tables out, one makes a rematch of a table and the pupils
    play it out too; the class ends: every table of the database is read whole."""
    url, schema = _database(kind, request, tmp_path)
    with running(fast_settings(url, schema=schema)) as live, live.http() as http:
        opened, joined, tables = _started(http)
        code, teacher = opened["code"], opened["token"]
        seats = _seats(http, code, joined)
        run(lambda: play_tables(live.ws_url, seats, seed=5), timeout=120)
        first = [s for s in seats if s["table"] == tables[0]]
        again = http.post(f"/api/tables/{tables[0]}/rematch", json={"token": first[0]["token"]})
        assert again.status_code == 200, again.text
        rematch = again.json()["rematch"]
        assert [s["name"] for s in again.json()["table"]["seats"]] == list(NAMES[:2])
        run(lambda: play_tables(live.ws_url, [{**s, "table": rematch} for s in first], seed=6))
        played = [*tables, rematch]
        for table in played:
            _rated(http, table)
        _answered(http, NAMES)
        storage = Storage(url, schema=schema)
        try:
            before = rows_holding(storage, _needles(joined, seats))
            ended = http.delete(f"/api/classes/{code}", headers=auth(teacher))
            after = rows_holding(storage, _needles(joined, seats))
            with storage.engine.connect() as conn:
                counts = {
                    t.name: conn.execute(
                        select(func.count()).select_from(t).where(t.c.code.in_(played))
                    ).scalar_one()
                    for t in (rated, seat_players)
                }
        finally:
            storage.close()
        gone = {table: http.get(f"/api/tables/{table}") for table in played}
        asked_again = http.post(f"/api/tables/{rematch}/rematch", json={"token": first[0]["token"]})
        card_ratings = http.get("/api/cards/uppsala/ratings")
    assert set(before) >= {
        "geodeck_tables",
        "geodeck_pupils",
        "geodeck_seats",
        "geodeck_card_ratings",
    }, before
    assert ended.status_code == 200, ended.text
    assert after == {}, after
    assert counts == {"geodeck_rated": 0, "geodeck_seat_players": 0}
    for table, answer in gone.items():
        assert answer.status_code == 404, (table, answer.text)
        assert answer.json()["error"]["code"] == "table/not_found"
    assert asked_again.json()["error"]["code"] == "table/not_found"
    assert card_ratings.status_code == 200
    assert not any(name in card_ratings.text for name in NAMES)
    assert ended.json() == {"ended": code, "pupils": 3, "tables": 2, "rematches": 1}


async def _reconnect(live: LiveServer, seat: dict[str, Any], token: str) -> list[int | None]:
    """The seat each of two connections one after the other gets with ``token``."""
    got = []
    for turn in range(2):
        player = await Player(live.ws_url(seat["table"]), f"try {turn}").open()
        frame = await player.hello(token)
        got.append(frame.get("you") if frame["type"] == "state" else None)
        await player.close()
    return got


def test_a_pupil_s_token_is_stored_hashed_and_opens_their_seat(sqlite_url: str) -> None:
    """docs/classroom.md, Codes and tokens: the database holds no pupil's token; the token
    the pupil's page is given for their seat is their own and opens the seat, also again
    after the pupil left."""
    with running(fast_settings(sqlite_url)) as live, live.http() as http:
        opened, joined, _tables = _started(http)
        seats = _seats(http, opened["code"], joined)
        storage = Storage(sqlite_url)
        try:
            plain = {f"{p['name']}'s token": p["token"] for p in joined}
            pairs = zip(joined, seats, strict=True)
            plain |= {f"{p['name']}'s seat token": s["token"] for p, s in pairs}
            held = rows_holding(storage, plain)
            hashed = rows_holding(storage, _needles(joined, seats))
        finally:
            storage.close()
        got: list[list[int | None]] = []

        async def both() -> None:
            for seat in seats:
                got.append(await _reconnect(live, seat, seat["token"]))

        run(both)
    assert held == {}, held
    assert {"geodeck_pupils", "geodeck_seats"} <= set(hashed)
    assert [s["token"] for s in seats] == [p["token"] for p in joined]
    assert got == [[s["seat"], s["seat"]] for s in seats]


def _legacy_class(sqlite_url: str) -> dict[str, Any]:
    """A class at its tables, stored as an earlier geodeck stored it: each pupil's seat
    with its own seat token in plain text, the seat claimed with that token's hash."""
    with running(fast_settings(sqlite_url)) as live, live.http() as http:
        opened, joined, _tables = _started(http)
        seated = _seats(http, opened["code"], joined)
    storage = Storage(sqlite_url)
    old = []
    try:
        with storage.engine.begin() as conn:
            for pupil, seat in zip(joined, seated, strict=True):
                token = secrets.token_urlsafe(24)
                old.append(token)
                conn.execute(
                    update(seats)
                    .where(seats.c.code == seat["table"], seats.c.seat == seat["seat"])
                    .values(token_hash=_sha(token))
                )
                kept = {"table": seat["table"], "seat": seat["seat"], "token": token}
                conn.execute(
                    update(pupils)
                    .where(pupils.c.code == opened["code"], pupils.c.pupil == pupil["pupil"])
                    .values(seat=orjson.dumps(kept).decode())
                )
    finally:
        storage.close()
    return {"opened": opened, "joined": joined, "seats": seated, "old": old}


def test_a_class_stored_with_plain_seat_tokens_is_migrated(sqlite_url: str) -> None:
    """docs/classroom.md, Codes and tokens: when the server starts, a pupil's seat kept
    with its token in plain text is claimed with the pupil's token hash instead; the old
    seat token is gone from the database and no longer opens the seat."""
    legacy = _legacy_class(sqlite_url)
    code = legacy["opened"]["code"]
    joined, old = legacy["joined"], legacy["old"]
    with running(fast_settings(sqlite_url)) as live, live.http() as http:
        storage = Storage(sqlite_url)
        try:
            left = rows_holding(storage, {f"old token {i}": t for i, t in enumerate(old)})
        finally:
            storage.close()
        seated = _seats(http, code, joined)
        got: list[list[int | None]] = []

        async def tries() -> None:
            for seat, stale in zip(seated, old, strict=True):
                got.append(await _reconnect(live, seat, seat["token"]))
                got.append(await _reconnect(live, seat, stale))

        run(tries)
    assert left == {}, left
    pairs = zip(legacy["seats"], joined, strict=True)
    assert seated == [{**s, "token": p["token"]} for s, p in pairs]
    for i, seat in enumerate(seated):
        assert got[2 * i] == [seat["seat"], seat["seat"]]
        assert got[2 * i + 1] == [None, None]
