"""Practice at the server (docs/protocol.md, ``GET /api/practice/{game}/cards`` and
``POST /api/practice/answers``): the cards of the server's deck for a game, and practice
answers stored for card difficulty, on SQLite and PostgreSQL; bad input of every kind
refused with a documented code, never a 5xx."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, insert, inspect, select

from geodeck.decks import SHIPPED_DECKS, shipped_deck_file
from geodeck.practice import deck_hash, practice_cards
from geodeck.server.practice_api import MAX_ANSWERS
from geodeck.server.storage import Storage, practice
from geodeck.server.storage.practice import Sender, Weights
from geodeck.server.storage.schema import metadata, practice_answers, practice_counts, tables
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, running
from tests.server.protocol_doc import documented_codes
from tests.support import sample_cards, table_row

KEY = secrets.token_hex(16)
"""The player key of the tests' answers."""


def sender(key: str = KEY, address: str = "127.0.0.1") -> Sender:
    return Sender(key, f"@{address}")


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


@pytest.fixture
def decked(sqlite_url: str) -> Iterator[LiveServer]:
    """A server started with ``--deck uppsala=FILE`` (the sample deck)."""
    settings = fast_settings(sqlite_url, decks={"uppsala": sample_cards()})
    with running(settings) as live:
        yield live


def test_the_cards_of_every_shipped_deck(server: LiveServer) -> None:
    with server.http() as http:
        for game in SHIPPED_DECKS:
            response = http.get(f"/api/practice/{game}/cards")
            assert response.status_code == 200, response.text
            body = response.json()
            data = shipped_deck_file(game)
            expected = practice_cards(data["cards"])
            assert body["game"] == game
            assert body["title"] == data["title"]
            assert body["deck"] == deck_hash(data["cards"])[:12]
            assert "geo" in body["variants"]
            assert [c["id"] for c in body["cards"]] == sorted(expected)
            for card in body["cards"]:
                want = expected[card["id"]]
                assert card["values"] == dict(want.values)
                assert (card["lat"], card["lon"], card["area"]) == (want.lat, want.lon, want.area)
                assert card["names"] == dict(want.names)
            counts = {r["code"]: r["cards"] for r in body["regions"]}
            assert all(n >= 2 for n in counts.values())
            for code, n in counts.items():
                assert n == sum(code in c["areas"] for c in body["cards"])
    with server.http() as http:
        italia = http.get("/api/practice/italia/cards").json()
    assert any(r["code"].startswith("IT-") for r in italia["regions"])


def test_the_cards_of_a_server_deck(decked: LiveServer) -> None:
    with decked.http() as http:
        body = http.get("/api/practice/uppsala/cards").json()
        assert sorted(c["id"] for c in body["cards"]) == sorted(sample_cards())
        assert body["deck"] == deck_hash(sample_cards())[:12]
        shipped_only = next(
            i for i in shipped_deck_file("uppsala")["cards"] if i not in sample_cards()
        )
        answers = [{"card": shipped_only, "right": True}]
        refused = http.post(
            "/api/practice/answers", json={"game": "uppsala", "key": KEY, "answers": answers}
        )
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "practice/unknown_card"
        other = http.get("/api/practice/world/cards").json()
        assert other["deck"] == deck_hash(shipped_deck_file("world")["cards"])[:12]


def test_a_deck_for_every_game_is_the_practice_deck_of_each(sqlite_url: str) -> None:
    with (
        running(fast_settings(sqlite_url, decks={"*": sample_cards()})) as live,
        live.http() as http,
    ):
        for game in ("world", "italia"):
            body = http.get(f"/api/practice/{game}/cards").json()
            assert body["deck"] == deck_hash(sample_cards())[:12]
            assert len(body["cards"]) == len(sample_cards())


def test_answers_are_stored_in_order(server: LiveServer) -> None:
    cards = sorted(shipped_deck_file("buxtehude")["cards"])
    sent = [{"card": cards[i], "right": i % 3 != 0} for i in range(12)]
    with server.http() as http:
        for start in (0, 5, 10):
            batch = sent[start : start + 5]
            response = http.post(
                "/api/practice/answers", json={"game": "buxtehude", "key": KEY, "answers": batch}
            )
            assert response.status_code == 200, response.text
            assert response.json() == {"game": "buxtehude", "stored": len(batch)}
        empty = http.post(
            "/api/practice/answers", json={"game": "buxtehude", "key": KEY, "answers": []}
        )
        assert empty.json()["stored"] == 0
    stored = server.app.state.lobby.storage.practice_answers("buxtehude")
    assert [(r.card, r.right) for r in stored] == [(a["card"], a["right"]) for a in sent]
    assert all(r.at > 0 for r in stored)
    assert server.app.state.lobby.storage.practice_answers("uppsala") == []


def a_card() -> str:
    card: str = next(iter(shipped_deck_file("uppsala")["cards"]))
    return card


