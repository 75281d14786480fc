"""Ratings that cannot be farmed (docs/ratings.md, Standing): a key that wins game after
game against keys made for the purpose gains nothing and stays off the board, while a
player who plays bots and established players is rated and listed; a nickname is shown
on the board by one player only. Driven against a real ``geodeck serve`` on SQLite and a
server on PostgreSQL, with clients on several loopback addresses."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from geodeck.bots import make_bot
from geodeck.cross.actions import action_from_wire
from geodeck.names import skeleton
from tests.server.conftest import fast_settings
from tests.server.live import (
    Player,
    play_out,
    run,
    running,
    sample_deck_file,
    serve_process,
    wait_rated,
)
from tests.support import sample_cards

GAMES, OPPONENTS = 3, 2
"""The thresholds the servers of these tests run with (--established-games, ...)."""
OPTIONS = (
    "--deck", str(sample_deck_file()),
    "--bot-delay", "0",
    "--pause", "0",
    "--established-games", str(GAMES),
    "--established-opponents", str(OPPONENTS),
)  # fmt: skip
FARMED = 10
"""Games the farmer wins against fresh keys."""


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The base URL of a server: ``geodeck serve`` on SQLite in a process of its own, or
    one on PostgreSQL in a schema of its own."""
    if request.param == "sqlite":
        with serve_process(tmp_path / "ratings.sqlite3", tmp_path / "serve.log", *OPTIONS) as (
            _,
            base,
        ):
            yield base
        return
    postgres, schema = request.getfixturevalue("postgres"), request.getfixturevalue("pg_schema")
    settings = fast_settings(
        postgres, schema=schema, established_games=GAMES, established_opponents=OPPONENTS
    )
    with running(settings) as live:
        yield live.url


@dataclass(frozen=True)
class Person:
    nickname: str
    address: str
    """The loopback address this person's clients come from."""
    key: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", secrets.token_hex(16))

    def spec(self, nickname: str | None = None) -> dict[str, str]:
        return {"key": self.key, "nickname": nickname or self.nickname}


def client(url: str, person: Person) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=person.address)
    return httpx.Client(base_url=url, timeout=10, transport=transport)


def create(url: str, person: Person, seats: list[dict[str, Any]], **player: str) -> httpx.Response:
    with client(url, person) as http:
        return http.post(
            "/api/tables",
            json={
                "game": "uppsala",
                "seats": seats,
                "claim": [0],
                "deck": sample_cards(),
                "player": person.spec(player.get("nickname")),
            },
        )


def oracle_for(seat_player: Player) -> dict[str, Any] | None:
    """The farmer's move: an oracle bot's choice from the seat's own state."""
    state = seat_player.state
    assert state is not None
    bot = make_bot("oracle", state["version"], atlas=sample_cards())
    choice = bot.choose(state["view"], [action_from_wire(a) for a in state["legal"]])
    wire: dict[str, Any] = choice.to_wire()
    return wire


def play(
    url: str, people: list[Person], bots: tuple[str, ...] = (), *, strong: bool = False
) -> dict[str, Any]:
    """``people`` (the first creates the table, the others join from their addresses)
    and ``bots`` play a table of Uppsala to its end; with ``strong`` the first plays as
    an oracle. The table's info once it is rated."""
    seats = [{"name": f"P{i}"} for i in range(len(people))] + [{"bot": b} for b in bots]
    made = create(url, people[0], seats)
    assert made.status_code == 201, made.text
    code = made.json()["table"]["code"]
    tokens = [made.json()["tokens"]["0"]]
    for person in people[1:]:
        with client(url, person) as http:
            joined = http.post(f"/api/tables/{code}/join", json={"player": person.spec()})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])

    async def game() -> None:
        seated = []
        for person, token in zip(people, tokens, strict=True):
            ws = url.replace("http://", "ws://") + f"/ws/{code}"
            player = await Player(ws, person.nickname, source=person.address).open()
            await player.hello(token)
            seated.append(player)
        first = seated[0]
        pick = (lambda p: oracle_for(p) if p is first else None) if strong else None
        last = await play_out(seated, random.Random(code), pick=pick)
        assert last["status"] == "finished"

    run(game, timeout=90)
    return wait_rated(url, code)


def me(url: str, person: Person) -> dict[str, Any]:
    with client(url, person) as http:
        found: dict[str, Any] = http.get(
            "/api/players/me", headers={"X-Geodeck-Player": person.key}
        ).json()
    return found


