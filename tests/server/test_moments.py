"""Moments that stay (docs/protocol.md, Moments): after a verdict the table waits until
every connected person has continued, or its pause has passed; bots and the clock wait."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.server.live import LiveServer, Player, create_table, run

SEATS = [{"name": "Ann"}, {"name": "Robo", "bot": "random"}, {"name": "Ben"}]
"""Ann places first; whoever challenges, Robo (a bot) places after the verdict."""


async def at_a_verdict(server: LiveServer, **options: Any) -> tuple[Player, Player, dict[str, Any]]:
    """Ann and Ben at a table with Robo, right after the verdict of a challenge: Robo
    challenged Ann's card, or accepted it and Ben challenged. Returns Ann, Ben and the
    state that shows the verdict."""
    with server.http() as http:
        created = create_table(http, SEATS, claim=[0, 2], seed=7, **options)
    code, tokens = created["table"]["code"], created["tokens"]
    ann = await Player(server.ws_url(code), "Ann").open()
    ben = await Player(server.ws_url(code), "Ben").open()
    await ann.hello(tokens["0"])
    await ben.hello(tokens["2"])
    assert ann.state is not None
    await ann.act(ann.state["legal"][0])
    await ben.wait(lambda: judged(ben.state) or bens_answer(ben.state))
    if not judged(ben.state):
        assert ben.state is not None
        challenge = next(a for a in ben.state["legal"] if a["act"] == "challenge")
        await ben.act(challenge)
        await ben.wait(lambda: judged(ben.state))
    assert ben.state is not None
    return ann, ben, ben.state


def bens_answer(state: dict[str, Any] | None) -> bool:
    return state is not None and state["expects"] == {"seats": [2], "kind": "respond"}


def placed_after_verdict(state: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` has placed a card since the last verdict in ``state``'s history."""
    events = state["view"]["history"]
    last = max(i for i, e in enumerate(events) if e["event"] == "judge")
    return any(e["event"] == "place" and e.get("seat") == seat for e in events[last + 1 :])


def judged(state: dict[str, Any] | None) -> bool:
    return state is not None and any(e["event"] == "judge" for e in state["view"]["history"])


def test_a_bot_waits_until_every_person_has_continued(server: LiveServer) -> None:
    async def case() -> None:
        ann, ben, state = await at_a_verdict(server, pause=30, clock=30)
        version = state["version"]
        pause = state["pause"]
        assert pause["version"] == version
        assert pause["waiting"] == [0, 2]
        assert pause["until"] > time.time() * 1000 + 20_000
        assert state["expects"]["seats"] == [1]  # Robo places next, but not yet
        assert state["clock"]["deadlines"] == {}
        assert state["legal"] == []
        await asyncio.sleep(0.5)  # the test server's bots move at once
        assert ben.state is not None
        assert ben.state["version"] == version
        await ann.send({"type": "continue", "version": version})
        await ben.wait(lambda: ben.state is not None and ben.state["pause"]["waiting"] == [2])
        await ann.send({"type": "continue", "version": version})  # twice: harmless
        await asyncio.sleep(0.3)
        assert ann.errors == []
        assert ben.state is not None
        assert ben.state["version"] == version
        assert ben.state["pause"]["waiting"] == [2]
        await ben.send({"type": "continue", "version": version})
        after = await ben.wait_version(version + 1)
        assert after["pause"] is None
        assert after["by"] == 1
        gone = [s for s in ben.states if s["version"] == version and s["pause"] is None]
        assert gone
        assert gone[0]["by"] is None
        await ann.send({"type": "continue", "version": version})
        await ann.wait(lambda: bool(ann.errors))
        assert ann.errors[-1]["code"] == "continue/not_paused"

    run(case)


def test_the_pause_ends_on_its_own_when_nobody_continues(server: LiveServer) -> None:
    async def case() -> None:
        started = time.monotonic()
        ann, ben, state = await at_a_verdict(server, pause=0.6)
        shown = time.monotonic()
        version = state["version"]
        assert state["pause"]["waiting"] == [0, 2]
        after = await ben.wait_version(version + 1)
        assert time.monotonic() - shown >= 0.6 - (shown - started) - 0.05
        assert after["pause"] is None
        assert after["by"] == 1
        assert ann.errors == []

    run(case)


def test_a_player_who_left_does_not_hold_the_table(server: LiveServer) -> None:
    async def case() -> None:
        ann, ben, state = await at_a_verdict(server, pause=30)
        version = state["version"]
        await ben.close()
        await ann.wait(lambda: ann.state is not None and ann.state["pause"]["waiting"] == [0])
        await ann.send({"type": "continue", "version": version})
        after = await ann.wait_version(version + 1)
        assert after["by"] == 1
        assert after["pause"] is None

    run(case)


def test_what_a_pause_refuses(server: LiveServer) -> None:
    async def case() -> None:
        ann, _ben, state = await at_a_verdict(server, pause=30)
        version = state["version"]
        with server.http() as http:
            code = state["table"]
            spectator = await Player(server.ws_url(code), "Spy").open()
            await spectator.hello(None)
            assert http.get(f"/api/tables/{code}").json()["pause"] == 30
        await spectator.send({"type": "continue", "version": version})
        await ann.send({"type": "continue", "version": version - 1})
        await ann.act({"act": "accept"}, version=version)
        await spectator.wait(lambda: len(spectator.errors) == 1)
        await ann.wait(lambda: len(ann.errors) == 2)
        assert spectator.errors[0]["code"] == "act/spectator"
        assert [e["code"] for e in ann.errors] == ["continue/stale", "act/paused"]
        assert ann.state is not None
        assert ann.state["pause"]["waiting"] == [0, 2]

    run(case)


def test_a_table_without_a_pause_plays_on(server: LiveServer) -> None:
    async def case() -> None:
        _ann, ben, state = await at_a_verdict(server, pause=0)
        assert state["pause"] is None
        # Robo places the next card at once; the state Ben has may already show it.
        await ben.wait(lambda: ben.state is not None and placed_after_verdict(ben.state, 1))

    run(case)


def test_the_pause_is_bounded(server: LiveServer) -> None:
    with server.http() as http:
        for pause in (-1, 121, "20"):
            body = {"game": "uppsala", "seats": SEATS, "pause": pause}
            response = http.post("/api/tables", json=body)
            assert response.status_code == 400, pause
            assert response.json()["error"]["code"] == "request/malformed"
