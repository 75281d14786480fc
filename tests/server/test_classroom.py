"""The classroom (docs/classroom.md, docs/protocol.md Classroom): a class of 30 pupils
joins, practises and plays, and the sheet counts what each did; a pupil sees only their
own row and another class finds nothing; the CSV parses and guards against formulas; the
end of a class deletes every row of its pupils; bad input gets documented codes."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from geodeck.server.classroom import rows, service
from geodeck.server.storage import Storage
from geodeck.server.storage.schema import (
    class_answers,
    class_tables,
    classes,
    pupils,
    seats,
    tables,
)
from tests.server.classroom_support import (
    auth,
    best_run,
    join,
    made_up_answers,
    open_class,
    play_tables,
)
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, create_table, run, running
from tests.server.protocol_doc import documented_codes

PUPILS = 30


def test_thirty_pupils_join_practise_play_and_the_sheet_counts_them(server: LiveServer) -> None:
    with server.http() as http:
        opened = open_class(http)
        code, teacher = opened["code"], opened["token"]
        joined = [join(http, code, f"Pupil{i:02d}") for i in range(PUPILS)]
        posted: dict[int, list[dict[str, Any]]] = {}
        for i, pupil in enumerate(joined):
            items = made_up_answers(i)
            posted[pupil["pupil"]] = items
            response = http.post(
                f"/api/classes/{code}/answers",
                json={"answers": items},
                headers=auth(pupil["token"]),
            )
            assert response.status_code == 200, response.text
            assert response.json() == {"stored": len(items)}
        started = http.post(
            f"/api/classes/{code}/games", json={"size": 4, "bot": "random"}, headers=auth(teacher)
        )
        assert started.status_code == 200, started.text
        table_codes = started.json()["tables"]
        assert len(table_codes) == 8  # 30 pupils at tables of 4: six of 4 and two of 3
        mine = [
            http.get(f"/api/classes/{code}/me", headers=auth(p["token"])).json() for p in joined
        ]
    pupil_seats = [m["assignment"]["seat"] for m in mine]
    assert all(m["assignment"]["kind"] == "games" for m in mine)
    assert sorted({s["table"] for s in pupil_seats}) == sorted(table_codes)
    run(lambda: play_tables(server.ws_url, pupil_seats, seed=17), timeout=240)

    with server.http() as http:
        sheet = http.get(f"/api/classes/{code}/sheet", headers=auth(teacher))
        assert sheet.status_code == 200, sheet.text
        stats = {t: http.get(f"/api/tables/{t}/stats").json() for t in table_codes}
    rows = {row["pupil"]: row for row in sheet.json()["pupils"]}
    assert len(rows) == PUPILS
    for pupil, seat in zip(joined, pupil_seats, strict=True):
        row = rows[pupil["pupil"]]
        items = [i for i in posted[pupil["pupil"]] if i["type"] == "answer"]
        assert row["name"] == pupil["name"]
        assert row["answers"] == len(items)
        assert row["right"] == sum(i["right"] for i in items)
        assert row["best_streak"] == best_run(posted[pupil["pupil"]])
        player = stats[seat["table"]]["players"][seat["seat"]]
        assert row["games"] == 1
        assert row["placed"] == player["placed"]
        assert row["placements_right"] == player["placed_right"]
        assert row["challenges_made"] == player["challenges_made"]
        assert row["challenges_won"] == player["challenges_won"]
        wrong_areas = {i["area"] for i in items if not i["right"]}
        assert set(row["weak_areas"]) <= wrong_areas
        assert row["weak_areas"]


def test_weak_areas_are_those_still_answered_wrong(server: LiveServer) -> None:
    """docs/practice.md, Weak areas: a card answered wrong and then right is no longer
    weak; the area with the most cards still wrong comes first."""
    answers = [
        ("a", "SE", False),
        ("b", "SE", False),
        ("c", "NO", False),
        ("c", "NO", True),
        ("d", "FI", False),
        ("e", "DK", True),
    ]
    with server.http() as http:
        opened = open_class(http)
        pupil = join(http, opened["code"], "Ida")
        body = {"answers": [{"card": c, "area": a, "right": r} for c, a, r in answers]}
        http.post(f"/api/classes/{opened['code']}/answers", json=body, headers=auth(pupil["token"]))
        me = http.get(f"/api/classes/{opened['code']}/me", headers=auth(pupil["token"])).json()
    assert me["results"]["weak_areas"] == ["SE", "FI"]
    assert me["results"]["best_streak"] == 1
    assert (me["results"]["answers"], me["results"]["right"]) == (6, 2)


def test_a_pupil_sees_only_their_own_row_and_another_class_finds_nothing(
    server: LiveServer,
) -> None:
    with server.http() as http:
        one, two = open_class(http), open_class(http)
        ann = join(http, one["code"], "Ann")
        ben = join(http, one["code"], "Ben")
        cem = join(http, two["code"], "Cem")
        http.post(
            f"/api/classes/{one['code']}/answers",
            json={"answers": [{"card": "x", "right": True, "area": "SE"}]},
            headers=auth(ben["token"]),
        )
        me = http.get(f"/api/classes/{one['code']}/me", headers=auth(ann["token"]))
        tries = {
            "pupil on sheet": http.get(
                f"/api/classes/{one['code']}/sheet", headers=auth(ann["token"])
            ),
            "pupil ends class": http.delete(
                f"/api/classes/{one['code']}", headers=auth(ann["token"])
            ),
            "other pupil's class": http.get(
                f"/api/classes/{two['code']}/me", headers=auth(ann["token"])
            ),
            "other teacher's sheet": http.get(
                f"/api/classes/{two['code']}/sheet", headers=auth(one["token"])
            ),
            "teacher as pupil": http.get(
                f"/api/classes/{one['code']}/me", headers=auth(one["token"])
            ),
            "no token": http.get(f"/api/classes/{one['code']}/sheet"),
            "unknown class": http.get("/api/classes/ABC234/sheet", headers=auth(one["token"])),
            "a table code": http.get("/api/classes/ABCDEF/me", headers=auth(ann["token"])),
        }
        other = http.get(f"/api/classes/{two['code']}/sheet", headers=auth(two["token"])).json()
    assert me.status_code == 200
    body = me.json()
    assert body["pupil"]["name"] == "Ann"
    assert body["results"]["answers"] == 0
    assert "Ben" not in me.text
    assert ben["token"] not in me.text
    expected = {
        "pupil on sheet": (403, "class/not_teacher"),
        "pupil ends class": (403, "class/not_teacher"),
        "other pupil's class": (403, "class/bad_token"),
        "other teacher's sheet": (403, "class/bad_token"),
        "teacher as pupil": (403, "class/bad_token"),
        "no token": (403, "class/bad_token"),
        "unknown class": (404, "class/not_found"),
        "a table code": (404, "class/not_found"),
    }
    for name, (status, error) in expected.items():
        response = tries[name]
        assert (response.status_code, response.json()["error"]["code"]) == (status, error), name
        assert "Ann" not in response.text, name
        assert "Ben" not in response.text, name
    assert [row["name"] for row in other["pupils"]] == [cem["name"]]


def test_the_csv_parses_and_guards_against_formulas(server: LiveServer) -> None:
    names = ["=HYPERLINK(1)", "+Sum", "-Minus", "@At", 'Zoë "Z", Jr']
    with server.http() as http:
        opened = open_class(http)
        for name in names:
            join(http, opened["code"], name)
        response = http.get(
            f"/api/classes/{opened['code']}/sheet.csv", headers=auth(opened["token"])
        )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert opened["code"] in response.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [row["name"] for row in rows] == ["'" + n for n in names[:4]] + [names[4]]
    assert all(row["answers"] == "0" for row in rows)
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row.values())


def _rows_of(storage: Storage, code: str, table_codes: list[str]) -> dict[str, int]:
    counts = {}
    with storage.engine.connect() as conn:
        for table in (classes, pupils, class_answers, class_tables):
            query = select(func.count()).select_from(table).where(table.c.code == code)
            counts[table.name] = conn.execute(query).scalar_one()
        for table in (tables, seats):
            query = select(func.count()).select_from(table).where(table.c.code.in_(table_codes))
            counts[table.name] = conn.execute(query).scalar_one()
    return counts


def _end_deletes_everything(live: LiveServer, storage: Storage) -> None:
    with live.http() as http:
        opened = open_class(http)
        code, teacher = opened["code"], opened["token"]
        joined = [join(http, code, name) for name in ("Ann", "Ben", "Cem")]
        for i, pupil in enumerate(joined):
            body = {"answers": made_up_answers(i, 4)}
            http.post(f"/api/classes/{code}/answers", json=body, headers=auth(pupil["token"]))
        practice = http.post(
            f"/api/classes/{code}/practice",
            json={"mode": "region", "region": "se"},
            headers=auth(teacher),
        )
        assert practice.json()["region"] == "SE"
        started = http.post(f"/api/classes/{code}/games", json={"size": 2}, headers=auth(teacher))
        table_codes = started.json()["tables"]
        before = _rows_of(storage, code, table_codes)
        ended = http.delete(f"/api/classes/{code}", headers=auth(teacher))
        after = _rows_of(storage, code, table_codes)
        again = http.get(f"/api/classes/{code}/sheet", headers=auth(teacher))
        by_pupil = http.get(f"/api/classes/{code}/me", headers=auth(joined[0]["token"]))
        table = http.get(f"/api/tables/{table_codes[0]}")
    assert len(table_codes) == 2
    assert before["geodeck_pupils"] == 3
    assert before["geodeck_class_answers"] == 15
    assert before["geodeck_tables"] == 2
    assert before["geodeck_seats"] == 4
    assert ended.status_code == 200
    assert ended.json()["pupils"] == 3
    assert set(after.values()) == {0}, after
    assert again.json()["error"]["code"] == "class/not_found"
    assert by_pupil.json()["error"]["code"] == "class/not_found"
    assert table.json()["error"]["code"] == "table/not_found"


def test_ending_a_class_deletes_its_pupils_answers_and_tables(server: LiveServer) -> None:
    storage = Storage(server.settings.database_url)
    try:
        _end_deletes_everything(server, storage)
    finally:
        storage.close()


def test_the_classroom_on_postgresql(postgres: str, pg_schema: str) -> None:
    with running(fast_settings(postgres, schema=pg_schema)) as live:
        storage = Storage(postgres, schema=pg_schema)
        try:
            _end_deletes_everything(live, storage)
            with live.http() as http:
                _bad_input_is_refused(http)
        finally:
            storage.close()


SPACED_AREA = {"card": "a", "right": True, "area": "S E"}

BAD = [
    ("post", "/api/classes", {"game": "chess"}, "setup/invalid"),
    ("post", "/api/classes", {"game": "undercover"}, "setup/invalid"),
    ("post", "/api/classes", {"game": "uppsala", "deck": {"cards": {"x": {}}}}, "deck/invalid"),
    ("post", "/api/classes", {"game": 5}, "request/malformed"),
    ("post", "/api/classes", {"game": "uppsala", "extra": 1}, "request/malformed"),
    ("post", "/api/classes", "not json", "request/malformed"),
    ("post", "/api/classes", [1, 2], "request/malformed"),
    ("post", "/api/classes", {"game": "uppsala", "title": "x" * 81}, "class/bad_name"),
    ("pupil", "pupils", {"name": "   "}, "class/bad_name"),
    ("pupil", "pupils", {"name": "x" * 25}, "class/bad_name"),
    ("pupil", "pupils", {"name": "Bot 2"}, "class/bad_name"),
    ("pupil", "pupils", {"name": "An\u0000n"}, "class/bad_name"),
    ("pupil", "pupils", {"name": " ANN "}, "class/name_taken"),
    ("pupil", "pupils", {"name": None}, "request/malformed"),
    ("pupil", "pupils", {}, "request/malformed"),
    ("pupil", "answers", {"answers": []}, "request/malformed"),
    ("pupil", "answers", {"answers": [{"right": True}]}, "request/malformed"),
    ("pupil", "answers", {"answers": [{"card": "x", "right": "yes"}]}, "request/malformed"),
    ("pupil", "answers", {"answers": [{"card": "x", "right": True}] * 201}, "request/malformed"),
    ("pupil", "answers", {"answers": [{"type": "hint"}]}, "request/malformed"),
    ("pupil", "answers", {"answers": [{"card": "a\u0000", "right": True}]}, "request/malformed"),
    (
        "pupil",
        "answers",
        {"answers": [{"card": "a", "right": True, "area": "S E"}]},
        "request/malformed",
    ),
    ("post", "/api/classes", {"game": "uppsala", "title": "4b\u0000"}, "class/bad_name"),
    ("teacher", "practice", {"mode": "forever"}, "request/malformed"),
    ("teacher", "practice", {"region": "'; drop"}, "request/malformed"),
    ("teacher", "practice", {"variant": "colour"}, "setup/invalid"),
    ("teacher", "games", {"size": 1}, "request/malformed"),
    ("teacher", "games", {"size": 7}, "request/malformed"),
    ("teacher", "games", {"bot": "genius"}, "setup/invalid"),
    ("teacher", "games", {"variant": "colour"}, "setup/invalid"),
]


def test_bad_input_gets_documented_codes_and_never_a_server_error(server: LiveServer) -> None:
    with server.http() as http:
        _bad_input_is_refused(http)


def _bad_input_is_refused(http: httpx.Client) -> None:
    documented = documented_codes()
    opened = open_class(http)
    code = opened["code"]
    empty = http.post(f"/api/classes/{code}/games", json={}, headers=auth(opened["token"]))
    ann = join(http, code, "Ann")
    tokens = {"pupil": ann["token"], "teacher": opened["token"]}
    for who, path, body, error in BAD:
        url = path if who == "post" else f"/api/classes/{code}/{path}"
        headers = auth(tokens[who]) if who in tokens else {}
        if isinstance(body, str):
            response = http.post(url, content=body, headers=headers)
        else:
            response = http.post(url, json=body, headers=headers)
        assert response.status_code < 500, (path, body, response.text)
        assert response.json()["error"]["code"] == error, (path, body, response.text)
        assert error in documented
    odd = [
        http.get("/api/classes/%00%FF/me"),
        http.get(f"/api/classes/{code}/me", headers={"Authorization": "Bearer " + "x" * 500}),
        http.get(f"/api/classes/{code}/me", headers={"Authorization": "Basic abc"}),
        http.get(f"/api/classes/{code.lower()}/sheet", headers=auth(opened["token"])),
    ]
    assert empty.json()["error"]["code"] == "class/no_pupils"
    assert [r.status_code for r in odd] == [404, 403, 403, 200]


def test_wrong_class_codes_count_as_misses(sqlite_url: str) -> None:
    with running(fast_settings(sqlite_url, miss_burst=3)) as live, live.http() as http:
        codes = [http.get(f"/api/classes/ZZZ{n}22/me").status_code for n in range(2, 7)]
        limited = http.get("/api/classes/ZZZ222/me")
    assert codes[:3] == [404, 404, 404]
    assert 429 in codes
    assert limited.json()["error"]["code"] == "limit/too_many_misses"
    assert int(limited.headers["Retry-After"]) >= 1


def test_a_database_from_before_the_classroom_still_opens(sqlite_url: str) -> None:
    """A database made without the classroom's tables keeps its tables and gains them."""
    with running(fast_settings(sqlite_url)) as live, live.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Bob", "bot": "random"}])
    old = Storage(sqlite_url)
    try:
        with old.engine.begin() as conn:
            for table in (class_answers, class_tables, pupils, classes):
                table.drop(conn)
    finally:
        old.close()
    with running(fast_settings(sqlite_url)) as live, live.http() as http:
        info = http.get(f"/api/tables/{created['table']['code']}")
        opened = open_class(http)
        joined = join(http, opened["code"], "Ann")
    assert info.status_code == 200
    assert joined["pupil"] == 1


