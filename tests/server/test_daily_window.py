"""Who may fill a day's board (docs/daily.md, docs/protocol.md, The daily challenge):
results are taken only while their day is on somewhere on Earth, by the server's clock
(from its 00:00 at UTC+14 to the grace after its 24:00 at UTC-12), a bounded number per
client address, game and day; and the board is the day's distribution of scores, in
which a player's result counts beside an address that sends hundreds of computed
perfect ones. The attack is driven against a real ``geodeck serve`` on SQLite and on
PostgreSQL."""

from __future__ import annotations

import bisect
import datetime
import json
import secrets
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from geodeck.decks import shipped_deck_file
from geodeck.practice.cards import deck_hash, practice_cards
from geodeck.practice.daily import Solo, daily_deal
from geodeck.server import daily
from tests.server.live import KEEP_ALIVE, TIMEOUT, serve_process

GAME = "uppsala"
UTC = datetime.UTC
HOUR = 3600.0
BURST = 20
ABUSER, ANN, BEN = "127.0.0.150", "127.0.0.151", "127.0.0.152"


def solo(day: datetime.date) -> Solo:
    cards = shipped_deck_file(GAME)["cards"]
    return Solo(daily_deal(list(cards), day, GAME, deck_hash(cards)), practice_cards(cards))


def perfect(day: datetime.date) -> list[list[str | int]]:
    """The moves of a 10/10, computed from the public deal: each card where its
    longitude goes on the west-east line."""
    play = solo(day)
    moves: list[list[str | int]] = []
    while not play.over:
        line = [play.cards[c].values["west-east"] for c in play.lines["west-east"]]
        gap = bisect.bisect_left(line, play.current.values["west-east"])
        play.place("west-east", gap)
        moves.append(["west-east", gap])
    assert play.score == 10
    return moves


def post(
    http: httpx.Client, day: datetime.date, moves: list[list[str | int]], key: str | None = None
) -> httpx.Response:
    body = {"nickname": "Ann", "key": key or secrets.token_hex(16), "moves": moves}
    return http.post(f"/api/daily/{GAME}/{day.isoformat()}", json=body)


def window(day: datetime.date) -> tuple[datetime.datetime, datetime.datetime]:
    """The rule, as the docs state it: from the day's 00:00 at UTC+14 to an hour after its
    24:00 at UTC-12."""
    midnight = datetime.datetime.combine(day, datetime.time(), UTC)
    return midnight - datetime.timedelta(hours=14), midnight + datetime.timedelta(hours=37)


def open_at(day: datetime.date, now: float) -> bool:
    opens, closes = window(day)
    return opens.timestamp() <= now < closes.timestamp()


def client(url: str, source: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=source)
    return httpx.Client(base_url=url, timeout=TIMEOUT, limits=KEEP_ALIVE, transport=transport)


def test_a_day_is_taken_from_00_00_at_utc_plus_14_to_an_hour_after_24_00_at_utc_minus_12() -> None:
    day = datetime.date(2026, 12, 6)
    results_window, taken = daily.results_window, daily.taken
    opens, closes = results_window(day, HOUR)
    assert (opens, closes) == window(day)
    assert opens == datetime.datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
    assert closes == datetime.datetime(2026, 12, 7, 13, 0, tzinfo=UTC)
    second = datetime.timedelta(seconds=1)
    assert not taken(day, (opens - second).timestamp(), HOUR)
    assert taken(day, opens.timestamp(), HOUR)
    assert taken(day, (closes - second).timestamp(), HOUR)
    assert not taken(day, closes.timestamp(), HOUR)
    assert results_window(day, 0)[1] == datetime.datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
    # at every minute of a UTC day, that day is taken, and never the day after tomorrow
    # or the day before yesterday
    midnight = datetime.datetime.combine(day, datetime.time(), UTC).timestamp()
    for minute in range(0, 24 * 60, 7):
        now = midnight + 60 * minute
        assert taken(day, now, HOUR)
        for other in (-2, 2):
            assert not taken(day + datetime.timedelta(days=other), now, HOUR)
        assert taken(day + datetime.timedelta(days=1), now, HOUR) == (minute >= 10 * 60)
        assert taken(day - datetime.timedelta(days=1), now, HOUR) == (minute < 13 * 60)


@pytest.fixture(params=["sqlite", "postgresql"])
def serve(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A real ``geodeck serve`` whose addresses may each send BURST results a game and day."""
    database: Path | str = tmp_path / "daily.sqlite3"
    options = ["--daily-results-burst", str(BURST), "--daily-results-refill", "3600"]
    if request.param == "postgresql":
        database = request.getfixturevalue("postgres")
        options += ["--schema", request.getfixturevalue("pg_schema")]
    with serve_process(database, tmp_path / "serve.log", *options) as (_process, url):
        yield url


def test_the_board_is_not_filled_before_or_after_the_day_nor_from_one_address(
    serve: str,
) -> None:
    today = datetime.datetime.now(UTC).date()
    tomorrow = today + datetime.timedelta(days=1)
    with client(serve, ABUSER) as abuser, client(serve, ANN) as ann, client(serve, BEN) as ben:
        # days that have ended everywhere are closed (and the day after tomorrow not out)
        for back in (2, 13):
            day = today - datetime.timedelta(days=back)
            late = post(abuser, day, perfect(day))
            assert late.status_code == 409, late.text
            assert late.json()["error"]["code"] == "daily/closed"
            assert f"results of {day.isoformat()} are taken from" in late.json()["error"]["message"]
        after = today + datetime.timedelta(days=2)
        assert post(abuser, after, perfect(after)).json()["error"]["code"] == "daily/not_out"
        # tomorrow, before it has begun anywhere (10:00 UTC), is closed; then it is taken
        before = open_at(tomorrow, time.time())
        early = post(abuser, tomorrow, perfect(tomorrow))
        if before == open_at(tomorrow, time.time()):
            assert early.status_code == (201 if before else 409), early.text

        # fresh keys sending a computed 10/10: BURST are taken, then the address is refused
        moves = perfect(today)
        sent = [post(abuser, today, moves) for _ in range(300)]
        assert Counter(r.status_code for r in sent) == {201: BURST, 429: 300 - BURST}
        assert all(r.status_code == 201 for r in sent[:BURST])
        refused = sent[-1]
        assert refused.json()["error"]["code"] == "limit/too_many_results"
        assert int(refused.headers["Retry-After"]) == refused.json()["error"]["retry_after"] >= 1

        # the players beside it count: a real 10/10 and a weaker result
        ann_key = secrets.token_hex(16)
        mine = post(ann, today, moves, ann_key)
        assert mine.status_code == 201, mine.text
        assert mine.json()["score"] == 10
        assert post(ann, today, moves, ann_key).json()["error"]["code"] == "daily/already_played"
        ben_moves: list[list[str | int]] = [["north-south", 0]] * 10
        weaker = post(ben, today, ben_moves)
        assert weaker.status_code == 201, weaker.text
        ben_score = weaker.json()["score"]
        assert ben_score < 10

        board = ben.get(f"/api/daily/{GAME}/{today.isoformat()}/board").json()
    counts = [0] * 11
    counts[10] = BURST + 1
    counts[ben_score] += 1
    assert board["scores"] == counts
    assert board["players"] == BURST + 2
    assert board["open"] is True
    opens, closes = window(today)
    assert board["opens"] == opens.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert board["closes"] == closes.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert "Ann" not in json.dumps(board)
    assert "results" not in board
