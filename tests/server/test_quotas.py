"""How many tables and classes one address may make, and how large a deck a request may
send (docs/protocol.md, Limits): the address over its quota is refused with
``limit/too_many_tables``, the player beside it is not; a deck over the caps is
``deck/too_large`` before anything is dealt or stored."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from geodeck.server.storage import Storage
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, Player, run, running
from tests.support import sample_cards


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[LiveServer]:
    settings = fast_settings(
        f"sqlite:///{tmp_path / 'quota.sqlite3'}",
        creations_burst=5,
        creations_refill=60.0,
        deck_cards=80,
        deck_bytes=60_000,
    )
    with running(settings) as server:
        yield server


def body(deck: Any = None) -> dict[str, Any]:
    return {"game": "uppsala", "seats": [{}, {}], "deck": deck or sample_cards()}


def test_an_address_makes_a_bounded_number_of_tables_and_classes(tight: LiveServer) -> None:
    with tight.http("127.0.0.110") as maker, tight.http("127.0.0.111") as beside:
        for _ in range(4):
            assert maker.post("/api/tables", json=body()).status_code == 201
        opened = maker.post("/api/classes", json={"game": "uppsala", "deck": sample_cards()})
        assert opened.status_code == 201, opened.text
        for path, sent in (("/api/tables", body()), ("/api/classes", {"game": "uppsala"})):
            refused = maker.post(path, json=sent)
            assert refused.status_code == 429, refused.text
            error = refused.json()["error"]
            assert error["code"] == "limit/too_many_tables"
            assert int(refused.headers["Retry-After"]) == error["retry_after"] >= 1
        # the player beside, on another address, makes tables as ever
        for _ in range(5):
            assert beside.post("/api/tables", json=body()).status_code == 201


def test_a_deck_over_the_caps_is_refused_before_it_is_dealt(tight: LiveServer) -> None:
    cards = sample_cards()  # 60 cards by id, about 10 KB
    many = copy.deepcopy(cards)
    first = next(iter(cards.values()))
    for i in range(21):
        many[f"copy-{i}"] = {**first, "name": f"Copy {i}"}
    heavy = copy.deepcopy(cards)
    heavy[next(iter(heavy))]["name"] = "x" * 70_000
    with tight.http("127.0.0.112") as http:
        for deck, words in ((many, "at most 80 cards"), (heavy, "60,000 bytes")):
            refused = http.post("/api/tables", json=body(deck))
            assert refused.status_code == 413, refused.text
            assert refused.json()["error"]["code"] == "deck/too_large"
            assert words in refused.json()["error"]["message"]
            opened = http.post("/api/classes", json={"game": "uppsala", "deck": deck})
            assert opened.json()["error"]["code"] == "deck/too_large"
        assert http.post("/api/tables", json=body()).status_code == 201


def test_a_process_holds_a_bounded_number_of_tables(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'budget.sqlite3'}", max_tables=10, linger=600)

    async def case(server: LiveServer) -> None:
        with server.http("127.0.0.121") as beside, server.http("127.0.0.120") as maker:
            mine = beside.post("/api/tables", json={**body(), "claim": [0]}).json()
            for _ in range(30):
                assert maker.post("/api/tables", json=body()).status_code == 201
            # 31 tables made, each lingering; the process holds 10, the others wait in
            # storage, and the first, long unused, is restored when its player comes
            assert maker.get("/api/health").json()["tables"] == 10
            code = mine["table"]["code"]
            ann = await Player(server.ws_url(code), "Ann", source="127.0.0.121").open()
            assert (await ann.hello(mine["tokens"]["0"]))["type"] == "state"
            # with every table it holds in use, a new one waits until one is let go
            codes = [
                maker.post("/api/tables", json=body()).json()["table"]["code"] for _ in range(9)
            ]
            crowd = [await Player(server.ws_url(c), c, source="127.0.0.120").open() for c in codes]
            for spy in crowd:
                assert (await spy.hello(None))["type"] == "state"
            refused = maker.post("/api/tables", json=body())
            assert refused.status_code == 503, refused.text
            assert refused.json()["error"]["code"] == "server/busy"
            assert refused.headers["Retry-After"] == "5"
            await crowd[0].close()
            for _ in range(100):  # until the server has seen the spectator go
                if (made := maker.post("/api/tables", json=body())).status_code == 201:
                    break
                await asyncio.sleep(0.05)
            assert made.status_code == 201, made.text
            assert maker.get("/api/health").json()["tables"] == 10

    with running(settings) as server:
        run(lambda: case(server))


def test_a_deck_is_stored_once_however_many_tables_are_dealt_from_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'decks.sqlite3'}"
    cards = sample_cards()
    with running(fast_settings(url)) as server, server.http("127.0.0.122") as http:
        codes = [
            http.post("/api/tables", json=body(cards)).json()["table"]["code"] for _ in range(40)
        ]
        shipped = http.post("/api/tables", json={"game": "uppsala", "seats": [{}, {}]})
        assert shipped.status_code == 201, shipped.text
    storage = Storage(url)
    try:
        with storage.engine.connect() as conn:
            stored = {
                r.hash: r.body for r in conn.execute(text("SELECT hash, body FROM geodeck_decks"))
            }
            heads = [r.head for r in conn.execute(text("SELECT head FROM geodeck_tables"))]
        assert len(stored) == 2  # the sent deck and the shipped one, once each
        assert len(heads) == 41
        assert not any(card["name"] in head for head in heads for card in cards.values())
        # a table's record is whole as ever, its deck put back
        table = storage.load_table(codes[0])
        assert table is not None
        kept = table.record()["cards"]
        assert isinstance(kept, dict)
        assert set(kept) == set(cards)
        for code in codes:
            storage.delete_table(code)
        with storage.engine.connect() as conn:
            left = conn.execute(text("SELECT count(*) FROM geodeck_decks")).scalar()
        assert left == 1  # the deck no table names went with the last of them
    finally:
        storage.close()
