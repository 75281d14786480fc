"""``GET /api/tables/{code}/stats`` (docs/protocol.md): refused while the game is in
progress, and once it has ended the very statistics ``geodeck.stats`` counts from the
table's record."""

from __future__ import annotations

import time
from typing import Any

import geodeck
from geodeck.stats import game_stats
from tests.server.live import LiveServer, create_table


def wait_finished(server: LiveServer, code: str) -> None:
    deadline = time.monotonic() + 60
    with server.http() as http:
        while time.monotonic() < deadline:
            if http.get(f"/api/tables/{code}").json()["status"] == "finished":
                return
            time.sleep(0.05)
    raise AssertionError(f"table {code} did not finish")


def test_the_stats_of_a_game_in_progress_are_refused(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Robo", "bot": "random"}])
        code = created["table"]["code"]
        response = http.get(f"/api/tables/{code}/stats")
        missing = http.get("/api/tables/ZZZZZZ/stats")
        odd = http.get("/api/tables/%00%FF%27/stats")
    assert odd.status_code == 404
    assert odd.json()["error"]["code"] == "table/not_found"
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "stats/not_finished"
    assert "players" not in response.text
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "table/not_found"


def test_the_stats_of_a_finished_game_are_the_records(server: LiveServer) -> None:
    for game, count in {"uppsala": 3, "undercover": 3}.items():
        seats = [{"name": f"Bot {i + 1}", "bot": "random"} for i in range(count)]
        with server.http() as http:
            created = http.post("/api/tables", json={"game": game, "seats": seats, "claim": []})
            assert created.status_code == 201, created.text
        code = created.json()["table"]["code"]
        wait_finished(server, code)
        with server.http() as http:
            record: dict[str, Any] = http.get(f"/api/tables/{code}/record").json()
            response = http.get(f"/api/tables/{code}/stats")
        assert response.status_code == 200, response.text
        stats = response.json()
        assert stats == game_stats(geodeck.Game.from_record(record))
        assert stats["finished"] is True
        assert len(stats["ranking"]) == len(stats["players"]) == count
