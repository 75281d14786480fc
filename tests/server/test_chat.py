"""A table's chat (docs/protocol.md, chat): who may write, what a line may be, its rate,
the lines kept for late comers, and that none of it reaches the record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from geodeck.server.chat import EMOTES, KEEP, MAX_TEXT, RATE
from tests import loopback
from tests.server.conftest import fast_settings
from tests.server.live import KEEP_ALIVE, LiveServer, Player, create_table, run, running
from tests.server.test_homes import processes


async def seated(server: LiveServer, **extra: Any) -> tuple[dict[str, Any], Player, Player]:
    with server.http() as http:
        created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1], **extra)
    code = created["table"]["code"]
    ann = await Player(server.ws_url(code), "Ann").open()
    ben = await Player(server.ws_url(code), "Ben").open()
    await ann.hello(created["tokens"]["0"])
    await ben.hello(created["tokens"]["1"])
    return created, ann, ben


def chats(player: Player) -> list[dict[str, Any]]:
    return [f for f in player.frames if f["type"] == "chat"]


async def refused(player: Player, message: dict[str, Any]) -> str:
    count = len(player.errors)
    await player.send({"type": "chat", **message})
    await player.wait(lambda: len(player.errors) > count)
    code: str = player.errors[-1]["code"]
    return code


def test_a_line_goes_to_everyone_at_the_table(server: LiveServer) -> None:
    async def case() -> None:
        created, ann, ben = await seated(server)
        code = created["table"]["code"]
        spy = await Player(server.ws_url(code), "Spy").open()
        await spy.hello(None)
        await ann.send({"type": "chat", "text": "  hello <b>Ben</b>  "})
        for player in (ann, ben, spy):
            line = await player.wait_frame(lambda f: f["type"] == "chat")
            assert line["text"] == "hello <b>Ben</b>"
            assert line["from"] == {"seat": 0, "name": "Ann"}
            assert line["emote"] is None
            assert isinstance(line["at"], int)
            assert line["id"] == 1
        await ben.send({"type": "chat", "emote": "wave"})
        line = await ann.wait_frame(lambda f: f["type"] == "chat" and f["id"] == 2)
        assert (line["emote"], line["text"], line["from"]["seat"]) == ("wave", None, 1)

    run(case)


def test_late_comers_get_the_lines_so_far(server: LiveServer) -> None:
    async def case() -> None:
        created, ann, _ben = await seated(server)
        code = created["table"]["code"]
        for i in range(3):
            await ann.send({"type": "chat", "text": f"line {i}"})
        await ann.wait(lambda: len(chats(ann)) == 3)
        late = await Player(server.ws_url(code), "Late").open()
        await late.hello(None)
        log = await late.wait_frame(lambda f: f["type"] == "chat_log")
        assert log["chat"] == "players"
        assert [m["text"] for m in log["messages"]] == ["line 0", "line 1", "line 2"]
        first = [f["type"] for f in late.frames]
        assert first.index("state") < first.index("chat_log")

    run(case)


def test_spectators_read_but_write_only_where_the_table_allows(server: LiveServer) -> None:
    async def case() -> None:
        created, ann, _ = await seated(server)
        spy = await Player(server.ws_url(created["table"]["code"]), "Spy").open()
        await spy.hello(None)
        assert await refused(spy, {"text": "hi"}) == "chat/not_allowed"
        assert chats(ann) == []

        open_table, ann2, _ = await seated(server, chat="everyone")
        spy2 = await Player(server.ws_url(open_table["table"]["code"]), "Spy").open()
        await spy2.hello(None)
        await spy2.send({"type": "chat", "text": "hi from the rail"})
        line = await ann2.wait_frame(lambda f: f["type"] == "chat")
        assert line["from"] == {"seat": None, "name": None}

        _closed, ann3, _ = await seated(server, chat="off")
        assert await refused(ann3, {"text": "hi"}) == "chat/not_allowed"
        log = next(f for f in ann3.frames if f["type"] == "chat_log")
        assert log == {"type": "chat_log", "chat": "off", "messages": []}

    run(case)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"text": ""}, "chat/empty"),
        ({"text": "a\tb"}, "chat/bad_text"),
        ({"text": " "}, "chat/empty"),
        ({"text": "x" * (MAX_TEXT + 1)}, "chat/too_long"),
        ({"text": "two\nlines"}, "chat/bad_text"),
        ({"text": "bell\u0007"}, "chat/bad_text"),
        ({"text": "evil\u202etxt"}, "chat/bad_text"),
        ({"text": "line\u2028sep"}, "chat/bad_text"),
        ({"emote": "dance"}, "chat/bad_emote"),
        ({"emote": ""}, "chat/bad_emote"),
        ({}, "protocol/malformed"),
        ({"text": "hi", "emote": "wave"}, "protocol/malformed"),
        ({"text": 5}, "protocol/malformed"),
        ({"text": ["hi"]}, "protocol/malformed"),
        ({"emote": None, "text": None}, "protocol/malformed"),
        ({"text": "hi", "to": 1}, "protocol/malformed"),
        ({"text": "x" * 1001}, "protocol/malformed"),
    ],
)
def test_bad_lines_are_refused_with_their_code(
    server: LiveServer, message: dict[str, Any], code: str
) -> None:
    async def case() -> None:
        _, ann, ben = await seated(server)
        assert await refused(ann, message) == code
        await ann.send({"type": "chat", "text": "fine"})
        await ben.wait(lambda: len(chats(ben)) == 1)
        assert chats(ben)[0]["text"] == "fine"

    run(case)


def test_a_line_at_the_cap_passes(server: LiveServer) -> None:
    async def case() -> None:
        _, ann, ben = await seated(server)
        await ann.send({"type": "chat", "text": "é" * MAX_TEXT})
        await ben.wait(lambda: len(chats(ben)) == 1)
        await ann.send({"type": "chat", "text": "👩‍👩‍👧 ok"})
        await ben.wait(lambda: len(chats(ben)) == 2)
        assert chats(ben)[1]["text"] == "👩‍👩‍👧 ok"

    run(case)


def test_chat_before_hello_is_refused(server: LiveServer) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}])
        early = await Player(server.ws_url(created["table"]["code"]), "Early").open()
        assert await refused(early, {"text": "hi"}) == "protocol/hello_first"

    run(case)


def test_a_seat_writes_at_most_its_rate(server: LiveServer) -> None:
    async def case() -> None:
        created, ann, ben = await seated(server)
        # a second tab of the same seat shares its rate
        tab = await Player(server.ws_url(created["table"]["code"]), "Ann 2").open()
        await tab.hello(created["tokens"]["0"])
        for i in range(RATE):
            await (ann if i % 2 else tab).send({"type": "chat", "text": f"{i}"})
        await ben.wait(lambda: len(chats(ben)) == RATE)
        assert await refused(ann, {"emote": "gg"}) == "chat/too_fast"
        assert await refused(tab, {"text": "more"}) == "chat/too_fast"
        # another seat has a rate of its own
        await ben.send({"type": "chat", "emote": EMOTES[0]})
        await ann.wait(lambda: len(chats(ann)) == RATE + 1)

    run(case)


def test_the_table_keeps_its_last_lines_only(sqlite_url: str) -> None:
    # spectators of a table write 10 lines in 10 s together by default; here more
    settings = fast_settings(sqlite_url, spectator_chat=KEEP + 5)

    async def case(server: LiveServer) -> None:
        created, *players = await seated(server, chat="everyone")
        code = created["table"]["code"]
        # spectators' connections each have a rate of their own
        writers = [await Player(server.ws_url(code), f"S{i}").open() for i in range(12)]
        for writer in writers:
            await writer.hello(None)
        total = KEEP + 5
        for i in range(total):
            await writers[i // RATE].send({"type": "chat", "text": f"n{i}"})
        await players[0].wait(lambda: len(chats(players[0])) == total)
        late = await Player(server.ws_url(code), "Late").open()
        await late.hello(None)
        log = await late.wait_frame(lambda f: f["type"] == "chat_log")
        assert len(log["messages"]) == KEEP
        assert log["messages"][-1]["text"] == f"n{total - 1}"

    with running(settings) as server:
        run(lambda: case(server))


def test_chat_never_reaches_the_record_or_the_states(server: LiveServer) -> None:
    async def case() -> None:
        created, ann, ben = await seated(server)
        code = created["table"]["code"]
        await ann.send({"type": "chat", "text": "secret-plan-xyzzy"})
        await ben.wait(lambda: len(chats(ben)) == 1)
        await ann.wait(lambda: len(chats(ann)) == 1)
        with server.http() as http:
            info = http.get(f"/api/tables/{code}").text
        assert "xyzzy" not in info
        for player in (ann, ben):
            assert player.state is not None
            assert "xyzzy" not in str(player.state)
            line = chats(player)[0]
            assert set(line) == {"type", "id", "from", "text", "emote", "at"}
            for token in created["tokens"].values():
                assert token not in str(player.frames)
        room = server.app.state.lobby.rooms[code]
        assert "xyzzy" not in str(room.actions)
        assert "xyzzy" not in str(room.head)

    run(case)


def test_the_chat_and_the_open_tables_span_processes(
    tmp_path: Path, postgres: str, pg_schema: str, redis_url: str
) -> None:
    """With several processes a line goes to everyone at the table whichever process each
    connected to (the websocket is forwarded to the table's home), and every process lists
    the same open tables."""
    with processes(tmp_path, postgres, pg_schema, redis_url, 2) as started:
        urls = [url for _, url in started]
        with httpx.Client(base_url=urls[0], timeout=10, limits=KEEP_ALIVE) as http:
            created = create_table(
                http, [{"name": "Ann"}, {"name": "Ben"}, {}], claim=[0, 1], public=True
            )
        code = created["table"]["code"]
        for url in urls:
            listed = loopback.get(f"{url}/api/tables?open=1", timeout=10).json()["tables"]
            assert [t["code"] for t in listed] == [code]

        async def case() -> None:
            ws = [url.replace("http://", "ws://") + f"/ws/{code}" for url in urls]
            ann = await Player(ws[0], "Ann").open()
            ben = await Player(ws[1], "Ben").open()
            await ann.hello(created["tokens"]["0"])
            await ben.hello(created["tokens"]["1"])
            await ben.send({"type": "chat", "text": "from the other process"})
            await ann.wait(lambda: len(chats(ann)) == 1)
            assert chats(ann)[0]["from"] == {"seat": 1, "name": "Ben"}
            await ann.send({"type": "chat", "emote": "gg"})
            await ben.wait(lambda: len(chats(ben)) == 2)

        run(case)
