"""``--log-format json``: one event a line, with the table, seat and error code where the
event has them, and never a token or a player key (docs/hosting.md, Logs)."""

from __future__ import annotations

import json
from pathlib import Path

from tests import loopback
from tests.server.live import Player, run, serve_process
from tests.server.stored_tables import KEY, make


def test_json_logs_are_one_event_a_line_with_fields_and_no_secrets(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    options = ("--log-format", "json", "--bot-delay", "0", "--pause", "0")
    with serve_process(tmp_path / "db.sqlite3", log, *options, log_level="info") as (_, url):
        made = make(url)
        code, table = next(
            (c, t) for c, t in made["tables"].items() if not t["finished"] and not t["free"]
        )
        token = table["tokens"]["0"]
        secret_looking = "A" * 20 + "b" * 20
        assert loopback.get(f"{url}/api/tables/{secret_looking}").status_code == 404

        async def case() -> None:
            ws = url.replace("http", "ws", 1) + f"/ws/{code}"
            ann = await Player(ws, "Ann").open()
            state = await ann.hello(token)
            await ann.act({"act": "pass"}, version=state["version"] + 5)  # stale
            await ann.wait(lambda: bool(ann.errors))

        run(case)
    text = log.read_text("utf-8")
    events = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert len(events) > 20
    for event in events:
        assert {"time", "level", "logger", "message"} <= event.keys(), event
    requests = [e for e in events if e["logger"] == "uvicorn.access"]
    assert {"client", "method", "path", "status"} <= requests[0].keys()
    created = next(e for e in requests if e["path"] == "/api/tables")
    assert created["method"] == "POST"
    assert created["status"] == 201
    hidden = [e for e in requests if "[hidden]" in e["path"]]
    assert hidden[0]["status"] == 404
    sockets = [e for e in events if e.get("table") == code]
    assert sockets
    secrets = [KEY, made["class"]["token"], secret_looking]
    for t in made["tables"].values():
        secrets += list(t["tokens"].values())
    secrets += [p["token"] for p in made["class"]["pupils"]]
    for secret in secrets:
        assert secret not in text


def test_refusals_are_logged_with_table_seat_and_code(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    options = ("--log-format", "json", "--bot-delay", "0")
    with serve_process(tmp_path / "db.sqlite3", log, *options, log_level="debug") as (_, url):
        seats = [{"name": "Ann"}, {"name": "Robo", "bot": "random"}]
        created = loopback.post(f"{url}/api/tables", json={"game": "uppsala", "seats": seats})
        code, token = created.json()["table"]["code"], created.json()["tokens"]["0"]

        async def case() -> None:
            ws = url.replace("http", "ws", 1) + f"/ws/{code}"
            ann = await Player(ws, "Ann").open()
            state = await ann.hello(token)
            await ann.act({"act": "pass"}, version=state["version"] + 5)
            await ann.wait(lambda: bool(ann.errors))

        run(case)
    events = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    refused = [e for e in events if e.get("code") == "act/stale"]
    assert refused, events[-10:]
    assert refused[0]["table"] == code
    assert refused[0]["seat"] == 0
    assert refused[0]["level"] == "debug"
    assert token not in log.read_text("utf-8")


def test_a_table_code_in_a_log_line_is_twelve_letters_or_six() -> None:
    from geodeck.server.logs import TABLE

    def found(message: str) -> str | None:
        match = TABLE.search(message)
        return None if match is None else match[1] or match[2].upper()

    assert found("GET /api/tables/kqmxtrpawnlb/record 200") == "KQMXTRPAWNLB"
    assert found("closed table KQMXTRPAWNLB") == "KQMXTRPAWNLB"
    assert found("GET /ws/KXQMRT 101") == "KXQMRT"  # a table made before
    assert found("GET /api/tables/KQMXTRPAWN 404") is None  # no table has ten letters
