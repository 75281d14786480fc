"""The cards' difficulty at a server (docs/ratings.md): one ``CardRatings`` per game, kept
in storage, fed every placement of each finished table and the practice answers.

A writer reads a game's ratings with their ``version``, adds the answers and writes them
back only if the version is still the one it read; else it reads again, so that two
processes finishing tables at once both count.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import orjson
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from geodeck.core.errors import GeodeckError
from geodeck.core.family import family_of, places_cards
from geodeck.core.game import Game
from geodeck.ratings import CardRatings
from geodeck.ratings.cards import PRACTICE_SHIFT
from geodeck.server.storage import Storage
from geodeck.server.storage.players import card_ratings
from geodeck.server.storage.schema import practice_answers

PRACTICE = "practice"
"""The answerer of practice answers, whose rows name no player."""
TRIES = 20


@dataclass(frozen=True)
class Played:
    """A finished table's placements as its room judged them while they were made
    (``Family.judge``), so that its record need not be replayed."""

    game: str
    placements: Sequence[tuple[str, str, bool]]
    cards: Mapping[str, Mapping[str, object]]
    """The record's cards, for the printed difficulty of a card new to the ratings."""

    def ingest(self, ratings: CardRatings) -> None:
        for seat, card, right in self.placements:
            ratings.answer(seat, card, right, self.cards.get(card))


class Judge:
    """A room's placements, judged as they are made (``judged``): only for a cross-family
    table that the room has seen from its first action on, else nothing, and its record is
    replayed instead."""

    def __init__(self, game: Game) -> None:
        self.judge = family_of(game.game).judge
        self.placements: list[tuple[str, str, bool]] | None = (
            [] if self.judge is not None and game.version == 0 else None
        )

    def saw(self, game: Game, action: object, seat: int) -> None:
        """``game`` has just applied ``action`` by ``seat``."""
        if self.placements is not None and self.judge is not None:
            judged = self.judge(game, action, seat)
            if judged is not None:
                self.placements.append(judged)

    def lost(self) -> None:
        """The game was rebuilt from its record: what was seen may not be what is kept."""
        self.placements = None

    def played(self, game: Game, head: Mapping[str, object]) -> Played | None:
        if self.placements is None:
            return None
        cards = head.get("cards")
        return Played(
            game.game, tuple(self.placements), cards if isinstance(cards, Mapping) else {}
        )


def ingest_practice(
    ratings: CardRatings, rows: Iterable[Mapping[str, object] | Sequence[object]]
) -> int:
    """Practice answers, rows of ``(game, card, right)`` (mappings or sequences), each
    moving its card by at most ``PRACTICE_SHIFT``; the number taken. A row that is not
    one is passed over."""
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
        ratings.answer(PRACTICE, card, bool(right), most=PRACTICE_SHIFT)
        taken += 1
    return taken


def _practice_rows(
    conn: Connection, game: str, seen: int
) -> tuple[list[tuple[str, str, bool]], int]:
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


def refresh(
    storage: Storage,
    game: str,
    record: Mapping[str, object] | None = None,
    played: Sequence[Played] = (),
) -> dict[str, float] | None:
    """Add a record's placements, or those rooms judged (``played``: any number of tables
    of ``game``, in the order they ended), if given, and the new practice answers to
    ``game``'s card ratings; the cards' difficulties then (``CardRatings.difficulties``),
    or ``None`` if nothing was written."""
    for _ in range(TRIES):
        with storage.engine.begin() as conn:
            ratings, version, seen = _read(conn, game)
            if played:
                for table in played:
                    table.ingest(ratings)
            elif record is not None:
                try:
                    ratings.ingest_record(record)
                except (GeodeckError, KeyError, TypeError, ValueError):
                    return None
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
                return ratings.difficulties()
            done = conn.execute(
                update(card_ratings)
                .where(card_ratings.c.game == game, card_ratings.c.version == version)
                .values(state=state, version=version + 1, practice_seen=seen_now)
            )
            if done.rowcount == 1:
                return ratings.difficulties()
        time.sleep(0.01)
    return None


def ingest_table(storage: Storage, code: str) -> tuple[str, dict[str, float]] | None:
    """A finished table's placements, from its stored record, into its game's card
    ratings; the game and its cards' difficulties, if they were written."""
    stored = storage.load_table(code)
    if stored is None or not places_cards(stored.game):
        return None
    found = refresh(storage, stored.game, stored.record())
    return None if found is None else (stored.game, found)


def ingest_played(storage: Storage, played: Sequence[Played]) -> dict[str, dict[str, float]]:
    """Finished tables' placements as their rooms judged them, into their games' card
    ratings, one read and one write a game for all of them; each game's cards'
    difficulties, where they were written."""
    by_game: dict[str, list[Played]] = {}
    for table in played:
        by_game.setdefault(table.game, []).append(table)
    found: dict[str, dict[str, float]] = {}
    for game, tables in by_game.items():
        written = refresh(storage, game, played=tables)
        if written is not None:
            found[game] = written
    return found


def difficulties_of(storage: Storage, game: str) -> dict[str, float]:
    """The rated difficulty of every answered card of ``game`` (for the bots)."""
    with storage.engine.connect() as conn:
        ratings, _version, _seen = _read(conn, game)
    return ratings.difficulties()


def state_of(storage: Storage, game: str) -> dict[str, object]:
    """A game's card ratings as ``CardRatings.to_json`` (none yet: no cards)."""
    with storage.engine.connect() as conn:
        ratings, _version, _seen = _read(conn, game)
    return ratings.to_json()


def forget_answerers(storage: Storage, game: str, names: Iterable[str]) -> int:
    """Take the answerers called ``names`` out of ``game``'s card ratings (the ratings of
    the cards stay as they are): the pupils of a class that ended. How many were taken."""
    gone = set(names)
    for _ in range(TRIES):
        with storage.engine.begin() as conn:
            ratings, version, _seen = _read(conn, game)
            found = gone & ratings.players.keys()
            if version is None or not found:
                return 0
            for name in found:
                del ratings.players[name]
            done = conn.execute(
                update(card_ratings)
                .where(card_ratings.c.game == game, card_ratings.c.version == version)
                .values(state=orjson.dumps(ratings.to_json()).decode(), version=version + 1)
            )
            if done.rowcount == 1:
                return len(found)
        time.sleep(0.01)
    raise RuntimeError(f"the card ratings of {game} kept changing under the change")
