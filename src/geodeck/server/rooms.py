"""Tables in memory: seats, tokens, connected clients, bots, the clock.

A ``Room`` holds one table's game and is the only thing that changes it. Every change
goes the same way, under the room's lock: check the version and the seat, let the engine
apply the action, store it, and only then tell the clients, each from its own seat's view.
A seat's view and legal actions are computed once per change, however many connections
hold the seat; a connection that asked for delta states gets only the parts of the view
that differ from the previous state it was sent (``states.py``). The ``Lobby`` creates,
finds, restores and closes rooms; it holds a room only while something uses it and
releases it a linger after its last use (docs/protocol.md, Memory), as storage holds it all.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from geodeck.bots import Bot
from geodeck.core.errors import ActionError, GeodeckError, MalformedAction, RecordError
from geodeck.core.game import Game, Viewer, new_game
from geodeck.core.records import validate
from geodeck.decks.files import DeckError, table_deck
from geodeck.server import bots as botplay
from geodeck.server import dealing
from geodeck.server.errors import ACTION_REFUSALS, SETUP_REFUSALS, ErrorCode, engine_code
from geodeck.server.fanout import Fanout, LocalFanout
from geodeck.server.protocol import (
    Act,
    ClientMessage,
    Continue,
    Created,
    CreateTable,
    DealInfo,
    Hello,
    Joined,
    JoinTable,
    Ping,
    PongMessage,
    Refusal,
    SeatInfo,
    SeatsMessage,
    TableInfo,
    encode,
    error_message,
)
from geodeck.server.states import HISTORY_KEYS, Broadcast, Parts, SeatParts, TableParts
from geodeck.server.storage import Append, Conflict, SeatRow, Storage, StoredTable
from geodeck.server.timing import Clock, Pause, is_moment, wall_ms
from geodeck.server.writer import Writer
from geodeck.undercover.variants import COMPUTERS

log = logging.getLogger("geodeck.server")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6
QUEUE_LIMIT = 256
CLOSE_TOO_SLOW = 4408

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
RESYNC_AFTER = (
    ErrorCode.ACT_STALE,
    ErrorCode.ACT_NOT_PLAYING,
    ErrorCode.SERVER_STORAGE,
    ErrorCode.SERVER_INTERNAL,
)

T = TypeVar("T")


@dataclass
class Settings:
    """How the server runs; ``geodeck serve`` fills it from its options."""

    database_url: str | None = None
    schema: str | None = None
    redis_url: str | None = None
    decks: dict[str, Any] = field(default_factory=dict)
    """Decks by game; the key ``*`` is the deck for every game without its own."""
    grace: float = 30.0
    bot_delay: float = 0.5
    standin_level: str = "casual"
    min_clock: float = 5.0
    """The shortest per-move clock a table may ask for, in seconds."""
    pause: float = 20.0
    """Seconds a table waits at most after a moment (a verdict, a scoring, a round's
    result) for its people to continue, for tables created without a ``pause``."""
    new_secret: Callable[[], bytes] = dealing.new_secret
    """Where each new table's secret comes from (``dealing.py``): ``secrets``. A test may
    give the same secret to two tables to compare them."""
    linger: float = 60.0
    """Seconds a table nobody is connected to stays in memory after its last use (its
    creation, a lookup, its last client leaving); then it is released, and restored from
    storage when it is asked for again."""
    miss_burst: int = 20
    """Wrong table codes and seat tokens a client address may try in a row (``limits``)."""
    miss_refill: float = 6.0
    """Seconds until an address that used up its misses may try once more."""
    miss_addresses: int = 20_000
    """The most client addresses whose misses are kept track of."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    return code.strip().upper()


def computer_seats(request: CreateTable) -> dict[str, Any]:
    """The table's options; for Undercover with the bot seats added as ``computers``
    (geodeck's rule for computer players, docs/rules.md), which only the server sets."""
    options = dict(request.options)
    if COMPUTERS in options:
        raise Refusal(
            ErrorCode.SETUP_INVALID, f"{COMPUTERS!r} is set by the server from the bot seats"
        )
    bots = [i for i, spec in enumerate(request.seats) if spec.bot is not None]
    if request.game == "undercover" and bots:
        options[COMPUTERS] = bots
    return options


def dealt(game: str, names: list[str], *, deck: Any, **setup: Any) -> tuple[Game, dict[str, Any]]:
    """``new_game`` and the head of its record (the record without its actions). With a
    ``deck`` other than the shipped one, ``RecordError`` if the record breaks the schema
    (a card the engine deals but a record cannot hold): the table could not be restored
    from storage."""
    new = new_game(game, names, deck=deck, **setup)
    head = new.to_record()
    if deck is not None:
        validate(head)
    head.pop("actions", None)
    return new, head


class Client:
    """One websocket connection: its seat (or spectator) and the messages queued for it."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=QUEUE_LIMIT)
        self.seat: int | None = None
        self.spectator = False
        self.delta = False
        self.history_len = 0
        """How many events of its seat's history this connection has been sent."""
        self.sent: tuple[Parts, Parts] | None = None
        """The view layers of the last state sent, history aside (delta connections only)."""
        self.close_code = 1000
        self._window = 0.0
        self._count = 0

    @property
    def joined(self) -> bool:
        return self.seat is not None or self.spectator

    def push(self, text: str) -> None:
        """Queue a message; a client too far behind is dropped (it may reconnect)."""
        if self.close_code == CLOSE_TOO_SLOW:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close_code = CLOSE_TOO_SLOW
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    def over_rate(self, limit: int, now: float) -> bool:
        """Whether this message is over ``limit`` messages in the current second."""
        if now - self._window >= 1.0:
            self._window, self._count = now, 0
        self._count += 1
        return self._count > limit


