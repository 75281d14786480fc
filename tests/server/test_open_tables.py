"""The lobby's lists (docs/protocol.md, ``GET /api/tables?open=1`` and ``POST
/api/tables/mine``): public waiting tables only, and nothing secret in either."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from geodeck.server.storage import Storage
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, create_table, running

LISTED_KEYS = {"code", "game", "variant", "language", "chat", "seats", "free", "created"}
MINE_KEYS = {"code", "seat", "game", "variant", "status", "updated"}


@pytest.fixture(params=["sqlite", "postgresql"])
def live(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    if request.param == "sqlite":
        settings = fast_settings(f"sqlite:///{tmp_path / 'open.sqlite3'}")
    else:
        settings = fast_settings(request.getfixturevalue("postgres"))
        settings.schema = request.getfixturevalue("pg_schema")
    with running(settings) as server:
        yield server


def listed(http: httpx.Client, query: str = "open=1") -> list[dict[str, Any]]:
    response = http.get(f"/api/tables?{query}")
    assert response.status_code == 200, response.text
    tables: list[dict[str, Any]] = response.json()["tables"]
    return tables


def test_only_public_waiting_tables_with_a_free_seat_are_listed(live: LiveServer) -> None:
    with live.http() as http:
        private = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])
        full = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1], public=True)
        older = create_table(
            http, [{"name": "Ann"}, {"name": "Ben"}, {"bot": "random"}], public=True
        )
        newer = create_table(
            http, [{"name": "Cem"}, {}, {}], public=True, language="de", chat="everyone"
        )
        tables = listed(http)
        codes = [t["code"] for t in tables]
        assert codes == [newer["table"]["code"], older["table"]["code"]]
        assert private["table"]["code"] not in codes
        assert full["table"]["code"] not in codes
        first = tables[0]
        assert set(first) == LISTED_KEYS
        assert (first["game"], first["variant"], first["language"], first["chat"]) == (
            "uppsala",
            "geo",
            "de",
            "everyone",
        )
        assert (first["seats"], first["free"]) == (3, 2)
        assert (tables[1]["seats"], tables[1]["free"]) == (3, 1)
        assert [t["code"] for t in listed(http, "open=1&language=de")] == codes[:1]
        assert listed(http, "open=1&game=italia") == []
        # the last free seat taken: the table starts and leaves the list
        joined = http.post(f"/api/tables/{older['table']['code']}/join", json={"name": "Dan"})
        assert joined.status_code == 200
        assert older["table"]["code"] not in [t["code"] for t in listed(http)]


def test_the_listing_tells_no_token_and_no_hidden_fact(live: LiveServer) -> None:
    with live.http() as http:
        created = create_table(http, [{"name": "Ann"}, {}], public=True, seed=4242)
        code = created["table"]["code"]
        text = http.get("/api/tables?open=1").text
        assert code in text
        for secret in created["tokens"].values():
            assert secret not in text
        commitment = created["table"]["deal"]["commitment"]
        assert commitment not in text
        assert "4242" not in text
        for word in ("token", "secret", "setup", "deck", "seed", "deal", "Ann"):
            assert word not in text


def test_the_table_info_says_how_it_was_opened(live: LiveServer) -> None:
    with live.http() as http:
        created = create_table(http, [{"name": "Ann"}, {}], public=True, language="it")
        table = created["table"]
        assert (table["public"], table["language"], table["chat"]) == (True, "it", "players")
        plain = create_table(http, [{"name": "Ann"}, {}])["table"]
        assert (plain["public"], plain["language"], plain["chat"]) == (False, "en", "players")


@pytest.mark.parametrize(
    "extra",
    [
        {"public": "yes"},
        {"public": 1},
        {"language": "fr"},
        {"language": None},
        {"chat": "all"},
        {"chat": ""},
        {"chat": 3},
    ],
)
def test_bad_create_options_are_refused(server: LiveServer, extra: dict[str, Any]) -> None:
    with server.http() as http:
        body = {"game": "uppsala", "seats": [{"name": "Ann"}, {}], **extra}
        response = http.post("/api/tables", json=body)
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "request/malformed"


@pytest.mark.parametrize(
    "query",
    ["", "open=0", "open=yes", "open=1&open=1", "open=1&language=fr", "open=1&sort=new",
     "open=1&game=", "open=1&game=" + "x" * 40, "open=%00"],
)  # fmt: skip
def test_a_bad_listing_query_is_refused(server: LiveServer, query: str) -> None:
    with server.http() as http:
        response = http.get(f"/api/tables?{query}")
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == "request/malformed"


def test_my_tables_answers_only_for_seats_whose_token_fits(live: LiveServer) -> None:
    with live.http() as http:
        first = create_table(http, [{"name": "Ann"}, {"bot": "random"}])
        second = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])
        other = create_table(http, [{"name": "Eve"}, {"name": "Fay"}])
        seats = [
            {"code": first["table"]["code"], "token": first["tokens"]["0"]},
            {"code": second["table"]["code"].lower(), "token": second["tokens"]["0"]},
            {"code": other["table"]["code"], "token": first["tokens"]["0"]},
            {"code": "ZZZZZZ", "token": "nothing"},
            {"code": "not a code", "token": "nothing"},
        ]
        response = http.post("/api/tables/mine", json={"seats": seats})
        assert response.status_code == 200, response.text
        tables = response.json()["tables"]
        assert [t["code"] for t in tables] == [first["table"]["code"], second["table"]["code"]]
        assert all(set(t) == MINE_KEYS for t in tables)
        assert [(t["seat"], t["status"]) for t in tables] == [(0, "playing"), (0, "waiting")]
        text = response.text
        for created in (first, second, other):
            for token in created["tokens"].values():
                assert token not in text


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"[]",
        b"{}",
        b'{"seats": {}}',
        b'{"seats": [{"code": "ABCDEF"}]}',
        b'{"seats": [{"code": "ABCDEF", "token": 5}]}',
        b'{"seats": [{"code": "ABCDEF", "token": "x", "seat": 0}]}',
        b'{"seats": [{"code": "", "token": "x"}]}',
        b'{"seats": ["ABCDEF"]}',
        b'{"seats": [], "more": 1}',
        b"not json",
        b'{"seats": [{"code": "ABCDEF", "token": "\\ud800"}]}',
    ],
)
def test_bad_my_tables_bodies_are_refused(server: LiveServer, body: bytes) -> None:
    with server.http() as http:
        response = http.post(
            "/api/tables/mine", content=body, headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == "request/malformed"


def test_too_many_seats_at_once_are_refused(server: LiveServer) -> None:
    seats = [{"code": "ABCDEF", "token": f"t{i}"} for i in range(51)]
    with server.http() as http:
        response = http.post("/api/tables/mine", json={"seats": seats})
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "request/malformed"
        response = http.post("/api/tables/mine", json={"seats": seats[:50]})
        assert response.status_code == 200
        assert response.json() == {"tables": []}


def test_a_database_from_before_openness_still_opens(tmp_path: Path) -> None:
    """A table stored before tables had an openness row is private, English, and only its
    players chat; the new table is added to the old file when the server starts."""
    path = tmp_path / "old.sqlite3"
    url = f"sqlite:///{path}"
    with running(fast_settings(url)) as server, server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {}], public=True)
    code = created["table"]["code"]
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE geodeck_openness")
    with running(fast_settings(url)) as server, server.http() as http:
        info = http.get(f"/api/tables/{code}").json()
        assert (info["public"], info["language"], info["chat"]) == (False, "en", "players")
        assert listed(http) == []
    storage = Storage(url)
    try:
        stored = storage.load_table(code)
        assert stored is not None
        assert stored.openness.public is False
    finally:
        storage.close()


def test_every_process_on_one_storage_lists_the_same_tables(tmp_path: Path) -> None:
    """The list comes from storage: a table opened at one server shows at another."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with running(fast_settings(url)) as first, running(fast_settings(url)) as second:
        with first.http() as http:
            created = create_table(http, [{"name": "Ann"}, {}], public=True, chat="off")
        with second.http() as http:
            tables = listed(http)
            mine = http.post(
                "/api/tables/mine",
                json={
                    "seats": [{"code": created["table"]["code"], "token": created["tokens"]["0"]}]
                },
            ).json()["tables"]
        assert [(t["code"], t["chat"]) for t in tables] == [(created["table"]["code"], "off")]
        assert [t["status"] for t in mine] == ["waiting"]
