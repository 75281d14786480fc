"""``geodeck deck show GAME --ratings URL-or-FILE`` (docs/ratings.md): the rated column
from a server's card ratings (``GET /api/cards/GAME/ratings``) or a file of them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from geodeck.ratings import CardRatings
from geodeck.server import Settings, cards
from geodeck.server.storage import Storage
from geodeck.server.storage.players import card_ratings
from tests.cli.command import run_geodeck
from tests.server.live import running


def berlin_row(output: str) -> str:
    return next(line for line in output.splitlines() if re.match(r"\s*Berlin\s", line))


def test_the_rated_column_comes_from_a_file(tmp_path: Path) -> None:
    ratings = CardRatings()
    for right in (False, False, True, False):
        ratings.answer("Ann", "berlin", right)
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps(ratings.to_json()), "utf-8")
    shown = run_geodeck("deck", "show", "uppsala", "--ratings", path, columns=200)
    assert shown.returncode == 0, shown.stderr
    assert f"{ratings.difficulty('berlin'):.1f} (4)" in berlin_row(shown.stdout)
    missing = run_geodeck("deck", "show", "uppsala", "--ratings", tmp_path / "none.json")
    assert missing.returncode == 2
    assert "--ratings" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_the_rated_column_comes_from_a_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'geodeck.sqlite3'}"
    storage = Storage(url)
    storage.create_schema()
    ratings = CardRatings()
    cards.ingest_practice(ratings, [("uppsala", "berlin", True)] * 3)
    with storage.engine.begin() as conn:
        conn.execute(
            card_ratings.insert().values(
                game="uppsala", state=json.dumps(ratings.to_json()), version=1, practice_seen=0
            )
        )
    storage.close()
    with running(Settings(database_url=url)) as live:
        shown = run_geodeck("deck", "show", "uppsala", "--ratings", live.url, columns=200)
    assert shown.returncode == 0, shown.stderr
    assert f"{ratings.difficulty('berlin'):.1f} (3)" in berlin_row(shown.stdout)
