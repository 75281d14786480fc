"""Moving a seat to another device (docs/protocol.md, Seat links).

A seat's link, ``/?table=CODE#seat=N&key=TOKEN``, holds its token in the fragment, which
a browser never sends to a server, so it stays out of every log. ``POST
/api/tables/{code}/seat-link`` gives a seat its own link with a QR code of it, to anyone
who sends the seat's token (in the body): nothing is told that the asker did not know.
The device that opens the link says hello with ``"move": true``; every other connection
of the seat then gets a ``seat/moved`` error and is closed with code 4409. Every
connection to a table ends at its home process (``home.py``, ``forward.py`` passes the
close code on), so this holds with several server processes too.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING
from urllib.parse import quote

import segno
from fastapi import FastAPI, Request
from pydantic import BaseModel

from geodeck.server.bodies import parse, refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.protocol import Refusal, error_message
from geodeck.server.rematch import SeatKey, seat_of

if TYPE_CHECKING:
    from geodeck.server.clients import Client
    from geodeck.server.limits import MissLimiter
    from geodeck.server.lobby import Lobby
    from geodeck.server.room import Room

CLOSE_SEAT_MOVED = 4409


class SeatLink(BaseModel):
    seat: int
    link: str
    """``BASE/?table=CODE#seat=N&key=TOKEN``: opens the seat on another device."""
    qr: str
    """The link as a QR code, an SVG document."""


def link_of(base: str, code: str, seat: int, token: str) -> str:
    return f"{base.rstrip('/')}/?table={code}#seat={seat}&key={quote(token, safe='')}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code: an SVG document, dark modules on white, a quiet zone of 4."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, dark="#1b2733", light="#ffffff")
    return out.getvalue().decode("utf-8")


def moved(room: Room, client: Client, seat: int) -> None:
    """The seat opens on ``client``: each other connection holding it is told and closed."""
    refusal = Refusal(ErrorCode.SEAT_MOVED, f"seat {seat} was opened on another device")
    text = error_message(refusal, room.version)
    for other in list(room.clients):
        if other is not client and other.seat == seat:
            other.push(text)
            other.close(CLOSE_SEAT_MOVED)


def register(app: FastAPI, lobby: Lobby, limiter: MissLimiter) -> None:
    from geodeck.server.limits import guarded

    responses = refusals(403, 404)

    @app.post(
        "/api/tables/{code}/seat-link",
        responses=responses,
        dependencies=[guarded(limiter)],
    )
    async def seat_link(code: str, request: Request) -> SeatLink:
        key = await parse(request, SeatKey)
        async with lobby.using(code) as room:
            seat = await seat_of(room, key.token)
            link = link_of(str(request.base_url), room.code, seat, key.token)
        return SeatLink(seat=seat, link=link, qr=qr_svg(link))
