"""Delta states: a connection that says hello with ``"delta": true`` gets the whole state
once, then only what changed, and rebuilds exactly the states a full connection gets."""

from __future__ import annotations

import json
import random
from typing import Any

from geodeck.server.protocol import StateMessage
from tests.server.live import LiveServer, Player, create_table, play_out, run


def by_version(player: Player) -> dict[int, dict[str, Any]]:
    """The last whole state the player had at each version."""
    return {state["version"]: state for state in player.states}


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A state but for how it was sent, and for the number of spectators, which changes
    between two states of the same version as the test's own spectators come in."""
    return {k: v for k, v in state.items() if k not in ("delta", "merge", "spectators")}


def test_delta_states_rebuild_what_full_states_say(server: LiveServer) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(
                http, [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}], claim=[0, 1, 2], seed=5
            )
        code = created["table"]["code"]
        pairs: list[tuple[Player, Player]] = []
        for seat in ["0", "1", "2", None]:
            token = None if seat is None else created["tokens"][seat]
            full = await Player(server.ws_url(code), f"full{seat}").open()
            delta = await Player(server.ws_url(code), f"delta{seat}", delta=True).open()
            await full.hello(token)
            await delta.hello(token)
            pairs.append((full, delta))
        movers = [delta for _, delta in pairs[:3]]
        last = await play_out(movers, random.Random(2))
        assert last["status"] == "finished"
        for full, delta in pairs:
            await full.wait_version(last["version"])
            await delta.wait_version(last["version"])
            whole, rebuilt = by_version(full), by_version(delta)
            assert set(whole) == set(rebuilt) == set(range(last["version"] + 1))
            for version, state in whole.items():
                assert comparable(rebuilt[version]) == comparable(state), (delta.name, version)
            states = [f for f in delta.frames if f["type"] == "state"]
            assert not states[0]["delta"]
            assert all(f["delta"] for f in states[1:])
            assert not any(f["type"] == "events" for f in delta.frames)
            assert all("title" not in f["view"] for f in states[1:])
            assert states[-1]["view"]["history_from"] > 0
            assert states[-1]["by"] is not None
            sent = sum(len(json.dumps(f)) for f in states)
            sent_full = sum(len(json.dumps(f)) for f in full.frames if f["type"] == "state")
            assert sent * 4 < sent_full, (sent, sent_full)
            for frame in states[:3] + states[-3:]:
                StateMessage.model_validate(frame)

    run(case)


def test_refusals_and_reconnects_get_a_full_state(server: LiveServer) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code = created["table"]["code"]
        ann = await Player(server.ws_url(code), "Ann", delta=True).open()
        ben = await Player(server.ws_url(code), "Ben", delta=True).open()
        await ann.hello(created["tokens"]["0"])
        await ben.hello(created["tokens"]["1"])
        assert ann.state is not None
        action = ann.state["legal"][0]
        await ann.act(action)
        moved = await ann.wait_version(1)
        assert moved["by"] == 0
        assert ann.frames[-1]["delta"] is True
        before = len(ann.frames)
        await ann.act(action, version=0)
        error = await ann.wait_frame(lambda f: f["type"] == "error", after=before)
        assert error["code"] == "act/stale"
        fresh = await ann.wait_frame(lambda f: f["type"] == "state", after=before)
        assert fresh["delta"] is False
        assert fresh["version"] == 1
        assert fresh["view"]["history_from"] == 0
        assert fresh["view"]["history"] == moved["view"]["history"]
        assert ben.state is not None
        await ben.act(ben.state["legal"][0])
        await ann.wait_version(2)
        assert ann.frames[-1]["delta"] is True
        await ann.close()
        again = await Player(server.ws_url(code), "Ann again", delta=True).open()
        state = await again.hello(created["tokens"]["0"])
        assert state["delta"] is False
        assert state["version"] == 2
        assert state["view"]["history"] == ann.state["view"]["history"]

    run(case)
