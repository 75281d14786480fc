"""Fair play (docs/protocol.md, Security): what the server decides in secret cannot be
computed from anything public, every deal is committed to at creation and can be checked
after the game, and no frame a seeker or spectator gets depends on a bot's hidden country.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import geodeck
import geodeck.decks
from geodeck.bots import make_bot
from geodeck.bots.base import own_secret
from geodeck.core.deal import check_deal, commit_deal
from geodeck.server import bots as botplay
from geodeck.server.bodies import CreateTable, SeatSpec
from geodeck.server.clients import Client
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import Hello, Refusal
from geodeck.server.room import Room
from geodeck.server.settings import Settings
from geodeck.server.storage import SeatRow, Storage
from geodeck.undercover import Answer, Hide, commit
from tests.server.conftest import fast_settings
from tests.server.live import LiveServer, Player, run, running

CREATOR_SEED = 12345
"""The seed a creator asks for: public, as if the creator were the attacker."""


# -- what an attacker who knows every public fact would try ---------------------------------


def old_salt(seed: int, round_number: int) -> str:
    """The salt geodeck's engine once offered: fixed by the seed and the round."""
    text = f"geodeck/undercover/salt/{round_number}/{seed}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def old_bot_seed(code: str, seat: int, purpose: str) -> int:
    """The seed server bots once had: fixed by the public table code."""
    return int.from_bytes(hashlib.sha256(f"{code}:{seat}:{purpose}".encode()).digest()[:8], "big")


def guess_hidden(code: str, layout: list[str], commitment: str) -> str:
    """The attacker's best guess at a bot's country from public facts only: a salt any
    public fact fixes, tried against the commitment; else the choice a bot seeded from
    the code would make; else the first country."""
    salts = {old_salt(seed, 1) for seed in (CREATOR_SEED, 0)}
    salts |= {hashlib.sha256(f"{code}{x}".encode()).hexdigest()[:16] for x in ("", ":0")}
    for salt in salts:
        for country in layout:
            if commit(country, salt) == commitment:
                return country
    bot = make_bot("random", old_bot_seed(code, 0, "seat"), game="undercover")
    return str(bot.choose({}, [Hide(0, c) for c in layout]).country)


def guess_next_card(game: str, seats: list[str], deck: dict[str, Any]) -> set[str]:
    """The cards an attacker expects second in the draw pile, from the creator's seed."""
    dealt = geodeck.new_game(game, seats, seed=CREATOR_SEED, deck=deck).to_record()
    ids = sorted(deck)
    random.Random(CREATOR_SEED).shuffle(ids)
    return {dealt["setup"]["draw"][1], ids[1]}


# -- tables in a lobby of this process ------------------------------------------------------


async def with_lobby(
    tmp_path: Path, work: Callable[[Lobby], Awaitable[None]], *, url: str | None = None
) -> None:
    database = url or f"sqlite:///{tmp_path / 'fair.sqlite3'}"
    settings = Settings(database_url=database, bot_delay=0, pause=0)
    lobby = Lobby(settings, Storage(settings.database_url))
    await lobby.start()
    try:
        await work(lobby)
    finally:
        await lobby.close()


async def seated(lobby: Lobby, request: CreateTable, seat: int) -> tuple[Room, Client]:
    created = await lobby.create(request, "http://test")
    room = await lobby.room(created.table.code)
    client = Client()
    await room.handle(client, Hello(type="hello", token=created.tokens[str(seat)]))
    return room, client


def test_a_seeker_who_knows_every_public_fact_guesses_a_bots_country_by_chance(
    tmp_path: Path,
) -> None:
    """200 Undercover tables, each created with the same public seed, a random bot hiding
    first: guessing its country from the code, the seed, the layout and the commitment
    hits about 1 in 16 (12.5 of 200; 30 is five standard deviations above)."""
    hits = 0
    hidden: set[str] = set()

    async def work(lobby: Lobby) -> None:
        nonlocal hits
        for _ in range(200):
            request = CreateTable(
                game="undercover",
                seats=[SeatSpec(bot="random"), SeatSpec(name="Ann"), SeatSpec(name="Ben")],
                claim=[1, 2],
                seed=CREATOR_SEED,
            )
            room, _client = await seated(lobby, request, 1)
            while room.game.version == 0:
                await asyncio.sleep(0.001)
            view = room.game.view(1)
            layout = [c["id"] for c in view["layout"]]
            country = room.game.view(0)["hidden"]["country"]
            hidden.add(country)
            hits += guess_hidden(room.code, layout, view["commitment"]) == country
            await room.close()
            lobby.rooms.pop(room.code, None)

    run(lambda: with_lobby(tmp_path, work), timeout=120)
    print(f"hidden-country guesses: {hits} hits in 200 tables (chance: 12.5)")
    assert len(hidden) > 8  # the bots hide all over the map
    assert hits <= 30, hits


