"""A whole game with two people and a bot, timed: how long it lasts, how much of it the
table waits after its moments, and how long an action takes to come back as a state.

Two scripted people and a server bot play one game of ``--game`` through the server's
rooms (no sockets). A person takes ``--think`` seconds before each move and ``--read``
seconds before pressing Continue after a verdict, a scoring or a round's result; the
table waits at most ``--pause`` seconds; the bot waits ``--bot-delay`` seconds before it
moves (the server's default is 0.5). It asserts nothing.

    .venv/bin/python benchmarks/table_game.py
    .venv/bin/python benchmarks/table_game.py --think 1 --read 4 --pause 20
    .venv/bin/python benchmarks/table_game.py --game undercover --read 0 --think 0
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geodeck.server.bodies import CreateTable, SeatSpec
from geodeck.server.clients import Client
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import Act, Continue, Hello
from geodeck.server.room import Room
from geodeck.server.settings import Settings
from geodeck.server.storage import Storage


@dataclass
class Figures:
    actions: int = 0
    pauses: int = 0
    paused: float = 0.0
    """Seconds the table waited after moments."""
    answers: list[float] = field(default_factory=list)
    """Seconds from a person's action to the state that shows it."""


def salted(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    if action.get("act") == "hide" and "salt" not in action:
        return {**action, "salt": f"{rng.getrandbits(128):032x}"}
    return action


async def person(
    room: Room, client: Client, args: argparse.Namespace, figures: Figures, seed: int
) -> None:
    """Read this seat's states; move, or continue, as a person would."""
    rng = random.Random(seed)
    sent: tuple[int, float] | None = None
    continued = -1
    latest: dict[str, Any] | None = None
    while True:
        text = await client.outbox.get()
        if text is None:
            return
        message = json.loads(text)
        if message["type"] == "error":
            sent = None  # refused (the table moved on): choose again from the next state
        if message["type"] == "state":
            latest = message
            if sent is not None and message["version"] > sent[0]:
                figures.answers.append(time.perf_counter() - sent[1])
                sent = None
        if latest is None or not client.outbox.empty():
            continue  # decide on the newest state only
        if latest["status"] == "finished":
            return
        pause = latest["pause"]
        if pause is not None:
            if latest["you"] in pause["waiting"] and continued != pause["version"]:
                continued = pause["version"]
                await asyncio.sleep(args.read)
                await room.handle(client, Continue(type="continue", version=pause["version"]))
            continue
        if latest["legal"] and sent is None:
            await asyncio.sleep(args.think)
            if not client.outbox.empty():
                continue  # the table moved on meanwhile: choose from the newer state
            action = salted(rng.choice(latest["legal"]), rng)
            sent = (latest["version"], time.perf_counter())
            await room.handle(client, Act(type="act", version=latest["version"], action=action))


async def watch(client: Client, figures: Figures) -> None:
    """A spectator that notes when the table waits and for how long."""
    since: float | None = None
    while True:
        text = await client.outbox.get()
        if text is None:
            return
        message = json.loads(text)
        if message["type"] != "state":
            continue
        figures.actions = message["version"]
        if message["pause"] is not None and since is None:
            since = time.perf_counter()
            figures.pauses += 1
        elif message["pause"] is None and since is not None:
            figures.paused += time.perf_counter() - since
            since = None
        if message["status"] == "finished":
            return


async def play(args: argparse.Namespace, folder: Path) -> tuple[Figures, float]:
    settings = Settings(
        database_url=f"sqlite:///{folder / 'bench.sqlite3'}",
        bot_delay=args.bot_delay,
        grace=3600,
    )
    lobby = Lobby(settings, Storage(settings.database_url))
    await lobby.start()
    request = CreateTable(
        game=args.game,
        seats=[SeatSpec(name="Ann"), SeatSpec(name="Robo", bot=args.level), SeatSpec(name="Ben")],
        claim=[0, 2],
        seed=args.seed,
        pause=args.pause,
    )
    created = await lobby.create(request, "http://bench")
    room = await lobby.room(created.table.code)
    figures = Figures()
    spectator = Client()
    await room.handle(spectator, Hello(type="hello", spectator=True))
    people = []
    for seat in ("0", "2"):
        client = Client()
        await room.handle(client, Hello(type="hello", token=created.tokens[seat]))
        people.append(client)
    start = time.perf_counter()
    await asyncio.gather(
        watch(spectator, figures),
        *(person(room, c, args, figures, args.seed + i) for i, c in enumerate(people)),
    )
    seconds = time.perf_counter() - start
    await lobby.close()
    return figures, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="uppsala")
    parser.add_argument("--level", default="casual", help="the bot's level")
    parser.add_argument("--think", type=float, default=0.2, help="seconds before a move")
    parser.add_argument("--read", type=float, default=1.0, help="seconds before Continue")
    parser.add_argument("--pause", type=float, default=20.0, help="the table's pause")
    parser.add_argument("--bot-delay", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures, seconds = asyncio.run(play(args, Path(folder)))
    answers = sorted(figures.answers)
    median = statistics.median(answers) * 1000 if answers else 0.0
    worst = answers[-1] * 1000 if answers else 0.0
    print(
        f"{args.game}, two people and a {args.level} bot (think {args.think:g} s, read "
        f"{args.read:g} s, pause {args.pause:g} s, bot delay {args.bot_delay:g} s): "
        f"{figures.actions} actions in {seconds:.1f} s; the table waited {figures.pauses} "
        f"times, {figures.paused:.1f} s in all; a person's action came back as a state in "
        f"{median:.1f} ms (median), {worst:.1f} ms at worst, over {len(answers)} actions"
    )


if __name__ == "__main__":
    main()
