"""Whole games through websockets: people, bots, stand-ins, the clock, and what leaks."""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import geodeck
from geodeck.bots import Bot
from geodeck.bots import make_bot as real_make_bot
from geodeck.cli.main import app as cli
from geodeck.server import bots as botplay
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, Player, create_table, play_out, run, running
from tests.support import hidden_values, revealed_cards, sample_cards, walk


async def sit_down(
    server: LiveServer, created: dict[str, Any], *, delta: bool = False
) -> list[Player]:
    code = created["table"]["code"]
    players = []
    for seat, token in sorted(created["tokens"].items()):
        player = await Player(server.ws_url(code), f"seat{seat}", delta=delta).open()
        await player.hello(token)
        players.append(player)
    return players


def finished_record(server: LiveServer, code: str) -> dict[str, Any]:
    with server.http() as http:
        response = http.get(f"/api/tables/{code}/record")
    assert response.status_code == 200, response.text
    assert "attachment" in response.headers["content-disposition"]
    record: dict[str, Any] = response.json()
    return record


def check_record_replays(record: dict[str, Any], outcome: dict[str, Any], tmp: Path) -> None:
    game = geodeck.Game.from_record(record)
    final = game.outcome()
    assert final is not None
    assert final.to_wire() == outcome
    path = tmp / "game.json"
    path.write_text(json.dumps(record), "utf-8")
    result = CliRunner().invoke(cli, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["finished"] is True
    assert summary["winners"] == outcome["winners"]


@pytest.mark.parametrize("seats", [2, 3])
def test_people_play_a_whole_game(server: LiveServer, tmp_path: Path, seats: int) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(
                http, [{"name": f"P{i}"} for i in range(seats)], claim=list(range(seats))
            )
        players = await sit_down(server, created)
        last = await play_out(players, random.Random(seats))
        assert last["status"] == "finished"
        assert last["expects"] == {"seats": [], "kind": None}
        outcome = last["view"]["outcome"]
        for player in players:
            state = await player.wait_version(last["version"])
            assert state["view"]["outcome"] == outcome
            assert state["legal"] == []
        record = finished_record(server, created["table"]["code"])
        assert len(record["actions"]) == last["version"]
        check_record_replays(record, outcome, tmp_path)

    run(case)


def test_people_and_a_bot_play_a_whole_game(server: LiveServer, tmp_path: Path) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(
                http,
                [{"name": "Ann"}, {"name": "Robo", "bot": "random"}, {"name": "Cem"}],
                claim=[0, 2],
            )
        players = await sit_down(server, created)
        last = await play_out(players, random.Random(7))
        record = finished_record(server, created["table"]["code"])
        bot_moves = [a for a in record["actions"] if a["seat"] == 1]
        assert len(bot_moves) > 10
        check_record_replays(record, last["view"]["outcome"], tmp_path)

    run(case)


def test_an_expert_bot_seat_plays_a_whole_game_knowing_the_tables_deck(
    server: LiveServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    deck = {f"custom-{cid}": card for cid, card in sample_cards().items()}
    made: list[tuple[str, str, Any]] = []

    def recording(
        level: str, seed: int = 0, *, game: str = "uppsala", atlas: Any = None, **more: Any
    ) -> Bot:
        made.append((level, game, atlas))
        return real_make_bot(level, seed, game=game, atlas=atlas, **more)

    monkeypatch.setattr(botplay, "make_bot", recording)
    caplog.set_level(logging.WARNING, logger="geodeck.server")

    async def case() -> None:
        with server.http() as http:
            created = create_table(
                http,
                [{"name": "Ann"}, {"name": "Robo", "bot": "expert"}, {"name": "Cem"}],
                claim=[0, 2],
                deck=deck,
            )
        players = await sit_down(server, created, delta=True)
        last = await play_out(players, random.Random(8))
        record = finished_record(server, created["table"]["code"])
        assert record["cards"] == deck
        bot_moves = [a for a in record["actions"] if a["seat"] == 1]
        assert len(bot_moves) > 10
        check_record_replays(record, last["view"]["outcome"], tmp_path)

    run(case)
    assert made
    assert all(level == "expert" and atlas == deck for level, _game, atlas in made)
    assert not [r for r in caplog.records if r.name == "geodeck.server"], caplog.text


NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def check_frames(record: dict[str, Any], players: list[Player]) -> int:
    """Every frame holds only what its recipient may know at the frame's version, and so
    does the whole state a client rebuilds from delta states."""
    cards = record["cards"]
    game = geodeck.Game.from_record({**record, "actions": []})
    revealed = [set(revealed_cards(game))]  # type: ignore[arg-type]
    for wire in record["actions"]:
        game.apply(game.action_from_wire(wire))
        revealed.append(set(revealed_cards(game)))  # type: ignore[arg-type]
    hidden = {
        cid: {json.dumps(v) for v in hidden_values(card).values() if isinstance(v, int | float)}
        for cid, card in cards.items()
    }
    public = {
        cid: {"id"} | {k for k in card if k not in hidden_values(card)}
        for cid, card in cards.items()
    }
    checked = 0
    for player in players:
        me = player.seat
        states = iter(player.states)
        for frame in player.frames:
            if "version" not in frame or frame["version"] is None:
                continue
            version = frame["version"]
            secret = set(cards) - revealed[version]
            numbers = set(NUMBER.findall(json.dumps(frame)))
            for cid in secret:
                leaked = hidden[cid] & numbers
                assert not leaked, (player.name, version, cid, leaked)
            for item in walk(frame):
                if item.get("id") in secret:
                    assert set(item) <= public[item["id"]], (player.name, version, item)
                if item.get("event") == "guess" and item.get("seat") != me:
                    assert "wrong" not in item, (player.name, version, item)
            if frame["type"] == "state":
                whole = next(states, frame)
                assert whole["version"] == version
                assert all(a["seat"] == me for a in frame["legal"])
                guessing = whole["view"].get("guessing")
                if guessing is not None and me is None:
                    assert guessing["mine"] is None
                if guessing is not None and guessing["mine"] is not None:
                    mine = [
                        a["wrong"]
                        for a in record["actions"][:version]
                        if a["act"] == "guess" and a["seat"] == me
                    ]
                    assert guessing["mine"] == mine[-1]
            checked += 1
    return checked


@pytest.mark.parametrize("delta", [False, True], ids=["full", "delta"])
def test_no_frame_carries_hidden_cards_or_other_guesses(server: LiveServer, delta: bool) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(
                http, [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}], claim=[0, 1, 2], seed=99
            )
        players = await sit_down(server, created, delta=delta)
        code = created["table"]["code"]
        watcher = await Player(server.ws_url(code), "watcher", delta=delta).open()
        await watcher.hello(None)
        last = await play_out(players, random.Random(11))
        await watcher.wait_version(last["version"])
        record = finished_record(server, created["table"]["code"])
        assert any(a["act"] == "challenge" for a in record["actions"])
        assert sum(1 for a in record["actions"] if a["act"] == "guess") == 9
        checked = check_frames(record, [*players, watcher])
        frames_per_change = 1 if delta else 2
        assert checked > 4 * frames_per_change * len(record["actions"])
        deltas = [f for p in players for f in p.frames if f["type"] == "state" and f["delta"]]
        assert bool(deltas) == delta
        spy = Player("", "spy")
        spy.seat = 0
        for doctored in (
            {"type": "state", "version": 0, "legal": [], "view": {"cards": record["cards"]}},
            {"type": "events", "version": 1, "events": [{"event": "guess", "seat": 1, "wrong": 0}]},
        ):
            spy.frames = [doctored]
            with pytest.raises(AssertionError):
                check_frames(record, [spy])

    run(case)


@pytest.fixture
def quick_server(sqlite_url: str) -> Iterator[LiveServer]:
    with running(fast_settings(sqlite_url, grace=0.2)) as live:
        yield live


def test_a_stand_in_plays_for_a_player_who_left_and_hands_the_seat_back(
    quick_server: LiveServer, tmp_path: Path
) -> None:
    server = quick_server

    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        ann, ben = await sit_down(server, created)
        await ben.close()
        await ann.wait_frame(lambda f: f["type"] == "seats" and f["seats"][1]["standin"] is True)
        rng = random.Random(3)
        while ann.state is not None and ann.state["version"] < 12:
            state = ann.state
            if state["legal"]:
                await ann.act(rng.choice(state["legal"]))
            await ann.wait_version(state["version"] + 1)
        with server.http() as http:
            info = http.get(f"/api/tables/{created['table']['code']}").json()
        assert info["seats"][1]["standin"] is True
        assert info["seats"][1]["connected"] is False
        back = await Player(server.ws_url(created["table"]["code"]), "Ben again").open()
        state = await back.hello(created["tokens"]["1"])
        assert state["you"] == 1
        assert state["seats"][1]["standin"] is False
        await ann.wait_frame(
            lambda f: f["type"] in ("seats", "state") and f["seats"][1]["standin"] is False
        )
        last = await play_out([ann, back], random.Random(4))
        record = finished_record(server, created["table"]["code"])
        check_record_replays(record, last["view"]["outcome"], tmp_path)

    run(case)


def test_the_clock_plays_a_default_move(quick_server: LiveServer) -> None:
    server = quick_server

    async def case() -> None:
        with server.http() as http:
            created = create_table(
                http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1], clock=0.3
            )
        assert created["table"]["clock"] == 0.3
        ann, _ben = await sit_down(server, created)
        assert ann.state is not None
        clock = ann.state["clock"]
        assert clock["seconds"] == 0.3
        assert list(clock["deadlines"]) == ["0"]
        await ann.wait_version(2)
        events = [e for f in ann.frames if f["type"] == "events" for e in f["events"]]
        assert [e["event"] for e in events[:2]] == ["place", "accept"]
        assert events[1]["seat"] == 1

    run(case)


def test_undercover_is_served_through_the_same_api(server: LiveServer, tmp_path: Path) -> None:
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "undercover-mini.json"
    data = json.loads(fixture.read_text("utf-8"))
    deck = {"countries": data["countries"], "questions": data["questions"]}

    async def case() -> None:
        with server.http() as http:
            response = http.post(
                "/api/tables",
                json={
                    "game": "undercover",
                    "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Robo", "bot": "random"}],
                    "claim": [0, 1],
                    "deck": deck,
                    "seed": 4,
                },
            )
        assert response.status_code == 201, response.text
        created = response.json()
        players = await sit_down(server, created)
        last = await play_out(players, random.Random(9), limit=5000)
        assert last["status"] == "finished"
        record = finished_record(server, created["table"]["code"])
        check_record_replays(record, last["view"]["outcome"], tmp_path)
        # The bot seat is a computer player (docs/rules.md): never named for X.
        assert record["setup"]["computers"] == [2]
        assert all(a["seeker"] != 2 for a in record["actions"] if a["act"] == "name")

    run(case)
