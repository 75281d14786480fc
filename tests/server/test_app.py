"""The HTTP endpoints of docs/protocol.md against a live server."""

from __future__ import annotations

import json
import logging
from typing import Any, NoReturn

import pytest

from geodeck.server import creation
from geodeck.server.app import web_folder
from geodeck.server.tokens import CODE_ALPHABET, CODE_LENGTH
from tests.server.live import LiveServer, create_table
from tests.support import BAD_CARDS, sample_cards, with_a_bad_card


def test_health(server: LiveServer) -> None:
    with server.http() as http:
        body = http.get("/api/health").json()
    assert body["ok"] is True
    assert body["storage"] == "sqlite"
    assert body["pyodide"] is (web_folder() / "pyodide" / "pyodide.mjs").is_file()


def test_index_page_is_served(server: LiveServer) -> None:
    with server.http() as http:
        response = http.get("/")
    assert response.status_code == 200
    assert "geodeck" in response.text


def test_create_returns_code_link_and_one_token_per_claimed_seat(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(
            http,
            [{"name": "Ann"}, {"name": "Ben"}, {"name": "Robo", "bot": "random"}],
            claim=[0, 1],
        )
    table = created["table"]
    assert len(table["code"]) == CODE_LENGTH
    assert set(table["code"]) <= set(CODE_ALPHABET)
    assert table["link"] == f"{server.url}/?table={table['code']}"
    assert set(created["tokens"]) == {"0", "1"}
    assert created["tokens"]["0"] != created["tokens"]["1"]
    assert table["status"] == "playing"
    assert [s["name"] for s in table["seats"]] == ["Ann", "Ben", "Robo"]
    assert table["seats"][2] == {
        "seat": 2,
        "name": "Robo",
        "bot": "random",
        "claimed": True,
        "connected": True,
        "standin": False,
    }


def test_default_names_and_first_human_claimed(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"bot": "random"}, {}, {}])
    assert [s["name"] for s in created["table"]["seats"]] == ["Bot 1", "Player 2", "Player 3"]
    assert list(created["tokens"]) == ["1"]
    assert created["table"]["status"] == "waiting"


def test_join_claims_free_seats_renames_and_starts_the_table(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {}, {}])
        code = created["table"]["code"]
        joined = http.post(f"/api/tables/{code}/join", json={"name": "Ben"}).json()
        assert joined["seat"] == 1
        assert joined["table"]["seats"][1]["name"] == "Ben"
        assert joined["table"]["status"] == "waiting"
        clash = http.post(f"/api/tables/{code}/join", json={"name": "ann"})
        assert clash.status_code == 400
        assert clash.json()["error"]["code"] == "table/bad_name"
        taken = http.post(f"/api/tables/{code}/join", json={"seat": 1})
        assert taken.status_code == 409
        assert taken.json()["error"]["code"] == "table/seat_taken"
        last = http.post(f"/api/tables/{code}/join", json={}).json()
        assert last["seat"] == 2
        assert last["table"]["status"] == "playing"
        full = http.post(f"/api/tables/{code}/join", json={})
        assert full.status_code == 409
        assert full.json()["error"]["code"] == "table/full"
        info = http.get(f"/api/tables/{code.lower()}").json()
    assert info["status"] == "playing"
    assert [s["name"] for s in info["seats"]] == ["Ann", "Ben", "Player 3"]
    assert len({created["tokens"]["0"], joined["token"], last["token"]}) == 3


def test_a_seat_cannot_be_renamed_once_play_began(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0])
        code = created["table"]["code"]
        http.post(f"/api/tables/{code}/join", json={})
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code = created["table"]["code"]
        response = http.post(f"/api/tables/{code}/join", json={"name": "Cem"})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "table/full"


def test_unknown_table(server: LiveServer) -> None:
    with server.http() as http:
        for path in ("/api/tables/ZZZZZZ", "/api/tables/nope/record"):
            response = http.get(path)
            assert response.status_code == 404
            assert response.json()["error"]["code"] == "table/not_found"
        response = http.post("/api/tables/ZZZZZZ/join", json={})
    assert response.status_code == 404


