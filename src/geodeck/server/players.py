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
from typing import Protocol, TypedDict

import orjson
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from geodeck.names import BadName, clean_name
from geodeck.ratings import Rating, bot_rating, family
from geodeck.server import standing
from geodeck.server.bodies import PlayerSpec
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import Refusal
from geodeck.server.standing import Rule
from geodeck.server.storage import Storage
from geodeck.server.storage.players import names, players, rated, ratings, seat_players
from geodeck.server.storage.players import standing as standings
from geodeck.server.storage.schema import tables
from geodeck.server.tokens import token_hash

KEY = re.compile(r"[A-Za-z0-9_-]{32,128}")
"""A player key: 32 to 128 letters, digits, ``-`` or ``_`` (32 hex digits are 128 bits)."""
HEADER = "X-Geodeck-Player"
NICKNAME_LENGTH = 40
TOP = 50


class RatingRow(Protocol):
    """A stored rating as a query reads it."""

    @property
    def mu(self) -> float: ...
    @property
    def sigma(self) -> float: ...
    @property
    def games(self) -> int: ...


class StandingRow(Protocol):
    @property
    def counted(self) -> int | None: ...
    @property
    def opponents(self) -> int | None: ...


class Change(TypedDict):
    """A seat's rating before and after a rated table, as shown."""

    before: int
    after: int


class Shown(TypedDict):
    """A player's rating in a family: as shown, and its ``mu``, ``sigma`` and games."""

    rating: int
    mu: float
    sigma: float
    games: int


class Standing(TypedDict):
    counted: int
    opponents: int
    established: bool


class Listed(Shown):
    """A player on a family's board."""

    nickname: str


class RatedIn(Shown, Standing):
    """A player's rating and standing in a family."""


class Me(TypedDict):
    nickname: str
    board_nickname: str | None
    ratings: dict[str, RatedIn]


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
    """Keep a player's latest nickname (a new player is added); a player who holds a name
    on the boards holds this one instead, if nobody else does."""
    done = conn.execute(
        update(players).where(players.c.key_hash == digest).values(nickname=nickname)
    )
    if done.rowcount == 0:
        conn.execute(
            insert(players).values(key_hash=digest, nickname=nickname, created=time.time())
        )
    else:
        standing.rename(conn, digest, nickname)


def check_nickname(storage: Storage, digest: str, nickname: str) -> None:
    """``player/nickname_taken`` if another player holds ``nickname`` on the boards (or
    one that looks the same, docs/ratings.md)."""
    with storage.engine.connect() as conn:
        found = standing.holder(conn, nickname)
    if found is not None and found != digest:
        raise Refusal(
            ErrorCode.PLAYER_NICKNAME_TAKEN,
            "another player is on the board under this nickname, or one that looks the same: "
            "choose another",
        )


def link_seat(
    storage: Storage, code: str, seat: int, digest: str, nickname: str, rule: Rule
) -> None:
    """A seat of table ``code`` was claimed with this player key."""
    with storage.engine.begin() as conn:
        remember(conn, digest, nickname)
        if standing.established_anywhere(conn, digest, rule):
            standing.take_name(conn, digest)
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


def rate_table(storage: Storage, code: str, rule: Rule) -> list[Change | None] | None:
    """Update the ratings of the seats of a finished table that carry a player key, once:
    the changes per seat, or ``None`` if the table is not finished or was rated already
    (by this process or another). Each key's game counts against the bots (at their
    fixed ratings) and the keys established before it (``standing.py``) alone."""
    for attempt in range(RATE_TRIES):
        try:
            return _rate_once(storage, code, rule)
        except _Raced:
            time.sleep(0.01 * (attempt + 1))
    raise RuntimeError(f"table {code}: its players' ratings kept changing under it")


def _rate_once(storage: Storage, code: str, rule: Rule) -> list[Change | None] | None:
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
            sitting = standing.sitting_of(conn, code)
            if not sitting.keyed:
                # Nobody to rate: the table is marked rated, with no change for any seat.
                unrated: list[Change | None] = [None] * len(scores)
                conn.execute(
                    insert(rated), {"code": code, "changes": _dumps(unrated), "at": time.time()}
                )
                return unrated
            conn.execute(insert(rated).values(code=code, changes="[]", at=time.time()))
            changes = _rate_seats(conn, row.game, fam, scores, sitting, rule)
            conn.execute(update(rated).where(rated.c.code == code).values(changes=_dumps(changes)))
    except IntegrityError:
        return None
    return changes


