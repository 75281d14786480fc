"""Standing: when a game counts for a player's rating, and who is on the board
(docs/ratings.md, Standing).

A rating could be farmed: one key winning quick games against keys made for the purpose
rose from 0 to 39 in 50 games, above the strongest bot, and first on the board. So:

- a game counts for a player key only against the opponents at its table that are bots
  (each level one opponent) or keys *established* in the game's family before it: the
  key's rating moves by the game's result among those seats alone, and a game without
  one leaves it as it was. Players without a key, provisional keys and a key's own
  second seat count for nothing;
- a key is *provisional* in a family until it has ``Rule.games`` counted games there
  against at least ``Rule.opponents`` distinct opponents; then it is established;
- the board lists established keys only, each under the nickname it holds: the first
  established key to take a nickname holds it, one key per name as the eye reads it (its
  skeleton, ``geodeck.names``).

The functions here are blocking; those taking a connection work in the caller's
transaction.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from geodeck.names import skeleton
from geodeck.ratings import Rating, rating_family
from geodeck.ratings import update as rate
from geodeck.server.settings import Settings
from geodeck.server.storage.players import (
    names,
    opponents,
    players,
    rated,
    seat_players,
    standing,
)
from geodeck.server.storage.schema import seats, tables


@dataclass(frozen=True, slots=True)
class Rule:
    """When a key is established in a family: after ``games`` counted games against at
    least ``opponents`` distinct opponents (``Settings.established_games``, ...)."""

    games: int
    opponents: int

    @classmethod
    def of(cls, settings: Settings) -> Rule:
        return cls(settings.established_games, settings.established_opponents)

    def established(self, counted: int, met: int) -> bool:
        return counted >= self.games and met >= self.opponents

    def to_json(self) -> dict[str, int]:
        return {"games": self.games, "opponents": self.opponents}


@dataclass(frozen=True, slots=True)
class Sitting:
    """Who sat where at a table, as the ratings see it: the seats claimed with a player
    key (a key on two seats: the first) and the bot seats, by level."""

    keyed: dict[int, str] = field(default_factory=dict)
    bots: dict[int, str] = field(default_factory=dict)

    def against(self, seat: int, established: Iterable[str]) -> list[int]:
        """The seats a game counts against for ``seat``: bots and established keys."""
        known = set(established)
        return [
            other
            for other in sorted(self.bots.keys() | self.keyed.keys())
            if other != seat and (other in self.bots or self.keyed[other] in known)
        ]

    def opponent(self, seat: int) -> str:
        """How a seat is kept among a player's opponents: a key's hash, or ``bot:LEVEL``."""
        return f"bot:{self.bots[seat]}" if seat in self.bots else self.keyed[seat]


def sitting_of(conn: Connection, code: str) -> Sitting:
    keyed: dict[int, str] = {}
    for row in conn.execute(
        select(seat_players.c.seat, seat_players.c.key_hash)
        .where(seat_players.c.code == code)
        .order_by(seat_players.c.seat)
    ):
        if row.key_hash not in keyed.values():
            keyed[row.seat] = row.key_hash
    bots = conn.execute(
        select(seats.c.seat, seats.c.bot).where(seats.c.code == code, seats.c.bot.is_not(None))
    ).all()
    return Sitting(keyed, {row.seat: row.bot for row in bots})


def rated_against(
    before: Sequence[Rating], scores: Sequence[float], seat: int, against: Sequence[int]
) -> Rating:
    """``seat``'s rating after a game that counts against the seats ``against`` alone:
    the game's ranking among them (unchanged without any)."""
    if not against:
        return before[seat]
    taken = [seat, *against]
    return rate([before[s] for s in taken], [scores[s] for s in taken])[0]


def standings(conn: Connection, digests: Iterable[str], fam: str) -> dict[str, tuple[int, int]]:
    """Each key's counted games and distinct opponents in ``fam`` (none: a new key)."""
    rows = conn.execute(
        select(standing.c.key_hash, standing.c.counted, standing.c.opponents).where(
            standing.c.key_hash.in_(sorted(set(digests))), standing.c.family == fam
        )
    )
    return {row.key_hash: (int(row.counted), int(row.opponents)) for row in rows}


def established_anywhere(conn: Connection, digest: str, rule: Rule) -> bool:
    """Whether the key is established in some family."""
    rows = conn.execute(
        select(standing.c.counted, standing.c.opponents).where(standing.c.key_hash == digest)
    )
    return any(rule.established(int(r.counted), int(r.opponents)) for r in rows)


