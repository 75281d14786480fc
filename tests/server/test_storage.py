"""Storage on SQLite and PostgreSQL: the same code, the same behaviour."""

from __future__ import annotations

import asyncio
import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck.server.storage import (
    Append,
    Conflict,
    SeatRow,
    Storage,
    default_url,
    engine_url,
)
from tests.server.conftest import fast_settings
from tests.server.live import Player, create_table, play_out, running
from tests.support import sample_cards


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    if request.param == "sqlite":
        store = Storage(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    else:
        url = request.getfixturevalue("postgres")
        store = Storage(url, schema=request.getfixturevalue("pg_schema"))
    store.create_schema()
    try:
        yield store
    finally:
        store.close()


def a_record() -> dict[str, Any]:
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=3, deck=sample_cards())
    record: dict[str, Any] = game.to_record()
    record.pop("actions")
    return record


def test_urls() -> None:
    assert engine_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert engine_url("sqlite:///x.db") == "sqlite:///x.db"
    assert default_url().startswith("sqlite:///")
    assert default_url().endswith("geodeck.sqlite3")


def test_tables_seats_and_actions_round_trip(storage: Storage) -> None:
    head = a_record()
    rows = [SeatRow(0, None, "a" * 64), SeatRow(1, None, None)]
    create = functools.partial(
        storage.create_table,
        code="ABCDEF",
        game="uppsala",
        variant="geo",
        status="waiting",
        clock=None,
        head=head,
        seat_rows=rows,
    )
    create()
    with pytest.raises(Conflict):
        create()  # the same code again
    storage.claim_seat("ABCDEF", 1, "b" * 64, status="playing")
    with pytest.raises(Conflict):
        storage.claim_seat("ABCDEF", 1, "c" * 64, status="playing")
    game = geodeck.Game.from_record({**head, "actions": []})
    played = []
    rng = random.Random(1)
    for index in range(12):
        seats, _ = game.expects()
        action = rng.choice(game.legal_actions(seats[0]))
        game.apply(action)
        storage.append_action("ABCDEF", index, action.to_wire(), status="playing")
        played.append(action.to_wire())
    with pytest.raises(Conflict):
        storage.append_action("ABCDEF", 5, played[5], status="playing")
    with pytest.raises(Conflict):
        storage.append_action("ABCDEF", 20, played[5], status="playing")
    stored = storage.load_table("ABCDEF")
    assert stored is not None
    assert stored.status == "playing"
    assert stored.seats == (SeatRow(0, None, "a" * 64), SeatRow(1, None, "b" * 64))
    assert stored.record() == {**head, "actions": played}
    assert geodeck.Game.from_record(stored.record()).version == 12
    assert storage.actions_since("ABCDEF", 10) == played[10:]
    assert storage.codes() == ["ABCDEF"]
    storage.set_status("ABCDEF", "finished")
    assert storage.codes() == []
    assert storage.codes(unfinished=False) == ["ABCDEF"]
    assert storage.load_table("ZZZZZZ") is None
    storage.delete_table("ABCDEF")
    assert not storage.has_table("ABCDEF")


def playing(store: Storage, codes: list[str]) -> None:
    """Store a table in play, seatless, under each code."""
    head = a_record()
    for code in codes:
        store.create_table(
            code=code,
            game="uppsala",
            variant="geo",
            status="playing",
            clock=None,
            head=head,
            seat_rows=[],
        )


