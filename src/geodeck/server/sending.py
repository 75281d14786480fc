"""What a room sends its clients: each seat's state, built from that seat's view alone
and computed once per change however many connections hold the seat (a delta state to a
connection that asked for them, ``states.py``), the seats message, and refusals.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from geodeck.server.clients import Client
from geodeck.server.errors import LIMIT_CODES, ErrorCode
from geodeck.server.protocol import PLAYING, Refusal, SeatsMessage, encode, error_message
from geodeck.server.states import HISTORY_KEYS, Broadcast, SeatParts, TableParts

log = logging.getLogger("geodeck.server")

if TYPE_CHECKING:
    from geodeck.server.room import Room

RESYNC_AFTER = (
    ErrorCode.ACT_STALE,
    ErrorCode.ACT_NOT_PLAYING,
    ErrorCode.SERVER_STORAGE,
    ErrorCode.SERVER_INTERNAL,
)
"""Refusals after which a joined client is sent the full state again (as are the
engine's refusals of an action, ``action/…``)."""


def table_parts(room: Room, by: int | None) -> TableParts:
    """The parts of a state that are the same for every recipient, encoded once."""
    game = room.game
    expects = game.expects()
    return TableParts(
        code=room.code,
        status=room.status,
        version=game.version,
        by=by,
        seats=encode(room.seating.facts()),
        expects=encode({"seats": list(expects.seats), "kind": expects.kind}),
        clock=encode(room.timekeeper.clock_wire()),
        pause=encode(room.timekeeper.pause_wire()),
        gathering=encode(None if room.gathering is None else room.gathering.to_wire()),
        spectators=room.spectators,
        timeouts=encode(room.timeouts),
        deal=room.deal_wire(),
    )


def seat_parts(room: Room, seat: int | None, table: TableParts, since: int) -> SeatParts:
    """One seat's view (its history from event ``since`` on) and legal actions, encoded."""
    alike, own = room.viewer.layers(seat, since=since)
    legal: list[object] = []
    if seat is not None and table.status == PLAYING and not room.paused:
        legal = [a.to_wire() for a in room.game.legal_actions(seat)]
    history = own.get("history")
    start = own.get("history_from", 0)
    return SeatParts(
        seat=seat,
        alike=alike,
        own={k: v for k, v in own.items() if k not in HISTORY_KEYS},
        events=history if isinstance(history, list) else [],
        start=start if isinstance(start, int) else 0,
        legal=encode(legal) if legal else "[]",
    )


def send_state(room: Room, client: Client) -> None:
    """A full state: after hello, and to set a client right after a refusal."""
    table = table_parts(room, None)
    parts = seat_parts(room, client.seat, table, 0)
    parts.full_state(table, client, {}, Broadcast(), events=False)


def broadcast(room: Room, by: int | None) -> None:
    """The new state to every client, each built from its own seat's view (once per
    seat): a delta state to a delta connection, else the new events and the full state.
    A spectator's connection still behind keeps only the newest (``Client.push``)."""
    table = table_parts(room, by)
    by_seat: dict[int | None, list[Client]] = {}
    for client in room.clients:
        if client.joined:
            by_seat.setdefault(client.seat, []).append(client)
    shared = Broadcast()
    for seat, clients in by_seat.items():
        since = min(c.history_len if c.delta and c.sent is not None else 0 for c in clients)
        parts = seat_parts(room, seat, table, since)
        whole: SeatParts | None = parts if parts.start == 0 else None
        built: dict[tuple[object, ...], tuple[object, str]] = {}
        for client in clients:
            # a connection still behind with its last state (a spectator's is replaced)
            # is sent the whole of the new one
            if not client.behind("state") and parts.delta_state(table, client, built, shared):
                continue
            if whole is None:
                whole = seat_parts(room, seat, table, 0)
            whole.full_state(table, client, built, shared, events=True)


def broadcast_seats(room: Room) -> None:
    text = SeatsMessage(
        version=room.version, seats=room.seating.infos(), spectators=room.spectators
    ).model_dump_json()
    for client in list(room.clients):
        if client.joined:
            client.push(text, "seats")


def refuse(room: Room, client: Client, refusal: Refusal) -> None:
    code = refusal.code
    notable = code.startswith(("limit/", "server/")) or code in LIMIT_CODES
    log.log(
        logging.INFO if notable else logging.DEBUG,
        "table %s seat %s refused: %s",
        room.code,
        "-" if client.seat is None else client.seat,
        code,
    )
    client.push(error_message(refusal, room.version))
    if client.joined and (refusal.code in RESYNC_AFTER or refusal.code.startswith("action/")):
        send_state(room, client)
