"""Each deck stored once, however many tables are dealt from it.

A record's head embeds every card of its deck (docs/records.md), some 60 KB for a
shipped deck and up to the cap on a sent one (``Settings.deck_bytes``). Storage keeps
those parts of a head in ``geodeck_decks`` under the SHA-256 of their JSON, and each
table's row names its deck by that hash; reading a table puts its head together again,
so a record is the same as ever. A table stored before this has its deck in its head.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

import orjson
from sqlalchemy import Connection, delete, exists, insert, select
from sqlalchemy.exc import IntegrityError

from geodeck.server.storage.schema import decks, dumps, table_decks

DECK_KEYS = ("cards", "countries", "questions")
"""The keys of a record's head that are its deck (cross games: ``cards``; Undercover:
``countries`` and ``questions``)."""


def split(head: Mapping[str, object]) -> tuple[dict[str, object], str | None, str | None]:
    """``head`` without its deck, the deck's hash and its JSON (``None``, ``None`` for a
    head without one)."""
    parts = {key: head[key] for key in DECK_KEYS if key in head}
    rest = {key: value for key, value in head.items() if key not in parts}
    if not parts:
        return rest, None, None
    body = orjson.dumps(parts, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()
    return rest, hashlib.sha256(body.encode()).hexdigest(), body


def keep(conn: Connection, code: str, digest: str, body: str) -> None:
    """Name deck ``digest`` as table ``code``'s, storing the deck unless it is stored."""
    if conn.execute(select(decks.c.hash).where(decks.c.hash == digest)).first() is None:
        try:
            with conn.begin_nested():
                conn.execute(insert(decks), {"hash": digest, "body": body})
        except IntegrityError:
            pass  # stored meanwhile by another process, the same bytes
    conn.execute(insert(table_decks), {"code": code, "hash": digest})


def joined(conn: Connection, code: str, head: dict[str, object]) -> dict[str, object]:
    """Table ``code``'s whole head: ``head`` with its stored deck put back in."""
    row = conn.execute(
        select(decks.c.body)
        .join(table_decks, table_decks.c.hash == decks.c.hash)
        .where(table_decks.c.code == code)
    ).first()
    return head if row is None else {**head, **orjson.loads(row.body)}


def head_text(conn: Connection, code: str, head: Mapping[str, object]) -> str:
    """The JSON to store as table ``code``'s head from now on: without its deck where
    the table names its stored deck, whole for a table stored before."""
    rest, digest, _ = split(head)
    named = conn.execute(select(table_decks.c.hash).where(table_decks.c.code == code)).first()
    return dumps(rest if named is not None and named.hash == digest else head)


def forget(conn: Connection, code: str) -> None:
    """Table ``code`` names no deck any more; a deck no table names is deleted."""
    named = conn.execute(select(table_decks.c.hash).where(table_decks.c.code == code)).first()
    if named is None:
        return
    conn.execute(delete(table_decks).where(table_decks.c.code == code))
    still = select(table_decks.c.code).where(table_decks.c.hash == named.hash)
    conn.execute(delete(decks).where(decks.c.hash == named.hash, ~exists(still)))
