"""What storage holds: the database tables, and the rows read from and written to them.

A table's record is kept in two parts: its head (the record without actions, written
once at creation and changed only by a seat rename before play) and one row per action.
The primary key ``(code, idx)`` of the actions makes a second writer of the same action
index fail instead of forking the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import Boolean, Column, Float, Integer, MetaData, String, Table, Text

metadata = MetaData()


def _keyed_by_code(name: str, *columns: Column[Any]) -> Table:
    """A table whose rows belong to one table code (the first part of its key)."""
    return Table(name, metadata, Column("code", String(16), primary_key=True), *columns)


tables = _keyed_by_code(
    "geodeck_tables",
    Column("game", String(32), nullable=False),
    Column("variant", String(32), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("clock", Float, nullable=True),
    Column("head", Text, nullable=False),
    Column("outcome", Text, nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False, index=True),
    Column("changes", Integer, nullable=False, server_default="0"),
)
"""``changes`` counts what ``geodeck admin`` changed of a table behind a server's back (a
player key forgotten): a process that holds the table stores an action only while it is
the count it knows, and reads the table again when it is not (``Storage.table_mark``)."""

seats = _keyed_by_code(
    "geodeck_seats",
    Column("seat", Integer, primary_key=True),
    Column("bot", String(32), nullable=True),
    Column("token_hash", String(64), nullable=True),
)

table_secrets = _keyed_by_code(
    "geodeck_secrets",
    Column("secret", String(128), nullable=False),
)
"""Each table's secret (``dealing.py``), hex: never sent, never part of a record."""

