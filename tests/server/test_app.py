"""The HTTP endpoints of docs/protocol.md against a live server."""

from __future__ import annotations

import json

from geodeck.server.rooms import CODE_ALPHABET, CODE_LENGTH
from tests.server.live import LiveServer, create_table
from tests.support import sample_cards


def test_health(server: LiveServer) -> None:
    with server.http() as http:
        body = http.get("/api/health").json()
    assert body["ok"] is True
    assert body["storage"] == "sqlite"


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
            "setup/invalid",
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
    from geodeck.cli.serve import is_loopback

    assert is_loopback("127.0.0.1")
    assert is_loopback("localhost")
    assert is_loopback("::1")
    assert is_loopback("[::1]")
    assert not is_loopback("0.0.0.0")
    assert not is_loopback("192.0.2.7")
    assert not is_loopback("example.org")
