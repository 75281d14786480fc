"""``GET /api/tables/{code}/replay``: a finished game's steps, as one seat saw them.

The record of a finished game is public, so is every seat's view of it; a game in
progress is refused (``replay/not_finished``). The steps come from the engine
(``geodeck.core.steps``), a page of at most ``PAGE`` steps at a time; the steps of a
table's seat are kept for the next request (a finished game does not change).
"""

from __future__ import annotations

from collections import OrderedDict

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from geodeck.core.steps import Step, steps
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import MissLimiter, guarded
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import FINISHED, Refusal

PAGE = 400
"""The most steps one response holds (about 400 kB for a cross game); ``next`` names
the first step of the next page."""

KEPT = 64
"""How many (table, seat) step lists are kept in memory."""


class Replays:
    """The step lists of finished tables, worked out once each."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.kept: OrderedDict[tuple[str, int | None], list[Step]] = OrderedDict()

    async def page(self, code: str, seat: str | None, start: str | None) -> dict[str, object]:
        async with self.lobby.using(code) as room:
            if room.status != FINISHED or not room.settled:
                raise Refusal(
                    ErrorCode.REPLAY_NOT_FINISHED,
                    "the views of a game in progress are not given out; its replay opens "
                    "once the game has ended",
                )
            game = room.game
            seats = [s.model_dump() for s in room.seating.infos()]
            key_code = room.code
        who = _number(seat, "seat")
        if who is not None and not 0 <= who < len(game.seats):
            raise Refusal(ErrorCode.TABLE_BAD_SEAT, f"the table has no seat {who}")
        first = _number(start, "start") or 0
        total = game.version + 1
        if not 0 <= first < total:
            raise Refusal(ErrorCode.REQUEST_MALFORMED, f"start must be 0 to {total - 1}")
        key = (key_code, who)
        every = self.kept.get(key)
        if every is None:
            every = steps(game, who)
            self.kept[key] = every
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        shown = every[first : first + PAGE]
        if first > 0:
            shown = steps(game, who, start=first, count=PAGE)
        end = first + len(shown)
        return {
            "code": key_code,
            "game": game.game,
            "variant": game.variant,
            "seat": who,
            "seats": seats,
            "total": total,
            "start": first,
            "next": end if end < total else None,
            "marks": [
                {"step": i, "kind": s["kind"]} for i, s in enumerate(every) if s["kind"] != "move"
            ],
            "steps": shown,
        }


def _number(text: str | None, name: str) -> int | None:
    if text is None or text == "":
        return None
    if not text.isdigit() or len(text) > 6:
        raise Refusal(ErrorCode.REQUEST_MALFORMED, f"{name} must be a whole number")
    return int(text)


def register(app: FastAPI, lobby: Lobby, limiter: MissLimiter) -> None:
    """Add the replay endpoint to ``app``."""
    replays = Replays(lobby)

    @app.get("/api/tables/{code}/replay", dependencies=[guarded(limiter)])
    async def table_replay(
        code: str, seat: str | None = None, start: str | None = None
    ) -> JSONResponse:
        return JSONResponse(await replays.page(code, seat, start))
