"""Ratings at a server (docs/ratings.md, docs/protocol.md): a finished table updates the
ratings of the seats that carry a player key exactly as ``geodeck.ratings.update`` does,
once only; the key never comes back; a bad key or nickname is refused with its code."""

from __future__ import annotations

import contextlib
import datetime
import json
import random
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import delete, inspect, select
from sqlalchemy import update as update_rows

from geodeck.ratings import CardRatings, Rating, bot_rating, update
from geodeck.server import cards, players
from geodeck.server.standing import Rule
from geodeck.server.storage import Storage
from geodeck.server.storage.players import rated, ratings
from geodeck.server.storage.schema import metadata, tables
from tests.server.conftest import fast_settings
from tests.server.live import (
    LiveServer,
    Player,
    create_table,
    play_out,
    run,
    running,
    wait_rated,
)


def me(server: LiveServer, key: str) -> dict[str, Any]:
    with server.http() as http:
        response = http.get("/api/players/me", headers={"X-Geodeck-Player": key})
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def play_rated_table(server: LiveServer, ann: str, ben: str) -> tuple[str, list[str]]:
    """Ann (with key ``ann``) and Ben (``ben``, joining) play a novice bot to the end."""
    frames: list[str] = []

    async def case() -> str:
        with server.http() as http:
            created = create_table(
                http,
                [{"name": "Ann"}, {"name": "Ben"}, {"name": "Robo", "bot": "novice"}],
                seed=3,
                player={"key": ann, "nickname": "Annie"},
            )
            code = created["table"]["code"]
            joined = http.post(
                f"/api/tables/{code}/join",
                json={"name": "Ben", "player": {"key": ben, "nickname": "Benno"}},
            )
            assert joined.status_code == 200, joined.text
            frames.append(json.dumps(created) + joined.text)
        tokens = [created["tokens"]["0"], joined.json()["token"]]
        movers = []
        for i, token in enumerate(tokens):
            player = await Player(server.ws_url(code), f"p{i}").open()
            await player.hello(token)
            movers.append(player)
        last = await play_out(movers, random.Random(4))
        assert last["status"] == "finished"
        frames.extend(json.dumps(f) for p in movers for f in p.frames)
        return str(code)

    codes: list[str] = []

    async def wrapped() -> None:
        codes.append(await case())

    run(wrapped)
    return codes[0], frames


def test_a_finished_table_rates_its_keyed_seats_once(server: LiveServer, sqlite_url: str) -> None:
    """docs/ratings.md, Players at a server: the update is geodeck.ratings.update of the
    final scores, with the bot at its fixed rating, written once per table; each new
    player's game counts against the bot alone (Standing)."""
    check_rated(server, Storage(sqlite_url))


def test_ratings_on_postgresql(postgres: str, pg_schema: str) -> None:
    with running(fast_settings(postgres, schema=pg_schema)) as live:
        check_rated(live, Storage(postgres, schema=pg_schema))


def check_rated(server: LiveServer, storage: Storage) -> None:
    ann, ben = secrets.token_hex(16), secrets.token_urlsafe(24)
    code, frames = play_rated_table(server, ann, ben)
    info = wait_rated(server.url, code)
    scores = info["outcome"]["scores"]
    bot = bot_rating("uppsala", "novice")
    expected = [update([Rating(), bot], [scores[seat], scores[2]])[0] for seat in (0, 1)]
    assert info["ratings"][0] == {"before": 0, "after": expected[0].shown()}
    assert info["ratings"][1] == {"before": 0, "after": expected[1].shown()}
    assert info["ratings"][2] == {"before": bot.shown(), "after": bot.shown()}
    for key, nickname, after in ((ann, "Annie", expected[0]), (ben, "Benno", expected[1])):
        found = me(server, key)
        assert found["nickname"] == nickname
        cross = found["ratings"]["cross"]
        assert abs(cross["mu"] - after.mu) < 1e-9
        assert abs(cross["sigma"] - after.sigma) < 1e-9
        assert cross["rating"] == after.shown()
        standing = (cross["games"], cross["counted"], cross["opponents"], cross["established"])
        assert standing == (1, 1, 1, False)

    rater = server.app.state.lobby.rater
    deadline = time.monotonic() + 30
    while not rater.difficulty("uppsala") and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        held = CardRatings.from_json(cards.state_of(storage, "uppsala"))
        assert rater.difficulty("uppsala") == held.difficulties()
        assert held.difficulties()
        # the room judged the placements as they were made: the same as replaying the record
        stored = storage.load_table(code)
        assert stored is not None
        replayed = CardRatings()
        assert replayed.ingest_record(stored.record()) > 0
        assert held.to_json() == replayed.to_json()
        assert players.rate_table(storage, code, Rule(10, 3)) is None
        again = cards.ingest_table(storage, code)
        assert again is not None
        assert again[0] == "uppsala"
    finally:
        storage.close()
    assert me(server, ann)["ratings"]["cross"]["games"] == 1

    with server.http() as http:
        top = http.get("/api/ratings/cross").json()
        record = http.get(f"/api/tables/{code}/record").text
        stats = http.get(f"/api/tables/{code}/stats").text
        rated = http.get("/api/cards/uppsala/ratings").json()
        mine = http.get("/api/players/me", headers={"X-Geodeck-Player": ann}).text
    assert (top["players"], top["established"]) == ([], {"games": 10, "opponents": 3})
    said = "".join([*frames, json.dumps(top), record, stats, json.dumps(info), mine])
    for key in (ann, ben):
        assert key not in said
        assert players.key_hash(key) not in said
    loaded = CardRatings.from_json(rated)
    assert sum(loaded.answers(c) for c in loaded.cards) > 0