def bad_bodies() -> dict[str, tuple[Any, str]]:
    card = a_card()
    one = [{"card": card, "right": True}]
    deep: Any = one
    for _ in range(40):
        deep = [deep]
    bodies: dict[str, tuple[Any, str]] = {
        "not json": (b"{nope", "request/malformed"),
        "an array": ([1, 2], "request/malformed"),
        "a number": (b"12", "request/malformed"),
        "no game": ({"answers": one}, "request/malformed"),
        "no answers": ({"game": "uppsala"}, "request/malformed"),
        "game a number": ({"game": 3, "answers": one}, "request/malformed"),
        "game empty": ({"game": "", "answers": one}, "request/malformed"),
        "unknown game": ({"game": "monopoly", "answers": one}, "practice/unknown_game"),
        "undercover": ({"game": "undercover", "answers": one}, "practice/unknown_game"),
        "answers an object": ({"game": "uppsala", "answers": {"a": 1}}, "request/malformed"),
        "answer not an object": ({"game": "uppsala", "answers": ["x"]}, "request/malformed"),
        "right missing": ({"game": "uppsala", "answers": [{"card": card}]}, "request/malformed"),
        "right as text": (
            {"game": "uppsala", "answers": [{"card": card, "right": "yes"}]},
            "request/malformed",
        ),
        "right as 1": (
            {"game": "uppsala", "answers": [{"card": card, "right": 1}]},
            "request/malformed",
        ),
        "card a number": (
            {"game": "uppsala", "answers": [{"card": 7, "right": True}]},
            "request/malformed",
        ),
        "card too long": (
            {"game": "uppsala", "answers": [{"card": "x" * 65, "right": True}]},
            "request/malformed",
        ),
        "extra field": (
            {"game": "uppsala", "answers": [{"card": card, "right": True, "at": 1}]},
            "request/malformed",
        ),
        "extra top field": ({"game": "uppsala", "answers": one, "who": "x"}, "request/malformed"),
        "unknown card": (
            {"game": "uppsala", "answers": [{"card": "atlantis", "right": True}]},
            "practice/unknown_card",
        ),
        "too many": (
            {"game": "uppsala", "answers": one * (MAX_ANSWERS + 1)},
            "practice/too_many_answers",
        ),
        "nested deep": ({"game": "uppsala", "answers": deep}, "request/malformed"),
        "lone surrogate": (b'{"game": "\\ud800", "answers": []}', "request/malformed"),
        "key a number": ({"game": "uppsala", "key": 12, "answers": one}, "request/malformed"),
        "key too short": ({"game": "uppsala", "key": "ab" * 15, "answers": one}, "player/bad_key"),
        "key with a space": (
            {"game": "uppsala", "key": KEY[:-1] + " ", "answers": one},
            "player/bad_key",
        ),
    }
    keyed = {
        name: ({"key": KEY, **body} if isinstance(body, dict) else body, code)
        for name, (body, code) in bodies.items()
    }
    return {**keyed, "no key": ({"game": "uppsala", "answers": one}, "request/malformed")}


def test_bad_answers_are_refused_with_documented_codes(server: LiveServer) -> None:
    documented = documented_codes()
    with server.http() as http:
        for name, (body, code) in bad_bodies().items():
            if isinstance(body, bytes):
                response = http.post(
                    "/api/practice/answers",
                    content=body,
                    headers={"content-type": "application/json"},
                )
            else:
                response = http.post("/api/practice/answers", json=body)
            assert response.status_code < 500, name
            assert response.status_code in (400, 404), name
            got = response.json()["error"]["code"]
            assert got == code, (name, response.text)
            assert got in documented
        huge = http.post(
            "/api/practice/answers",
            content=b'{"game": "' + b"x" * (3 * 1024 * 1024) + b'"}',
            headers={"content-type": "application/json"},
        )
        assert huge.status_code == 413
        assert huge.json()["error"]["code"] == "request/too_large"
    assert server.app.state.lobby.storage.practice_answers("uppsala") == []


def test_bad_games_for_the_cards_are_refused(server: LiveServer) -> None:
    with server.http() as http:
        for game in ("undercover", "monopoly", "UPPSALA", "x" * 300, "%00", "ü"):
            response = http.get(f"/api/practice/{game}/cards")
            assert response.status_code == 404, game
            assert response.json()["error"]["code"] == "practice/unknown_game"
        method = http.post("/api/practice/uppsala/cards")
        assert method.status_code == 405


def test_practice_answers_round_trip(storage: Storage) -> None:
    ann, ben = sender("a" * 64), sender("b" * 64)
    assert storage.add_practice_answers("uppsala", [("berlin", True), ("oslo", False)], ann) == 2
    assert storage.add_practice_answers("world", [("lima", False)], ann) == 1
    assert storage.add_practice_answers("uppsala", [("berlin", False)], ann) == 0  # a second
    assert storage.add_practice_answers("uppsala", [("berlin", False)], ben) == 1
    rows = storage.practice_answers("uppsala")
    assert [(r.card, r.right) for r in rows] == [
        ("berlin", True),
        ("oslo", False),
        ("berlin", False),
    ]
    assert [(r.card, r.right) for r in storage.practice_answers("world")] == [("lima", False)]
    assert rows[0].at <= rows[2].at


