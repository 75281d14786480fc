"""Tables and their records in a database: SQLite by default, PostgreSQL by URL.

The code is the same for both (SQLAlchemy 2 Core); ``schema.py`` says what is stored. An
action is appended in the same transaction that moves the table's version on.

Every method is blocking; the server calls them from worker threads. On SQLite and
PostgreSQL (``quick_appends``) ``append_actions`` writes a batch of actions (of any
tables) in one short transaction (``batches.py``).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

import orjson
from sqlalchemy import ColumnElement, Table, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from geodeck.server.storage import decks, practice
from geodeck.server.storage.batches import Batches
from geodeck.server.storage.database import Database
from geodeck.server.storage.players import rated, seat_players
from geodeck.server.storage.schema import (
    Append,
    Conflict,
    Openness,
    PracticeAnswerRow,
    SeatRow,
    StoredTable,
    actions,
    dumps,
    openness,
    rematches,
    seats,
    table_secrets,
    tables,
    timeouts,
    timings,
)


def _of(table: Table, code: str) -> ColumnElement[bool]:
    """The rows of one table code."""
    return table.c.code == code


_APPEND = insert(actions)
_MOVE_ON = (
    update(tables)
    .where(
        tables.c.code == bindparam("b_code"),
        tables.c.version == bindparam("b_index"),
        tables.c.changes == bindparam("b_changes"),
    )
    .values(
        version=bindparam("b_next"),
        status=bindparam("b_status"),
        updated=bindparam("b_updated"),
        outcome=bindparam("b_outcome"),
    )
)


class _Gone(Exception):
    """The table is no longer stored: what was written for it is undone."""


class Storage(Database):
    """The tables of one database. ``schema`` puts the tables in a PostgreSQL schema."""

    def __init__(self, url: str | None = None, *, schema: str | None = None) -> None:
        super().__init__(url, schema=schema)
        self.quick_appends = self.kind in ("sqlite", "postgresql")
        """Whether appends go in batches, one commit for many (``append_actions``)."""
        self._batches = Batches(self.engine, schema)
        self._practice_day = ""
        """The UTC day of the last practice answers stored (``add_practice_answers``)."""

    def close(self) -> None:
        self._batches.close()
        super().close()

    # -- writing --------------------------------------------------------------------------

    def create_table(
        self,
        *,
        code: str,
        game: str,
        variant: str,
        status: str,
        clock: float | None,
        head: Mapping[str, object],
        seat_rows: Sequence[SeatRow],
        secret: bytes | None = None,
        pause: float = 0.0,
        bank: float = 0.0,
        opened: Openness | None = None,
    ) -> None:
        """Store a new table (with its secret, pause, bank and openness); ``Conflict`` if
        its code is taken."""
        now = time.time()
        rest, digest, body = decks.split(head)
        try:
            with self._tx() as conn:
                # Each statement with its values as parameters: compiled once, not per table.
                conn.execute(
                    insert(tables),
                    {
                        "code": code,
                        "game": game,
                        "variant": variant,
                        "status": status,
                        "version": 0,
                        "clock": clock,
                        "head": dumps(rest),
                        "outcome": None,
                        "created": now,
                        "updated": now,
                    },
                )
                if seat_rows:
                    conn.execute(
                        insert(seats),
                        [
                            {
                                "code": code,
                                "seat": row.seat,
                                "bot": row.bot,
                                "token_hash": row.token_hash,
                            }
                            for row in seat_rows
                        ],
                    )
                if digest is not None and body is not None:
                    decks.keep(conn, code, digest, body)
                if secret is not None:
                    conn.execute(insert(table_secrets), {"code": code, "secret": secret.hex()})
                conn.execute(insert(timings), {"code": code, "pause": pause, "bank": bank})
                if opened is not None:
                    conn.execute(
                        insert(openness),
                        {
                            "code": code,
                            "public": opened.public,
                            "language": opened.language,
                            "chat": opened.chat,
                        },
                    )
        except IntegrityError as err:
            raise Conflict(f"table {code} exists") from err

    def keep_banks(self, code: str, banks: Mapping[int, float]) -> None:
        """What each seat has left of its time bank."""
        text = dumps({str(seat): left for seat, left in banks.items()})
        self._write(update(timings).where(_of(timings, code)).values(banks=text))

    def mark_timeout(self, code: str, index: int, event: int) -> None:
        """Action ``index`` was played by the server when its seat's time ran out; its
        first history event is number ``event``."""
        self._write(insert(timeouts).values(code=code, idx=index, event=event))

    def keep_secret(self, code: str, secret: bytes) -> bytes:
        """Store ``secret`` for a table that has none (one stored before tables had
        secrets) and return it; if another process stored one first, return that."""
        try:
            self._write(insert(table_secrets).values(code=code, secret=secret.hex()))
        except IntegrityError:
            row = self._first(select(table_secrets.c.secret).where(_of(table_secrets, code)))
            if row is not None:
                return bytes.fromhex(row.secret)
            raise
        return secret

    def claim_seat(
        self,
        code: str,
        seat: int,
        token_hash: str,
        *,
        status: str,
        head: Mapping[str, object] | None = None,
    ) -> None:
        """Give a free seat its token (and, before play, a new head with its name)."""
        with self._tx() as conn:
            done = conn.execute(
                update(seats)
                .where(_of(seats, code), seats.c.seat == seat, seats.c.token_hash.is_(None))
                .values(token_hash=token_hash)
            )
            if done.rowcount != 1:
                raise Conflict(f"seat {seat} of table {code} is taken")
            values: dict[str, object] = {"status": status, "updated": time.time()}
            if head is not None:
                values["head"] = decks.head_text(conn, code, head)
            conn.execute(update(tables).where(_of(tables, code)).values(**values))

    def append_action(
        self,
        code: str,
        index: int,
        action: Mapping[str, object],
        *,
        status: str,
        outcome: Mapping[str, object] | None = None,
        changes: int = 0,
    ) -> None:
        """Append action number ``index`` (from 0) and move the table to ``index + 1``.

        One transaction: either both happen or neither. ``Conflict`` if that index is
        already stored (another writer got there first), or if the table's ``changes`` is
        no longer ``changes`` (``geodeck admin`` changed it, ``table_mark``).
        """
        if self.quick_appends:
            item = Append(code, index, action, status, outcome, changes)
            failed = self.append_actions([item])[0]
            if failed is not None:
                raise failed
            return
        now = time.time()
        text = dumps(action)
        ended = None if outcome is None else dumps(outcome)
        try:
            with self._tx() as conn:
                conn.execute(_APPEND, {"code": code, "idx": index, "action": text, "at": now})
                moved = conn.execute(
                    _MOVE_ON,
                    {
                        "b_code": code,
                        "b_index": index,
                        "b_next": index + 1,
                        "b_status": status,
                        "b_updated": now,
                        "b_outcome": ended,
                        "b_changes": changes,
                    },
                )
                if moved.rowcount != 1:
                    raise Conflict(f"table {code} is not at version {index}")
        except IntegrityError as err:
            raise Conflict(f"action {index} of table {code} is stored already") from err

    def append_actions(self, batch: Sequence[Append]) -> list[Exception | None]:
        """Store several appends (``quick_appends``) in one commit: for each, ``None``
        once it is committed, or the error that kept it out (``Conflict`` as
        ``append_action`` raises it). A failure of the commit itself fails them all.

        The batch goes in two statements, all tables moved on and then all actions
        written. If a table is not at its version (another writer was first), or an
        action row exists while its table is at the version before it (a damaged
        database), the batch is undone and written again one append at a time, each
        behind a savepoint: a refused append then changes nothing and the others go
        ahead."""
        if not self.quick_appends:
            raise RuntimeError(f"batched appends are for SQLite and PostgreSQL, not {self.kind}")
        return self._batches.write(batch)

    def set_status(self, code: str, status: str) -> None:
        self._write(
            update(tables).where(_of(tables, code)).values(status=status, updated=time.time())
        )

    def delete_table(self, code: str) -> str | None:
        """Delete the table with everything kept of it (its rating row and player keys
        too); the code of its rematch, if it had one (that table is not deleted).

        The table's row goes first: a rematch being kept meanwhile (``keep_rematch``)
        either finds the table gone or is seen here."""
        with self._tx() as conn:
            conn.execute(delete(tables).where(_of(tables, code)))
            decks.forget(conn, code)
            again = conn.execute(select(rematches.c.rematch).where(_of(rematches, code))).first()
            for table in (actions, seats, table_secrets, timings, timeouts, rematches, openness):
                conn.execute(delete(table).where(_of(table, code)))
            for table in (rated, seat_players):
                conn.execute(delete(table).where(table.c.code == code))
        return None if again is None else str(again.rematch)

    def keep_rematch(self, code: str, rematch: str) -> bool:
        """The code of the table that plays table ``code`` again: ``False`` (nothing kept)
        if table ``code`` is no longer stored, ``Conflict`` if it has a rematch already."""
        try:
            with self._tx() as conn:
                conn.execute(insert(rematches).values(code=code, rematch=rematch))
                held = select(tables.c.code).where(_of(tables, code)).with_for_update()
                if conn.execute(held).first() is None:
                    raise _Gone(code)
        except _Gone:
            return False
        except IntegrityError as err:
            raise Conflict(f"table {code} has a rematch") from err
        return True

    def rematch_of(self, code: str) -> str | None:
        """The code of the table that plays table ``code`` again, if there is one."""
        row = self._first(select(rematches.c.rematch).where(_of(rematches, code)))
        return None if row is None else str(row.rematch)

    def add_practice_answers(
        self,
        game: str,
        answers: Sequence[tuple[str, bool]],
        sender: practice.Sender,
        weights: practice.Weights | None = None,
    ) -> int:
        """Store practice answers ``(card, right)`` of ``game`` that ``sender``'s bounds
        (``weights``, by default ``Weights()``) leave, all in one transaction; the number
        stored (``storage/practice.py``). The first batch of a UTC day forgets the
        addresses' counts of the days before."""
        day = practice.day_of(practice.now())
        if day != self._practice_day:
            self._practice_day = day
            practice.forget_days_before(self.engine, day)
        bounds = weights or practice.Weights()
        return practice.add_answers(self.engine, game, answers, sender, bounds)

    # -- reading --------------------------------------------------------------------------

    def has_table(self, code: str) -> bool:
        return self._first(select(tables.c.code).where(_of(tables, code))) is not None

    def table_mark(self, code: str) -> tuple[int, int] | None:
        """The table's version and ``changes`` as stored; ``None`` if it is not stored
        (``geodeck admin`` closed, purged or ended it)."""
        row = self._first(select(tables.c.version, tables.c.changes).where(_of(tables, code)))
        return None if row is None else (int(row.version), int(row.changes))

    def load_table(self, code: str) -> StoredTable | None:
        """A table with its seats and every stored action, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(_of(tables, code))).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(seats.c.seat, seats.c.bot, seats.c.token_hash)
                .where(_of(seats, code))
                .order_by(seats.c.seat)
            ).all()
            action_rows = conn.execute(
                select(actions.c.action).where(_of(actions, code)).order_by(actions.c.idx)
            ).all()
            secret_row = conn.execute(
                select(table_secrets.c.secret).where(_of(table_secrets, code))
            ).first()
            timing = conn.execute(select(timings).where(_of(timings, code))).first()
            late = conn.execute(
                select(timeouts.c.event).where(_of(timeouts, code)).order_by(timeouts.c.idx)
            ).all()
            again = conn.execute(select(rematches.c.rematch).where(_of(rematches, code))).first()
            opened = conn.execute(select(openness).where(_of(openness, code))).first()
            head = decks.joined(conn, code, orjson.loads(row.head))
        banks = {} if timing is None or timing.banks is None else orjson.loads(timing.banks)
        return StoredTable(
            code=row.code,
            game=row.game,
            variant=row.variant,
            status=row.status,
            clock=row.clock,
            head=head,
            seats=tuple(SeatRow(r.seat, r.bot, r.token_hash) for r in seat_rows),
            actions=tuple(orjson.loads(r.action) for r in action_rows),
            secret=None if secret_row is None else bytes.fromhex(secret_row.secret),
            pause=0.0 if timing is None else timing.pause,
            bank=0.0 if timing is None else timing.bank,
            banks={int(seat): float(left) for seat, left in banks.items()},
            timeouts=tuple(r.event for r in late),
            rematch=None if again is None else again.rematch,
            openness=Openness()
            if opened is None
            else Openness(opened.public, opened.language, opened.chat),
            changes=row.changes,
        )

    def actions_since(self, code: str, index: int) -> list[dict[str, object]]:
        """The stored actions from number ``index`` on, in order."""
        rows = self._all(
            select(actions.c.action)
            .where(_of(actions, code), actions.c.idx >= index)
            .order_by(actions.c.idx)
        )
        return [orjson.loads(r.action) for r in rows]

    def codes(self, *, unfinished: bool = True) -> list[str]:
        """Codes of the stored tables, only those still in play by default."""
        query = select(tables.c.code).order_by(tables.c.created)
        if unfinished:
            query = query.where(tables.c.status != "finished")
        return [r.code for r in self._all(query)]

    def practice_answers(self, game: str) -> list[PracticeAnswerRow]:
        """Every stored practice answer of ``game``, oldest first."""
        return practice.read_answers(self.engine, game)
