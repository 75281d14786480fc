"""The daily challenge at a server (docs/daily.md, docs/protocol.md): the deal is
``geodeck.practice.daily``'s for the date, a result is replayed (the score is never taken
from the client), one result per key and day, and the board lists nicknames only."""

from __future__ import annotations

import datetime
import json
import secrets

from geodeck.decks import shipped_deck_file
from geodeck.practice.cards import deck_hash, practice_cards
from geodeck.practice.daily import Solo, daily_deal
from tests.server.live import LiveServer

START = datetime.date(2026, 11, 23)
WEEK = [START + datetime.timedelta(days=n) for n in range(7)]


def local(game: str, day: datetime.date) -> Solo:
    cards = shipped_deck_file(game)["cards"]
    digest = deck_hash(cards)
    return Solo(daily_deal(list(cards), day, game, digest), practice_cards(cards))


def test_a_week_of_deals_is_the_one_everybody_computes(server: LiveServer) -> None:
    seen = set()
    with server.http() as http:
        for day in WEEK:
            deal = http.get(f"/api/daily/uppsala/{day.isoformat()}").json()
            again = http.get(f"/api/daily/uppsala/{day.isoformat()}").json()
            solo = local("uppsala", day)
            assert deal == again
            assert deal["key"] == solo.deal.key
            assert deal["key"] == f"geodeck-daily/1/{day.isoformat()}/uppsala/{deal['hash']}"
            assert deal["start"]["id"] == solo.deal.start
            assert [c["id"] for c in deal["cards"]] == list(solo.deal.cards)
            seen.add((deal["start"]["id"], *[c["id"] for c in deal["cards"]]))
        world = http.get(f"/api/daily/world/{START.isoformat()}").json()
    assert len(seen) == len(WEEK)
    assert world["hash"] != deal["hash"]


def test_a_result_is_replayed_once_per_key(server: LiveServer) -> None:
    day = START.isoformat()
    key, other = secrets.token_hex(16), secrets.token_hex(16)
    moves = [["west-east", 0]] * 10
    solo = local("uppsala", START)
    solo.replay(moves)
    with server.http() as http:
        first = http.post(
            f"/api/daily/uppsala/{day}",
            json={"nickname": "Ann", "key": key, "moves": moves, "score": 10},
        )
        sent = http.post(
            f"/api/daily/uppsala/{day}", json={"nickname": "Ann", "key": key, "moves": moves}
        )
        again = http.post(
            f"/api/daily/uppsala/{day}", json={"nickname": "Ann", "key": key, "moves": moves}
        )
        ben_moves = [["north-south", 1]] * 10
        ben = http.post(
            f"/api/daily/uppsala/{day}", json={"nickname": "Ben", "key": other, "moves": ben_moves}
        )
        board = http.get(f"/api/daily/uppsala/{day}/board").json()
        elsewhere = http.get(f"/api/daily/world/{day}/board").json()
    assert first.json()["error"]["code"] == "request/malformed"  # no score is taken
    assert sent.status_code == 201, sent.text
    assert sent.json()["score"] == solo.score
    assert sent.json()["grid"] == solo.grid()
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "daily/already_played"
    ben_solo = local("uppsala", START)
    ben_solo.replay(ben_moves)
    assert ben.status_code == 201, ben.text
    assert ben.json()["score"] == ben_solo.score
    names = [row["nickname"] for row in board["results"]]
    assert sorted(names) == ["Ann", "Ben"]
    assert board["key"] == solo.deal.key
    ann = next(row for row in board["results"] if row["nickname"] == "Ann")
    assert ann["score"] == solo.score
    assert ann["moves"] == moves
    scores = [row["score"] for row in board["results"]]
    assert scores == sorted(scores, reverse=True)
    assert elsewhere["results"] == []
    text = json.dumps(board)
    assert key not in text
    assert other not in text


def test_bad_days_games_and_moves_are_refused(server: LiveServer) -> None:
    tomorrow = datetime.datetime.now(datetime.UTC).date() + datetime.timedelta(days=1)
    later = (tomorrow + datetime.timedelta(days=1)).isoformat()
    key = secrets.token_hex(16)
    post = "/api/daily/uppsala/2026-11-23"
    with server.http() as http:
        cases = [
            (http.get(f"/api/daily/uppsala/{later}"), 404, "daily/not_out"),
            (http.get("/api/daily/uppsala/2026-02-30"), 400, "daily/bad_date"),
            (http.get("/api/daily/uppsala/2023-12-31"), 400, "daily/bad_date"),
            (http.get("/api/daily/uppsala/today"), 400, "daily/bad_date"),
            (http.get("/api/daily/undercover/2026-11-23"), 404, "daily/unknown_game"),
            (http.get("/api/daily/chess/2026-11-23/board"), 404, "daily/unknown_game"),
            (
                http.post(post, json={"nickname": "A", "key": key, "moves": [["up", 0]] * 10}),
                400,
                "daily/bad_moves",
            ),
            (
                http.post(
                    post, json={"nickname": "A", "key": key, "moves": [["west-east", 9]] * 10}
                ),
                400,
                "daily/bad_moves",
            ),
            (
                http.post(
                    post, json={"nickname": "A", "key": key, "moves": [["west-east", 0]] * 3}
                ),
                400,
                "daily/bad_moves",
            ),
            (
                http.post(
                    post, json={"nickname": "A", "key": key, "moves": [["west-east", 0]] * 11}
                ),
                400,
                "daily/bad_moves",
            ),
            (
                http.post(post, json={"nickname": "A", "key": "short", "moves": []}),
                400,
                "player/bad_key",
            ),
            (
                http.post(post, json={"nickname": "A", "key": key, "moves": "no"}),
                400,
                "request/malformed",
            ),
            (http.post(post, content=b"\xff"), 400, "request/malformed"),
        ]
        tomorrow_deal = http.get(f"/api/daily/uppsala/{tomorrow.isoformat()}")
        board = http.get("/api/daily/uppsala/2026-11-23/board").json()
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code, response.text
    assert tomorrow_deal.status_code == 200
    assert board["results"] == []