def test_a_batch_of_appends_is_one_commit_and_a_refused_one_leaves_the_rest(
    storage: Storage,
) -> None:
    store = storage
    assert store.quick_appends
    prefix = "" if store.schema is None else f'"{store.schema}".'
    playing(store, ["AAAAAA", "BBBBBB"])
    done = store.append_actions(
        [
            Append("AAAAAA", 0, {"n": 1}, "playing"),
            Append("BBBBBB", 0, {"n": 2}, "playing"),
            Append("AAAAAA", 0, {"n": 3}, "playing"),  # that index is taken
            Append("AAAAAA", 1, {"n": 4}, "finished", {"winners": [0]}),
            Append("BBBBBB", 5, {"n": 5}, "playing"),  # the table is at 1
        ]
    )
    assert [type(d).__name__ for d in done] == [
        "NoneType",
        "NoneType",
        "Conflict",
        "NoneType",
        "Conflict",
    ]
    first = store.load_table("AAAAAA")
    second = store.load_table("BBBBBB")
    assert first is not None
    assert second is not None
    assert first.actions == ({"n": 1}, {"n": 4})
    assert first.status == "finished"
    assert second.actions == ({"n": 2},)
    assert second.status == "playing"

    # A damaged file: an action row the table's version does not count. The batch is
    # written again append by append, and only the one that meets that row fails.
    with store.engine.begin() as conn:
        conn.exec_driver_sql(
            f"INSERT INTO {prefix}geodeck_actions (code, idx, action, at) "
            "VALUES ('BBBBBB', 1, '{}', 0)"
        )
    done = store.append_actions(
        [Append("AAAAAA", 2, {"n": 6}, "playing"), Append("BBBBBB", 1, {"n": 7}, "playing")]
    )
    assert done[0] is None
    assert isinstance(done[1], Conflict)
    assert "stored already" in str(done[1])
    again = store.load_table("AAAAAA")
    assert again is not None
    assert again.actions[-1] == {"n": 6}


def outcome_of(store: Storage, code: str) -> object:
    """A table's stored outcome, read as it is kept."""
    prefix = "" if store.schema is None else f'"{store.schema}".'
    with store.engine.connect() as conn:
        text = conn.exec_driver_sql(
            f"SELECT outcome FROM {prefix}geodeck_tables WHERE code = '{code}'"
        ).scalar_one()
    return None if text is None else json.loads(text)


def test_a_large_batch_of_many_tables_and_one_refusal_in_it_leaves_the_rest(
    storage: Storage,
) -> None:
    store = storage
    codes = [f"T{number:05d}" for number in range(300)]
    playing(store, codes)

    def ended(n: int) -> dict[str, object] | None:
        """Every seventh table ends with its second action."""
        return {"winners": [n % 2]} if n % 7 == 0 else None

    first = [Append(code, 0, {"n": n}, "playing") for n, code in enumerate(codes)]
    assert store.append_actions(first) == [None] * len(codes)
    # The second batch: one table in the middle is asked for a version it is not at; it
    # alone is refused, and every other table's action is stored with its ending.
    second = [
        Append(code, 1, {"m": n}, "playing" if ended(n) is None else "finished", ended(n))
        for n, code in enumerate(codes)
    ]
    second[63] = Append(codes[63], 4, {"m": 63}, "finished", ended(63))
    done = store.append_actions(second)
    assert [n for n, failure in enumerate(done) if failure is not None] == [63]
    for n in (0, 1, 63, 127, 128, 299):
        table = store.load_table(codes[n])
        assert table is not None
        if n == 63:
            assert table.actions == ({"n": n},)
            assert (table.status, outcome_of(store, codes[n])) == ("playing", None)
        else:
            assert table.actions == ({"n": n}, {"m": n})
            assert table.status == ("playing" if ended(n) is None else "finished")
            assert outcome_of(store, codes[n]) == ended(n)


def test_a_game_on_postgresql_survives_a_restart(postgres: str, pg_schema: str) -> None:
    settings = fast_settings(postgres, schema=pg_schema)
    rng = random.Random(8)

    async def play(url: str, code: str, tokens: dict[str, str], until: int | None) -> Any:
        players = []
        try:
            for seat, token in sorted(tokens.items()):
                player = await Player(f"{url}/ws/{code}", seat).open()
                await player.hello(token)
                players.append(player)
            return await play_out(players, rng, until=until)
        finally:
            await Player.close_every()

    with running(settings) as server:
        with server.http() as http:
            assert http.get("/api/health").json()["storage"] == "postgresql"
            created = create_table(http, [{}, {}, {"bot": "random"}], claim=[0, 1])
        code, tokens = created["table"]["code"], created["tokens"]
        ws = f"ws://127.0.0.1:{server.port}"
        half = asyncio.run(play(ws, code, tokens, 20))
    with running(settings) as server:
        with server.http() as http:
            assert http.get(f"/api/tables/{code}").json()["version"] >= half["version"]
        ws = f"ws://127.0.0.1:{server.port}"
        last = asyncio.run(play(ws, code, tokens, None))
        with server.http() as http:
            record = http.get(f"/api/tables/{code}/record").json()
    outcome = geodeck.Game.from_record(record).outcome()
    assert outcome is not None
    assert outcome.to_wire() == last["view"]["outcome"]