def test_record_of_a_game_in_progress_is_refused(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        response = http.get(f"/api/tables/{created['table']['code']}/record")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "record/not_finished"


def test_bad_create_requests(server: LiveServer) -> None:
    deck = sample_cards()
    cases = [
        ({"game": "chess", "seats": [{}, {}], "deck": deck}, 400, "setup/invalid"),
        ({"game": "uppsala", "seats": [{}], "deck": deck}, 400, "setup/invalid"),
        ({"game": "uppsala", "seats": [{}, {"bot": "genius"}], "deck": deck}, 400, "setup/invalid"),
        (
            {"game": "undercover", "seats": [{}, {}, {}], "options": {"computers": [1]}},
            400,
            "setup/invalid",
        ),
        ({"game": "uppsala", "seats": [{}, {}], "claim": [5], "deck": deck}, 400, "table/bad_seat"),
        (
            {"game": "uppsala", "seats": [{}, {}], "deck": deck, "colour": 1},
            400,
            "request/malformed",
        ),
        (
            {"game": "uppsala", "seats": [{}, {}], "clock": 0.01, "deck": deck},
            400,
            "request/malformed",
        ),
        (
            {"game": "uppsala", "seats": [{}, {}], "deck": {"x": {"name": "X"}}},
            400,
            "deck/invalid",
        ),
        ({"game": "uppsala", "seats": "Ann, Ben"}, 400, "request/malformed"),
    ]
    with server.http() as http:
        for body, status, code in cases:
            response = http.post("/api/tables", json=body)
            assert response.status_code == status, (body, response.text)
            assert response.json()["error"]["code"] == code, (body, response.text)
        response = http.post("/api/tables", content=b"{not json")
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "request/malformed"
        huge = json.dumps({"game": "uppsala", "seats": [{}, {}], "pad": "x" * 3_000_000})
        response = http.post("/api/tables", content=huge.encode())
        assert response.status_code == 413
        assert response.json()["error"]["code"] == "request/too_large"
        assert http.get("/api/health").json()["tables"] == 0


def test_lone_surrogates_are_refused_anywhere_in_a_body(server: LiveServer) -> None:
    """A lone surrogate cannot be stored or sent back as UTF-8: 400, never 500."""
    deck = json.dumps(sample_cards())
    named = deck.replace('"name": "', '"name": "\\udfff', 1)
    assert named != deck
    bodies = [
        '{"game": "uppsala", "seats": [{}, {}], "options": {"x": "\\ud800"}}',
        '{"game": "uppsala", "seats": [{}, {}], "options": {"\\ud800": 1}}',
        '{"game": "uppsala", "seats": [{"name": "A\\ud800"}, {}]}',
        '{"game": "uppsala", "seats": [{}, {}], "deck": ' + named + "}",
        '{"game": "uppsala", "seats": [{}, {}], "deck": {"a": [[["\\udc00\\ud800"]]]}}',
    ]
    with server.http() as http:
        for body in bodies:
            response = http.post("/api/tables", content=body.encode())
            assert response.status_code == 400, (body[:80], response.text)
            assert response.json()["error"]["code"] == "request/malformed"
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])
        code = created["table"]["code"]
        for body in ('{"name": "B\\ud800"}', '{"seat": 1, "name": "\\udbff"}'):
            response = http.post(f"/api/tables/{code}/join", content=body.encode())
            assert response.status_code == 400, (body, response.text)
            assert response.json()["error"]["code"] == "request/malformed"
        response = http.post(
            "/api/tables",
            content=b'{"game": "uppsala", "seats": [{"name": "\\ud83c\\udf0d"}, {}], "deck": '
            + deck.encode()
            + b"}",
        )
        assert response.status_code == 201, response.text
        assert response.json()["table"]["seats"][0]["name"] == "\U0001f30d"