def test_the_guess_finds_a_country_hidden_with_a_salt_the_seed_fixes() -> None:
    """The attacker above is no straw man: against a hide salted the way the engine once
    offered (from the seed), it finds the country every time."""
    for seed in range(20):
        game = geodeck.new_game("undercover", ["Bot", "Ann", "Ben"], seed=CREATOR_SEED)
        layout = game.view(0)["layout"]
        country = layout[seed % len(layout)]["id"]
        game.apply(Hide(0, country, old_salt(CREATOR_SEED, 1)))
        commitment = game.view(1)["commitment"]
        assert guess_hidden("ABCDEF", [c["id"] for c in layout], commitment) == country


@pytest.mark.parametrize("edition", ["uppsala", "world"])
def test_a_creator_who_chooses_the_seed_cannot_tell_the_undrawn_cards(
    tmp_path: Path, edition: str
) -> None:
    """Tables created with the same public seed are dealt apart: the card after the first
    is guessed from the seed about as often as chance (1 in 45) allows, and the deals of
    tables with one seed differ from each other."""
    hits = 0
    deals: set[tuple[str, ...]] = set()
    deck = geodeck.decks.shipped_deck(edition)
    seats = ["Ann", "Bot"]
    expected = guess_next_card(edition, seats, deck)

    async def work(lobby: Lobby) -> None:
        nonlocal hits
        for _ in range(60):
            request = CreateTable(
                game=edition,
                seats=[SeatSpec(name="Ann"), SeatSpec(name="Bot", bot="random")],
                claim=[0],
                seed=CREATOR_SEED,
            )
            room, _client = await seated(lobby, request, 0)
            setup = room.head["setup"]
            assert isinstance(setup, dict)
            deals.add((setup["start"], *setup["draw"]))
            hits += setup["draw"][1] in expected
            await room.close()
            lobby.rooms.pop(room.code, None)

    run(lambda: with_lobby(tmp_path, work), timeout=120)
    print(f"{edition}: next card guessed {hits} times in 60 tables (chance: 60/45)")
    assert len(deals) == 60
    assert hits <= 8, hits
    control = geodeck.new_game(edition, seats, seed=CREATOR_SEED, deck=deck).to_record()
    assert control["setup"]["draw"][1] in expected  # the guess finds a seed-made deal


# -- a deal committed to at creation, checked at the end -------------------------------------


def test_every_games_deal_is_committed_at_creation_and_revealed_at_the_end(
    server: LiveServer, tmp_path: Path
) -> None:
    """docs/protocol.md, Security: a table's info and every state show the deal commitment
    from the start, without its salt; once the game has ended the salt is revealed, and
    the record's setup hashes to the commitment shown at the start (geodeck verify FILE
    says so too)."""
    from typer.testing import CliRunner

    from geodeck.cli.main import app as cli

    games = {"uppsala": 2, "buxtehude": 2, "italia": 2, "world": 2, "undercover": 3}
    for game, count in games.items():
        seats = [{"name": f"Bot {i + 1}", "bot": "random"} for i in range(count)]
        body: dict[str, Any] = {"game": game, "seats": seats, "claim": []}
        with server.http() as http:
            created = http.post("/api/tables", json=body)
            assert created.status_code == 201, created.text
            table = created.json()["table"]
        shown = table["deal"]["commitment"]
        assert len(shown) == 64
        assert table["deal"]["salt"] is None
        code = table["code"]

        async def watch(code: str = code, shown: str = shown) -> None:
            watcher = await Player(server.ws_url(code), "watcher").open()
            state = await watcher.hello(None)
            assert state["deal"] == {"commitment": shown, "salt": None}
            await watcher.wait(
                lambda: watcher.state is not None and watcher.state["status"] == "finished",
                timeout=60,
            )
            assert watcher.state is not None
            assert all(s["deal"]["commitment"] == shown for s in watcher.states)
            assert watcher.state["deal"]["salt"] is not None

        run(watch, timeout=90)
        with server.http() as http:
            record = http.get(f"/api/tables/{code}/record").json()
            info = http.get(f"/api/tables/{code}").json()
        assert info["deal"]["salt"] == record["deal"]["salt"]
        assert record["deal"]["commitment"] == shown
        check = check_deal(record)
        assert check.ok is True, (game, check)
        canonical = json.dumps(
            record["setup"], sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        by_hand = hashlib.sha256(f"{record['deal']['salt']}:{canonical}".encode()).hexdigest()
        assert by_hand == shown
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(record), "utf-8")
        done = CliRunner().invoke(cli, ["verify", str(path)])
        assert done.exit_code == 0, done.output
        assert "deal" in done.output
        # the last two cards of the reserve (questions) change no play, only the deal
        tampered = {**record, "setup": {**record["setup"]}}
        key = "reserve" if game != "undercover" else "questions"
        tampered["setup"][key] = [*record["setup"][key][:-2], *record["setup"][key][:-3:-1]]
        assert commit_deal(tampered["setup"], record["deal"]["salt"]) != shown
        path.write_text(json.dumps(tampered), "utf-8")
        assert CliRunner().invoke(cli, ["verify", str(path)]).exit_code == 1


