"""The cards' difficulty at a server (docs/ratings.md): one ``CardRatings`` per game, kept
in storage, fed every placement of each finished table and the practice answers.

A writer reads a game's ratings with their ``version``, adds the answers and writes them
back only if the version is still the one it read; else it reads again, so that two
processes finishing tables at once both count.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from geodeck.core.errors import GeodeckError
from geodeck.ratings import CardRatings
from geodeck.ratings.players import FAMILIES
from geodeck.server.storage import Storage
from geodeck.server.storage.players import card_ratings
from geodeck.server.storage.schema import practice_answers

PRACTICE = "practice"
"""The answerer of practice answers, whose rows name no player."""
TRIES = 20


def ingest_practice(ratings: CardRatings, rows: Iterable[Any]) -> int:
    """Practice answers, rows of ``(game, card, right)`` (mappings or sequences); the number
    taken. A row that is not one is passed over."""
    taken = 0
    for row in rows:
        try:
            if isinstance(row, Mapping):
                card, right = row["card"], row["right"]
            else:
                _game, card, right = row
        except (KeyError, TypeError, ValueError):
            continue
        if not isinstance(card, str) or not card:
            continue
        ratings.answer(PRACTICE, card, bool(right))
        taken += 1
    return taken


def _practice_rows(conn: Connection, game: str, seen: int) -> tuple[list[Any], int]:
    """The practice answers of ``game`` after row ``seen`` (``POST /api/practice/answers``
    keeps them), and the last row's id."""
    table = practice_answers
    rows = conn.execute(
        select(table.c.id, table.c.game, table.c.card, table.c.right)
        .where(table.c.game == game, table.c.id > seen)
        .order_by(table.c.id)
    ).all()
    last = max((int(r.id) for r in rows), default=seen)
    return [(r.game, r.card, r.right) for r in rows], last


def _read(conn: Connection, game: str) -> tuple[CardRatings, int | None, int]:
    row = conn.execute(select(card_ratings).where(card_ratings.c.game == game)).first()
    if row is None:
        return CardRatings(), None, 0
    return CardRatings.from_json(orjson.loads(row.state)), int(row.version), int(row.practice_seen)


def refresh(storage: Storage, game: str, record: Mapping[str, Any] | None = None) -> bool:
    """Add a record's placements (if given) and the new practice answers to ``game``'s
    card ratings; whether they were written."""
    for _ in range(TRIES):
        with storage.engine.begin() as conn:
            ratings, version, seen = _read(conn, game)
            if record is not None:
                try:
                    ratings.ingest_record(record)
                except (GeodeckError, KeyError, TypeError, ValueError):
                    return False
            rows, seen_now = _practice_rows(conn, game, seen)
            ingest_practice(ratings, rows)
            state = orjson.dumps(ratings.to_json()).decode()
            if version is None:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            insert(card_ratings).values(
                                game=game, state=state, version=1, practice_seen=seen_now
                            )
                        )
                except IntegrityError:
                    continue
                return True
            done = conn.execute(
                update(card_ratings)
                .where(card_ratings.c.game == game, card_ratings.c.version == version)
                .values(state=state, version=version + 1, practice_seen=seen_now)
            )
            if done.rowcount == 1:
                return True
        time.sleep(0.01)
    return False


def ingest_table(storage: Storage, code: str) -> str | None:
    """A finished table's placements, into its game's card ratings; the game, if they
    were written."""
    stored = storage.load_table(code)
    if stored is None or FAMILIES.get(stored.game) != "cross":
        return None
    return stored.game if refresh(storage, stored.game, stored.record()) else None


def difficulties_of(storage: Storage, game: str) -> dict[str, float]:
    """The rated difficulty of every answered card of ``game`` (for the bots)."""
    with storage.engine.connect() as conn:
        ratings, _version, _seen = _read(conn, game)
    return ratings.difficulties()


def state_of(storage: Storage, game: str) -> dict[str, Any]:
    """A game's card ratings as ``CardRatings.to_json`` (none yet: no cards)."""
    with storage.engine.connect() as conn:
        ratings, _version, _seen = _read(conn, game)
    return ratings.to_json()