def test_bad_keys_and_bodies_are_refused_with_their_codes(server: LiveServer) -> None:
    good = secrets.token_hex(16)
    seats = [{"name": "Ann"}, {"name": "Robo", "bot": "random"}]
    with server.http() as http:
        short = create_table_raw(http, seats, {"key": "abc", "nickname": "Ann"})
        odd = create_table_raw(http, seats, {"key": "x" * 31 + "!", "nickname": "Ann"})
        blank = create_table_raw(http, seats, {"key": good, "nickname": "  "})
        wrong = create_table_raw(http, seats, {"key": good})
        no_header = http.get("/api/players/me")
        unknown = http.get("/api/players/me", headers={"X-Geodeck-Player": good})
        family = http.get("/api/ratings/chess")
        card_game = http.get("/api/cards/undercover/ratings")
        games = http.get("/api/games").json()
    for response, code in (
        (short, "player/bad_key"),
        (odd, "player/bad_key"),
        (blank, "player/bad_nickname"),
        (wrong, "request/malformed"),
        (no_header, "player/bad_key"),
        (family, "ratings/unknown"),
        (card_game, "ratings/unknown"),
    ):
        assert response.json()["error"]["code"] == code, response.text
        assert response.status_code < 500
    assert unknown.status_code == 200
    assert unknown.json() == {"nickname": None, "board_nickname": None, "ratings": {}}
    assert games["bot_ratings"]["cross"]["novice"] == bot_rating("uppsala", "novice").shown()
    assert (
        games["bot_ratings"]["undercover"]["oracle"] == bot_rating("undercover", "oracle").shown()
    )


def create_table_raw(http: Any, seats: list[dict[str, Any]], player: dict[str, Any]) -> Any:
    return http.post("/api/tables", json={"game": "uppsala", "seats": seats, "player": player})


def test_practice_rows_count_for_their_cards() -> None:
    """docs/ratings.md, Card difficulty: a practice answer is a duel with the card."""
    ratings = CardRatings()
    taken = cards.ingest_practice(
        ratings,
        [("uppsala", "berlin", False), {"game": "uppsala", "card": "berlin", "right": False}, (1,)],
    )
    assert taken == 2
    assert ratings.answers("berlin") == 2
    assert ratings.difficulty("berlin") > 2.0


def test_a_database_made_before_ratings_still_opens(sqlite_url: str) -> None:
    """The players', ratings' and daily tables are added to an existing database."""
    ours = {"geodeck_players", "geodeck_ratings", "geodeck_seat_players", "geodeck_rated"}
    ours |= {"geodeck_card_ratings", "geodeck_daily"}
    ours |= {"geodeck_standing", "geodeck_opponents", "geodeck_names"}
    storage = Storage(sqlite_url)
    older = [t for name, t in metadata.tables.items() if name not in ours]
    with storage.engine.begin() as conn:
        metadata.create_all(conn, tables=older)
    assert not ours & set(inspect(storage.engine).get_table_names())
    storage.close()
    key = secrets.token_hex(16)
    with running(fast_settings(sqlite_url)) as live, live.http() as http:
        created = create_table(
            http,
            [{"name": "Ann"}, {"name": "Robo", "bot": "random"}],
            player={"key": key, "nickname": "Ann"},
        )
        assert created["table"]["status"] == "playing"
        moves = [["west-east", 0]] * 10
        today = datetime.datetime.now(datetime.UTC).date().isoformat()  # always taken
        sent = http.post(
            f"/api/daily/uppsala/{today}", json={"nickname": "Ann", "key": key, "moves": moves}
        )
        found = http.get("/api/players/me", headers={"X-Geodeck-Player": key}).json()
    assert sent.status_code == 201, sent.text
    assert found == {"nickname": "Ann", "board_nickname": None, "ratings": {}}


