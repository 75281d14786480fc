"""Golden playthroughs: what every seat (and a spectator) sees at every step of fixed games.

A playthrough is a JSON-lines file: one line per state, with the action that led to it and
each viewer's view. The first line holds whole views; later lines hold what changed for
each viewer: the top-level fields that differ, the cards that changed, and the events new
to its history. Replaying the changes gives every view at every step exactly. The test
replays the same games and diffs them against the files in ``data/``. After a deliberate
change to what views show, regenerate with ``python -m tests.golden.playthrough``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import geodeck
from tests.support import random_step, sample_deck

DATA = Path(__file__).resolve().parent / "data"

# name -> (game, variant, seats, seed)
SCENARIOS: dict[str, tuple[str, str, int, int]] = {
    "uppsala-geo-3": ("uppsala", "geo", 3, 7),
    "italia-altitude-2": ("italia", "altitude", 2, 11),
    "world-population-4": ("world", "population", 4, 23),
    "undercover-standard-4": ("undercover", "standard", 4, 31),
}
UNDERCOVER_DECK = DATA.parent.parent / "fixtures" / "undercover-mini.json"
"""Undercover plays the fixture's 20 countries and 17 questions, so that the playthrough
does not change when the shipped country data is corrected."""


def deck_for(game_id: str) -> dict[str, Any]:
    if game_id == "undercover":
        data = json.loads(UNDERCOVER_DECK.read_text("utf-8"))
        return {"countries": data["countries"], "questions": data["questions"]}
    return sample_deck()


def playthrough(name: str) -> list[str]:
    """The lines of one scenario's playthrough, played with seeded random legal actions."""
    game_id, variant, count, seed = SCENARIOS[name]
    seats = ["Ann", "Ben", "Cem", "Dan", "Eva", "Fay"][:count]
    game = geodeck.new_game(game_id, seats, variant=variant, seed=seed, deck=deck_for(game_id))
    rng = random.Random(seed)
    viewers: list[int | None] = [None, *range(count)]
    last: dict[int | None, dict[str, Any]] = {}
    lines = []
    action: Any = None
    while True:
        views: dict[str, Any] = {}
        for viewer in viewers:
            view = game.view(viewer)
            views["spectator" if viewer is None else str(viewer)] = changes(last.get(viewer), view)
            last[viewer] = view
        wire = action.to_wire() if action is not None else None
        lines.append(json.dumps({"action": wire, "views": views}, ensure_ascii=False))
        if game.finished:
            return lines
        action = random_step(game, rng)


def changes(before: dict[str, Any] | None, after: dict[str, Any]) -> dict[str, Any]:
    """What changed from one view to the next of the same viewer."""
    if before is None:
        return after
    out: dict[str, Any] = {}
    for key, value in after.items():
        if key == "history":
            out["history+"] = value[len(before["history"]) :]
        elif key == "cards" and isinstance(value, dict):
            out["cards"] = {c: v for c, v in value.items() if before["cards"].get(c) != v}
        elif before.get(key) != value:
            out[key] = value
    return out


def path_of(name: str) -> Path:
    return DATA / f"{name}.jsonl"


def main() -> None:
    DATA.mkdir(exist_ok=True)
    for name in SCENARIOS:
        lines = playthrough(name)
        path_of(name).write_text("\n".join(lines) + "\n", "utf-8")
        print(f"{path_of(name)}: {len(lines)} states")


if __name__ == "__main__":
    main()
