"""A server killed with SIGKILL mid-game comes back with every table, and play goes on."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from geodeck.cli.main import app as cli
from tests import loopback
from tests.server.live import Player, play_out, sample_deck_file, serve_process

OPTIONS = (
    "--deck",
    str(sample_deck_file()),
    "--bot-delay",
    "0.01",
    "--grace",
    "60",
    "--pause",
    "0",
)


def ws(url: str, code: str) -> str:
    return url.replace("http://", "ws://") + f"/ws/{code}"


async def reconnect(url: str, code: str, tokens: dict[str, str]) -> list[Player]:
    players = []
    for seat, token in sorted(tokens.items()):
        player = await Player(ws(url, code), f"seat{seat}").open()
        state = await player.hello(token)
        assert state["type"] == "state", state
        players.append(player)
    return players


def wait_finished(url: str, code: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        info: dict[str, Any] = loopback.get(f"{url}/api/tables/{code}").json()
        if info["status"] == "finished":
            return info
        time.sleep(0.05)
    raise AssertionError(f"table {code} did not finish")


def replays(url: str, code: str, folder: Path) -> dict[str, Any]:
    response = loopback.get(f"{url}/api/tables/{code}/record")
    assert response.status_code == 200, response.text
    path = folder / f"{code}.json"
    path.write_bytes(response.content)
    result = CliRunner().invoke(cli, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    summary: dict[str, Any] = json.loads(result.output)
    assert summary["finished"] is True
    return summary


def test_kill_9_mid_game_then_restart_and_finish(tmp_path: Path) -> None:
    database = tmp_path / "tables.sqlite3"
    log = tmp_path / "server.log"
    rng = random.Random(5)

    with serve_process(database, log, *OPTIONS) as (process, url):
        people = loopback.post(
            f"{url}/api/tables",
            json={"game": "uppsala", "seats": [{}, {}, {}], "claim": [0, 1, 2]},
        ).json()
        robots = loopback.post(
            f"{url}/api/tables",
            json={
                "game": "uppsala",
                "seats": [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}],
                "claim": [],
            },
        ).json()
        code, tokens = people["table"]["code"], people["tokens"]
        bot_code = robots["table"]["code"]

        async def first_half() -> int:
            players = await reconnect(url, code, tokens)
            try:
                state = await play_out(players, rng, until=25)
                return int(state["version"])
            finally:
                await Player.close_every()

        seen = asyncio.run(first_half())
        bot_info = loopback.get(f"{url}/api/tables/{bot_code}").json()
        bot_seen = bot_info["version"]
        assert bot_seen > 0
        assert bot_info["status"] == "playing"
        process.kill()
        process.wait(10)

    with serve_process(database, log, *OPTIONS) as (_process, url):
        info = loopback.get(f"{url}/api/tables/{code}").json()
        assert info["status"] == "playing"
        assert info["version"] == seen
        assert loopback.get(f"{url}/api/tables/{bot_code}").json()["version"] >= bot_seen

        async def second_half() -> dict[str, Any]:
            players = await reconnect(url, code, tokens)
            try:
                assert all(p.state is not None and p.state["version"] == seen for p in players)
                return await play_out(players, rng)
            finally:
                await Player.close_every()

        last = asyncio.run(second_half())
        assert last["status"] == "finished"
        summary = replays(url, code, tmp_path)
        assert summary["winners"] == last["view"]["outcome"]["winners"]
        wait_finished(url, bot_code)
        replays(url, bot_code, tmp_path)
