"""A class behind one school address (docs/protocol.md, Wrong codes and tokens): while one
client at that address floods wrong table and class codes, so that the address is out of
misses, everything anyone there asks with a right code or token is served: 30 pupils join
the class with its code alone, then go on with their tokens (their page, their answers,
their seat at a table); a player fetches a table by its code and takes a free seat; a
spectator watches it. Only the flooder's wrong codes are refused, with
``limit/too_many_misses``; a player at another address is not touched."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from geodeck.server.limits import TOO_MANY_MISSES
from geodeck.server.settings import Settings
from geodeck.server.tokens import shown_code
from tests.server.classroom_support import auth, join, made_up_answers, open_class
from tests.server.live import TIMEOUT, LiveServer, Player, create_table, run

SCHOOL = "127.0.0.9"
ELSEWHERE = "127.0.0.10"
TEACHER = "127.0.0.50"
PUPILS = 30
NAMES = [f"{first} {last}" for first in "ABCDEF" for last in ("Ek", "Lind", "Berg", "Holm", "Sjö")]


def wrong_codes() -> Iterator[str]:
    """Codes of the right form that name nothing: table codes and class codes in turn."""
    letters = "QRSTUVWXYZ"
    for a, b, c in itertools.product(letters, repeat=3):
        yield f"/api/tables/QQQQQQQ{a}{b}{c}"
        yield f"/api/classes/QQQQ{a}{b}{c}{letters.index(c) % 8 + 2}22/pupils"


def flood(http: httpx.Client, path: str) -> httpx.Response:
    if path.endswith("/pupils"):
        return http.post(path, json={"name": "Typo"})
    return http.get(path)


def refused(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.json()["error"]["code"] == TOO_MANY_MISSES
    assert int(response.headers["Retry-After"]) >= 1


class Flood:
    """One client at ``source`` that sends wrong codes, one every ``pause`` seconds, from
    a thread of its own until it is stopped; its answers are kept."""

    def __init__(self, server: LiveServer, source: str, pause: float = 0.02) -> None:
        self.http = server.http(source)
        self.pause = pause
        self.guesses = wrong_codes()
        self.answers: list[httpx.Response] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def until_refused(self, most: int) -> list[int]:
        """Send wrong codes until one is refused (at most ``most``); their statuses."""
        statuses: list[int] = []
        while not statuses or statuses[-1] == 404:
            assert len(statuses) < most
            statuses.append(flood(self.http, next(self.guesses)).status_code)
        return statuses

    def _run(self) -> None:
        while not self.stopping.wait(self.pause):
            self.answers.append(flood(self.http, next(self.guesses)))

    def __enter__(self) -> Flood:
        self.started = time.monotonic()
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        self.thread.join(TIMEOUT)
        self.seconds = time.monotonic() - self.started
        self.http.close()


def typed(code: str, number: int) -> str:
    """The code as a pupil types it: as shown, in small letters, with spaces, or kept."""
    return [shown_code(code), shown_code(code).lower(), shown_code(code).replace("-", " "), code][
        number % 4
    ]


async def first_frame(url: str, source: str, hello: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    async with connect(url, open_timeout=TIMEOUT, local_addr=(source, 0)) as ws:
        with contextlib.suppress(ConnectionClosed):  # a refusal does not wait for it
            await ws.send(json.dumps(hello))
        frame = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if frame["type"] == "error":
            await asyncio.wait_for(ws.wait_closed(), TIMEOUT)
        return frame, ws.close_code


def test_right_codes_and_tokens_pass_while_the_same_address_floods_wrong_codes(
    server: LiveServer,
) -> None:
    settings = Settings()
    with server.http(TEACHER) as teacher_http, server.http(ELSEWHERE) as elsewhere:
        opened = open_class(teacher_http)
        code, teacher = opened["code"], opened["token"]
        assert len(code) == 12
        table = create_table(elsewhere, [{"name": "Ann"}, {}, {}, {}], claim=[0])
        table_code = table["table"]["code"]

    # one client at the school floods wrong codes until the address is out of misses,
    # and goes on flooding while the others there play
    flood = Flood(server, SCHOOL)
    assert flood.until_refused(most=settings.miss_burst + 1) == [404] * settings.miss_burst + [429]
    with flood, server.http(SCHOOL) as school, server.http(ELSEWHERE) as elsewhere:
        # every pupil joins with nothing but the class code, typed as they please
        joined = [join(school, typed(code, n), name) for n, name in enumerate(NAMES[:PUPILS])]
        assert {j["class"]["code"] for j in joined} == {code}

        # a right table code from the school: the table, a free seat
        info = school.get(f"/api/tables/{shown_code(table_code).lower()}")
        assert info.status_code == 200, info.text
        seated = school.post(f"/api/tables/{table_code}/join", json={"name": "Bo"})
        assert seated.status_code == 200, seated.text

        # a player at another address is not touched: a wrong code is only a miss there
        assert elsewhere.get(f"/api/tables/{table_code}").status_code == 200
        assert elsewhere.get("/api/tables/QQQQQQQQQQ").status_code == 404

        for number, pupil in enumerate(joined):
            me = school.get(f"/api/classes/{code}/me", headers=auth(pupil["token"]))
            assert me.status_code == 200, me.text
            answers = {"answers": made_up_answers(number, count=4)}
            posted = school.post(
                f"/api/classes/{code}/answers", json=answers, headers=auth(pupil["token"])
            )
            assert posted.status_code == 200, posted.text
        with server.http(TEACHER) as teacher_http:
            started = teacher_http.post(
                f"/api/classes/{code}/games",
                json={"size": 4, "bot": "random"},
                headers=auth(teacher),
            )
        assert started.status_code == 200, started.text
        seats = [
            school.get(f"/api/classes/{code}/me", headers=auth(p["token"])).json()["assignment"][
                "seat"
            ]
            for p in joined
        ]

        async def at_the_tables() -> None:
            # the flooder's wrong code over a websocket is refused the same way
            frame, close = await first_frame(
                server.ws_url("QQQQQQQQQQ"), SCHOOL, {"type": "hello", "spectator": True}
            )
            assert (frame["code"], close) == (TOO_MANY_MISSES, 4429)
            # a spectator with the right code watches; the seat taken by code plays
            url = server.ws_url(table_code)
            frame, _ = await first_frame(url, SCHOOL, {"type": "hello", "spectator": True})
            assert frame["type"] == "state", frame
            token = seated.json()["token"]
            frame, _ = await first_frame(url, SCHOOL, {"type": "hello", "token": token})
            assert (frame["type"], frame["you"]) == ("state", 1), frame
            # every pupil sits down at the class's tables
            players = [
                await Player(server.ws_url(s["table"]), f"pupil {i}", source=SCHOOL).open()
                for i, s in enumerate(seats)
            ]
            states = await asyncio.gather(
                *(p.hello(s["token"]) for p, s in zip(players, seats, strict=True))
            )
            assert [state["type"] for state in states] == ["state"] * PUPILS
            await asyncio.gather(*(p.close() for p in players))

        run(at_the_tables, timeout=60)

    # the flood was refused all along, but for one miss each time the bucket refilled
    answered = [r for r in flood.answers if r.status_code == 404]
    assert len(answered) <= flood.seconds / settings.miss_refill + 1
    for response in flood.answers:
        if response.status_code != 404:
            refused(response)
    assert len(flood.answers) >= 4 * (len(answered) + 1)  # refused, by far the most
