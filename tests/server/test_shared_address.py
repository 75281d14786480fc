"""A class behind one school address (docs/protocol.md, Wrong codes and tokens): while one
client at that address floods wrong table and class codes, so that the address is out
of misses, every pupil who has joined goes on with their token (their page, their
answers, their seat at a table), and only requests that carry no more than a code are
refused there."""

from __future__ import annotations

import asyncio

from tests.server.classroom_support import auth, join, made_up_answers, open_class
from tests.server.live import LiveServer, Player, run

SCHOOL = "127.0.0.60"
PUPILS = 30
NAMES = [f"{first} {last}" for first in "ABCDEF" for last in ("Ek", "Lind", "Berg", "Holm", "Sjö")]


def test_pupils_behind_one_address_go_on_while_it_floods_wrong_codes(
    server: LiveServer,
) -> None:
    with server.http("127.0.0.50") as teacher_http, server.http(SCHOOL) as school:
        opened = open_class(teacher_http)
        code, teacher = opened["code"], opened["token"]
        joined = [join(school, code, name) for name in NAMES[:PUPILS]]

        # one client at the school floods wrong codes until the address is limited
        statuses = [
            school.get(f"/api/tables/QQQQ{a}{b}").status_code for a in "QRS" for b in "QRSTUVWXYZ"
        ]
        statuses += [school.get(f"/api/classes/QQQ{n:03d}/me").status_code for n in range(222, 232)]
        assert statuses[:20] == [404] * 20
        assert set(statuses[20:]) == {429}
        assert school.get(f"/api/tables/{code}").status_code == 429  # a code alone

        for number, pupil in enumerate(joined):
            me = school.get(f"/api/classes/{code}/me", headers=auth(pupil["token"]))
            assert me.status_code == 200, me.text
            answers = {"answers": made_up_answers(number, count=4)}
            posted = school.post(
                f"/api/classes/{code}/answers", json=answers, headers=auth(pupil["token"])
            )
            assert posted.status_code == 200, posted.text
        started = teacher_http.post(
            f"/api/classes/{code}/games", json={"size": 4, "bot": "random"}, headers=auth(teacher)
        )
        assert started.status_code == 200, started.text
        seats = [
            school.get(f"/api/classes/{code}/me", headers=auth(p["token"])).json()["assignment"][
                "seat"
            ]
            for p in joined
        ]

    async def sit_down() -> None:
        players = [
            await Player(server.ws_url(s["table"]), f"pupil {i}", source=SCHOOL).open()
            for i, s in enumerate(seats)
        ]
        states = await asyncio.gather(
            *(p.hello(s["token"]) for p, s in zip(players, seats, strict=True))
        )
        assert [state["type"] for state in states] == ["state"] * PUPILS
        await asyncio.gather(*(p.close() for p in players))

    run(sit_down, timeout=60)
