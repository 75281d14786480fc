"""What the classroom tests and benchmark share: a class opened, pupils joined, their
practice answers made up and posted, their tables played through."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from tests.server.live import Player, play_out
from tests.support import sample_cards

AREAS = ("SE", "NO", "FI", "DK", "DE")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def open_class(http: httpx.Client, **extra: Any) -> dict[str, Any]:
    body = {"game": "uppsala", "deck": sample_cards(), "title": "Class 4b", **extra}
    response = http.post("/api/classes", json=body)
    assert response.status_code == 201, response.text
    opened: dict[str, Any] = response.json()
    return opened


def join(http: httpx.Client, code: str, name: str) -> dict[str, Any]:
    response = http.post(f"/api/classes/{code}/pupils", json={"name": name})
    assert response.status_code == 201, response.text
    joined: dict[str, Any] = response.json()
    return joined


def made_up_answers(pupil: int, count: int = 12) -> list[dict[str, Any]]:
    """A round of ``count`` answers, every third one wrong from a place that depends on
    the pupil, then the round's end."""
    items: list[dict[str, Any]] = []
    streak = 0
    for j in range(count):
        right = (j + pupil) % 3 != 0
        streak = streak + 1 if right else 0
        items.append(
            {
                "type": "answer",
                "game": "uppsala",
                "mode": "survival",
                "card": f"card-{j}",
                "right": right,
                "streak": streak,
                "area": AREAS[j % len(AREAS)],
            }
        )
    items.append({"type": "end", "game": "uppsala", "mode": "survival", "score": 0, "mistakes": 0})
    return items


def best_run(items: list[dict[str, Any]]) -> int:
    best = run = 0
    for item in items:
        if item["type"] == "end":
            run = 0
            continue
        run = run + 1 if item["right"] else 0
        best = max(best, run)
    return best


async def play_tables(server_ws: Any, seats: list[dict[str, Any]], seed: int) -> None:
    """Every pupil's seat (``{table, seat, token}``) connected, and each table played
    out with random legal moves by its pupils (its bots play themselves)."""
    by_table: dict[str, list[dict[str, Any]]] = {}
    for seat in seats:
        by_table.setdefault(seat["table"], []).append(seat)

    async def one(table: str, sitting: list[dict[str, Any]], rng: random.Random) -> None:
        players = [await Player(server_ws(table), f"{table}/{s['seat']}").open() for s in sitting]
        for player, seat in zip(players, sitting, strict=True):
            frame = await player.hello(seat["token"])
            assert frame["type"] == "state", frame
        await play_out(players, rng)
        for player in players:
            await player.close()

    rng = random.Random(seed)
    await asyncio.gather(
        *(one(t, s, random.Random(rng.random())) for t, s in sorted(by_table.items()))
    )
