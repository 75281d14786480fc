"""What storage holds of a classroom (docs/classroom.md): classes, pupils, their practice
answers and the tables the class was given, in the tables of ``storage/schema.py``.

Every function is blocking and takes the ``Engine`` of the server's ``Storage``; the
classroom's routes call them from worker threads.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

import orjson
from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from geodeck.server.storage.schema import (
    Conflict,
    class_answers,
    class_tables,
    classes,
    dumps,
    pupils,
)


@dataclass(frozen=True, slots=True)
class ClassRow:
    code: str
    game: str
    title: str
    deck: dict[str, object] | list[object] | None
    teacher_hash: str
    assignment: dict[str, object] | None


@dataclass(frozen=True, slots=True)
class PupilRow:
    pupil: int
    name: str
    token_hash: str
    seat: dict[str, object] | None


@dataclass(frozen=True, slots=True)
class AnswerRow:
    pupil: int
    kind: str
    card: str | None
    area: str | None
    right: bool


def _json(text: str | None) -> object:
    return None if text is None else orjson.loads(text)


def _object(text: str | None) -> dict[str, object] | None:
    """A JSON object column (an assignment, a seat): written here from checked values."""
    return cast("dict[str, object] | None", _json(text))


def create_class(
    engine: Engine, code: str, game: str, title: str, deck: object, teacher_hash: str
) -> None:
    """Store a new class; ``Conflict`` if its code is taken."""
    try:
        with engine.begin() as conn:
            conn.execute(
                insert(classes).values(
                    code=code,
                    game=game,
                    title=title,
                    deck=None if deck is None else dumps(deck),
                    teacher_hash=teacher_hash,
                    assignment=None,
                    created=time.time(),
                )
            )
    except IntegrityError as err:
        raise Conflict(f"class {code} exists") from err


def load_class(engine: Engine, code: str) -> ClassRow | None:
    with engine.connect() as conn:
        row = conn.execute(select(classes).where(classes.c.code == code)).first()
    if row is None:
        return None
    # the deck was checked as a request's (``OpenClass``) before it was stored
    deck = cast("dict[str, object] | list[object] | None", _json(row.deck))
    return ClassRow(row.code, row.game, row.title, deck, row.teacher_hash, _object(row.assignment))


def load_pupils(engine: Engine, code: str) -> list[PupilRow]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(pupils).where(pupils.c.code == code).order_by(pupils.c.pupil)
        ).all()
    return [PupilRow(r.pupil, r.name, r.token_hash, _object(r.seat)) for r in rows]


def add_pupil(engine: Engine, code: str, name: str, token_hash: str, limit: int) -> int | None:
    """Add a pupil and return their number; ``None`` if the class has ``limit`` pupils;
    ``Conflict`` if another pupil took the same number first (try again)."""
    try:
        with engine.begin() as conn:
            count, last = conn.execute(
                select(func.count(), func.max(pupils.c.pupil)).where(pupils.c.code == code)
            ).one()
            if count >= limit:
                return None
            number = (last or 0) + 1
            conn.execute(
                insert(pupils).values(code=code, pupil=number, name=name, token_hash=token_hash)
            )
            return int(number)
    except IntegrityError as err:
        raise Conflict(f"pupil number taken in class {code}") from err


def set_assignment(engine: Engine, code: str, assignment: Mapping[str, object] | None) -> None:
    with engine.begin() as conn:
        conn.execute(
            update(classes)
            .where(classes.c.code == code)
            .values(assignment=None if assignment is None else dumps(assignment))
        )


def give_seats(engine: Engine, code: str, table_code: str, seat_pupils: dict[int, int]) -> None:
    """Record a class table and hand each of its pupils their seat (the table and seat
    only: the pupil's own token opens it)."""
    with engine.begin() as conn:
        conn.execute(
            insert(class_tables).values(
                table_code=table_code,
                code=code,
                seats=dumps({str(s): p for s, p in seat_pupils.items()}),
            )
        )
        for seat, pupil in seat_pupils.items():
            conn.execute(
                update(pupils)
                .where(pupils.c.code == code, pupils.c.pupil == pupil)
                .values(seat=dumps({"table": table_code, "seat": seat}))
            )


def load_tables(engine: Engine, code: str) -> dict[str, dict[int, int]]:
    """The class's tables: by table code, the pupil of each seat."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(class_tables.c.table_code, class_tables.c.seats).where(
                class_tables.c.code == code
            )
        ).all()
    return {r.table_code: {int(s): int(p) for s, p in orjson.loads(r.seats).items()} for r in rows}


def add_answers(
    engine: Engine, code: str, pupil: int, items: Sequence[Mapping[str, object]], limit: int
) -> bool:
    """Store a pupil's answers; ``False`` (nothing stored) if they would have more than
    ``limit``."""
    now = time.time()
    with engine.begin() as conn:
        held = conn.execute(
            select(func.count()).where(class_answers.c.code == code, class_answers.c.pupil == pupil)
        ).scalar_one()
        if held + len(items) > limit:
            return False
        conn.execute(
            insert(class_answers),
            [
                {
                    "code": code,
                    "pupil": pupil,
                    "kind": item["kind"],
                    "card": item.get("card"),
                    "area": item.get("area"),
                    "correct": 1 if item.get("right") else 0,
                    "at": now,
                }
                for item in items
            ],
        )
    return True


def load_answers(engine: Engine, code: str, pupil: int | None = None) -> list[AnswerRow]:
    """The class's answers (or one pupil's) in the order they were posted."""
    query = select(class_answers).where(class_answers.c.code == code)
    if pupil is not None:
        query = query.where(class_answers.c.pupil == pupil)
    with engine.connect() as conn:
        rows = conn.execute(query.order_by(class_answers.c.id)).all()
    return [AnswerRow(r.pupil, r.kind, r.card, r.area, bool(r.correct)) for r in rows]


def delete_class(engine: Engine, code: str) -> list[str]:
    """Delete the class, its pupils, their answers and the list of its tables; return the
    codes of those tables (the caller deletes them)."""
    with engine.begin() as conn:
        tables = [
            r.table_code
            for r in conn.execute(
                select(class_tables.c.table_code).where(class_tables.c.code == code)
            )
        ]
        for table in (class_answers, class_tables, pupils, classes):
            conn.execute(delete(table).where(table.c.code == code))
    return tables
