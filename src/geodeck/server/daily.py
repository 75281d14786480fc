"""The daily challenge at a server (docs/daily.md, docs/protocol.md): the day's deal, the
results sent in and the day's board.

The deal is ``geodeck.practice.daily``'s for the game's shipped deck, the one
``geodeck daily GAME`` plays, with the deck hash and the key to recompute it. A result is
the moves, never a score: the server replays them with ``Solo`` and keeps the score it
finds, one result per player key, game and day.

A day's results are taken while that day is on somewhere on Earth, by the server's clock
(``results_window``), and from one client address a bounded number per game and day
(``Settings.daily_results_burst``). The board is the day's distribution of scores, not a
ranking: anyone can compute a perfect result from the public deal, so being first or
fastest would prove nothing, and a player's own score always counts in it.
"""

from __future__ import annotations

import datetime
import re
import time
from functools import cache
from typing import Annotated

import orjson
from fastapi import FastAPI, Request
from pydantic import Field
from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

from geodeck.decks import SHIPPED_DECKS, shipped_deck_file
from geodeck.practice.cards import PracticeCard, PracticeError, deck_hash, practice_cards
from geodeck.practice.daily import CARDS, Deal, Solo, daily_deal
from geodeck.server import players
from geodeck.server.bodies import parse, refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import MissLimiter, client_address
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import Refusal, Strict
from geodeck.server.storage import Storage
from geodeck.server.storage.players import daily_results

FIRST_DAY = datetime.date(2024, 1, 1)
DAY = re.compile(r"\d{4}-\d\d-\d\d")
FIRST_START = datetime.timedelta(hours=14)
"""A day begins first at UTC+14 (Kiribati's Line Islands): 14 hours before it does in UTC."""
LAST_END = datetime.timedelta(hours=12)
"""... and ends last at UTC-12: 12 hours after it does in UTC."""


class DailyResult(Strict):
    nickname: Annotated[str, Field(max_length=200)]
    key: Annotated[str, Field(max_length=200)]
    moves: Annotated[list[list[str | int]], Field(max_length=4 * CARDS)]
    """``[line, gap]`` per card, in the deal's order (``Placing.to_json``)."""


@cache
def _deck(game: str) -> tuple[str, dict[str, PracticeCard], str]:
    data = shipped_deck_file(game)
    cards = data["cards"]
    return str(data.get("title") or game), practice_cards(cards), deck_hash(cards)