def test_an_addresses_answers_about_a_card_count_again_the_next_day(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Weights.per_address`` answers of one address about a card a UTC day; the next
    day it may send as many again, and the counts of the day before are deleted."""
    day = 1_800_000_000.0  # 2027-01-15 08:00 UTC
    monkeypatch.setattr(practice, "now", lambda: day)
    weights = Weights(per_key=1, per_address=3)
    school = [sender(f"{n:064x}", "school") for n in range(8)]
    stored = [storage.add_practice_answers("italia", [("roma", True)], s, weights) for s in school]
    assert stored == [1, 1, 1, 0, 0, 0, 0, 0]
    assert storage.add_practice_answers("italia", [("milano", True)], school[4], weights) == 1
    day += 86_400.0
    stored = [storage.add_practice_answers("italia", [("roma", True)], s, weights) for s in school]
    assert stored == [0, 0, 0, 1, 1, 1, 0, 0]  # each key once, ever
    with storage.engine.connect() as conn:
        periods = conn.execute(select(practice_counts.c.period).distinct()).scalars().all()
    assert sorted(periods) == ["", "2027-01-16"]


def test_a_database_from_before_practice_answers_still_opens(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old = create_engine(url)
    older = [t for t in metadata.sorted_tables if t not in (practice_answers, practice_counts)]
    metadata.create_all(old, tables=older)
    with old.begin() as conn:
        conn.execute(insert(tables).values(**table_row("ABCDEF")))
    assert "geodeck_practice_answers" not in inspect(old).get_table_names()
    old.dispose()
    store = Storage(url)
    try:
        store.create_schema()
        assert store.has_table("ABCDEF")
        assert store.add_practice_answers("uppsala", [("berlin", True)], sender()) == 1
        assert [(r.card, r.right) for r in store.practice_answers("uppsala")] == [("berlin", True)]
    finally:
        store.close()


def test_an_old_postgresql_schema_gets_the_table(postgres: str, pg_schema: str) -> None:
    store = Storage(postgres, schema=pg_schema)
    try:
        store.create_schema()
        with store.engine.begin() as conn:
            practice_answers.drop(conn)
            practice_counts.drop(conn)
        store.create_schema()
        assert store.add_practice_answers("italia", [("roma", False)], sender()) == 1
        assert [(r.card, r.right) for r in store.practice_answers("italia")] == [("roma", False)]
    finally:
        store.close()


JUNK: list[Any] = [None, True, 0, -1, 2**70, 1.5, "", "x", "uppsala", [], {}, [None], {"a": 1}]


def mutated(rng: random.Random, card: str) -> Any:
    """A body near a valid one: a field dropped, added, or given a value of another kind."""
    body: dict[str, Any] = {
        "game": "uppsala",
        "key": secrets.token_hex(16),
        "answers": [{"card": card, "right": True}],
    }
    answer = body["answers"][0]
    for _ in range(rng.randint(1, 3)):
        where = rng.choice([body, answer])
        move = rng.randrange(3)
        if move == 0 and where:
            where.pop(rng.choice(sorted(where)))
        elif move == 1:
            field = rng.choice(["game", "key", "answers", "card", "right", "extra"])
            where[field] = rng.choice(JUNK)
        else:
            body["answers"] = [answer] * rng.choice([0, 1, 2, MAX_ANSWERS, MAX_ANSWERS + 1])
    return body if rng.random() < 0.9 else rng.choice(JUNK)


def test_posting_answers_too_fast_is_refused_for_a_while(sqlite_url: str) -> None:
    def body() -> dict[str, Any]:
        answers = [{"card": a_card(), "right": True}]
        return {"game": "uppsala", "key": secrets.token_hex(16), "answers": answers}

    settings = fast_settings(sqlite_url, answers_burst=3, answers_refill=1.5)
    with running(settings) as live, live.http() as http:
        for _ in range(3):
            assert http.post("/api/practice/answers", json=body()).status_code == 200
        refused = http.post("/api/practice/answers", json=body())
        assert refused.status_code == 429
        error = refused.json()["error"]
        assert error["code"] == "limit/too_many_requests"
        assert error["code"] in documented_codes()
        assert 1 <= error["retry_after"] <= 2
        assert refused.headers["Retry-After"] == str(error["retry_after"])
        # a malformed post counts too, and is refused before its body is read
        assert http.post("/api/practice/answers", content=b"{").status_code == 429
        assert len(live.app.state.lobby.storage.practice_answers("uppsala")) == 3


def test_mutated_bodies_never_fail_the_server(sqlite_url: str) -> None:
    rng = random.Random(17)
    card = a_card()
    documented = documented_codes()
    seen = set()
    settings = fast_settings(sqlite_url, answers_burst=100_000)
    with running(settings) as server, server.http() as http:
        for _ in range(300):
            body = mutated(rng, card)
            response = http.post("/api/practice/answers", json=body)
            assert response.status_code < 500, body
            if response.status_code == 200:
                assert response.json()["stored"] <= MAX_ANSWERS
                continue
            code = response.json()["error"]["code"]
            assert code in documented, body
            seen.add(code)
    assert {"request/malformed", "practice/too_many_answers"} <= seen