def test_practice_answers_reach_the_cards_ratings(sqlite_url: str) -> None:
    """docs/ratings.md, At a server: the answers of POST /api/practice/answers count in
    GET /api/cards/{game}/ratings, each once, with no finished table."""
    with running(fast_settings(sqlite_url)) as live, live.http() as http:
        deck = http.get("/api/practice/uppsala/cards").json()
        card = deck["cards"][0]["id"]
        answers = [{"card": card, "right": False}]
        for _ in range(3):  # three players, each answer of a key counts once
            body = {"game": "uppsala", "key": secrets.token_hex(16), "answers": answers}
            sent = http.post("/api/practice/answers", json=body)
            assert sent.status_code == 200, sent.text
        first = http.get("/api/cards/uppsala/ratings").json()
        again = http.get("/api/cards/uppsala/ratings").json()
    assert first["cards"][card]["answers"] == [0, 3]
    assert again == first


def test_a_rooms_judged_placements_are_the_records_replayed() -> None:
    """The placements a room judges as they are made are those of its record replayed
    (RULES.md A3: wrong means out of order against a neighbour when put down)."""
    from geodeck import new_game
    from geodeck.bots.base import own_secret
    from geodeck.ratings.placements import placements

    verdicts = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game("uppsala", ["Ann", "Ben", "Cem"], seed=seed)
        judge = cards.Judge(game)
        while not game.finished:
            seat = game.expects().seats[0]
            action = own_secret(rng.choice(game.legal_actions(seat)), rng)
            game.apply(action)
            judge.saw(game, action, seat)
        record = game.to_record()
        played = judge.played(game, record)
        assert played is not None
        assert list(played.placements) == placements(record)
        verdicts |= {right for _, _, right in played.placements}
    assert verdicts == {True, False}
    undercover = new_game("undercover", ["Ann", "Ben", "Cem", "Dee"], seed=1)
    assert cards.Judge(undercover).played(undercover, {}) is None


def test_a_player_finishing_two_tables_at_once_has_both_counted(
    postgres: str, pg_schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ratings.md, Players at a server: two tables with the same players rated at
    the same moment (each read the players' ratings before either wrote) both count, the
    second from the first's result, on PostgreSQL where the two updates truly overlap."""
    with running(fast_settings(postgres, schema=pg_schema)) as live:
        ann, ben = secrets.token_hex(16), secrets.token_hex(16)
        codes = [play_rated_table(live, ann, ben)[0] for _ in range(2)]
        for code in codes:
            wait_rated(live.url, code)
    storage = Storage(postgres, schema=pg_schema)
    digests = [players.key_hash(ann), players.key_hash(ben)]
    original = players.stored_rating
    try:
        for start in ("new players", "rated players"):
            with storage.engine.begin() as conn:
                conn.execute(delete(rated).where(rated.c.code.in_(codes)))
                if start == "new players":
                    conn.execute(delete(ratings).where(ratings.c.key_hash.in_(digests)))
                else:
                    conn.execute(
                        update_rows(ratings)
                        .where(ratings.c.key_hash.in_(digests))
                        .values(mu=25.0, sigma=25.0 / 3, games=0)
                    )
            both_read = threading.Barrier(2, timeout=1.0)

            def read_then_wait(*args: Any, barrier: threading.Barrier = both_read) -> Any:
                found = original(*args)
                with contextlib.suppress(threading.BrokenBarrierError):
                    barrier.wait()
                return found

            monkeypatch.setattr(players, "stored_rating", read_then_wait)
            with ThreadPoolExecutor(2) as pool:
                changes = list(
                    pool.map(lambda c: players.rate_table(storage, c, Rule(10, 3)), codes)
                )
            monkeypatch.setattr(players, "stored_rating", original)
            assert all(c is not None for c in changes), start
            with storage.engine.connect() as conn:
                games = conn.execute(
                    select(ratings.c.games).where(ratings.c.key_hash.in_(digests))
                ).scalars()
                assert sorted(games) == [2, 2], start
            # the second update started from the first's result: Ann's rating is the two
            # tables applied one after the other (the shown figures round, so compare mu)
            with storage.engine.connect() as conn:
                scores = {
                    r.code: [float(x) for x in json.loads(r.outcome)["scores"]]
                    for r in conn.execute(
                        select(tables.c.code, tables.c.outcome).where(tables.c.code.in_(codes))
                    )
                }
                kept = conn.execute(
                    select(ratings.c.mu, ratings.c.sigma).where(ratings.c.key_hash == digests[0])
                ).one()
            bot = bot_rating("uppsala", "novice")
            orders = []
            for order in (codes, codes[::-1]):
                mine = [Rating(), Rating()]
                for code in order:
                    mine = [
                        update([mine[seat], bot], [scores[code][seat], scores[code][2]])[0]
                        for seat in (0, 1)
                    ]
                orders.append(mine[0])
            assert any(
                abs(r.mu - kept.mu) < 1e-9 and abs(r.sigma - kept.sigma) < 1e-9 for r in orders
            ), (start, kept, orders)
    finally:
        storage.close()
