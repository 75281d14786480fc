"""The lobby's lists: ``GET /api/tables?open=1``, the public tables waiting for players,
and ``POST /api/tables/mine``, what became of the tables a browser holds seats at
(docs/protocol.md). Both answer from storage (``storage/listing.py``), so any process
gives the same answer; neither tells a token, a deal or anything a seat may not know.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from geodeck.server.bodies import parse, refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import LANGUAGES, Refusal
from geodeck.server.storage.listing import HeldTable, OpenTable, held_tables, open_tables
from geodeck.server.tokens import could_be_code, normal_code, token_hash

OPEN_LIMIT = 30
"""The most tables ``GET /api/tables?open=1`` lists."""

MINE_LIMIT = 50
"""The most seats one ``POST /api/tables/mine`` asks about."""


class OpenTables(BaseModel):
    tables: list[OpenTable]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class HeldSeat(_Strict):
    code: Annotated[str, Field(min_length=1, max_length=16)]
    token: Annotated[str, Field(min_length=1, max_length=128)]


class MineRequest(_Strict):
    seats: Annotated[list[HeldSeat], Field(max_length=MINE_LIMIT)]


class MyTables(BaseModel):
    tables: list[HeldTable]


def _query(request: Request) -> dict[str, str]:
    """The query of ``GET /api/tables``, checked."""
    allowed = {"open", "game", "language"}
    query: dict[str, str] = {}
    for key, value in request.query_params.multi_items():
        if key not in allowed or key in query:
            raise Refusal(ErrorCode.REQUEST_MALFORMED, f"query: {key!r} is not understood here")
        query[key] = value
    if query.get("open") != "1":
        raise Refusal(ErrorCode.REQUEST_MALFORMED, "query: open=1 lists the open tables")
    if "language" in query and query["language"] not in LANGUAGES:
        raise Refusal(ErrorCode.REQUEST_MALFORMED, f"query: language is one of {LANGUAGES}")
    if "game" in query and not (0 < len(query["game"]) <= 32):
        raise Refusal(ErrorCode.REQUEST_MALFORMED, "query: game is a game's id")
    return query


def register(app: FastAPI, lobby: Lobby) -> None:
    """Add the endpoints to ``app``."""
    refused = refusals(400)

    @app.get("/api/tables", responses=refused)
    async def list_open(request: Request) -> OpenTables:
        query = _query(request)
        rows = await lobby.run(
            open_tables,
            lobby.storage,
            limit=OPEN_LIMIT,
            game=query.get("game"),
            language=query.get("language"),
        )
        return OpenTables(tables=rows)

    @app.post("/api/tables/mine", responses=refused)
    async def list_mine(request: Request) -> MyTables:
        body = await parse(request, MineRequest)
        pairs = [
            (normal_code(s.code), token_hash(s.token))
            for s in body.seats
            if could_be_code(normal_code(s.code))
        ]
        rows = await lobby.run(held_tables, lobby.storage, pairs)
        return MyTables(tables=rows)
