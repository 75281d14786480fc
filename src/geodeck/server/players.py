"""Players at a server: a player key without a password, a nickname, and a rating per
game family updated once after each finished table (docs/ratings.md, docs/protocol.md).

The browser or the terminal makes the key (128 bits or more, at random) and keeps it; the
server keeps only its SHA-256, like a seat token's. The key is never sent back, never
written in a record and never logged. The functions here are blocking: the server runs
them in worker threads.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

import orjson
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from geodeck.names import BadName, clean_name
from geodeck.ratings import Rating, bot_rating, family
from geodeck.ratings import update as rate
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import PlayerSpec, Refusal
from geodeck.server.storage import Storage
from geodeck.server.storage.players import players, rated, ratings, seat_players
from geodeck.server.storage.schema import seats, tables
from geodeck.server.tokens import token_hash

KEY = re.compile(r"[A-Za-z0-9_-]{32,128}")
"""A player key: 32 to 128 letters, digits, ``-`` or ``_`` (32 hex digits are 128 bits)."""
HEADER = "X-Geodeck-Player"
NICKNAME_LENGTH = 40
TOP = 50


def key_hash(key: str | None) -> str:
    """The stored form of a player key; ``player/bad_key`` for one that is not a key."""
    if not isinstance(key, str) or KEY.fullmatch(key) is None:
        raise Refusal(
            ErrorCode.PLAYER_BAD_KEY,
            "a player key is 32 to 128 letters, digits, '-' or '_' (make it at random)",
        )
    return token_hash(key)


def nickname_of(text: str | None) -> str:
    """A nickname, trimmed; ``player/bad_nickname`` for an empty, long or odd one."""
    try:
        return clean_name(text or "", limit=NICKNAME_LENGTH, what="a nickname")
    except BadName as err:
        raise Refusal(ErrorCode.PLAYER_BAD_NICKNAME, err.reason) from None


def checked(spec: PlayerSpec) -> tuple[str, str]:
    """The key hash and nickname of a ``player`` field, or a refusal."""
    return key_hash(spec.key), nickname_of(spec.nickname)


def remember(conn: Connection, digest: str, nickname: str) -> None:
    """Keep a player's latest nickname (a new player is added)."""
    done = conn.execute(
        update(players).where(players.c.key_hash == digest).values(nickname=nickname)
    )
    if done.rowcount == 0:
        conn.execute(
            insert(players).values(key_hash=digest, nickname=nickname, created=time.time())
        )


def link_seat(storage: Storage, code: str, seat: int, digest: str, nickname: str) -> None:
    """A seat of table ``code`` was claimed with this player key."""
    with storage.engine.begin() as conn:
        remember(conn, digest, nickname)
        conn.execute(insert(seat_players).values(code=code, seat=seat, key_hash=digest))


def stored_rating(conn: Connection, digest: str, fam: str) -> tuple[Rating, int]:
    """A player's rating in a family and games counted (a new player's if none)."""
    row = conn.execute(
        select(ratings).where(ratings.c.key_hash == digest, ratings.c.family == fam)
    ).first()
    if row is None:
        return Rating(), 0
    return Rating(row.mu, row.sigma), int(row.games)


class _Raced(Exception):
    """Another table's update made a player's first rating in between: read again."""


def _lock_ratings(conn: Connection, digests: Sequence[str], fam: str) -> None:
    """Hold the rating rows of ``digests`` in ``fam`` until the transaction ends (on
    PostgreSQL; SQLite has one writer at a time anyway), in one order so that two tables
    sharing players cannot wait on each other: a player who finishes two tables at once
    has both counted, the second from the first's result."""
    conn.execute(
        select(ratings.c.key_hash)
        .where(ratings.c.key_hash.in_(sorted(set(digests))), ratings.c.family == fam)
        .order_by(ratings.c.key_hash)
        .with_for_update()
    ).all()


def _keep_rating(conn: Connection, digest: str, fam: str, after: Rating, games: int) -> None:
    where = (ratings.c.key_hash == digest) & (ratings.c.family == fam)
    values = {"mu": after.mu, "sigma": after.sigma, "games": games}
    if conn.execute(update(ratings).where(where).values(**values)).rowcount == 0:
        try:
            with conn.begin_nested():
                conn.execute(insert(ratings).values(key_hash=digest, family=fam, **values))
        except IntegrityError:
            raise _Raced from None


RATE_TRIES = 5


def rate_table(storage: Storage, code: str) -> list[dict[str, Any] | None] | None:
    """Update the ratings of the seats of a finished table that carry a player key, once:
    the changes per seat, or ``None`` if the table is not finished or was rated already
    (by this process or another). Bots stand at their fixed ratings; a person without a
    key is taken as a new player and nothing is kept for them."""
    for attempt in range(RATE_TRIES):
        try:
            return _rate_once(storage, code)
        except _Raced:
            time.sleep(0.01 * (attempt + 1))
    raise RuntimeError(f"table {code}: its players' ratings kept changing under it")


