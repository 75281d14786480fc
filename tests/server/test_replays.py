"""The replay endpoint (docs/protocol.md, ``GET /api/tables/{code}/replay``): refused in
progress; one step per action and the deal; each step the engine's view of that seat."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from geodeck.core.game import Game
from geodeck.core.steps import merge
from tests.server.live import LiveServer, create_table


def finished_table(http: httpx.Client, game: str, seats: int) -> str:
    """A table of bots only, played to its end."""
    bots = [{"name": f"Bot{i}", "bot": "random"} for i in range(seats)]
    extra: dict[str, Any] = {"deck": None} if game == "undercover" else {}
    created = create_table(http, bots, game=game, **extra)
    code: str = created["table"]["code"]
    deadline = time.monotonic() + 60
    while http.get(f"/api/tables/{code}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return code


def every_step(http: httpx.Client, code: str, seat: int | None) -> list[dict[str, Any]]:
    """All pages of a seat's replay, each step's view made whole."""
    query = "" if seat is None else f"seat={seat}&"
    out: list[dict[str, Any]] = []
    start: int | None = 0
    whole: dict[str, Any] | None = None
    while start is not None:
        response = http.get(f"/api/tables/{code}/replay?{query}start={start}")
        assert response.status_code == 200, response.text
        page = response.json()
        assert page["start"] == start
        for step in page["steps"]:
            whole = merge(whole if step["version"] != start else None, step["view"])
            out.append({**step, "view": whole})
        start = page["next"]
    return out


def engine_views(record: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The seat's view and whose move was awaited, at each version of the record."""
    game = Game.from_record({**record, "actions": []})

    def now() -> dict[str, Any]:
        expects = game.expects()
        return {"view": game.view(seat), "seats": list(expects.seats), "kind": expects.kind}

    views = [now()]
    for raw in record["actions"]:
        game.apply(game.action_from_wire(raw))
        views.append(now())
    return views


def test_the_replay_of_a_game_in_progress_is_refused(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code = created["table"]["code"]
        for query in ("", "?seat=0", "?seat=1"):
            response = http.get(f"/api/tables/{code}/replay{query}")
            assert response.status_code == 409
            assert response.json()["error"]["code"] == "replay/not_finished"
        response = http.get("/api/tables/ZZZZZZ/replay")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "table/not_found"


def test_each_step_is_the_seats_view_at_that_version(server: LiveServer) -> None:
    with server.http() as http:
        code = finished_table(http, "uppsala", 3)
        record = http.get(f"/api/tables/{code}/record").json()
        for seat in (0, 2, None):
            steps = every_step(http, code, seat)
            views = engine_views(record, seat)
            assert len(steps) == len(record["actions"]) + 1
            assert [s["version"] for s in steps] == list(range(len(steps)))
            assert steps[0]["kind"] == "deal"
            assert steps[-1]["kind"] == "end"
            for step, view in zip(steps, views, strict=True):
                assert step["view"] == view["view"]
                assert step["expects"] == {"seats": view["seats"], "kind": view["kind"]}
            assert {"challenge", "scoring"} <= {s["kind"] for s in steps}


def test_a_seats_replay_holds_no_other_seats_hidden_facts(server: LiveServer) -> None:
    with server.http() as http:
        code = finished_table(http, "undercover", 3)
        record = http.get(f"/api/tables/{code}/record").json()
        hidings: dict[int, list[dict[str, Any]]] = {}
        seen: dict[int | None, list[dict[str, Any]]] = {}
        for seat in (0, 1, 2, None):
            steps = every_step(http, code, seat)
            assert len(steps) == len(record["actions"]) + 1
            for step, view in zip(steps, engine_views(record, seat), strict=True):
                assert step["view"] == view["view"]
            assert "reveal" in {s["kind"] for s in steps}
            if seat is not None:
                mine = [s["view"]["hidden"] for s in steps]
                hidings[seat] = [h for h in mine if h is not None]
                seen[seat] = steps
        seen[None] = every_step(http, code, None)
    # The hider's salt is its own until the round's reveal (RULES.md B2): no other seat's
    # view, nor the spectator's, holds it before.
    for seat, places in hidings.items():
        assert places, f"seat {seat} never hid"
        salts = {h["salt"] for h in places}
        for other, steps in seen.items():
            if other == seat:
                continue
            for step in steps:
                if step["kind"] == "reveal":
                    break
                assert not any(salt in json.dumps(step["view"]) for salt in salts)


def test_bad_replay_queries(server: LiveServer) -> None:
    with server.http() as http:
        code = finished_table(http, "uppsala", 2)
        cases = [("seat=7", 400, "table/bad_seat"), ("seat=x", 400, "request/malformed")]
        cases += [("start=99999", 400, "request/malformed"), ("start=-1", 400, "request/malformed")]
        for query, status, error in cases:
            response = http.get(f"/api/tables/{code}/replay?{query}")
            assert response.status_code == status, query
            assert response.json()["error"]["code"] == error