actions = _keyed_by_code(
    "geodeck_actions",
    Column("idx", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


timings = _keyed_by_code(
    "geodeck_timings",
    Column("pause", Float, nullable=False),
    Column("bank", Float, nullable=False),
    Column("banks", Text, nullable=True),
)
"""Each table's pause after a moment and time bank (``timing.py``), with the banks the
seats have left; a table stored before tables had them has no row (no pause, no bank)."""

timeouts = _keyed_by_code(
    "geodeck_timeouts",
    Column("idx", Integer, primary_key=True),
    Column("event", Integer, nullable=False),
)
"""The actions the server played for a seat whose time ran out, each with the number of
its first history event: what the history says of it, not part of the record."""


rematches = _keyed_by_code(
    "geodeck_rematches",
    Column("rematch", String(16), nullable=False),
)
"""A finished table's rematch: the code of the table made to play it again (one at most,
so a second request finds the first's)."""

decks = Table(
    "geodeck_decks",
    metadata,
    Column("hash", String(64), primary_key=True),
    Column("body", Text, nullable=False),
)
"""The decks of the stored tables, each once by its content (``decks.py``): the parts of
a record's head that are its deck, as JSON, under the SHA-256 of that JSON."""

table_decks = _keyed_by_code(
    "geodeck_table_decks",
    Column("hash", String(64), nullable=False, index=True),
)
"""The deck of each table stored since decks are stored once; its head holds the rest of
the record's head. A table stored before has no row, and its head holds its deck."""

classes = _keyed_by_code(
    "geodeck_classes",
    Column("game", String(32), nullable=False),
    Column("title", String(80), nullable=False),
    Column("deck", Text, nullable=True),
    Column("teacher_hash", String(64), nullable=False),
    Column("assignment", Text, nullable=True),
    Column("created", Float, nullable=False),
)
"""A classroom (docs/classroom.md): its game, its deck (JSON, or none for the server's),
the hash of the teacher's token and the current assignment (JSON)."""

pupils = _keyed_by_code(
    "geodeck_pupils",
    Column("pupil", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64), nullable=False),
    Column("seat", Text, nullable=True),
)
"""A class's pupils: first name, the hash of the pupil's token and, while the class plays,
the pupil's seat (table code and seat, JSON), claimed with the pupil's token hash."""

class_answers = Table(
    "geodeck_class_answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, index=True),
    Column("pupil", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("card", String(64), nullable=True),
    Column("area", String(16), nullable=True),
    Column("correct", Integer, nullable=False),
    Column("at", Float, nullable=False),
)
"""Each practice answer (``kind`` ``answer``) and round end (``end``) a pupil posted."""

class_tables = Table(
    "geodeck_class_tables",
    metadata,
    Column("table_code", String(16), primary_key=True),
    Column("code", String(16), nullable=False, index=True),
    Column("seats", Text, nullable=False),
)
"""The tables a class was given, with the pupil of each seat (JSON ``{seat: pupil}``)."""

practice_answers = Table(
    "geodeck_practice_answers",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False, index=True),
    Column("card", String(64), nullable=False),
    Column("right", Boolean, nullable=False),
    Column("at", Float, nullable=False),
)
"""Practice answers sent by browsers (``POST /api/practice/answers``): which card of
which game was placed right or wrong, and when; the raw material of card difficulty
(docs/ratings.md). A database made before this table gets it when the server starts."""


practice_counts = Table(
    "geodeck_practice_counts",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("card", String(64), primary_key=True),
    Column("holder", String(80), primary_key=True),
    Column("period", String(10), primary_key=True, index=True),
    Column("n", Integer, nullable=False),
)
"""How many practice answers about a card were stored (``storage/practice.py``): per
player key (``holder`` the key's SHA-256, ``period`` empty: ever) and per client address
(``holder`` ``@`` and the first 32 hex digits of the address's SHA-256, ``period`` the UTC
day; rows of days gone are deleted)."""


@dataclass(frozen=True, slots=True)
class PracticeAnswerRow:
    card: str
    right: bool
    at: float


openness = _keyed_by_code(
    "geodeck_openness",
    Column("public", Boolean, nullable=False, index=True),
    Column("language", String(8), nullable=False),
    Column("chat", String(16), nullable=False),
)
"""Whether the lobby lists a table, the language its players speak and who may write in
its chat (``listing.py``, ``chat.py``); a table stored before tables had them has no row
(private, English, players write)."""


@dataclass(frozen=True, slots=True)
class Openness:
    """A table's place in the lobby and its chat, as its creator chose them."""

    public: bool = False
    language: str = "en"
    chat: str = "players"


class Conflict(Exception):
    """Another writer stored this table's row or action first."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class StoredTable:
    code: str
    game: str
    variant: str
    status: str
    clock: float | None
    head: dict[str, object]
    seats: tuple[SeatRow, ...]
    actions: tuple[dict[str, object], ...]
    secret: bytes | None = None
    """``None`` for a table stored before tables had secrets."""
    pause: float = 0.0
    bank: float = 0.0
    banks: dict[int, float] = field(default_factory=dict)
    """What each seat that used some of its bank has left."""
    timeouts: tuple[int, ...] = ()
    """The history events that begin a move the server played when a seat's time ran out."""
    rematch: str | None = None
    """The code of the table made to play this one again, if any (``rematch.py``)."""
    openness: Openness = Openness()
    changes: int = 0
    """How often ``geodeck admin`` changed the table (``tables.changes``)."""

    def record(self) -> dict[str, object]:
        """The table's full ``geodeck/1`` record."""
        return {**self.head, "actions": [dict(a) for a in self.actions]}


@dataclass(frozen=True, slots=True)
class Append:
    """One action to store: number ``index`` of table ``code``, with the table's status
    (and outcome, once finished) after it."""

    code: str
    index: int
    action: Mapping[str, object]
    status: str
    outcome: Mapping[str, object] | None = None
    changes: int = 0
    """The table's ``changes`` as the writer knows it: stored only if it still is."""


def seat_names(head: Mapping[str, object]) -> list[str]:
    """The seats' names a table's head gives."""
    names = head.get("seats", [])
    return [str(n) for n in names] if isinstance(names, list) else []


def dumps(value: object) -> str:
    """A value as the JSON text a column holds."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