def _rate_once(storage: Storage, code: str) -> list[dict[str, Any] | None] | None:
    try:
        with storage.engine.begin() as conn:
            row = conn.execute(
                select(tables.c.game, tables.c.status, tables.c.outcome).where(
                    tables.c.code == code
                )
            ).first()
            if row is None or row.status != "finished" or row.outcome is None:
                return None
            try:
                fam = family(row.game)
            except ValueError:
                return None
            scores = [float(s) for s in orjson.loads(row.outcome)["scores"]]
            keyed: dict[int, str] = {}
            for r in conn.execute(
                select(seat_players.c.seat, seat_players.c.key_hash)
                .where(seat_players.c.code == code)
                .order_by(seat_players.c.seat)
            ):
                if r.key_hash not in keyed.values():
                    keyed[r.seat] = r.key_hash
            if not keyed:
                # Nobody to rate: the table is marked rated, with no change for any seat.
                unrated: list[dict[str, Any] | None] = [None] * len(scores)
                conn.execute(
                    insert(rated), {"code": code, "changes": _dumps(unrated), "at": time.time()}
                )
                return unrated
            conn.execute(insert(rated).values(code=code, changes="[]", at=time.time()))
            bots = {
                r.seat: r.bot
                for r in conn.execute(select(seats.c.seat, seats.c.bot).where(seats.c.code == code))
            }
            _lock_ratings(conn, list(keyed.values()), fam)
            before: list[Rating] = []
            games: dict[int, int] = {}
            for seat in range(len(scores)):
                bot = bots.get(seat)
                if bot:
                    before.append(bot_rating(row.game, bot))
                elif seat in keyed:
                    rating, played = stored_rating(conn, keyed[seat], fam)
                    before.append(rating)
                    games[seat] = played
                else:
                    before.append(Rating())
            after = rate(before, scores)
            changes: list[dict[str, Any] | None] = []
            for seat in range(len(scores)):
                if seat in keyed:
                    _keep_rating(conn, keyed[seat], fam, after[seat], games[seat] + 1)
                    changes.append(_change(before[seat], after[seat]))
                elif bots.get(seat):
                    changes.append(_change(before[seat], before[seat]))
                else:
                    changes.append(None)
            conn.execute(update(rated).where(rated.c.code == code).values(changes=_dumps(changes)))
    except IntegrityError:
        return None
    return changes


def _change(before: Rating, after: Rating) -> dict[str, Any]:
    return {"before": before.shown(), "after": after.shown()}


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


def changes_of(storage: Storage, code: str) -> list[dict[str, Any] | None] | None:
    """The rating changes a finished table made, per seat (``None``: not rated yet)."""
    with storage.engine.connect() as conn:
        row = conn.execute(select(rated.c.changes).where(rated.c.code == code)).first()
    if row is None:
        return None
    changes: list[dict[str, Any] | None] = orjson.loads(row.changes)
    return changes


def me(storage: Storage, digest: str) -> dict[str, Any] | None:
    """A player's nickname and ratings per family, or ``None`` for an unknown key."""
    with storage.engine.connect() as conn:
        row = conn.execute(select(players.c.nickname).where(players.c.key_hash == digest)).first()
        if row is None:
            return None
        kept = conn.execute(select(ratings).where(ratings.c.key_hash == digest)).all()
    return {"nickname": row.nickname, "ratings": {r.family: shown(r) for r in kept}}


def shown(row: Any) -> dict[str, Any]:
    rating = Rating(row.mu, row.sigma)
    return {"rating": rating.shown(), "mu": row.mu, "sigma": row.sigma, "games": row.games}


def top(storage: Storage, fam: str, limit: int = TOP) -> list[dict[str, Any]]:
    """The best-rated players of a family, by displayed rating: nickname, rating, games."""
    ordinal = ratings.c.mu - 3 * ratings.c.sigma
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(players.c.nickname, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .join(players, players.c.key_hash == ratings.c.key_hash)
            .where(ratings.c.family == fam)
            .order_by(ordinal.desc(), players.c.nickname)
            .limit(limit)
        ).all()
    return [{"nickname": r.nickname, **shown(r)} for r in rows]


def seat_keys(storage: Storage, code: str) -> Sequence[int]:
    """The seats of a table claimed with a player key."""
    with storage.engine.connect() as conn:
        rows = conn.execute(select(seat_players.c.seat).where(seat_players.c.code == code)).all()
    return [r.seat for r in rows]


def carry_over(storage: Storage, code: str, again: str) -> None:
    """Table ``again`` plays table ``code`` again: each seat keeps its player key."""
    with storage.engine.begin() as conn:
        rows = conn.execute(
            select(seat_players.c.seat, seat_players.c.key_hash).where(seat_players.c.code == code)
        ).all()
        if rows:
            conn.execute(
                insert(seat_players),
                [{"code": again, "seat": r.seat, "key_hash": r.key_hash} for r in rows],
            )