def board(url: str) -> list[dict[str, Any]]:
    with httpx.Client(base_url=url, timeout=10) as http:
        found: list[dict[str, Any]] = http.get("/api/ratings/cross").json()["players"]
    return found


def test_a_rating_cannot_be_farmed_on_throwaway_keys(url: str) -> None:
    """The attack: one key wins game after game against fresh keys, each from an address
    of its own. Before, 50 such games took the key from 0 to 39, first on the board."""
    farmer = Person("TopPlayer", "127.0.0.60")
    tables = [
        play(url, [farmer, Person("TopPlayer", f"127.0.0.{61 + i}")], strong=True)
        for i in range(FARMED)
    ]
    mine = me(url, farmer)["ratings"]["cross"]
    listed = board(url)
    assert listed == [], f"after {FARMED} games the farmer is rated {mine['rating']}: {listed}"
    won = sum(t["outcome"]["scores"][0] > t["outcome"]["scores"][1] for t in tables)
    assert won >= FARMED // 2, f"the farmer won only {won} of {FARMED}"
    # neither seat's game counted: no bot, no established player
    for info in tables:
        assert info["ratings"] == [{"before": 0, "after": 0}, {"before": 0, "after": 0}]
    assert (mine["rating"], mine["games"], mine["counted"], mine["established"]) == (
        0,
        FARMED,
        0,
        False,
    )

    # the player beside: games against bots count, and after GAMES of them against
    # OPPONENTS levels she is established and on the board under her nickname
    ann = Person("Ann", "127.0.0.90")
    for _ in range(GAMES):
        info = play(url, [ann], ("random", "novice"))
    assert info["ratings"][0]["after"] == me(url, ann)["ratings"]["cross"]["rating"]
    found = me(url, ann)
    assert found["board_nickname"] == "Ann"
    assert (
        found["ratings"]["cross"] | {"counted": GAMES, "opponents": 2, "established": True}
        == (found["ratings"]["cross"])
    )
    assert [p["nickname"] for p in board(url)] == ["Ann"]
    assert board(url)[0]["rating"] == found["ratings"]["cross"]["rating"]

    # an established player counts as an opponent: the farmer's game against Ann moves
    # the farmer's rating (Ann's does not move: the farmer is provisional)
    info = play(url, [farmer, ann])
    assert me(url, farmer)["ratings"]["cross"]["counted"] == 1
    assert info["ratings"][1]["before"] == info["ratings"][1]["after"]
    assert [p["nickname"] for p in board(url)] == ["Ann"]


def test_a_nickname_is_on_the_board_once(url: str) -> None:
    """Two keys with one name as the eye reads it (TopPlayer, with a Cyrillic o) both
    become established at one table: the first seat holds it, the second is not listed
    under it and may not take it, nor may anyone else; the holder keeps using it."""
    top = Person("TopPlayer", "127.0.0.100")
    twin = Person("T\u043epPlayer", "127.0.0.101")
    assert skeleton(top.nickname) == skeleton(twin.nickname)
    for level in ("random", "novice", "random")[:GAMES]:
        play(url, [top, twin], (level,))
    listed = board(url)
    assert [p["nickname"] for p in listed] == ["TopPlayer"], listed
    assert me(url, top)["board_nickname"] == "TopPlayer"
    assert me(url, twin)["board_nickname"] is None
    assert me(url, twin)["ratings"]["cross"]["established"]

    other = Person("Someone", "127.0.0.102")
    seats = [{"name": "P"}, {"bot": "random"}]
    for person, nickname in ((twin, twin.nickname), (twin, "TOPPLAYER"), (other, "TopPlayer")):
        refused = create(url, person, seats, nickname=nickname)
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["code"] == "player/nickname_taken"
    assert create(url, top, seats).status_code == 201
    # the twin takes a free name and is listed under it at once
    assert create(url, twin, seats, nickname="Second").status_code == 201
    assert me(url, twin)["board_nickname"] == "Second"
    assert sorted(p["nickname"] for p in board(url)) == ["Second", "TopPlayer"]
    # a join is held to the same rule
    made = create(url, top, [{"name": "P"}, {"name": "Q"}]).json()
    with client(url, other) as http:
        joined = http.post(
            f"/api/tables/{made['table']['code']}/join", json={"player": other.spec("second")}
        )
    assert joined.status_code == 409, joined.text
    assert joined.json()["error"]["code"] == "player/nickname_taken"
