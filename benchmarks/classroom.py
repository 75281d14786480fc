"""A class of 30 pupils on one server, timed (docs/classroom.md, Figures).

A live server (uvicorn in a thread, SQLite in a temporary folder, the shipped Europe
deck) gets a class opened; ``--pupils`` pupils join one after the other (and a second
class's pupils all at once), each posts ``--answers`` practice answers in one request, the
teacher starts games (tables of 4 with bots filling), every pupil plays their seat out
with random legal moves over the websocket, and the teacher asks for the results sheet,
as JSON and as CSV. Prints the times and the sheet's size; asserts nothing.

    .venv/bin/python benchmarks/classroom.py
    .venv/bin/python benchmarks/classroom.py --pupils 60 --answers 100
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.classroom_support import auth, made_up_answers, play_tables  # noqa: E402
from tests.server.live import run, running  # noqa: E402

from geodeck.server import Settings  # noqa: E402


def timed(work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--answers", type=int, default=40)
    parser.add_argument("--size", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            database_url=f"sqlite:///{folder}/geodeck.sqlite3", bot_delay=0.0, pause=0.0
        )
        with running(settings) as live, live.http() as http:
            opened = http.post("/api/classes", json={"game": "uppsala"}).json()
            code, teacher = opened["code"], opened["token"]
            joined: list[dict[str, object]] = []

            def join_all() -> None:
                for i in range(args.pupils):
                    url = f"/api/classes/{code}/pupils"
                    joined.append(http.post(url, json={"name": f"Pupil {i:02d}"}).json())

            joining = timed(join_all)

            async def join_together() -> float:
                other = http.post("/api/classes", json={"game": "uppsala"}).json()["code"]
                async with httpx.AsyncClient(base_url=live.url, timeout=30) as client:
                    start = time.perf_counter()
                    await asyncio.gather(
                        *(
                            client.post(f"/api/classes/{other}/pupils", json={"name": f"P{i}"})
                            for i in range(args.pupils)
                        )
                    )
                    return time.perf_counter() - start

            together = asyncio.run(join_together())

            def post_all() -> None:
                for i, pupil in enumerate(joined):
                    body = {"answers": made_up_answers(i, args.answers)}
                    headers = auth(str(pupil["token"]))
                    http.post(f"/api/classes/{code}/answers", json=body, headers=headers)

            posting = timed(post_all)
            sheet_url = f"/api/classes/{code}/sheet"
            practice_sheet = timed(lambda: http.get(sheet_url, headers=auth(teacher)))
            starting = time.perf_counter()
            body = {"size": args.size, "bot": "random"}
            tables = http.post(f"/api/classes/{code}/games", json=body, headers=auth(teacher))
            starting = time.perf_counter() - starting
            seats = [
                http.get(f"/api/classes/{code}/me", headers=auth(str(p["token"]))).json()[
                    "assignment"
                ]["seat"]
                for p in joined
            ]
            playing = time.perf_counter()
            run(lambda: play_tables(live.ws_url, seats, seed=5), timeout=600)
            playing = time.perf_counter() - playing
            first = timed(lambda: http.get(sheet_url, headers=auth(teacher)))
            again = statistics.median(
                timed(lambda: http.get(sheet_url, headers=auth(teacher))) for _ in range(10)
            )
            sheet = http.get(sheet_url, headers=auth(teacher))
            csv_text = http.get(sheet_url + ".csv", headers=auth(teacher)).text
    report(
        args,
        {
            "joining": joining,
            "together": together,
            "posting": posting,
            "practice_sheet": practice_sheet,
            "starting": starting,
            "playing": playing,
            "first": first,
            "again": again,
        },
        tables=len(tables.json()["tables"]),
        sizes=(len(sheet.content), len(csv_text.encode())),
    )


def report(
    args: argparse.Namespace, took: dict[str, float], *, tables: int, sizes: tuple[int, int]
) -> None:
    count = args.pupils
    ms = {key: value * 1000 for key, value in took.items()}
    print(f"class of {count} pupils, {args.answers} answers each, tables of {args.size}")
    each = ms["joining"] / count
    print(f"join {count} one after another:  {ms['joining']:.0f} ms ({each:.1f} ms each)")
    print(f"join {count} all at once:        {ms['together']:.0f} ms")
    each = ms["posting"] / count
    print(f"post their answers:             {ms['posting']:.0f} ms ({each:.1f} ms a pupil)")
    print(f"sheet of practice only:         {ms['practice_sheet']:.1f} ms")
    print(f"start games ({tables} tables):        {ms['starting']:.0f} ms")
    print(f"play every table out:           {took['playing']:.1f} s")
    print(f"sheet after the games, first:   {ms['first']:.1f} ms (counts each finished table)")
    print(f"sheet after the games, again:   {ms['again']:.1f} ms (median of 10)")
    print(f"sheet size: {sizes[0]} bytes JSON, {sizes[1]} bytes CSV")


if __name__ == "__main__":
    main()