def _rate_seats(
    conn: Connection,
    game: str,
    fam: str,
    scores: list[float],
    sitting: standing.Sitting,
    rule: Rule,
) -> list[Change | None]:
    """Write the keyed seats' ratings and standing after the game; the changes per seat."""
    keys = list(sitting.keyed.values())
    _lock_ratings(conn, keys, fam)
    was = standing.standings(conn, keys, fam)
    ahead = [key for key in keys if rule.established(*was.get(key, (0, 0)))]
    before: list[Rating] = []
    games: dict[int, int] = {}
    for seat in range(len(scores)):
        if seat in sitting.bots:
            before.append(bot_rating(game, sitting.bots[seat]))
        elif seat in sitting.keyed:
            rating, games[seat] = stored_rating(conn, sitting.keyed[seat], fam)
            before.append(rating)
        else:
            before.append(Rating())
    changes: list[Change | None] = []
    for seat in range(len(scores)):
        if seat in sitting.keyed:
            key = sitting.keyed[seat]
            against = sitting.against(seat, ahead)
            after = standing.rated_against(before, scores, seat, against)
            _keep_rating(conn, key, fam, after, games[seat] + 1)
            if against:
                _count(conn, key, fam, [sitting.opponent(s) for s in against], was.get(key), rule)
            changes.append(_change(before[seat], after))
        elif seat in sitting.bots:
            changes.append(_change(before[seat], before[seat]))
        else:
            changes.append(None)
    return changes


def _count(
    conn: Connection, key: str, fam: str, met: list[str], was: tuple[int, int] | None, rule: Rule
) -> None:
    """A counted game of ``key``; once established it takes its nickname on the boards."""
    try:
        with conn.begin_nested():
            now = standing.count_game(conn, key, fam, met, was)
    except IntegrityError:
        raise _Raced from None
    if rule.established(*now):
        standing.take_name(conn, key)


def _change(before: Rating, after: Rating) -> Change:
    return {"before": before.shown(), "after": after.shown()}


def _dumps(value: object) -> str:
    return orjson.dumps(value).decode()


def changes_of(storage: Storage, code: str) -> list[Change | None] | None:
    """The rating changes a finished table made, per seat (``None``: not rated yet)."""
    with storage.engine.connect() as conn:
        row = conn.execute(select(rated.c.changes).where(rated.c.code == code)).first()
    if row is None:
        return None
    changes: list[Change | None] = orjson.loads(row.changes)
    return changes


STANDING_OF_RATING = (standings.c.key_hash == ratings.c.key_hash) & (
    standings.c.family == ratings.c.family
)


def me(storage: Storage, digest: str, rule: Rule) -> Me | None:
    """A player's nickname, the name it holds on the boards and its ratings per family,
    or ``None`` for an unknown key."""
    with storage.engine.connect() as conn:
        row = conn.execute(select(players.c.nickname).where(players.c.key_hash == digest)).first()
        if row is None:
            return None
        held = conn.execute(select(names.c.nickname).where(names.c.key_hash == digest)).scalar()
        kept = conn.execute(
            select(ratings, standings.c.counted, standings.c.opponents)
            .outerjoin(standings, STANDING_OF_RATING)
            .where(ratings.c.key_hash == digest)
        ).all()
    found: dict[str, RatedIn] = {r.family: {**shown(r), **_standing(r, rule)} for r in kept}
    return {"nickname": row.nickname, "board_nickname": held, "ratings": found}


def _standing(row: StandingRow, rule: Rule) -> Standing:
    counted, met = int(row.counted or 0), int(row.opponents or 0)
    return {"counted": counted, "opponents": met, "established": rule.established(counted, met)}


def shown(row: RatingRow) -> Shown:
    rating = Rating(row.mu, row.sigma)
    return {"rating": rating.shown(), "mu": row.mu, "sigma": row.sigma, "games": row.games}


def top(storage: Storage, fam: str, rule: Rule, limit: int = TOP) -> list[Listed]:
    """The best-rated established players of a family, by displayed rating, each under
    the nickname it holds: nickname, rating, games."""
    ordinal = ratings.c.mu - 3 * ratings.c.sigma
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(names.c.nickname, ratings.c.mu, ratings.c.sigma, ratings.c.games)
            .join(standings, STANDING_OF_RATING)
            .join(names, names.c.key_hash == ratings.c.key_hash)
            .where(
                ratings.c.family == fam,
                standings.c.counted >= rule.games,
                standings.c.opponents >= rule.opponents,
            )
            .order_by(ordinal.desc(), names.c.nickname)
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
