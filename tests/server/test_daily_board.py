"""The daily challenge at a server (docs/daily.md, docs/protocol.md): the deal is
``geodeck.practice.daily``'s for the date, a result is replayed (the score is never taken
from the client), one result per key and day, results are taken while the day is on
somewhere by the server's clock, and the board is the day's scores, with no name and no
key."""

from __future__ import annotations

import datetime
import json
import secrets
from collections.abc import Iterator

import pytest

from geodeck.decks import shipped_deck_file
from geodeck.practice.cards import deck_hash, practice_cards
from geodeck.practice.daily import Solo, daily_deal
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, running

START = datetime.date(2026, 11, 23)
WEEK = [START + datetime.timedelta(days=n) for n in range(7)]


class Clock:
    """The server's clock, set by the test."""

    def __init__(self, at: datetime.datetime) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at.timestamp()


@pytest.fixture
def clock() -> Clock:
    """START, a little before 06:00 UTC: no place on Earth has reached the next day yet."""
    return Clock(datetime.datetime(2026, 11, 23, 5, 59, 50, tzinfo=datetime.UTC))


@pytest.fixture
def daily(sqlite_url: str, clock: Clock) -> Iterator[LiveServer]:
    with running(fast_settings(sqlite_url, now=clock)) as live:
        yield live


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


def test_a_result_is_replayed_once_per_key(daily: LiveServer) -> None:
    day = START.isoformat()
    key, other = secrets.token_hex(16), secrets.token_hex(16)
    moves = [["west-east", 0]] * 10
    solo = local("uppsala", START)
    solo.replay(moves)
    with daily.http() as http:
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
    assert board["key"] == solo.deal.key
    counts = [0] * 11
    counts[solo.score] += 1
    counts[ben_solo.score] += 1
    assert board["scores"] == counts
    assert board["players"] == 2
    assert (board["opens"], board["closes"]) == ("2026-11-22T10:00:00Z", "2026-11-24T13:00:00Z")
    assert elsewhere["scores"] == [0] * 11
    assert elsewhere["players"] == 0
    text = json.dumps(board)
    for secret in (key, other, "Ann", "Ben"):
        assert secret not in text


def test_results_are_taken_while_their_day_is_on_somewhere(daily: LiveServer, clock: Clock) -> None:
    """By the server's clock: tomorrow from 10:00 UTC (midnight at UTC+14), yesterday
    until 13:00 UTC (an hour after midnight at UTC-12), whatever day the client says."""
    moves = [["west-east", 0]] * 10

    def sent(day: datetime.date) -> str:
        with daily.http() as http:
            response = http.post(
                f"/api/daily/uppsala/{day.isoformat()}",
                json={"nickname": "Ann", "key": secrets.token_hex(16), "moves": moves},
            )
        return "taken" if response.status_code == 201 else response.json()["error"]["code"]

    yesterday, tomorrow = START - datetime.timedelta(days=1), START + datetime.timedelta(days=1)
    before_yesterday = START - datetime.timedelta(days=2)
    assert [sent(d) for d in (before_yesterday, yesterday, START, tomorrow)] == [
        "daily/closed",
        "taken",
        "taken",
        "daily/closed",
    ]
    clock.at = datetime.datetime(2026, 11, 23, 10, 0, tzinfo=datetime.UTC)
    assert [sent(d) for d in (yesterday, START, tomorrow)] == ["taken"] * 3
    clock.at = datetime.datetime(2026, 11, 23, 13, 0, tzinfo=datetime.UTC)
    assert [sent(d) for d in (yesterday, START, tomorrow)] == ["daily/closed", "taken", "taken"]
    with daily.http() as http:
        board = http.get(f"/api/daily/uppsala/{yesterday.isoformat()}/board").json()
    assert board["open"] is False
    assert board["players"] == 2


def test_bad_days_games_and_moves_are_refused(daily: LiveServer) -> None:
    tomorrow = START + datetime.timedelta(days=1)
    later = (tomorrow + datetime.timedelta(days=1)).isoformat()
    key = secrets.token_hex(16)
    post = "/api/daily/uppsala/2026-11-23"
    with daily.http() as http:
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
            (http.post(f"/api/daily/uppsala/{later}", content=b"{}"), 404, "daily/not_out"),
        ]
        tomorrow_deal = http.get(f"/api/daily/uppsala/{tomorrow.isoformat()}")
        board = http.get("/api/daily/uppsala/2026-11-23/board").json()
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code, response.text
    assert tomorrow_deal.status_code == 200
    assert board["players"] == 0