def test_bodies_that_are_not_plain_json_are_refused(server: LiveServer) -> None:
    deep = "[" * 40 + "]" * 40
    bodies = [
        b'{"game": "uppsala", "seats": [{}, {}], "seed": 1e400}',
        b'{"game": "uppsala", "seats": [{}, {}], "clock": NaN}',
        b'{"game": "uppsala", "seats": [{}, {}], "options": {"x": Infinity}}',
        b'{"game": "uppsala", "seats": [{"name": "\xff"}, {}]}',
        b'{"game": "uppsala", "seats": [{"name": "\xed\xa0\x80"}, {}]}',
        b'\xef\xbb\xbf{"game": "uppsala", "seats": [{}, {}]}',
        b'{"game": "uppsala", "seats": [{}, {}], "deck": {"a": ' + deep.encode() + b"}}",
        b'{"game": "uppsala", "seats": [{}, {}], "deck": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    ]
    with server.http() as http:
        for body in bodies:
            response = http.post("/api/tables", content=body)
            assert response.status_code == 400, (body[:80], response.text)
            assert response.json()["error"]["code"] == "request/malformed"


def test_seat_names_must_differ_in_more_than_case(server: LiveServer) -> None:
    deck = sample_cards()
    cases = [
        [{"name": "Ann"}, {"name": "ann"}],
        [{"name": "Ann"}, {"name": " ANN "}],
        [{"name": "Player 2"}, {}],
        [{}, {"name": "bot 1", "bot": "random"}, {"name": "player 1"}],
    ]
    with server.http() as http:
        for seats in cases:
            response = http.post(
                "/api/tables", json={"game": "uppsala", "seats": seats, "deck": deck}
            )
            assert response.status_code == 400, (seats, response.text)
            assert response.json()["error"]["code"] == "table/bad_name", response.text
        created = create_table(http, [{"name": "Ann"}, {"name": "Anna"}], claim=[])
        code = created["table"]["code"]
        response = http.post(f"/api/tables/{code}/join", json={"seat": 1, "name": "aNN"})
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "table/bad_name"


def test_unknown_options_and_decks_that_break_the_card_rules_are_refused(
    server: LiveServer,
) -> None:
    cards = sample_cards()
    negative = {cid: {**card, "population": -1} for cid, card in cards.items()}
    unnamed = {cid: {**card, "name": ["not", "a", "name"]} for cid, card in cards.items()}
    cases = [
        ({"game": "uppsala", "options": {"max_dificulty": 2}, "deck": cards}, "setup/invalid"),
        (
            {"game": "world", "options": {"max_difficulty": 2, "speed": 1}, "deck": cards},
            "setup/invalid",
        ),
        ({"game": "uppsala", "variant": "population", "deck": negative}, "deck/invalid"),
        ({"game": "uppsala", "deck": unnamed}, "deck/invalid"),
    ]
    with server.http() as http:
        for body, code in cases:
            response = http.post("/api/tables", json={"seats": [{}, {}], **body})
            assert response.status_code == 400, (body["game"], response.text)
            assert response.json()["error"]["code"] == code, response.text
        assert http.get("/api/health").json()["tables"] == 0


@pytest.mark.parametrize("fault", sorted(BAD_CARDS))
def test_a_table_with_a_card_that_breaks_the_rules_is_refused(
    server: LiveServer, fault: str
) -> None:
    """The server checks a table's deck by the rules ``new_game`` and ``geodeck play --deck``
    use: refused with ``deck/invalid`` (400) naming the card, as a mapping of cards, a deck
    file's object or a list of cards alike, and no table is made."""
    cards = with_a_bad_card(fault)
    listed = [{"id": cid, **card} for cid, card in cards.items()]
    with server.http() as http:
        for deck in (cards, {"cards": cards}, listed, {"cards": listed}):
            response = http.post(
                "/api/tables", json={"game": "uppsala", "seats": [{}, {}], "deck": deck}
            )
            assert response.status_code == 400, response.text
            error = response.json()["error"]
            assert error["code"] == "deck/invalid", response.text
            assert "berlin" in error["message"]
        assert http.get("/api/health").json()["tables"] == 0


def test_a_failure_to_deal_or_store_a_table_is_no_500(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An engine that fails unexpectedly on a request is ``server/internal`` (logged with its
    traceback, never the client's ``setup/invalid``), storage that fails is
    ``server/storage``: neither is an unhandled exception."""
    body = {"game": "uppsala", "seats": [{}, {}], "deck": sample_cards()}

    def broken(*_args: Any, **_kwargs: Any) -> NoReturn:
        raise TypeError("broken on purpose")

    with server.http() as http:
        monkeypatch.setattr(creation, "new_game", broken)
        response = http.post("/api/tables", json=body)
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "server/internal"
        assert "broken" not in response.text
        monkeypatch.undo()
        monkeypatch.setattr(server.app.state.lobby.storage, "create_table", broken)
        response = http.post("/api/tables", json=body)
        assert response.status_code == 503
        assert response.json()["error"]["code"] == "server/storage"
        monkeypatch.undo()
        assert http.post("/api/tables", json=body).status_code == 201
    warned = [r for r in caplog.records if "could not be dealt" in r.getMessage()]
    assert [r.levelno for r in warned] == [logging.ERROR]
    assert warned[0].exc_info is not None
    assert warned[0].exc_info[0] is TypeError
    stored = [r for r in caplog.records if "could not be stored" in r.getMessage()]
    assert [r.levelno for r in stored] == [logging.ERROR]


def test_deck_as_a_list_of_cards(server: LiveServer) -> None:
    deck = [{"id": cid, **card} for cid, card in sample_cards().items()]
    with server.http() as http:
        response = http.post(
            "/api/tables", json={"game": "world", "seats": [{}, {}], "deck": {"cards": deck}}
        )
    assert response.status_code == 201, response.text
    assert response.json()["table"]["game"] == "world"


def test_without_a_deck_the_shipped_deck_is_dealt(server: LiveServer) -> None:
    from geodeck.core.errors import SetupError
    from geodeck.decks import shipped_deck

    try:
        shipped_deck("uppsala")
    except SetupError:
        shipped = False
    else:
        shipped = True
    with server.http() as http:
        response = http.post("/api/tables", json={"game": "uppsala", "seats": [{}, {}]})
    if shipped:
        assert response.status_code == 201, response.text
    else:
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "setup/invalid"


def test_compression_is_off_by_default_on_loopback_addresses_only() -> None:
    from geodeck.server.listening import is_loopback

    assert is_loopback("127.0.0.1")
    assert is_loopback("localhost")
    assert is_loopback("::1")
    assert is_loopback("[::1]")
    assert not is_loopback("0.0.0.0")
    assert not is_loopback("192.0.2.7")
    assert not is_loopback("example.org")
