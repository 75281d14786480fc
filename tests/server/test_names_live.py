"""The name rule on a live server (docs/protocol.md, Names): seats, nicknames, class
titles, pupils and chat lines hold only visible characters, and look-alike names are
one name; clients come from loopback addresses of their own, and the player beside the
one who tries is never refused."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import httpx

from tests.server.classroom_support import join, open_class
from tests.server.live import LiveServer, Player, create_table, run
from tests.support import sample_cards

HOSTILE = ["\x1b[31mEve", "Eve\x00", "Ev\u202ee", "E\u200bve", "Eve\U000e0041", "Eve\nBo"]


def refused(answer: httpx.Response, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


def table(http: httpx.Client, names: list[str], **extra: Any) -> httpx.Response:
    body = {"game": "uppsala", "seats": [{"name": n} for n in names], "deck": sample_cards()}
    return http.post("/api/tables", json={**body, **extra})


def test_seat_names_hold_only_visible_characters_and_differ_to_the_eye(
    server: LiveServer,
) -> None:
    with server.http("127.0.0.91") as eve, server.http("127.0.0.92") as ann:
        for name in HOSTILE:
            refused(table(eve, [name, "Bo"]), 400, "table/bad_name")
        for pair in (["Ann", "\u0391nn"], ["rn", "m"], ["Ann", "ANN"]):
            refused(table(eve, pair), 400, "table/bad_name")
        made = table(ann, ["Zoe\u0308", "Bo"], claim=[0])
        assert made.status_code == 201, made.text
        code = made.json()["table"]["code"]
        assert [s["name"] for s in ann.get(f"/api/tables/{code}").json()["seats"]] == ["Zoë", "Bo"]
        # the second seat, joined under a name: a look-alike of the first is refused
        refused(
            eve.post(f"/api/tables/{code}/join", json={"name": "Z\u043e\u00eb"}),
            400,
            "table/bad_name",
        )
        refused(
            eve.post(f"/api/tables/{code}/join", json={"name": "Be\u202en"}), 400, "table/bad_name"
        )
        joined = ann.post(f"/api/tables/{code}/join", json={"name": "Ben"})
        assert joined.status_code == 200, joined.text


def test_nicknames_class_titles_and_pupils_follow_the_rule(server: LiveServer) -> None:
    with server.http("127.0.0.93") as eve, server.http("127.0.0.94") as teacher:
        for name in HOSTILE:
            player = {"key": secrets.token_hex(20), "nickname": name}
            refused(table(eve, ["Eve", "Bo"], player=player, claim=[0]), 400, "player/bad_nickname")
            body = {"game": "uppsala", "deck": sample_cards(), "title": f"4b {name}"}
            refused(eve.post("/api/classes", json=body), 400, "class/bad_name")
        opened = open_class(teacher, title="Class 4b")
        code = opened["code"]
        join(teacher, code, "Ann")
        for look_alike in ("\u0391nn", "ANN", "Ann "):
            answer = eve.post(f"/api/classes/{code}/pupils", json={"name": look_alike})
            refused(answer, 409, "class/name_taken")
        for name in HOSTILE:
            answer = eve.post(f"/api/classes/{code}/pupils", json={"name": name})
            refused(answer, 400, "class/bad_name")
        join(teacher, code, "Anna")


def test_a_chat_line_shows_something_and_hides_nothing(server: LiveServer) -> None:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
    code, tokens = created["table"]["code"], created["tokens"]

    async def case() -> None:
        ann = await Player(server.ws_url(code), "Ann").open()
        ben = await Player(server.ws_url(code), "Ben").open()
        await ann.hello(tokens["0"])
        await ben.hello(tokens["1"])
        lines = {
            "\u200d\u200d": "chat/empty",
            "\u200b\u200b": "chat/bad_text",
            " \u0301 ": "chat/empty",
            "hi\U000e0041": "chat/bad_text",
            "hi \u202eeve": "chat/bad_text",
            "hi\u200bthere": "chat/bad_text",
        }
        for text, code_ in lines.items():
            count = len(ann.frames)
            await ann.send({"type": "chat", "text": text})
            error = await ann.wait_frame(lambda f: f["type"] == "error", after=count)
            assert error["code"] == code_, (text, error)
        family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
        await ann.send({"type": "chat", "text": f"hello {family}"})
        line = await ben.wait_frame(lambda f: f["type"] == "chat")
        assert line["text"] == f"hello {family}"
        await asyncio.gather(ann.close(), ben.close())

    run(case, timeout=30)
