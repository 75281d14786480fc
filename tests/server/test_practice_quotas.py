"""How much one client weighs on a card's difficulty (docs/protocol.md, ``POST
/api/practice/answers``; docs/ratings.md): a real ``geodeck serve`` on SQLite and on
PostgreSQL is flooded with practice answers from one address, with one player key and
then a new key for every post, and from a second address; each key counts once per card,
each address 10 times a card a day, so the card moves by a bounded amount, while a
player at another address has every answer stored and counted. The quotas of a key and
of an address refuse their abuser and nobody beside, and concurrent posts never pass a
bound."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from geodeck.ratings.cards import PRACTICE_SHIFT
from geodeck.ratings.players import MODEL
from tests.server.conftest import fast_settings
from tests.server.live import http_client, running, serve_process

FLOODER, SECOND, PLAYER = "127.0.0.71", "127.0.0.72", "127.0.0.73"
PER_ADDRESS = 10
"""``--card-answers-per-address``' default: answers about one card one address has
stored in a day."""


@pytest.fixture(params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A ``geodeck serve`` process with the default bounds (a larger burst of answers per
    address, so that the bounds on a card, not the rate, are what is seen); its URL."""
    database: Path | str = tmp_path / "geodeck.sqlite3"
    options = ["--answers-burst", "5000"]
    if request.param == "postgresql":
        database = request.getfixturevalue("postgres")
        options += ["--schema", request.getfixturevalue("pg_schema")]
    with serve_process(database, tmp_path / "serve.log", *options) as (_process, url):
        yield url


def post(http: httpx.Client, answers: list[dict[str, Any]], key: str) -> httpx.Response:
    body = {"game": "uppsala", "key": key, "answers": answers}
    return http.post("/api/practice/answers", json=body)


def outcome(response: httpx.Response) -> str:
    """``stored N`` for an accepted post, else its error code."""
    if response.status_code == 200:
        return f"stored {response.json()['stored']}"
    assert response.status_code == 429, response.text
    assert int(response.headers["Retry-After"]) == response.json()["error"]["retry_after"]
    return str(response.json()["error"]["code"])


def cards_of(http: httpx.Client) -> dict[str, Any]:
    cards: dict[str, Any] = http.get("/api/cards/uppsala/ratings").json()["cards"]
    return cards


def test_one_client_moves_a_card_by_a_bounded_amount(served: str) -> None:
    with (
        http_client(served, FLOODER) as flooder,
        http_client(served, SECOND) as second,
        http_client(served, PLAYER) as player,
    ):
        ids = [c["id"] for c in flooder.get("/api/practice/uppsala/cards").json()["cards"]]
        hard, easy, others = ids[0], ids[1], ids[2:10]
        shove = [{"card": hard, "right": False}] * 25 + [{"card": easy, "right": True}] * 25

        # one key: 20 posts of 50 answers; the key counts once per card, then its quota ends
        key = secrets.token_hex(16)
        seen = [outcome(post(flooder, shove, key)) for _ in range(20)]
        assert seen[0] == "stored 2"
        assert set(seen[1:]) == {"stored 0", "limit/too_many_answers"}, seen
        after_one_key = cards_of(flooder)
        assert after_one_key[hard]["answers"] == [0, 1]
        assert after_one_key[easy]["answers"] == [1, 0]
        assert abs(after_one_key[hard]["mu"] - MODEL.mu) <= PRACTICE_SHIFT

        # a new key for every post: the address counts 10 times a card a day
        for source, counted_before in ((flooder, 1), (second, 0)):
            seen = [outcome(post(source, shove, secrets.token_hex(16))) for _ in range(20)]
            fresh = PER_ADDRESS - counted_before
            assert Counter(seen) == {"stored 2": fresh, "stored 0": 20 - fresh}, seen
        flooded = cards_of(flooder)
        assert flooded[hard]["answers"] == [0, 2 * PER_ADDRESS]
        assert flooded[easy]["answers"] == [2 * PER_ADDRESS, 0]
        for card in (hard, easy):
            assert abs(flooded[card]["mu"] - MODEL.mu) <= 2 * PER_ADDRESS * PRACTICE_SHIFT

        # the player beside: every answer is stored and counted, those about the two too
        mine = [{"card": c, "right": i % 2 == 0} for i, c in enumerate([hard, easy, *others])]
        pkey = secrets.token_hex(16)
        assert [outcome(post(player, mine[i : i + 5], pkey)) for i in (0, 5)] == ["stored 5"] * 2
        counted = cards_of(player)
    assert counted[hard]["answers"] == [1, 2 * PER_ADDRESS]
    assert counted[easy]["answers"] == [2 * PER_ADDRESS, 1]
    for i, card in enumerate(others, start=2):
        assert counted[card]["answers"] == ([1, 0] if i % 2 == 0 else [0, 1])