# -- non-interference: the frames a seeker gets do not depend on the hidden country ----------


def frames_until_reveal(player: Player, code: str, commitment: str) -> dict[int, str]:
    """Each version's state as ``player`` saw it before the round's reveal, with the table
    code and the hide's commitment masked (``by`` and ``seats`` left out: they say who
    acted and who is connected, which the replies to a test's script decide)."""
    out: dict[int, str] = {}
    for state in player.states:
        if any(e["event"] == "reveal" for e in state["view"]["history"]):
            break
        kept = {k: v for k, v in state.items() if k not in ("by", "seats")}
        text = json.dumps(kept, sort_keys=True).replace(code, "<code>")
        out[state["version"]] = text.replace(commitment, "<commitment>")
    return out


def test_what_seekers_and_spectators_see_does_not_depend_on_a_bots_hidden_country(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two Undercover tables through the server, everything equal (the table's secret, so
    the deal; the seekers' moves; the bot's answers) but the country the bot hides in:
    every state a seeker or a spectator receives until the round's reveal is the same in
    both, but for the commitment."""
    choose = botplay.choose
    hide_in: list[str] = []

    def scripted(bot: Any, view: dict[str, Any], legal: Any, rng: random.Random) -> Any:
        kind = view["next"]["expects"]
        if kind == "hide":
            return own_secret(next(a for a in legal if a.country == hide_in[0]), rng)
        if kind == "answer":
            return Answer(legal[0].seat, "not_sure")
        return choose(bot, view, legal, rng)

    monkeypatch.setattr(botplay, "choose", scripted)
    seen: list[tuple[dict[str, dict[int, str]], str]] = []

    def same_secret() -> bytes:
        return bytes(range(32))

    for index in (0, 5):
        settings = fast_settings(sqlite_url.replace(".sqlite3", f"{index}.sqlite3"))
        settings.new_secret = same_secret
        with running(settings) as server:
            seen.append(one_round(server, hide_in, index))
    (first, hid_first), (second, hid_second) = seen
    assert hid_first != hid_second
    for who in ("Ann", "Ben", "spectator"):
        # Ben says hello as the table starts: whether he sees version 0 or 1 first is a race
        both = sorted(first[who].keys() & second[who].keys())
        assert both[-1] > 20
        assert set(range(2, both[-1] + 1)) <= set(both), who
        for version in both:
            assert first[who][version] == second[who][version], (who, version)


def one_round(
    server: LiveServer, hide_in: list[str], index: int
) -> tuple[dict[str, dict[int, str]], str]:
    """One round with a bot hiding in layout[index]; the seekers always pass."""
    body = {
        "game": "undercover",
        "seats": [{"name": "Bot", "bot": "random"}, {"name": "Ann"}, {"name": "Ben"}],
        "claim": [1],
        "seed": 7,
    }
    with server.http() as http:
        created = http.post("/api/tables", json=body).json()
    code = created["table"]["code"]
    out: dict[str, dict[int, str]] = {}
    country = ""

    async def case() -> None:
        nonlocal country
        watcher = await Player(server.ws_url(code), "spectator").open()
        first = await watcher.hello(None)
        layout = [c["id"] for c in first["view"]["layout"]]
        hide_in[:] = [layout[index]]
        ann = await Player(server.ws_url(code), "Ann").open()
        await ann.hello(created["tokens"]["1"])
        with server.http() as http:
            joined = http.post(f"/api/tables/{code}/join", json={"seat": 2}).json()
        ben = await Player(server.ws_url(code), "Ben").open()
        await ben.hello(joined["token"])
        seekers = [ann, ben]
        while True:
            await watcher.wait(lambda: watcher.state is not None and watcher.state["version"] > 0)
            assert watcher.state is not None
            history = watcher.state["view"]["history"]
            reveal = [e for e in history if e["event"] == "reveal"]
            if reveal:
                country = reveal[0]["country"]
                break
            version = watcher.state["version"]
            movers = []
            for p in seekers:
                await p.wait_version(version)
                assert p.state is not None
                if p.state["legal"] and p.state["version"] == version:
                    movers.append(p)
            if movers:
                legal = movers[0].state["legal"] if movers[0].state else []
                passes = [a for a in legal if a["act"] == "pass"]
                await movers[0].act((passes or legal)[0], version)
            await watcher.wait_version(version + 1)
        commitment = next(e for e in history if e["event"] == "hide")["commitment"]
        for who, player in (("Ann", ann), ("Ben", ben), ("spectator", watcher)):
            out[who] = frames_until_reveal(player, code, commitment)

    run(case, timeout=90)
    return out, country


def test_a_table_stored_before_tables_had_secrets_gets_one_when_restored(
    tmp_path: Path,
) -> None:
    """A table from an earlier server (no secret, no deal commitment) is restored with a
    secret of its own, kept for later restores, and shows no deal to check."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    storage = Storage(url)
    storage.create_schema()
    game = geodeck.new_game("undercover", ["Bot", "Ann", "Ben"], seed=3)
    head = {k: v for k, v in game.to_record().items() if k != "actions"}
    seat_rows = [SeatRow(0, "random", None), SeatRow(1, None, "x" * 64), SeatRow(2, None, "y" * 64)]
    storage.create_table(
        code="OLDTBL", game="undercover", variant="standard", status="playing", clock=None,
        head=head, seat_rows=seat_rows,
    )  # fmt: skip
    assert storage.load_table("OLDTBL").secret is None  # type: ignore[union-attr]
    storage.close()
    kept: list[bytes] = []

    async def work(lobby: Lobby) -> None:
        room = await lobby.room("OLDTBL")
        assert room.deal() is None
        kept.append(room.secret)
        while room.game.version == 0:  # the bot hides, salted from the new secret
            await asyncio.sleep(0.001)

    run(lambda: with_lobby(tmp_path, work, url=url), timeout=30)
    again = Storage(url)
    try:
        stored = again.load_table("OLDTBL")
        assert stored is not None
        assert stored.secret == kept[0]
        assert len(kept[0]) == 32
        assert stored.actions[0]["act"] == "hide"
    finally:
        again.close()


def test_nothing_is_told_of_an_action_before_it_is_stored(tmp_path: Path) -> None:
    """While an action's commit is under way (applied by the engine, not yet stored), the
    table's info shows the stored version and status, and neither the deal's salt nor the
    record is given out, though the action ends the game: a failed commit takes it back."""

    async def work(lobby: Lobby) -> None:
        request = CreateTable(
            game="uppsala", seats=[SeatSpec(name="Ann"), SeatSpec(name="Ben")], claim=[0, 1]
        )
        room, _client = await seated(lobby, request, 0)
        game = room.game
        rng = random.Random(3)
        while not game.finished:  # the engine alone, as between apply and the commit
            seat = game.expects().seats[0]
            game.apply(rng.choice(game.legal_actions(seat)))
        info = room.info("http://test")
        assert (info.version, info.status, info.outcome) == (0, "playing", None)
        assert info.deal is not None
        assert info.deal.salt is None
        with pytest.raises(Refusal) as refused:
            room.record()
        assert refused.value.code == "record/not_finished"
        room.actions = [a.to_wire() for a in game.actions]  # now storage holds them all
        info = room.info("http://test")
        assert (info.version, info.status) == (game.version, "finished")
        assert info.deal is not None
        assert info.deal.salt is not None
        assert room.record()["actions"] == room.actions

    run(lambda: with_lobby(tmp_path, work), timeout=30)
