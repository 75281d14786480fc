"""Tables of every kind a database holds, made through a running server, and played on
through another: for the schema upgrade, the backup and the restore (docs/hosting.md).

``make(url)`` leaves a cross game in play, an Undercover game in play, a table waiting for
a second player, a finished game rated for a player key, and a class with two pupils;
``play_on(url, made)`` plays every table that is not finished to its end and reads the
finished one's record. ``python -m tests.server.stored_tables URL FILE`` writes what
``make`` made to FILE (JSON: codes and tokens), as the fixture of an older release's
database was made (tests/fixtures/old-database/README.md).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import KEEP_ALIVE, Player, create_table, play_out, run
from tests.support import FIXTURES, sample_cards

KEY = "b2f0c9a17d3e4b5a8c6d1e0f9a8b7c6d"
"""The player key of Ann, who sits at every table."""
ANN = {"key": KEY, "nickname": "Ann"}


def _undercover_deck() -> dict[str, Any]:
    data = json.loads((FIXTURES / "undercover-mini.json").read_text("utf-8"))
    return {"countries": data["countries"], "questions": data["questions"]}


def make(url: str) -> dict[str, Any]:
    """The tables and the class, as ``{"tables": {code: {"tokens", "free", "finished"}},
    "class": {...}}``."""
    made: dict[str, Any] = {"tables": {}}
    with httpx.Client(base_url=url, timeout=30, limits=KEEP_ALIVE) as http:
        bot = {"name": "Robo", "bot": "random"}
        tables: list[tuple[list[dict[str, Any]], int | None, dict[str, Any]]] = [
            ([{"name": "Ann"}, bot], 4, {}),
            ([{"name": "Ann"}, bot], None, {}),
            ([{"name": "Ann"}, {"name": "Ben"}], 0, {}),
            (
                [{"name": "Ann"}, {"name": "Ben"}, bot],
                3,
                {"game": "undercover", "deck": _undercover_deck(), "claim": [0, 1]},
            ),
        ]
        for seats, until, extra in tables:
            created = create_table(http, seats, player=ANN, **extra)
            code = created["table"]["code"]
            free = [s["seat"] for s in created["table"]["seats"] if not s["claimed"]]
            made["tables"][code] = {"tokens": created["tokens"], "free": free}
            if until != 0:
                _play_now(url, code, created["tokens"], until)
            made["tables"][code]["finished"] = until is None
        opened = http.post(
            "/api/classes", json={"game": "uppsala", "deck": sample_cards(), "title": "Class 4b"}
        )
        assert opened.status_code == 201, opened.text
        klass = opened.json()
        pupils = [
            http.post(f"/api/classes/{klass['code']}/pupils", json={"name": n}).json()
            for n in ("Mia", "Noah")
        ]
        made["class"] = {"code": klass["code"], "token": klass["token"], "pupils": pupils}
    return made


def _play_now(url: str, code: str, tokens: dict[str, str], until: int | None) -> str:
    """Play table ``code`` with ``tokens`` until version ``until`` (``None``: its end);
    the status it is left in."""
    states: list[dict[str, Any]] = []

    async def case() -> None:
        states.append(await _play(url, code, tokens, until))

    run(case, timeout=120)
    return str(states[0]["status"])


async def _play(url: str, code: str, tokens: dict[str, str], until: int | None) -> dict[str, Any]:
    ws = url.replace("http", "ws", 1) + f"/ws/{code}"
    players = []
    for seat, token in sorted(tokens.items()):
        player = await Player(ws, f"seat {seat}").open()
        said = await player.hello(token)
        assert said["type"] == "state", said
        players.append(player)
    last = await play_out(players, random.Random(code), until=until, limit=5000)
    for player in players:
        await player.close()
    return last


def play_on(url: str, made: dict[str, Any]) -> None:
    """Every stored table plays on at ``url``: each unfinished game (the waiting one once
    Ben has joined) to its end; the finished game's record is there."""
    with httpx.Client(base_url=url, timeout=30, limits=KEEP_ALIVE) as http:
        for code, table in made["tables"].items():
            if table["finished"]:
                record = http.get(f"/api/tables/{code}/record")
                assert record.status_code == 200, record.text
                assert record.json()["actions"]
                continue
            tokens = dict(table["tokens"])
            for seat in table["free"]:
                joined = http.post(f"/api/tables/{code}/join", json={"seat": seat})
                assert joined.status_code == 200, joined.text
                tokens[str(seat)] = joined.json()["token"]
            assert _play_now(url, code, tokens, None) == "finished", code
        klass = made["class"]
        teacher = {"Authorization": f"Bearer {klass['token']}"}
        sheet = http.get(f"/api/classes/{klass['code']}/sheet", headers=teacher)
        assert sheet.status_code == 200, sheet.text
        assert len(sheet.json()["pupils"]) == len(klass["pupils"])


if __name__ == "__main__":
    Path(sys.argv[2]).write_text(json.dumps(make(sys.argv[1]), indent=1), "utf-8")