def test_the_quotas_of_a_key_and_an_address_refuse_only_their_abuser(sqlite_url: str) -> None:
    settings = fast_settings(
        sqlite_url,
        answers_burst=60,
        answers_refill=60.0,
        key_answers_burst=20,
        key_answers_refill=60.0,
    )
    with (
        running(settings) as live,
        live.http(FLOODER) as flooder,
        live.http(SECOND) as second,
        live.http(PLAYER) as player,
    ):
        ids = [c["id"] for c in player.get("/api/practice/uppsala/cards").json()["cards"]]
        twenty = [{"card": c, "right": True} for c in ids[:20]]
        ten = twenty[:10]

        # a key's quota: from any address, and only that key's
        key = secrets.token_hex(16)
        assert outcome(post(flooder, twenty, key)) == "stored 20"
        for source in (flooder, second):
            refused = post(source, ten[:1], key)
            assert outcome(refused) == "limit/too_many_answers"
            assert "from this player key" in refused.json()["error"]["message"]
        assert outcome(post(flooder, ten, secrets.token_hex(16))) == "stored 10"

        # an address's quota (60 answers; a refused post costs one): only that address's
        seen = [outcome(post(flooder, ten, secrets.token_hex(16))) for _ in range(3)]
        assert seen == ["stored 10", "stored 10", "limit/too_many_requests"]
        assert outcome(post(second, ten, secrets.token_hex(16))) == "stored 10"

        # the player beside plays on: every answer stored
        mine = secrets.token_hex(16)
        assert [outcome(post(player, twenty[i : i + 5], mine)) for i in range(0, 20, 5)] == [
            "stored 5"
        ] * 4
    stored = Counter(r.card for r in live.app.state.lobby.storage.practice_answers("uppsala"))
    assert stored == dict.fromkeys(ids[:10], 6) | dict.fromkeys(ids[10:20], 2)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_concurrent_posts_never_pass_a_bound(
    kind: str, request: pytest.FixtureRequest, sqlite_url: str
) -> None:
    """Posts that arrive together (each stored in a transaction of its own, on worker
    threads) count as posts one after the other: one key's answer about a card once, an
    address's answers about a card up to its bound."""
    if kind == "sqlite":
        settings = fast_settings(sqlite_url, card_answers_per_address=3)
    else:
        schema = request.getfixturevalue("pg_schema")
        settings = fast_settings(
            request.getfixturevalue("postgres"), schema=schema, card_answers_per_address=3
        )
    with running(settings) as live, live.http(PLAYER) as http:
        ids = [c["id"] for c in http.get("/api/practice/uppsala/cards").json()["cards"]]
        one_key = secrets.token_hex(16)
        shared = [{"card": ids[0], "right": False}]
        own = [{"card": c, "right": False} for c in reversed(ids[1:4])]

        def send(i: int) -> str:
            with live.http(FLOODER if i % 2 else SECOND) as client:
                first = outcome(post(client, shared, one_key))
                again = outcome(post(client, [*own, *own], secrets.token_hex(16)))
                return f"{first}, {again}"

        with ThreadPoolExecutor(8) as pool:
            seen = list(pool.map(send, range(16)))
    assert all(o in ("stored 0", "stored 1", "stored 3") for s in seen for o in s.split(", "))
    stored = Counter(r.card for r in live.app.state.lobby.storage.practice_answers("uppsala"))
    assert stored == {ids[0]: 1, ids[1]: 6, ids[2]: 6, ids[3]: 6}
