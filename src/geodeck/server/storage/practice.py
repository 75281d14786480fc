"""Practice answers in the database (``schema.practice_answers``): written in one
transaction per batch, read back per game, oldest first (docs/ratings.md)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from sqlalchemy import Engine, insert, select

from geodeck.server.storage.schema import PracticeAnswerRow, practice_answers


def add_answers(engine: Engine, game: str, answers: Sequence[tuple[str, bool]]) -> None:
    if not answers:
        return
    now = time.time()
    rows = [{"game": game, "card": card, "right": right, "at": now} for card, right in answers]
    with engine.begin() as conn:
        conn.execute(insert(practice_answers), rows)


def read_answers(engine: Engine, game: str) -> list[PracticeAnswerRow]:
    table = practice_answers
    query = (
        select(table.c.card, table.c.right, table.c.at)
        .where(table.c.game == game)
        .order_by(table.c.id)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [PracticeAnswerRow(r.card, bool(r.right), float(r.at)) for r in rows]