@dataclass
class SeatState:
    name: str
    bot: str | None
    token_hash: str | None
    connections: int = 0
    standin: bool = False

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def claimed(self) -> bool:
        return self.bot is not None or self.token_hash is not None


class Room:
    """One table in memory."""

    def __init__(
        self,
        lobby: Lobby,
        *,
        code: str,
        game: Game,
        head: dict[str, Any],
        actions: list[dict[str, Any]],
        seats: list[SeatState],
        clock: float | None,
        secret: bytes,
        pause: float = 0.0,
        bank: float = 0.0,
        banks: Mapping[int, float] | None = None,
        timeouts: tuple[int, ...] = (),
    ) -> None:
        self.lobby = lobby
        self.code = code
        self.secret = secret
        """The table's secret (``dealing.py``): bots and server salts draw from it."""
        self.game = game
        self._viewer: Viewer | None = None
        self.head = head
        self.actions = actions
        self.seats = seats
        self.clock = clock
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self._bots: dict[tuple[int, str], Bot] = {}
        self.timer = None if clock is None else Clock(clock, bank, dict(banks or {}))
        """The clock of each awaited human seat, and the seats' time banks."""
        self._banks_changed = False
        self._banks_task: asyncio.Task[None] | None = None
        self.pause_seconds = pause
        self._pause: Pause | None = None
        """Set while the table waits after a moment for its people to continue."""
        self._pause_task: asyncio.Task[None] | None = None
        self.timeouts = list(timeouts)
        """The history events that begin a move played because a seat's time ran out."""
        self._bot_task: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._grace: dict[int, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False
        self.holders = 0
        """Open websockets and HTTP requests using this room (``Lobby.hold``)."""
        self.used = time.monotonic()
        """When the room was last put to use or let go of (``Lobby.sweep``)."""

    # -- facts ----------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.game.finished:
            return FINISHED
        if any(not s.claimed for s in self.seats):
            return WAITING
        return PLAYING

    @property
    def version(self) -> int:
        return self.game.version

    def seat_infos(self) -> list[SeatInfo]:
        return [SeatInfo(**facts) for facts in self.seat_facts()]

    def seat_facts(self) -> list[dict[str, Any]]:
        """``seat_infos`` as plain dicts (``SeatInfo``'s fields), for encoding in bulk."""
        return [
            {
                "seat": i,
                "name": s.name,
                "bot": s.bot,
                "claimed": s.claimed,
                "connected": s.bot is not None or s.connections > 0,
                "standin": s.standin,
            }
            for i, s in enumerate(self.seats)
        ]

    @property
    def settled(self) -> bool:
        """Whether no action is between the engine and storage (applied, its commit still
        under way): only then does the game show what storage holds."""
        return len(self.actions) == self.game.version

    def info(self, base: str) -> TableInfo:
        """What anyone with the code may know of the table, as storage holds it: while an
        action's commit is under way, the table as it was before that action."""
        settled = self.settled
        outcome = self.game.outcome() if settled else None
        deal = self.deal()
        return TableInfo(
            code=self.code,
            link=f"{base.rstrip('/')}/?table={self.code}",
            game=self.game.game,
            variant=self.game.variant,
            status=self.status if settled else PLAYING,
            version=len(self.actions),
            clock=self.clock,
            bank=0.0 if self.timer is None else self.timer.bank,
            pause=self.pause_seconds,
            seats=self.seat_infos(),
            spectators=self.spectators,
            outcome=None if outcome is None else outcome.to_wire(),
            deal=None if deal is None else DealInfo.model_validate(deal),
        )

    @property
    def spectators(self) -> int:
        return sum(1 for c in self.clients if c.spectator)

    @property
    def paused(self) -> bool:
        return self._pause is not None

    def deal(self) -> dict[str, str | None] | None:
        """The deal commitment everyone is shown, with its salt once the game has ended."""
        return dealing.public_deal(self.head.get("deal"), self.game.finished and self.settled)

    def record(self) -> dict[str, Any]:
        if self.status != FINISHED or not self.settled:
            raise Refusal(
                ErrorCode.RECORD_NOT_FINISHED,
                "the record of a game in progress holds hidden cards; it is given out "
                "once the game has ended",
            )
        return {**self.head, "actions": [dict(a) for a in self.actions]}

    def _bot_controlled(self, seat: int) -> bool:
        state = self.seats[seat]
        return state.bot is not None or state.standin

    def _bot_for(self, seat: int, level: str, purpose: str) -> Bot:
        key = (seat, purpose)
        bot = self._bots.get(key)
        if bot is None or bot.level != level:
            bot = botplay.build_bot(
                level,
                self.secret,
                seat,
                self.game.game,
                purpose,
                atlas=botplay.atlas_of(self.head),
            )
            self._bots[key] = bot
        return bot

    def _seat_bot(self, seat: int) -> Bot:
        state = self.seats[seat]
        if state.bot is not None:
            return self._bot_for(seat, state.bot, "seat")
        return self._bot_for(seat, self.lobby.settings.standin_level, "standin")

    # -- messages -------------------------------------------------------------------------

    def _table_parts(self, by: int | None) -> TableParts:
        """The parts of a state that are the same for every recipient, encoded once."""
        game = self.game
        expects = game.expects()
        status = self.status
        clock = None if self.timer is None else self.timer.to_wire()
        pause = None if self._pause is None else self._pause.to_wire()
        return TableParts(
            code=self.code,
            status=status,
            version=game.version,
            by=by,
            seats=encode(self.seat_facts()),
            expects=encode({"seats": list(expects.seats), "kind": expects.kind}),
            clock=encode(clock),
            pause=encode(pause),
            spectators=self.spectators,
            timeouts=encode(self.timeouts),
            deal=encode(self.deal()),
        )

    @property
    def viewer(self) -> Viewer:
        """The views of the table's game (``Game.viewer``), kept with it: a new game (a
        rebuild, a rename) gets a new viewer."""
        if self._viewer is None or self._viewer.game is not self.game:
            self._viewer = self.game.viewer()
        return self._viewer

    def _seat_parts(self, seat: int | None, table: TableParts, since: int) -> SeatParts:
        """One seat's view (its history from event ``since`` on) and legal actions, encoded."""
        alike, own = self.viewer.layers(seat, since=since)
        legal: list[Any] = []
        if seat is not None and table.status == PLAYING and self._pause is None:
            legal = [a.to_wire() for a in self.game.legal_actions(seat)]
        history = own.get("history")
        start = own.get("history_from", 0)
        return SeatParts(
            seat=seat,
            alike=alike,
            own={k: v for k, v in own.items() if k not in HISTORY_KEYS},
            events=history if isinstance(history, list) else [],
            start=start if isinstance(start, int) else 0,
            legal=encode(legal),
        )

    def _send_state(self, client: Client) -> None:
        """A full state: after hello, and to set a client right after a refusal."""
        table = self._table_parts(None)
        parts = self._seat_parts(client.seat, table, 0)
        parts.full_state(table, client, {}, Broadcast(), events=False)

    def _broadcast(self, by: int | None) -> None:
        """The new state to every client, each built from its own seat's view (once per
        seat): a delta state to a delta connection, else the new events and the full state."""
        table = self._table_parts(by)
        by_seat: dict[int | None, list[Client]] = {}
        for client in self.clients:
            if client.joined:
                by_seat.setdefault(client.seat, []).append(client)
        broadcast = Broadcast()
        for seat, clients in by_seat.items():
            since = min(c.history_len if c.delta and c.sent is not None else 0 for c in clients)
            parts = self._seat_parts(seat, table, since)
            whole: SeatParts | None = parts if parts.start == 0 else None
            built: dict[tuple[Any, ...], tuple[object, str]] = {}
            for client in clients:
                if parts.delta_state(table, client, built, broadcast):
                    continue
                if whole is None:
                    whole = self._seat_parts(seat, table, 0)
                whole.full_state(table, client, built, broadcast, events=True)

    def _broadcast_seats(self) -> None:
        text = SeatsMessage(
            version=self.version, seats=self.seat_infos(), spectators=self.spectators
        ).model_dump_json()
        for client in list(self.clients):
            if client.joined:
                client.push(text)

    def _refuse(self, client: Client, refusal: Refusal) -> None:
        client.push(error_message(refusal, self.version))
        if client.joined and (refusal.code in RESYNC_AFTER or refusal.code.startswith("action/")):
            self._send_state(client)

    # -- clients --------------------------------------------------------------------------

    async def handle(self, client: Client, message: ClientMessage) -> None:
        if isinstance(message, Ping):
            client.push(PongMessage(id=message.id).model_dump_json())
            return
        if isinstance(message, Hello):
            await self._hello(client, message)
            return
        if isinstance(message, Continue):
            await self._continue(client, message)
            return
        await self._act(client, message)

    async def _hello(self, client: Client, hello: Hello) -> None:
        async with self.lock:
            if client.joined:
                self._refuse(
                    client,
                    Refusal(ErrorCode.PROTOCOL_HELLO_TWICE, "this connection said hello already"),
                )
                return
            client.delta = hello.delta
            if hello.spectator:
                client.spectator = True
                self.clients.add(client)
                self._attend()
                self._send_state(client)
                self._broadcast_seats()
                return
            assert hello.token is not None
            seat = self._seat_of(hello.token)
            if seat is None and self.lobby.fanout.shared:
                await self._reload_seats()
                seat = self._seat_of(hello.token)
            if seat is None:
                self._refuse(
                    client,
                    Refusal(ErrorCode.AUTH_BAD_TOKEN, "no seat of this table has that token"),
                )
                return
            client.seat = seat
            self.clients.add(client)
            state = self.seats[seat]
            state.connections += 1
            await self.lobby.fanout.presence(self.code, seat, 1)
            grace = self._grace.pop(seat, None)
            if grace is not None:
                grace.cancel()
            if state.standin:
                state.standin = False
                self._update_clock(None)
                self._schedule_bot()
            self._attend()
            self._send_state(client)
            self._broadcast_seats()

    def _seat_of(self, token: str) -> int | None:
        digest = token_hash(token)
        found = None
        for i, state in enumerate(self.seats):
            if state.token_hash is not None and hmac.compare_digest(state.token_hash, digest):
                found = i
        return found

    async def leave(self, client: Client) -> None:
        async with self.lock:
            if client not in self.clients:
                return
            self.clients.discard(client)
            if client.seat is None:
                if client.spectator:
                    self._broadcast_seats()
                return
            state = self.seats[client.seat]
            state.connections -= 1
            await self.lobby.fanout.presence(self.code, client.seat, -1)
            if state.connections == 0:
                self._start_grace(client.seat)
                if self._pause is not None and client.seat in self._pause.waiting:
                    self._continued(client.seat)
            self._broadcast_seats()

    async def _act(self, client: Client, act: Act) -> None:
        async with self.lock:
            try:
                if not client.joined:
                    raise Refusal(ErrorCode.PROTOCOL_HELLO_FIRST, "say hello before acting")
                if client.seat is None:
                    raise Refusal(ErrorCode.ACT_SPECTATOR, "a spectator cannot act")
                await self._submit(client.seat, act.version, act.action)
            except Refusal as refusal:
                self._refuse(client, refusal)

    async def _continue(self, client: Client, message: Continue) -> None:
        async with self.lock:
            try:
                if not client.joined:
                    raise Refusal(ErrorCode.PROTOCOL_HELLO_FIRST, "say hello before continuing")
                if client.seat is None:
                    raise Refusal(ErrorCode.ACT_SPECTATOR, "a spectator cannot continue")
                pause = self._pause
                if pause is None:
                    raise Refusal(ErrorCode.CONTINUE_NOT_PAUSED, "the table is not waiting")
                if message.version != pause.version:
                    raise Refusal(
                        ErrorCode.CONTINUE_STALE,
                        f"the table waits after version {pause.version}, not {message.version}",
                    )
                if client.seat in pause.waiting:
                    self._continued(client.seat)
            except Refusal as refusal:
                self._refuse(client, refusal)

    # -- moments: the table waits until its people have seen them ---------------------

    def _begin_pause(self, events: list[Any]) -> None:
        """After a moment, wait for every connected person (none: no pause)."""
        if self.pause_seconds <= 0 or self.status != PLAYING or not is_moment(events):
            return
        waiting = {
            i for i, s in enumerate(self.seats) if s.human and s.connections > 0 and not s.standin
        }
        if not waiting:
            return
        now, wall = asyncio.get_running_loop().time(), time.time()
        seconds = self.pause_seconds
        self._pause = Pause(self.version, now + seconds, wall_ms(wall + seconds), waiting)
        if self._pause_task is not None:
            self._pause_task.cancel()
        self._pause_task = self._spawn(self._pause_over(self._pause))

    async def _pause_over(self, pause: Pause) -> None:
        await asyncio.sleep(max(0.0, pause.due - asyncio.get_running_loop().time()))
        async with self.lock:
            if self._pause is pause:
                self._end_pause()

    def _continued(self, seat: int) -> None:
        """A seat has seen the moment (or left): the pause ends once nobody is left."""
        assert self._pause is not None
        self._pause.waiting.discard(seat)
        if self._pause.waiting:
            self._broadcast(None)
        else:
            self._end_pause()

    def _end_pause(self) -> None:
        self._pause = None
        task, self._pause_task = self._pause_task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self._update_clock(None)
        self._broadcast(None)
        self._schedule_bot()

    # -- the one way a game changes -------------------------------------------------------

    async def _submit(
        self, seat: int, version: int, wire: Mapping[str, Any], *, timeout: bool = False
    ) -> None:
        """Check, apply, store, then tell everyone. Raises ``Refusal``; changes nothing then.
        ``timeout``: the server plays for a seat whose time ran out."""
        async with self.lobby.fanout.lock(self.code):
            if self.lobby.fanout.shared:
                await self._catch_up()
            await self._submit_checked(seat, version, wire, timeout=timeout)

    async def _submit_checked(
        self, seat: int, version: int, wire: Mapping[str, Any], *, timeout: bool = False
    ) -> None:
        game = self.game
        if self.status != PLAYING:
            raise Refusal(ErrorCode.ACT_NOT_PLAYING, f"the table is {self.status}")
        if self._pause is not None:
            raise Refusal(
                ErrorCode.ACT_PAUSED,
                "the table waits until everyone has seen what just happened (continue)",
            )
        if version != game.version:
            raise Refusal(
                ErrorCode.ACT_STALE,
                f"the action was chosen at version {version}; the game is at version "
                f"{game.version}",
            )
        given = wire.get("seat", seat)
        if isinstance(given, bool) or given != seat:
            raise Refusal(ErrorCode.ACT_WRONG_SEAT, f"this connection acts for seat {seat} only")
        try:
            action = game.action_from_wire({**wire, "seat": seat})
        except MalformedAction as err:
            raise Refusal(ErrorCode.ACTION_MALFORMED, err.message, rule=err.rule) from None
        except Exception:
            raise Refusal(ErrorCode.ACTION_MALFORMED, "not an action of this game") from None
        mark = len(game.history)
        try:
            events = game.apply(action)
        except ActionError as err:
            code = engine_code(err.code, ACTION_REFUSALS, ErrorCode.ACTION_ILLEGAL)
            raise Refusal(code, err.message, rule=err.rule) from None
        except Exception:
            log.exception("table %s: the engine failed on %r", self.code, wire)
            await self._rebuild()
            raise Refusal(ErrorCode.SERVER_INTERNAL, "the action could not be applied") from None
        stored = action.to_wire()
        outcome = game.outcome()
        try:
            await self.lobby.append(
                self.code,
                version,
                stored,
                status=self.status,
                outcome=None if outcome is None else outcome.to_wire(),
            )
        except Exception as err:
            if not isinstance(err, Conflict):
                log.exception("table %s: storing action %d failed", self.code, version)
            await self._rebuild()
            code = ErrorCode.ACT_STALE if isinstance(err, Conflict) else ErrorCode.SERVER_STORAGE
            raise Refusal(code, "the action could not be stored; nothing changed") from None
        self.actions.append(stored)
        if timeout:
            await self._mark_timeout(version, mark)
        await self.lobby.fanout.publish(self.code, game.version)
        self._changed(by=seat, events=events)

    async def _mark_timeout(self, index: int, event: int) -> None:
        """Action ``index`` was the server's move for a seat out of time (its first event
        is number ``event``): kept for the history, not in the record."""
        self.timeouts.append(event)
        try:
            await self.lobby.run(self.lobby.storage.mark_timeout, self.code, index, event)
        except Exception:
            log.warning("table %s: the timeout of action %d was not stored", self.code, index)

    async def _rebuild(self) -> None:
        """Back to the stored record, after a failure left the game in doubt."""
        if self.lobby.fanout.shared:
            stored = await self.lobby.run(self.lobby.storage.load_table, self.code)
            if stored is not None:
                self.actions = [dict(a) for a in stored.actions]
        record = {**self.head, "actions": self.actions}
        self.game = await self.lobby.run(Game.from_record, record)

    async def _catch_up(self) -> None:
        """Apply actions another worker stored (several workers only)."""
        new = await self.lobby.run(self.lobby.storage.actions_since, self.code, len(self.actions))
        if not new:
            return
        events: list[Any] = []
        for wire in new:
            events += self.game.apply(self.game.action_from_wire(wire))
            self.actions.append(wire)
        self._changed(by=None, events=events)

    async def _reload_seats(self) -> None:
        stored = await self.lobby.run(self.lobby.storage.load_table, self.code)
        if stored is None:
            return
        before = self.status
        self.head = stored.head
        for row in stored.seats:
            if row.seat < len(self.seats):
                self.seats[row.seat].token_hash = row.token_hash
        names = stored.head.get("seats", [])
        for i, state in enumerate(self.seats):
            if i < len(names):
                state.name = str(names[i])
        if stored.actions == () and self.game.version == 0:
            self.game = await self.lobby.run(Game.from_record, stored.record())
        if self.status != before:
            self._status_changed()

    async def on_remote_change(self, version: int) -> None:
        async with self.lock:
            if version > self.game.version:
                await self._catch_up()
            elif self.status == WAITING:
                await self._reload_seats()

    def _changed(self, by: int | None, events: list[Any] | None = None) -> None:
        """Tell everyone of a change, with the clock of the move now awaited; after a
        moment the table waits (no bot, stand-in or clock moves) until it was seen."""
        if events:
            self._begin_pause(events)
        self._update_clock(by)
        self._broadcast(by)
        self._schedule_bot()

    def _status_changed(self) -> None:
        """The table started (every seat claimed): tell everyone, start bots and clocks."""
        if self.status == PLAYING:
            for seat, state in enumerate(self.seats):
                if state.human and state.connections == 0:
                    self._start_grace(seat)
        self._changed(by=None)

    def start(self) -> None:
        """Bring a restored or new table to life."""
        self.used = time.monotonic()
        if self.status == PLAYING:
            for seat, state in enumerate(self.seats):
                if state.human and state.connections == 0:
                    self._start_grace(seat)
            self._update_clock(None)
            self._schedule_bot()

    def _attend(self) -> None:
        """Someone came to the table. Stand-ins and the clock play only while someone is at
        the table (a player or a spectator connected here); what held off while nobody was
        starts again: a grace period for each absent player, the clock afresh."""
        if self.status != PLAYING:
            return
        for seat, state in enumerate(self.seats):
            if state.human and state.connections == 0:
                self._start_grace(seat)
        self._update_clock(None)

    def idle(self, linger: float, now: float) -> bool:
        """Whether nothing has used this room for ``linger`` seconds."""
        return not self.clients and self.holders == 0 and now - self.used >= linger

    # -- seats ----------------------------------------------------------------------------

    async def claim(self, seat: int | None, name: str | None) -> tuple[int, str]:
        """Claim a free human seat (the first, without ``seat``); return it and its token."""
        async with self.lock:
            if seat is None:
                free = [i for i, s in enumerate(self.seats) if not s.claimed]
                if not free:
                    raise Refusal(ErrorCode.TABLE_FULL, "every seat of this table is taken")
                seat = free[0]
            if not 0 <= seat < len(self.seats):
                raise Refusal(ErrorCode.TABLE_BAD_SEAT, f"no seat {seat} at this table")
            if self.seats[seat].claimed:
                raise Refusal(ErrorCode.TABLE_SEAT_TAKEN, f"seat {seat} is taken")
            head = None
            game = None
            if name is not None and name != self.seats[seat].name:
                if self.game.version != 0 or self.status != WAITING:
                    raise Refusal(ErrorCode.TABLE_STARTED, "seats can be renamed only before play")
                head, game = await self._renamed(seat, name)
            token = secrets.token_urlsafe(24)
            digest = token_hash(token)
            before = self.status
            try:
                await self.lobby.run(
                    self.lobby.storage.claim_seat,
                    self.code,
                    seat,
                    digest,
                    status=self._status_if_claimed(seat),
                    head=head,
                )
            except Conflict:
                raise Refusal(ErrorCode.TABLE_SEAT_TAKEN, f"seat {seat} is taken") from None
            if head is not None and game is not None:
                self.head, self.game = head, game
                self.seats[seat].name = name or self.seats[seat].name
            self.seats[seat].token_hash = digest
            if self.status != before:
                self._status_changed()
            else:
                self._broadcast_seats()
            return seat, token

    def _status_if_claimed(self, seat: int) -> str:
        free = [i for i, s in enumerate(self.seats) if not s.claimed and i != seat]
        return WAITING if free else PLAYING

    async def _renamed(self, seat: int, name: str) -> tuple[dict[str, Any], Game]:
        name = name.strip()
        names = list(self.head.get("seats", []))
        if not name or seat >= len(names):
            raise Refusal(ErrorCode.TABLE_BAD_NAME, "a seat name must not be empty")
        if any(i != seat and str(n).strip().lower() == name.lower() for i, n in enumerate(names)):
            raise Refusal(ErrorCode.TABLE_BAD_NAME, f"another seat is called {name!r}")
        names[seat] = name
        head = {**self.head, "seats": names}
        try:
            game = await self.lobby.run(Game.from_record, {**head, "actions": []})
        except GeodeckError as err:
            raise Refusal(ErrorCode.TABLE_BAD_NAME, err.message) from None
        return head, game

    def _start_grace(self, seat: int) -> None:
        if self.status != PLAYING or not self.seats[seat].human or seat in self._grace:
            return
        if self.seats[seat].standin:
            return
        self._grace[seat] = self._spawn(self._grace_over(seat))

    async def _grace_over(self, seat: int) -> None:
        await asyncio.sleep(self.lobby.settings.grace)
        async with self.lock:
            if self._grace.get(seat) is asyncio.current_task():
                del self._grace[seat]
            state = self.seats[seat]
            if state.connections > 0 or state.standin or self.status != PLAYING:
                return
            if not self.clients:
                return  # nobody at the table to play on for; ``_attend`` starts it again
            elsewhere = await self.lobby.fanout.presence(self.code, seat, 0)
            if elsewhere:
                return
            state.standin = True
            self._update_clock(None)
            self._schedule_bot()
            self._broadcast_seats()

    # -- bots -----------------------------------------------------------------------------

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _schedule_bot(self) -> None:
        current = asyncio.current_task()
        if self._bot_task is not None and self._bot_task is not current:
            self._bot_task.cancel()
        self._bot_task = None
        if self.closed or self.status != PLAYING or self._pause is not None:
            return
        if any(self._bot_controlled(s) for s in self.game.expects().seats):
            self._bot_task = self._spawn(self._bot_move(self.game.version))

    async def _bot_move(self, version: int) -> None:
        await asyncio.sleep(self.lobby.settings.bot_delay)
        async with self.lock:
            if version != self.game.version or self.status != PLAYING or self.paused:
                return
            seats = [s for s in self.game.expects().seats if self._bot_controlled(s)]
            if not seats:
                return
            seat = seats[0]
            view = self.game.view(seat)
            legal = self.game.legal_actions(seat)
            bot = self._seat_bot(seat)
        if not legal:
            return
        salts = dealing.salt_rng(self.secret, version)
        if botplay.quick(bot):
            action = botplay.choose(bot, view, legal, salts)
        else:
            action = await asyncio.to_thread(botplay.choose, bot, view, legal, salts)
        async with self.lock:
            if not self._bot_controlled(seat):
                return
            try:
                await self._submit(seat, version, action.to_wire())
            except Refusal as refusal:
                log.debug("table %s: bot move refused: %s", self.code, refusal.code)
                if self._bot_task is asyncio.current_task():
                    self._schedule_bot()

    # -- the clock ------------------------------------------------------------------------

    def _update_clock(self, acted: int | None) -> None:
        """Stop the clock of a seat that acted (its bank pays for time over its move's),
        and of seats no longer awaited; start it for each awaited human seat. While the
        table waits after a moment, or is not playing, no clock runs."""
        timer = self.timer
        if timer is None:
            return
        now, wall = asyncio.get_running_loop().time(), time.time()
        banked = False
        if self.status != PLAYING or self._pause is not None:
            awaited: set[int] = set()
        else:
            awaited = {s for s in self.game.expects().seats if not self._bot_controlled(s)}
        if acted is not None:
            banked |= timer.stop(acted, now)
        for seat in list(timer.turns):
            if seat not in awaited:
                banked |= timer.stop(seat, now)
        for seat in sorted(awaited):
            if seat not in timer.turns:
                timer.start(seat, now, wall)
        if banked:
            self._banks_changed = True
            if self._banks_task is None or self._banks_task.done():
                self._banks_task = self._spawn(self._keep_banks())
        self._arm_clock()

    async def _keep_banks(self) -> None:
        """Store the banks left, one write at a time, until storage has the latest."""
        while self._banks_changed and self.timer is not None:
            self._banks_changed = False
            try:
                await self.lobby.run(
                    self.lobby.storage.keep_banks, self.code, dict(self.timer.banks)
                )
            except Exception:
                log.warning("table %s: the time banks were not stored", self.code)

    def _arm_clock(self) -> None:
        current = asyncio.current_task()
        if self._clock_task is not None and self._clock_task is not current:
            self._clock_task.cancel()
        self._clock_task = None
        due = None if self.timer is None else self.timer.due()
        if due is not None and not self.closed:
            self._clock_task = self._spawn(self._clock_runs_out(due))

    async def _clock_runs_out(self, due: float) -> None:
        await asyncio.sleep(max(0.0, due - asyncio.get_running_loop().time()))
        async with self.lock:
            timer = self.timer
            if self._clock_task is not asyncio.current_task() or timer is None:
                return
            if not self.clients:
                timer.turns.clear()  # nobody at the table: ``_attend`` starts it afresh
                return
            now = asyncio.get_running_loop().time()
            late = sorted(s for s, t in timer.turns.items() if t.due <= now + 0.001)
            awaited = self.game.expects().seats
            for seat in late:
                if seat not in awaited or self.status != PLAYING:
                    timer.turns.pop(seat, None)
                    continue
                legal = self.game.legal_actions(seat)
                if not legal:
                    timer.turns.pop(seat, None)
                    continue
                action = botplay.preferred_default(legal)
                if action is None:
                    bot = self._bot_for(seat, self.lobby.settings.standin_level, "clock")
                    salts = dealing.salt_rng(self.secret, self.game.version)
                    action = botplay.choose(bot, self.game.view(seat), legal, salts)
                try:
                    await self._submit(seat, self.game.version, action.to_wire(), timeout=True)
                except Refusal as refusal:
                    log.warning("table %s: default move refused: %s", self.code, refusal.code)
                    timer.turns.pop(seat, None)
                    continue
                return
            self._arm_clock()

    # -- closing --------------------------------------------------------------------------

    async def close(self) -> None:
        self.closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for client in list(self.clients):
            client.close_code = 1012
            with contextlib.suppress(asyncio.QueueFull):
                client.queue.put_nowait(None)


class Lobby:
    """Every table this process holds, and the ways to make, find and restore them."""

    def __init__(self, settings: Settings, storage: Storage, fanout: Fanout | None = None) -> None:
        self.settings = settings
        self.storage = storage
        self.fanout: Fanout = fanout or LocalFanout()
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self._writer: Writer | None = None
        self._sweeper: asyncio.Task[None] | None = None

    async def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Blocking work (storage, replays) off the event loop."""
        return await asyncio.to_thread(work, *args, **kwargs)

    async def append(
        self,
        code: str,
        index: int,
        action: Mapping[str, Any],
        *,
        status: str,
        outcome: Mapping[str, Any] | None,
    ) -> None:
        """Store one action; returns once it is committed. Where storage is a SQLite file
        served by this process alone, the actions of all tables share commits (``Writer``);
        else each goes in a worker thread."""
        storage = self.storage
        if storage.quick_appends and not self.fanout.shared:
            if self._writer is None:
                self._writer = Writer(storage.append_actions)
            await self._writer.append(Append(code, index, action, status, outcome))
        else:
            await self.run(
                storage.append_action, code, index, action, status=status, outcome=outcome
            )

    async def start(self) -> None:
        botplay.check_level(self.settings.standin_level)
        await self.run(self.storage.create_schema)
        await self.fanout.start(self._on_remote_change)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_every())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
        await self.fanout.close()
        if self._writer is not None:
            await self._writer.close()
            self._writer = None
        await self.run(self.storage.close)

    # -- memory: a table is held while it is used, restored when it is asked for ----------

    async def hold(self, code: str) -> Room:
        """The table with that code (as ``room``), held in memory until ``let_go``."""
        room = await self.room(code)
        room.holders += 1
        return room

    def let_go(self, room: Room) -> None:
        room.holders -= 1
        room.used = time.monotonic()

    @contextlib.asynccontextmanager
    async def using(self, code: str) -> AsyncIterator[Room]:
        """``hold`` the table with that code for the work inside, then ``let_go``."""
        room = await self.hold(code)
        try:
            yield room
        finally:
            self.let_go(room)

    async def sweep(self) -> int:
        """Release every table nothing has used for ``Settings.linger`` seconds; return
        how many were released."""
        now = time.monotonic()
        linger = self.settings.linger
        released = 0
        for room in [r for r in self.rooms.values() if r.idle(linger, now)]:
            released += await self.release(room)
        return released

    async def release(self, room: Room) -> bool:
        """Let go of a table that is idle (``Room.idle``), checked again under its lock:
        no action is half done then, and each one was stored before anyone heard of it, so
        storage holds all of it. Its bots, clock and grace periods stop; whoever asks for
        the table next gets it restored from storage. Whether it was released."""
        async with room.lock:
            if self.rooms.get(room.code) is not room:
                return False
            if not room.idle(self.settings.linger, time.monotonic()):
                return False
            del self.rooms[room.code]
            await room.close()
        return True

    async def _sweep_every(self) -> None:
        every = min(max(self.settings.linger / 2, 0.05), 10.0)
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("releasing idle tables failed")

    async def _on_remote_change(self, code: str, version: int) -> None:
        room = self.rooms.get(code)
        if room is not None:
            await room.on_remote_change(version)

    async def room(self, code: str) -> Room:
        """The table with that code, from memory or storage; ``Refusal`` if there is none."""
        code = normal_code(code)
        room = self.rooms.get(code)
        if room is None and len(code) == CODE_LENGTH and code.isalpha():
            room = await self._load(code)
        if room is None:
            raise Refusal(ErrorCode.TABLE_NOT_FOUND, f"no table {code!r}")
        return room

    async def _load(self, code: str) -> Room | None:
        async with self._loading:
            room = self.rooms.get(code)
            if room is not None:
                return room
            stored = await self.run(self.storage.load_table, code)
            if stored is None:
                return None
            room = await self._restore(stored)
            self.rooms[code] = room
            room.start()
            return room

    async def _restore(self, stored: StoredTable) -> Room:
        game = await self.run(Game.from_record, stored.record())
        secret = stored.secret
        if secret is None:
            secret = await self.run(
                self.storage.keep_secret, stored.code, self.settings.new_secret()
            )
        names = [str(n) for n in stored.head.get("seats", [])]
        by_seat = {row.seat: row for row in stored.seats}
        seats = [
            SeatState(
                name=name,
                bot=by_seat[i].bot if i in by_seat else None,
                token_hash=by_seat[i].token_hash if i in by_seat else None,
            )
            for i, name in enumerate(names)
        ]
        return Room(
            self,
            code=stored.code,
            game=game,
            head=stored.head,
            actions=[dict(a) for a in stored.actions],
            seats=seats,
            clock=stored.clock,
            secret=secret,
            pause=stored.pause,
            bank=stored.bank,
            banks=stored.banks,
            timeouts=stored.timeouts,
        )

    def _deck_for(self, game: str, given: Any) -> Any:
        if given is not None:
            try:
                return table_deck(given)
            except DeckError as err:
                raise Refusal(ErrorCode.DECK_INVALID, err.message) from None
        decks = self.settings.decks
        if game in decks:
            return decks[game]
        return decks.get("*")

    def _seating(self, request: CreateTable) -> tuple[list[str], list[int]]:
        """The seats' names and the seats the creator claims; ``Refusal`` if they do not fit."""
        specs = request.seats
        for spec in specs:
            if spec.bot is not None:
                try:
                    botplay.check_level(spec.bot)
                except GeodeckError as err:
                    raise Refusal(ErrorCode.SETUP_INVALID, err.message) from None
        names: list[str] = []
        for i, spec in enumerate(specs):
            default = f"Bot {i + 1}" if spec.bot else f"Player {i + 1}"
            names.append((spec.name or default).strip() or default)
        for i, name in enumerate(names):
            if any(name.lower() == other.lower() for other in names[:i]):
                raise Refusal(ErrorCode.TABLE_BAD_NAME, f"two seats are called {name!r}")
        if request.clock is not None and request.clock < self.settings.min_clock:
            raise Refusal(
                ErrorCode.REQUEST_MALFORMED,
                f"clock: at least {self.settings.min_clock:g} seconds, or null for no clock",
            )
        if request.bank and request.clock is None:
            raise Refusal(ErrorCode.REQUEST_MALFORMED, "bank: a time bank needs a clock")
        humans = [i for i, s in enumerate(specs) if s.bot is None]
        claim = request.claim if request.claim is not None else humans[:1]
        if len(set(claim)) != len(claim) or any(c not in humans for c in claim):
            raise Refusal(
                ErrorCode.TABLE_BAD_SEAT, "claim lists human seats of this table, each once"
            )
        return names, claim

    async def _deal(
        self, request: CreateTable, names: list[str], secret: bytes
    ) -> tuple[Game, dict[str, Any]]:
        """The table's game, dealt from its secret, and its record's head with the deal
        commitment (``dealing.py``); ``Refusal`` if it cannot be dealt."""
        deck = self._deck_for(request.game, request.deck)
        options = computer_seats(request)
        try:
            game, head = await self.run(
                dealt,
                request.game,
                names,
                variant=request.variant,
                seed=dealing.deal_seed(secret, request.seed),
                options=options,
                deck=deck,
            )
        except RecordError as err:
            raise Refusal(
                ErrorCode.SETUP_INVALID, f"the table's record would not be valid: {err.message}"
            ) from None
        except GeodeckError as err:
            refused = engine_code(err.code, SETUP_REFUSALS, ErrorCode.SETUP_INVALID)
            raise Refusal(refused, err.message, rule=err.rule) from None
        except Exception as err:
            log.warning("a table could not be dealt: %s: %.200s", type(err).__name__, err)
            raise Refusal(ErrorCode.SETUP_INVALID, "the table cannot be dealt") from None
        head["deal"] = dealing.seal(head["setup"], secret)
        return game, head

    async def create(self, request: CreateTable, base: str) -> Created:
        specs = request.seats
        names, claim = self._seating(request)
        secret = self.settings.new_secret()
        game, head = await self._deal(request, names, secret)
        pause = self.settings.pause if request.pause is None else request.pause
        tokens = {seat: secrets.token_urlsafe(24) for seat in claim}
        seats = [
            SeatState(
                name=names[i],
                bot=spec.bot,
                token_hash=token_hash(tokens[i]) if i in tokens else None,
            )
            for i, spec in enumerate(specs)
        ]
        for _ in range(20):
            code = new_code()
            if code in self.rooms:
                continue
            room = Room(
                self,
                code=code,
                game=game,
                head=head,
                actions=[],
                seats=seats,
                clock=request.clock,
                secret=secret,
                pause=pause,
                bank=request.bank,
            )
            try:
                await self.run(
                    self.storage.create_table,
                    code=code,
                    game=game.game,
                    variant=game.variant,
                    status=room.status,
                    clock=request.clock,
                    head=head,
                    seat_rows=[SeatRow(i, s.bot, s.token_hash) for i, s in enumerate(seats)],
                    secret=secret,
                    pause=pause,
                    bank=request.bank,
                )
            except Conflict:
                continue
            except Exception:
                log.exception("table %s could not be stored", code)
                raise Refusal(
                    ErrorCode.SERVER_STORAGE, "the table could not be stored; try again"
                ) from None
            self.rooms[code] = room
            room.start()
            return Created(
                table=room.info(base), tokens={str(seat): t for seat, t in tokens.items()}
            )
        raise Refusal(ErrorCode.SERVER_BUSY, "no free table code was found; try again")

    async def join(self, code: str, request: JoinTable, base: str) -> Joined:
        async with self.using(code) as room:
            seat, token = await room.claim(request.seat, request.name)
            if self.fanout.shared:
                await self.fanout.publish(room.code, room.version)
            return Joined(seat=seat, token=token, table=room.info(base))
