"""Two server processes' worth of apps sharing one table through storage and Redis."""

from __future__ import annotations

import random
import uuid
from pathlib import Path

from tests.server.conftest import fast_settings
from tests.server.live import Player, create_table, play_out, run, running


def test_two_workers_serve_one_table(tmp_path: Path, redis_url: str) -> None:
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    settings = fast_settings(database, redis_url=redis_url)
    with running(settings) as left, running(settings) as right:
        with left.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}])
            code = created["table"]["code"]
        with right.http() as http:
            ben = http.post(
                f"/api/tables/{code}/join", json={"name": f"Ben-{uuid.uuid4().hex[:4]}"}
            )
            cem = http.post(f"/api/tables/{code}/join", json={})
        tokens = {0: created["tokens"]["0"], 1: ben.json()["token"], 2: cem.json()["token"]}

        async def case() -> None:
            players = [
                await Player(left.ws_url(code), "Ann").open(),
                await Player(right.ws_url(code), "Ben").open(),
                await Player(left.ws_url(code), "Cem").open(),
            ]
            for seat, player in enumerate(players):
                state = await player.hello(tokens[seat])
                assert state["type"] == "state", state
            await players[0].wait(
                lambda: players[0].state is not None and players[0].state["status"] == "playing"
            )
            last = await play_out(players, random.Random(2))
            for player in players:
                state = await player.wait_version(last["version"])
                assert state["status"] == "finished"

        run(case, timeout=40)
        with left.http() as http:
            record = http.get(f"/api/tables/{code}/record").json()
        with right.http() as http:
            assert http.get(f"/api/tables/{code}/record").json() == record
