"""``geodeck deck show`` gives each card's difficulty rated from this machine's saved games
and practice answers next to the printed one (docs/ratings.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import geodeck
from geodeck.bots import make_bot
from geodeck.cli.deck.difficulty import local_ratings
from geodeck.decks import shipped_deck
from geodeck.ratings.placements import placements
from tests.cli.command import run_geodeck


def played_record(seed: int) -> dict[str, object]:
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=seed)
    atlas = game.to_record()["cards"]
    bots = [make_bot("novice", seed + s, atlas=atlas) for s in range(2)]
    while not game.finished:
        seat = game.expects().seats[0]
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    record: dict[str, object] = game.to_record()
    return record


def fill(data: Path, card: str) -> dict[str, object]:
    games = data / "geodeck" / "games"
    games.mkdir(parents=True)
    record = played_record(11)
    name = "2026-01-01_10-00-00_uppsala_Ann_Ben-finished.json"
    (games / name).write_text(json.dumps(record), "utf-8")
    (games / "2026-01-02_10-00-00_uppsala_Ann_Ben.json").write_text("{not json", "utf-8")
    practice = data / "geodeck" / "practice"
    practice.mkdir(parents=True)
    memory = {"box": 1, "seen": 3, "right": 0, "wrong": 4}
    store = {"player": "Cem", "decks": {"uppsala/geo/0123": {"cards": {card: memory}}}}
    (practice / "cem.json").write_text(json.dumps(store), "utf-8")
    return record


def test_the_local_ratings_take_games_and_practice(tmp_path: Path) -> None:
    deck = shipped_deck("uppsala")
    card = next(k for k, c in deck.items() if c.get("difficulty") == 1)
    record = fill(tmp_path, card)
    ratings = local_ratings(deck, tmp_path / "geodeck" / "games", tmp_path / "geodeck" / "practice")
    placed = placements(record)
    assert sum(ratings.answers(c) for c in deck) == len(placed) + 4
    assert ratings.difficulty(card) > 1.0


def test_deck_show_has_the_rated_column(tmp_path: Path) -> None:
    deck = shipped_deck("uppsala")
    card = next(k for k, c in deck.items() if c.get("difficulty") == 1)
    fill(tmp_path, card)
    done = run_geodeck("deck", "show", "uppsala", columns=200, data=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "rated" in done.stdout
    line = next(row for row in done.stdout.splitlines() if row.rstrip().endswith(card))
    expected = local_ratings(
        deck, tmp_path / "geodeck" / "games", tmp_path / "geodeck" / "practice"
    )
    assert f"{expected.difficulty(card):.1f} ({expected.answers(card)})" in line


def test_without_data_the_rated_column_is_empty(tmp_path: Path) -> None:
    done = run_geodeck("deck", "show", "uppsala", columns=200, data=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "rated" in done.stdout.splitlines()[1]
    assert re.search(r"\d\.\d \(\d+\)", done.stdout) is None
