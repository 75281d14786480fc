"""A database made before standing existed (docs/ratings.md, Standing): when the server
starts on it, every player's standing and board name are worked out from the tables it
rated, in order, by the default rule; every rating is kept as it was. A key farmed on
throw-away keys leaves the board; a player who played bots stays on it."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import Connection, insert

from geodeck.ratings import Rating
from geodeck.server.players import key_hash
from geodeck.server.storage import Storage
from geodeck.server.storage.players import players, rated, ratings, seat_players
from geodeck.server.storage.schema import metadata, seats, tables
from tests.server.conftest import fast_settings
from tests.server.live import running, serve_process
from tests.support import table_row

NEW = {"geodeck_standing", "geodeck_opponents", "geodeck_names"}
ANN, TWIN, BOB, FARMER = (secrets.token_hex(16) for _ in range(4))
LEVELS = ("random", "novice", "casual")


def finished(conn: Connection, code: str, at: float, sitting: list[str]) -> None:
    """A rated Uppsala table: each seat a key or ``bot:LEVEL``; the first seat won."""
    scores = [len(sitting) - i for i in range(len(sitting))]
    conn.execute(insert(tables).values(**table_row(code, outcome={"scores": scores}, at=at)))
    for seat, who in enumerate(sitting):
        bot = who[4:] if who.startswith("bot:") else None
        conn.execute(insert(seats).values(code=code, seat=seat, bot=bot, token_hash=None))
        if bot is None:
            conn.execute(insert(seat_players).values(code=code, seat=seat, key_hash=key_hash(who)))
    conn.execute(insert(rated).values(code=code, changes="[]", at=at))


def player(conn: Connection, key: str, nickname: str, rating: Rating, games: int) -> None:
    digest = key_hash(key)
    conn.execute(insert(players).values(key_hash=digest, nickname=nickname, created=0.0))
    conn.execute(
        insert(ratings).values(
            key_hash=digest, family="cross", mu=rating.mu, sigma=rating.sigma, games=games
        )
    )


def fill_old_database(storage: Storage) -> None:
    """Ann played 10 bot games (3 levels), then her look-alike ANN 10, then Bob one game
    against Ann; the farmer won 30 games against fresh keys and is rated 39."""
    with storage.engine.begin() as conn:
        if storage.schema is not None:
            conn.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{storage.schema}"')
        metadata.create_all(conn, tables=[t for n, t in metadata.tables.items() if n not in NEW])
        player(conn, ANN, "Ann", Rating(30.0, 4.0), 10)
        player(conn, TWIN, "ANN", Rating(31.0, 4.0), 10)
        player(conn, BOB, "Bob", Rating(26.0, 8.0), 1)
        player(conn, FARMER, "TopPlayer", Rating(54.19, 5.16), 30)
        at = 0.0
        for key, code in ((ANN, "AAAA"), (TWIN, "TTTT")):
            for i in range(10):
                at += 1
                finished(conn, f"{code}{i:02d}", at, [key, f"bot:{LEVELS[i % 3]}"])
        finished(conn, "BOBANN", at + 1, [BOB, ANN])
        for i in range(30):
            throwaway = secrets.token_hex(16)
            conn.execute(
                insert(players).values(key_hash=key_hash(throwaway), nickname="x", created=0.0)
            )
            finished(conn, f"FARM{i:02d}", at + 2 + i, [FARMER, throwaway])


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A server started on a database made before standing existed."""
    if request.param == "sqlite":
        database = tmp_path / "old.sqlite3"
        storage = Storage(f"sqlite:///{database}")
        fill_old_database(storage)
        storage.close()
        with serve_process(database, tmp_path / "serve.log") as (_, base):
            yield base
        return
    postgres, schema = request.getfixturevalue("postgres"), request.getfixturevalue("pg_schema")
    storage = Storage(postgres, schema=schema)
    fill_old_database(storage)
    storage.close()
    with running(fast_settings(postgres, schema=schema)) as live:
        yield live.url


def test_a_database_from_before_standing_keeps_its_players(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10) as http:
        listed = http.get("/api/ratings/cross").json()

        def me(key: str) -> dict[str, Any]:
            found: dict[str, Any] = http.get(
                "/api/players/me", headers={"X-Geodeck-Player": key}
            ).json()
            return found

        ann, twin, bob, farmer = me(ANN), me(TWIN), me(BOB), me(FARMER)
    assert [(p["nickname"], p["rating"]) for p in listed["players"]] == [("Ann", 18)], listed
    assert ann["board_nickname"] == "Ann"
    assert (
        ann["ratings"]["cross"] | {"counted": 10, "opponents": 3, "established": True}
        == (ann["ratings"]["cross"])
    )
    # the look-alike is established too, but Ann holds the name
    assert twin["ratings"]["cross"]["established"]
    assert twin["board_nickname"] is None
    # Bob's game against the established Ann counted for him
    assert (bob["ratings"]["cross"]["counted"], bob["ratings"]["cross"]["opponents"]) == (1, 1)
    # the farmer keeps his stored rating, off the board
    cross = farmer["ratings"]["cross"]
    assert (cross["rating"], cross["games"], cross["counted"], cross["established"]) == (
        39,
        30,
        0,
        False,
    )
