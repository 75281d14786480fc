"""``geodeck admin`` changes a table that a running server holds in memory: the server
notices at the table's next action or connection and acts on what storage holds. A
closed table closes its connections (``table/not_found``, close code 4404), never
``act/stale``; a forgotten player key's name is gone from the table it sits at
(docs/hosting.md, Admin). On SQLite with one process, and on PostgreSQL with two."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests import loopback
from tests.cli.command import run_in_process
from tests.server.live import Player, play_out, run, salted, serve_process
from tests.server.stored_tables import ANN, KEY
from tests.server.test_homes import processes
from tests.support import sample_cards

CLOSED = 4404


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, tuple[str, ...]]]:
    """A running server (SQLite, one process; or PostgreSQL and Redis, two processes, the
    players at the one that is not always the home), and ``geodeck admin``'s options for
    its database."""
    if request.param == "sqlite":
        database = tmp_path / "geodeck.sqlite3"
        fast = ("--bot-delay", "0", "--pause", "0")
        with serve_process(database, tmp_path / "serve.log", *fast) as (_, url):
            yield url, ("--database-url", f"sqlite:///{database}")
        return
    postgres = request.getfixturevalue("postgres")
    schema = request.getfixturevalue("pg_schema")
    redis = request.getfixturevalue("redis_url")
    with processes(tmp_path, postgres, schema, redis, 2) as started:
        yield started[1][1], ("--database-url", postgres, "--schema", schema)


def admin(options: tuple[str, ...], *args: str) -> str:
    done = run_in_process("admin", *options, *args)
    assert done.returncode == 0, (done.stdout, done.stderr)
    return done.stdout


async def seated(url: str) -> tuple[str, list[Player]]:
    """A table of Ann (with her player key) and Ben, two moves played, both connected."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        body = {"game": "uppsala", "seats": [{"name": "Ann"}, {"name": "Ben"}], "claim": [0, 1]}
        made = await http.post("/api/tables", json={**body, "player": ANN, "deck": sample_cards()})
    assert made.status_code == 201, made.text
    code, tokens = made.json()["table"]["code"], made.json()["tokens"]
    ws = url.replace("http", "ws", 1) + f"/ws/{code}"
    players = [await Player(ws, f"seat {seat}").open() for seat in ("0", "1")]
    for player, seat in zip(players, ("0", "1"), strict=True):
        assert (await player.hello(tokens[seat]))["type"] == "state"
    await play_out(players, random.Random(3), until=2)
    return code, players


async def act(players: list[Player]) -> Player:
    """The player whose move it is plays one of their legal actions; that player."""
    version = max(p.state["version"] for p in players if p.state is not None)
    for player in players:
        await player.wait_version(version)
    mover = next(p for p in players if p.state is not None and p.state["legal"])
    assert mover.state is not None
    await mover.act(salted(mover.state["legal"][0], random.Random(5)))
    return mover


def codes(player: Player) -> list[str]:
    return [str(e["code"]) for e in player.errors]


async def closed_out(player: Player) -> None:
    await asyncio.wait_for(player.closed.wait(), 20)
    assert player.close_code == CLOSED, (player.name, player.close_code, codes(player))
    assert codes(player)[-1:] == ["table/not_found"], codes(player)
    assert "act/stale" not in codes(player)


def test_a_closed_table_closes_at_its_next_action_and_connection(
    served: tuple[str, tuple[str, ...]],
) -> None:
    url, options = served

    async def case() -> None:
        acted, players = await seated(url)
        waited, others = await seated(url)
        for code in (acted, waited):
            assert await asyncio.to_thread(admin, options, "close", code)
        mover = await act(players)  # its next action
        for player in players:
            await closed_out(player)
        assert codes(mover) == ["table/not_found"]
        ws = url.replace("http", "ws", 1) + f"/ws/{waited}"
        late = await Player(ws, "late").open()  # its next connection
        with contextlib.suppress(ConnectionClosed):
            await late.hello(None)  # the server may close it before its hello arrives
        await closed_out(late)
        for player in others:
            await closed_out(player)
        for code in (acted, waited):
            assert loopback.get(f"{url}/api/tables/{code}").status_code == 404

    run(case, timeout=90)


def test_a_forgotten_key_s_name_is_gone_from_the_table_it_is_held_at(
    served: tuple[str, tuple[str, ...]],
) -> None:
    url, options = served

    async def case() -> None:
        code, players = await seated(url)
        version = max(p.state["version"] for p in players if p.state is not None)
        said = await asyncio.to_thread(admin, options, "forget", KEY)
        assert "its name at 1 tables" in said
        mover = await act(players)
        for player in players:
            state = await player.wait_version(version + 1)
            assert [s["name"] for s in state["seats"]] == ["Seat 1", "Ben"]
            assert player.errors == [], player.errors
        assert not mover.closed.is_set()
        ws = url.replace("http", "ws", 1) + f"/ws/{code}"
        looking = await Player(ws, "spectator").open()
        state = await looking.hello(None)
        assert [s["name"] for s in state["seats"]] == ["Seat 1", "Ben"]
        info = loopback.get(f"{url}/api/tables/{code}").json()
        assert [s["name"] for s in info["seats"]] == ["Seat 1", "Ben"]

    run(case, timeout=90)
