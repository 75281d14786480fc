"""docs/protocol.md, Rematch: the table of a rematch waits for its players. Nobody moves
(no first turn, no clock, no bot) until each human seat has come, and every state says
whom it waits for (``gathering``); once the last one comes, or the wait
(``rematch_wait``) runs out, the game starts as any table does."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, Player, create_table, run, running
from tests.server.test_rematch import finish

SEATS = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Robo", "bot": "random"}]


async def rematch_of(server: LiveServer, tokens: dict[str, str]) -> tuple[list[Player], str]:
    """Ann and Ben play a table to its end; Ann asks for the rematch. Both stay on the
    old table's page."""
    with server.http() as http:
        created = create_table(http, SEATS, claim=[0, 1], clock=60, pause=0)
    code = created["table"]["code"]
    tokens.update(created["tokens"])
    players = await finish(server, code, tokens)
    with server.http() as http:
        made = http.post(f"/api/tables/{code}/rematch", json={"token": tokens["0"]})
    assert made.status_code == 200, made.text
    table = made.json()["table"]
    assert table["status"] == "waiting"
    assert all(s["claimed"] for s in table["seats"])
    return players, made.json()["rematch"]


def held(state: dict[str, Any], waiting_for: list[int]) -> None:
    """The state of a table that waits for ``waiting_for`` and lets nobody move."""
    assert state["status"] == "waiting"
    assert state["version"] == 0
    assert state["gathering"] is not None
    assert state["gathering"]["seats"] == waiting_for
    assert isinstance(state["gathering"]["until"], int)
    assert state["legal"] == []
    assert state["clock"]["deadlines"] == {}


def test_the_rematch_starts_when_the_other_player_comes(sqlite_url: str) -> None:
    with running(fast_settings(sqlite_url)) as server:

        async def case() -> None:
            tokens: dict[str, str] = {}
            (_, ben_old), again = await rematch_of(server, tokens)
            await ben_old.wait_frame(lambda f: f["type"] == "rematch")
            ann = await Player(server.ws_url(again), "Ann").open()
            held(await ann.hello(tokens["0"]), [1])
            # Ann is not asked to move, and a move of hers is refused
            await ann.send(
                {
                    "type": "act",
                    "version": 0,
                    "action": {"act": "place", "line": "west-east", "at": 0},
                }
            )
            refusal = await ann.wait_frame(lambda f: f["type"] == "error")
            assert refusal["code"] == "act/not_playing"
            assert ann.state is not None
            held(ann.state, [1])
            ben = await Player(server.ws_url(again), "Ben").open()
            first = await ben.hello(tokens["1"])
            assert first["status"] == "playing"
            assert first["gathering"] is None
            await ann.wait(lambda: ann.state is not None and ann.state["status"] == "playing")
            state = ann.state
            assert state["gathering"] is None
            assert state["version"] == 0
            assert state["legal"], "Ann begins, once Ben has come"
            assert list(state["clock"]["deadlines"]) == ["0"]
            assert [s["connected"] for s in state["seats"]] == [True, True, True]

        run(case, timeout=90)


def test_the_rematch_starts_without_a_player_who_does_not_come(sqlite_url: str) -> None:
    with running(fast_settings(sqlite_url, rematch_wait=1.0)) as server:

        async def case() -> None:
            tokens: dict[str, str] = {}
            _, again = await rematch_of(server, tokens)
            ann = await Player(server.ws_url(again), "Ann").open()
            held(await ann.hello(tokens["0"]), [1])
            await ann.wait(lambda: ann.state is not None and ann.state["status"] == "playing")
            state = ann.state
            assert state is not None
            assert state["gathering"] is None
            assert state["legal"]
            assert list(state["clock"]["deadlines"]) == ["0"]
            # Ben is absent, as a player who left: his seat waits for him, his token opens it
            assert state["seats"][1]["connected"] is False
            ben = await Player(server.ws_url(again), "Ben").open()
            assert (await ben.hello(tokens["1"]))["you"] == 1

        run(case, timeout=90)


def test_without_a_wait_the_rematch_starts_at_once(sqlite_url: str) -> None:
    with running(fast_settings(sqlite_url, rematch_wait=0.0)) as server:

        async def case() -> None:
            tokens: dict[str, str] = {}
            with server.http() as http:
                created = create_table(http, SEATS, claim=[0, 1], pause=0)
            code = created["table"]["code"]
            tokens.update(created["tokens"])
            await finish(server, code, tokens)
            with server.http() as http:
                made = http.post(f"/api/tables/{code}/rematch", json={"token": tokens["0"]})
            assert made.json()["table"]["status"] == "playing"
            ann = await Player(server.ws_url(made.json()["rematch"]), "Ann").open()
            state = await ann.hello(tokens["0"])
            assert (state["status"], state["gathering"]) == ("playing", None)

        run(case, timeout=90)