def utc(now: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(now, datetime.UTC)


def results_window(day: datetime.date, grace: float) -> tuple[datetime.datetime, datetime.datetime]:
    """When results of ``day`` are taken: from its start at UTC+14 until ``grace`` seconds
    after its end at UTC-12 (in UTC: from 10:00 the day before to 12:00 the day after,
    plus the grace)."""
    midnight = datetime.datetime.combine(day, datetime.time(), datetime.UTC)
    end = midnight + datetime.timedelta(days=1) + LAST_END
    return midnight - FIRST_START, end + datetime.timedelta(seconds=grace)


def taken(day: datetime.date, now: float, grace: float) -> bool:
    """Whether results of ``day`` are taken at ``now``."""
    opens, closes = results_window(day, grace)
    return opens <= utc(now) < closes


def check_open(day: datetime.date, now: float, grace: float) -> None:
    """``daily/closed`` unless results of ``day`` are taken at ``now``."""
    if not taken(day, now, grace):
        opens, closes = results_window(day, grace)
        moment = utc(now)
        raise Refusal(
            ErrorCode.DAILY_CLOSED,
            f"results of {day.isoformat()} are taken from {opens:%Y-%m-%d %H:%M} to "
            f"{closes:%Y-%m-%d %H:%M} UTC; it is {moment:%Y-%m-%d %H:%M} UTC",
        )


def day_of(text: str, today: datetime.date | None = None) -> datetime.date:
    """A day from 2024-01-01 to tomorrow (UTC), or a refusal."""
    try:
        day = datetime.date.fromisoformat(text) if DAY.fullmatch(text) else None
    except ValueError:
        day = None
    if day is None or day < FIRST_DAY:
        raise Refusal(
            ErrorCode.DAILY_BAD_DATE,
            f"a day is YYYY-MM-DD from {FIRST_DAY.isoformat()} on, not {text[:20]!r}",
        )
    today = today or datetime.datetime.now(datetime.UTC).date()
    if day > today + datetime.timedelta(days=1):
        raise Refusal(ErrorCode.DAILY_NOT_OUT, f"the challenge of {day.isoformat()} is not out yet")
    return day


def deal_for(game: str, day: datetime.date) -> tuple[str, dict[str, PracticeCard], str, Deal]:
    if game not in SHIPPED_DECKS:
        raise Refusal(
            ErrorCode.DAILY_UNKNOWN_GAME,
            f"the daily challenges are of {', '.join(SHIPPED_DECKS)}, not {game[:32]!r}",
        )
    title, cards, digest = _deck(game)
    return title, cards, digest, daily_deal(list(cards), day, game, digest)


def card_json(card: PracticeCard) -> dict[str, object]:
    return {
        "id": card.id,
        "name": card.name,
        "names": dict(card.names),
        "lat": card.lat,
        "lon": card.lon,
        "area": card.area,
    }


def deal_json(game: str, day: datetime.date) -> dict[str, object]:
    title, cards, digest, deal = deal_for(game, day)
    return {
        "game": game,
        "date": day.isoformat(),
        "title": title,
        "hash": digest,
        "key": deal.key,
        "start": card_json(cards[deal.start]),
        "cards": [card_json(cards[c]) for c in deal.cards],
    }


def replayed(game: str, day: datetime.date, moves: list[list[str | int]]) -> Solo:
    """The moves played out on the day's deal; ``daily/bad_moves`` unless they place every
    card, each at a gap of its line."""
    _title, cards, _digest, deal = deal_for(game, day)
    solo = Solo(deal, cards)
    if len(moves) != len(deal.cards):
        raise Refusal(ErrorCode.DAILY_BAD_MOVES, f"a result places all {len(deal.cards)} cards")
    for move in moves:
        if len(move) != 2 or not isinstance(move[0], str) or not isinstance(move[1], int):
            raise Refusal(ErrorCode.DAILY_BAD_MOVES, 'a move is [line, gap]: ["west-east", 2]')
    try:
        solo.replay(moves)
    except PracticeError as err:
        raise Refusal(ErrorCode.DAILY_BAD_MOVES, err.message) from None
    return solo


def keep_result(
    storage: Storage, game: str, day: datetime.date, body: DailyResult
) -> dict[str, object]:
    """Replay and keep a result; ``daily/already_played`` for a second one of a key."""
    digest, nickname = players.key_hash(body.key), players.nickname_of(body.nickname)
    solo = replayed(game, day, body.moves)
    try:
        with storage.engine.begin() as conn:
            conn.execute(
                insert(daily_results).values(
                    game=game,
                    day=day.isoformat(),
                    key_hash=digest,
                    nickname=nickname,
                    score=solo.score,
                    moves=orjson.dumps([p.to_json() for p in solo.placings]).decode(),
                    grid=solo.grid(),
                    at=time.time(),
                )
            )
            players.remember(conn, digest, nickname)
    except IntegrityError:
        raise Refusal(
            ErrorCode.DAILY_ALREADY_PLAYED,
            f"this player sent a result of {game}'s challenge of {day.isoformat()} already",
        ) from None
    return {"score": solo.score, "of": len(solo.deal.cards), "grid": solo.grid()}


def scores(storage: Storage, game: str, day: datetime.date) -> list[int]:
    """How many of the day's results have each score, from 0 to ``CARDS``."""
    score = daily_results.c.score
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(score, func.count())
            .where(daily_results.c.game == game, daily_results.c.day == day.isoformat())
            .group_by(score)
        ).all()
    counts = [0] * (CARDS + 1)
    for value, count in rows:
        counts[value] = count
    return counts


def _stamp(moment: datetime.datetime) -> str:
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def register(app: FastAPI, lobby: Lobby, _limiter: MissLimiter | None = None) -> None:
    """Add the endpoints to ``app`` (no table code or token is tried here: no limiter of
    misses; results have a quota per address)."""
    storage, settings = lobby.storage, lobby.settings
    sent = MissLimiter(
        settings.daily_results_burst,
        settings.daily_results_refill,
        capacity=settings.miss_addresses,
    )
    refused = refusals(400, 404, 409)

    def asked(game: str, date: str) -> tuple[datetime.date, float]:
        """The day asked for, by the server's clock, and that clock's time now."""
        now = settings.now()
        day = day_of(date, utc(now).date())
        deal_for(game, day)
        return day, now

    @app.get("/api/daily/{game}/{date}", responses=refused)
    async def daily_deal_of(game: str, date: str) -> dict[str, object]:
        day, _now = asked(game, date)
        return deal_json(game, day)

    @app.post(
        "/api/daily/{game}/{date}",
        status_code=201,
        responses=refusals(400, 404, 409, 429),
    )
    async def daily_result(game: str, date: str, request: Request) -> dict[str, object]:
        day, now = asked(game, date)
        check_open(day, now, settings.daily_grace)
        quota = f"{client_address(request)} {game} {day.isoformat()}"
        sent.check(quota, ErrorCode.LIMIT_TOO_MANY_RESULTS)
        sent.miss(quota)  # every result sent counts, kept or refused
        body = await parse(request, DailyResult)
        return await lobby.run(keep_result, storage, game, day, body)

    @app.get("/api/daily/{game}/{date}/board", responses=refused)
    async def daily_board(game: str, date: str) -> dict[str, object]:
        day, now = asked(game, date)
        _title, _cards, digest, deal = deal_for(game, day)
        counts = await lobby.run(scores, storage, game, day)
        opens, closes = results_window(day, settings.daily_grace)
        return {
            "game": game,
            "date": day.isoformat(),
            "hash": digest,
            "key": deal.key,
            "opens": _stamp(opens),
            "closes": _stamp(closes),
            "open": taken(day, now, settings.daily_grace),
            "players": sum(counts),
            "scores": counts,
        }
