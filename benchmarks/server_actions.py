"""The game server's own work per action, without sockets.

``benchmarks/server_load.py`` measures the whole stack; this one takes the websockets
away to show what the server itself spends on an action: checking it, the engine,
storing it (SQLite, batched as the server batches it), and building, diffing and
encoding each connection's new state. ``--tables`` tables of ``--seats`` seats are
played by random bots in waves (one action per table, all at once, as a loaded server
gets them); every seat has one connection that asked for delta states (as in the load
benchmark), and each table ``--spectators`` more. The clients' queues are emptied after
every wave. ``--profile`` prints where the time goes. It asserts nothing.

    .venv/bin/python benchmarks/server_actions.py
    .venv/bin/python benchmarks/server_actions.py --tables 50 --actions 20000 --profile
    .venv/bin/python benchmarks/server_actions.py --profile --sort tottime --top 40
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import pstats
import random
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from geodeck.bots.base import own_secret
from geodeck.cli import serve as cli_serve
from geodeck.server.bodies import CreateTable, SeatSpec
from geodeck.server.clients import Client
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import Act, Hello
from geodeck.server.room import Room
from geodeck.server.settings import Settings
from geodeck.server.storage import Storage

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "tests" / "fixtures" / "sample-europe.json"


class Seated:
    """A table in play: its room, a delta connection per seat and its spectators'."""

    def __init__(self, room: Room, seats: list[Client], watchers: list[Client], seed: int) -> None:
        self.room = room
        self.seats = seats
        self.watchers = watchers
        self.rng = random.Random(seed)

    def drain(self) -> int:
        count = 0
        for client in (*self.seats, *self.watchers):
            while not client.outbox.empty():
                client.outbox.get_nowait()
                count += 1
        return count

    async def step(self) -> bool:
        """One random legal action; False once the game is over."""
        game = self.room.game
        movers = game.expects().seats
        if not movers:
            return False
        seat = movers[0]
        action = own_secret(self.rng.choice(game.legal_actions(seat)), self.rng).to_wire()
        act = Act(type="act", version=game.version, action=action)
        await self.room.handle(self.seats[seat], act)
        return True


async def seat_table(lobby: Lobby, seats: int, spectators: int, seed: int) -> Seated:
    request = CreateTable(
        game="uppsala",
        seats=[SeatSpec() for _ in range(seats)],
        claim=list(range(seats)),
        seed=seed,
    )
    created = await lobby.create(request, "http://bench")
    room = await lobby.room(created.table.code)
    clients = []
    for seat in range(seats):
        client = Client()
        await room.handle(client, Hello(type="hello", token=created.tokens[str(seat)], delta=True))
        clients.append(client)
    watchers = []
    for _ in range(spectators):
        watcher = Client()
        await room.handle(watcher, Hello(type="hello", spectator=True, delta=True))
        watchers.append(watcher)
    table = Seated(room, clients, watchers, seed)
    table.drain()
    return table


async def play(args: argparse.Namespace, folder: Path) -> Figures:
    settings = Settings(
        database_url=f"sqlite:///{folder / 'bench.sqlite3'}",
        decks=cli_serve.load_decks([str(DECK)]),
        bot_delay=0,
        grace=3600,
        pause=0,
    )
    storage = Storage(settings.database_url)
    lobby = Lobby(settings, storage)
    await lobby.start()
    made = 0

    async def fresh() -> Seated:
        nonlocal made
        made += 1
        return await seat_table(lobby, args.seats, args.spectators, made)

    tables = [await fresh() for _ in range(args.tables)]
    actions = frames = 0
    gc.collect()
    profile = cProfile.Profile() if args.profile else None
    start = time.perf_counter()
    loop_cpu = time.thread_time()
    all_cpu = time.process_time()
    if profile:
        profile.enable()
    while actions < args.actions:
        moved = await asyncio.gather(*(t.step() for t in tables))
        actions += sum(moved)
        frames += sum(t.drain() for t in tables)
        for i, going in enumerate(moved):
            if not going:
                tables[i] = await fresh()
    if profile:
        profile.disable()
    seconds = time.perf_counter() - start
    loop_cpu = time.thread_time() - loop_cpu
    all_cpu = time.process_time() - all_cpu
    await lobby.close()
    if profile:
        stats = pstats.Stats(profile)
        stats.sort_stats(args.sort).print_stats(args.top)
    return Figures(actions, frames, seconds, loop_cpu, all_cpu)


class Figures(NamedTuple):
    actions: int
    frames: int
    seconds: float
    loop_cpu: float
    """CPU seconds of the event loop's thread: what limits one server process."""
    all_cpu: float
    """CPU seconds of the whole process, storage threads included."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--spectators", type=int, default=0, help="per table")
    parser.add_argument("--actions", type=int, default=20000)
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument(
        "--sort", default="cumulative", help="the profile's order: cumulative, tottime, ..."
    )
    parser.add_argument("--top", type=int, default=30, help="lines of the profile to print")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        got = asyncio.run(play(args, Path(folder)))
    per = 1e6 / got.actions
    print(
        f"server work without sockets: {args.tables} tables x {args.seats} seats "
        f"(+{args.spectators} spectators), uppsala: {got.actions} actions in "
        f"{got.seconds:.2f} s = {got.actions / got.seconds:.0f} actions/s; per action "
        f"{per * got.seconds:.0f} us wall, {per * got.loop_cpu:.0f} us CPU on the event "
        f"loop, {per * got.all_cpu:.0f} us CPU in all; "
        f"{got.frames / got.actions:.1f} messages queued per action"
    )


if __name__ == "__main__":
    main()
