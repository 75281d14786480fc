"""Playing a finished table again (docs/protocol.md, Rematch).

``POST /api/tables/{code}/rematch``, with a seat's token of the finished table, makes a
new table of the same game, variant, seats, bots, clock, bank, pause, options and deck,
with a deal of its own; each human seat of the new table is claimed with the same token
hash as on the old one, so every player's token opens their seat there too. The old
table keeps the new code (storage, ``geodeck_rematches``): a second request, from any
seat or process, gets the same table; every client connected to the old table is told
(``{"type": "rematch"}``), and one that connects later is told after its first state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, cast

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field

from geodeck.core.family import computer_options
from geodeck.core.shapes import RecordHead
from geodeck.server import players
from geodeck.server.bodies import CreateTable, SeatSpec, parse, refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import FINISHED, ChatMode, Language, Refusal, TableInfo
from geodeck.server.storage import Conflict

if TYPE_CHECKING:
    from geodeck.server.clients import Client
    from geodeck.server.limits import MissLimiter
    from geodeck.server.lobby import Lobby
    from geodeck.server.room import Room


class SeatKey(BaseModel):
    """A request made as one seat of a table: its token, in the body (never in the URL,
    so it stays out of logs)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    token: Annotated[str, Field(min_length=1, max_length=128)]


class Rematched(BaseModel):
    rematch: str
    """The new table's code."""
    table: TableInfo


class RematchMessage(BaseModel):
    type: Literal["rematch"] = "rematch"
    code: str
    """The code of the table that plays this one again."""


def message(code: str) -> str:
    return RematchMessage(code=code).model_dump_json()


def tell(room: Room, client: Client | None = None) -> None:
    """Tell ``client`` (or every client of the room) of the room's rematch, if it has one."""
    if room.rematch is None:
        return
    text = message(room.rematch)
    for each in [client] if client is not None else list(room.clients):
        each.push(text)


def request_of(room: Room) -> tuple[CreateTable, dict[int, str]]:
    """The create request that deals the room's table again, and the token hash of each
    human seat."""
    head = room.head
    given = cast("RecordHead", head).get("options") or {}  # the head of a game made
    options = {k: v for k, v in given.items() if k not in computer_options()}
    if "cards" in head:
        deck: dict[str, object] | None = {"cards": head["cards"]}
    else:
        deck = {k: head[k] for k in ("countries", "questions") if k in head} or None
    timer = room.timekeeper.timer
    request = CreateTable(
        game=room.game.game,
        variant=room.game.variant,
        seats=[SeatSpec(name=s.name, bot=s.bot) for s in room.seats],
        claim=[],
        clock=room.clock,
        bank=0.0 if timer is None else timer.bank,
        pause=room.timekeeper.pause_seconds,
        options=options,
        deck=deck,
        language=cast("Language", room.openness.language),
        chat=cast("ChatMode", room.openness.chat),
    )
    hashes = {i: s.token_hash for i, s in enumerate(room.seats) if s.human and s.token_hash}
    return request, hashes


async def rematch(lobby: Lobby, code: str, key: SeatKey, base: str) -> Rematched:
    async with lobby.using(code) as room:
        await seat_of(room, key.token)
        async with room.lock:
            if room.status != FINISHED or not room.settled:
                raise Refusal(
                    ErrorCode.REMATCH_NOT_FINISHED, "a rematch is offered once the game has ended"
                )
            if room.rematch is None:
                # made by another process, or before a restart; else made here and now
                room.rematch = await lobby.run(lobby.storage.rematch_of, room.code)
                if room.rematch is None:
                    room.rematch = await _new_table(lobby, room, base)
                tell(room)
            again = room.rematch
    async with lobby.using(again) as new:
        return Rematched(rematch=again, table=new.info(base))


async def _new_table(lobby: Lobby, room: Room, base: str) -> str:
    request, hashes = request_of(room)
    created = await lobby.create(request, base, hashes=hashes, gather=lobby.settings.rematch_wait)
    again = created.table.code
    try:
        kept = await lobby.run(lobby.storage.keep_rematch, room.code, again)
    except Conflict:
        # another process made one first: that one is the rematch
        await lobby.drop(again)
        first = await lobby.run(lobby.storage.rematch_of, room.code)
        if first is None:
            raise Refusal(ErrorCode.SERVER_STORAGE, "the rematch could not be stored") from None
        return first
    if not kept:
        # the table was deleted meanwhile (its class ended): so is its rematch
        await lobby.drop(again)
        raise Refusal(ErrorCode.TABLE_NOT_FOUND, f"no table {room.code!r}")
    await lobby.run(players.carry_over, lobby.storage, room.code, again)
    return again


async def seat_of(room: Room, token: str) -> int:
    """The seat of the room that ``token`` opens; ``auth/bad_token`` if none (a miss)."""
    seat = room.seating.seat_of(token)
    if seat is None:
        async with room.lock:
            seat = await room.seating.seat_for(token)
    if seat is None:
        raise Refusal(ErrorCode.AUTH_BAD_TOKEN, "no seat of this table has that token")
    return seat


def register(app: FastAPI, lobby: Lobby, limiter: MissLimiter) -> None:
    from geodeck.server.limits import guarded

    responses = refusals(403, 404, 409)

    @app.post(
        "/api/tables/{code}/rematch",
        responses=responses,
        dependencies=[guarded(limiter)],
    )
    async def play_again(code: str, request: Request) -> Rematched:
        key = await parse(request, SeatKey)
        base = str(request.base_url).rstrip("/")
        return await rematch(lobby, code, key, base)