def test_a_pupil_s_answers_are_capped(server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service, "PUPIL_ANSWERS", 5)
    three = {"answers": [{"card": f"c{i}", "right": True} for i in range(3)]}
    with server.http() as http:
        opened = open_class(http)
        ann = join(http, opened["code"], "Ann")
        url = f"/api/classes/{opened['code']}/answers"
        first = http.post(url, json=three, headers=auth(ann["token"]))
        second = http.post(url, json=three, headers=auth(ann["token"]))
        me = http.get(f"/api/classes/{opened['code']}/me", headers=auth(ann["token"])).json()
    assert first.status_code == 200
    assert second.status_code == 409
    assert second.json()["error"]["code"] == "class/too_many_answers"
    assert me["results"]["answers"] == 3


def test_a_finished_table_released_from_memory_still_counts(sqlite_url: str) -> None:
    with running(fast_settings(sqlite_url, linger=0.1)) as live, live.http() as http:
        opened = open_class(http)
        code, teacher = opened["code"], opened["token"]
        joined = [join(http, code, name) for name in ("Ann", "Ben")]
        started = http.post(f"/api/classes/{code}/games", json={"size": 2}, headers=auth(teacher))
        (table,) = started.json()["tables"]
        seats = [
            http.get(f"/api/classes/{code}/me", headers=auth(p["token"])).json()["assignment"][
                "seat"
            ]
            for p in joined
        ]
        run(lambda: play_tables(live.ws_url, seats, seed=3), timeout=120)
        lobby = live.app.state.lobby
        deadline = time.monotonic() + 10
        while table in lobby.rooms and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table not in lobby.rooms
        sheet = http.get(f"/api/classes/{code}/sheet", headers=auth(teacher)).json()
        assert table not in lobby.rooms  # counted from the stored record
        stats = http.get(f"/api/tables/{table}/stats").json()
    for pupil, seat in zip(sheet["pupils"], seats, strict=True):
        player = stats["players"][seat["seat"]]
        assert pupil["games"] == 1
        assert pupil["placements_right"] == player["placed_right"]
        assert pupil["challenges_made"] == player["challenges_made"]


def test_a_class_that_ends_while_a_pupil_is_read_is_not_found(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/classroom.md (The end of a class): a pupil's or teacher's request that reads
    the class just before it ends, and its pupils just after, is told the class is gone
    (404 ``class/not_found``), not that its token is wrong (403)."""
    with server.http() as http:
        opened = open_class(http)
        code = opened["code"]
        ann = join(http, code, "Ann")
        load_pupils = rows.load_pupils

        def ended_first(engine: Any, class_code: str) -> Any:
            rows.delete_class(engine, class_code)
            return load_pupils(engine, class_code)

        monkeypatch.setattr(rows, "load_pupils", ended_first)
        me = http.get(f"/api/classes/{code}/me", headers=auth(ann["token"]))
        sheet = http.get(f"/api/classes/{code}/sheet", headers=auth(ann["token"]))
    for response in (me, sheet):
        assert response.status_code == 404, response.text
        assert response.json()["error"]["code"] == "class/not_found"
