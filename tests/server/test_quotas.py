"""How many tables and classes one address may make, and how large a deck a request may
send (docs/protocol.md, Limits): the address over its quota is refused with
``limit/too_many_tables``, the player beside it is not; a deck over the caps is
``deck/too_large`` before anything is dealt or stored."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, running
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
