"""The daily challenge at a server (docs/daily.md, docs/protocol.md): the day's deal, the
results sent in and the day's board.

The deal is ``geodeck.practice.daily``'s for the game's shipped deck, the one
``geodeck daily GAME`` plays, with the deck hash and the key to recompute it. A result is
the moves, never a score: the server replays them with ``Solo`` and keeps the score it
finds, one result per player key, game and day.
"""

from __future__ import annotations

import datetime
import re
import time
from functools import cache
from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Request
from pydantic import Field
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from geodeck.decks import SHIPPED_DECKS, shipped_deck_file
from geodeck.practice.cards import PracticeCard, PracticeError, deck_hash, practice_cards
from geodeck.practice.daily import CARDS, Deal, Solo, daily_deal
from geodeck.server import players
from geodeck.server.bodies import parse
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import MissLimiter
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import ErrorBody, Refusal, _Strict
from geodeck.server.storage import Storage
from geodeck.server.storage.players import daily_results

FIRST_DAY = datetime.date(2024, 1, 1)
DAY = re.compile(r"\d{4}-\d\d-\d\d")
BOARD = 100


class DailyResult(_Strict):
    nickname: Annotated[str, Field(max_length=200)]
    key: Annotated[str, Field(max_length=200)]
    moves: Annotated[list[list[str | int]], Field(max_length=4 * CARDS)]
    """``[line, gap]`` per card, in the deal's order (``Placing.to_json``)."""


@cache
def _deck(game: str) -> tuple[str, dict[str, PracticeCard], str]:
    data = shipped_deck_file(game)
    cards = data["cards"]
    return str(data.get("title") or game), practice_cards(cards), deck_hash(cards)


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


def card_json(card: PracticeCard) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name,
        "names": dict(card.names),
        "lat": card.lat,
        "lon": card.lon,
        "area": card.area,
    }


def deal_json(game: str, day: datetime.date) -> dict[str, Any]:
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
) -> dict[str, Any]:
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


def board(storage: Storage, game: str, day: datetime.date) -> list[dict[str, Any]]:
    """The day's results, best first (the earlier of equal scores first)."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(daily_results)
            .where(daily_results.c.game == game, daily_results.c.day == day.isoformat())
            .order_by(daily_results.c.score.desc(), daily_results.c.at)
            .limit(BOARD)
        ).all()
    return [
        {"nickname": r.nickname, "score": r.score, "grid": r.grid, "moves": orjson.loads(r.moves)}
        for r in rows
    ]


def register(app: FastAPI, lobby: Lobby, _limiter: MissLimiter | None = None) -> None:
    """Add the endpoints to ``app`` (no table code or token is tried here: no limiter)."""
    storage = lobby.storage
    refusals: dict[int | str, dict[str, Any]] = {
        400: {"model": ErrorBody},
        404: {"model": ErrorBody},
        409: {"model": ErrorBody},
    }

    @app.get("/api/daily/{game}/{date}", responses=refusals)
    async def daily_deal_of(game: str, date: str) -> dict[str, Any]:
        return deal_json(game, day_of(date))

    @app.post("/api/daily/{game}/{date}", status_code=201, responses=refusals)
    async def daily_result(game: str, date: str, request: Request) -> dict[str, Any]:
        day = day_of(date)
        deal_for(game, day)
        body = await parse(request, DailyResult)
        return await lobby.run(keep_result, storage, game, day, body)

    @app.get("/api/daily/{game}/{date}/board", responses=refusals)
    async def daily_board(game: str, date: str) -> dict[str, Any]:
        day = day_of(date)
        _title, _cards, digest, deal = deal_for(game, day)
        rows = await lobby.run(board, storage, game, day)
        return {
            "game": game,
            "date": day.isoformat(),
            "hash": digest,
            "key": deal.key,
            "results": rows,
        }