def count_game(
    conn: Connection, digest: str, fam: str, met: Sequence[str], was: tuple[int, int] | None
) -> tuple[int, int]:
    """One more counted game of ``digest`` in ``fam``, against the opponents ``met``; its
    counted games and distinct opponents after it (an ``IntegrityError`` if another
    transaction wrote its first standing in between)."""
    seen = set(
        conn.execute(
            select(opponents.c.opponent).where(
                opponents.c.key_hash == digest,
                opponents.c.family == fam,
                opponents.c.opponent.in_(met),
            )
        ).scalars()
    )
    new = [m for m in dict.fromkeys(met) if m not in seen]
    if new:
        conn.execute(
            insert(opponents), [{"key_hash": digest, "family": fam, "opponent": m} for m in new]
        )
    counted, before = was or (0, 0)
    values = {"counted": counted + 1, "opponents": before + len(new)}
    if was is None:
        conn.execute(insert(standing).values(key_hash=digest, family=fam, **values))
    else:
        conn.execute(
            update(standing)
            .where(standing.c.key_hash == digest, standing.c.family == fam)
            .values(**values)
        )
    return values["counted"], values["opponents"]


def holder(conn: Connection, nickname: str) -> str | None:
    """The key that holds ``nickname`` (or one that looks the same) on the boards."""
    found = conn.execute(
        select(names.c.key_hash).where(names.c.skeleton == skeleton(nickname))
    ).scalar()
    return None if found is None else str(found)


def take_name(conn: Connection, digest: str) -> None:
    """An established key takes its nickname on the boards, unless it holds one already
    or another key holds that name."""
    if conn.execute(select(names.c.key_hash).where(names.c.key_hash == digest)).first():
        return
    nickname = conn.execute(select(players.c.nickname).where(players.c.key_hash == digest)).scalar()
    if nickname is not None:
        with _unless_held(conn):
            conn.execute(insert(names).values(key_hash=digest, at=time.time(), **_name(nickname)))


def rename(conn: Connection, digest: str, nickname: str) -> None:
    """A key that holds a name gave another nickname: it holds the new one instead, if no
    other key holds it (else it keeps the old)."""
    with _unless_held(conn):
        conn.execute(update(names).where(names.c.key_hash == digest).values(**_name(nickname)))


def _name(nickname: str) -> dict[str, str]:
    return {"skeleton": skeleton(nickname), "nickname": nickname}


@contextlib.contextmanager
def _unless_held(conn: Connection) -> Iterator[None]:
    """Write a held name; nothing is written if another key holds it."""
    try:
        with conn.begin_nested():
            yield
    except IntegrityError:
        pass


def backfill(conn: Connection) -> None:
    """Every key's standing and held name, worked out from the tables rated so far in the
    order they were rated, by the default rule (a database made before standing existed;
    the ratings themselves are kept as they are)."""
    rule = Rule.of(Settings())
    finished = conn.execute(
        select(rated.c.code, rated.c.at, tables.c.game)
        .join(tables, tables.c.code == rated.c.code)
        .order_by(rated.c.at, rated.c.code)
    ).all()
    if not finished:
        return
    sittings: dict[str, Sitting] = {}
    for row in conn.execute(select(seat_players).order_by(seat_players.c.seat)):
        keyed = sittings.setdefault(row.code, Sitting()).keyed
        if row.key_hash not in keyed.values():
            keyed[row.seat] = row.key_hash
    for row in conn.execute(select(seats).where(seats.c.bot.is_not(None))):
        if row.code in sittings:
            sittings[row.code].bots[row.seat] = row.bot
    nicknames = {r.key_hash: r.nickname for r in conn.execute(select(players))}
    counted: dict[tuple[str, str], int] = {}
    met: dict[tuple[str, str], set[str]] = {}
    held: dict[str, dict[str, object]] = {}
    holding: set[str] = set()

    def established(key: str, fam: str) -> bool:
        return rule.established(counted.get((key, fam), 0), len(met.get((key, fam), ())))

    for code, at, game in finished:
        fam, sitting = rating_family(game), sittings.get(code)
        if fam is None or sitting is None:
            continue
        ahead = [key for key in sitting.keyed.values() if established(key, fam)]
        for seat, key in sitting.keyed.items():
            against = sitting.against(seat, ahead)
            if not against:
                continue
            counted[key, fam] = counted.get((key, fam), 0) + 1
            met.setdefault((key, fam), set()).update(sitting.opponent(s) for s in against)
            nickname = nicknames.get(key)
            if nickname and key not in holding and established(key, fam):
                name = _name(nickname)
                if name["skeleton"] not in held:
                    held[name["skeleton"]] = {"key_hash": key, "at": at, **name}
                    holding.add(key)
    if counted:
        conn.execute(
            insert(standing),
            [
                {"key_hash": k, "family": f, "counted": n, "opponents": len(met[k, f])}
                for (k, f), n in counted.items()
            ],
        )
        conn.execute(
            insert(opponents),
            [
                {"key_hash": k, "family": f, "opponent": o}
                for (k, f), found in met.items()
                for o in sorted(found)
            ],
        )
    if held:
        conn.execute(insert(names), list(held.values()))
