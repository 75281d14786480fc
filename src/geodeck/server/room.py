"""One table in memory, and the one way its game changes.

A ``Room`` holds one table's game and is the only thing that changes it. Every change
goes the same way, under the room's lock (``submit``): check the version and the seat,
let the engine apply the action, store it, and only then tell the clients, each from its
own seat's view (``sending.py``). Its parts: the seats and grace periods (``seats.py``),
the bots (``bots.py``), the clocks and pauses (``clock.py``). The ``Lobby``
(``lobby.py``) creates, finds, restores and releases rooms.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine, Mapping
from typing import TYPE_CHECKING, Any

from geodeck.core.errors import ActionError, MalformedAction
from geodeck.core.game import Game, Viewer
from geodeck.server import changed, dealing, gathering, messages, observe, sending
from geodeck.server.bots import RoomBots
from geodeck.server.cards import Judge
from geodeck.server.chat import RoomChat
from geodeck.server.clients import Client
from geodeck.server.clock import Timekeeper
from geodeck.server.errors import ACTION_REFUSALS, ErrorCode, engine_code
from geodeck.server.protocol import (
    FINISHED,
    PLAYING,
    WAITING,
    ClientMessage,
    DealInfo,
    Refusal,
    TableInfo,
    encode,
)
from geodeck.server.seats import Seating, SeatState
from geodeck.server.storage import Conflict
from geodeck.server.storage.schema import Openness

if TYPE_CHECKING:
    from geodeck.server.lobby import Lobby

log = logging.getLogger("geodeck.server")


class Room:
    """One table in memory."""

    def __init__(
        self,
        lobby: Lobby,
        *,
        code: str,
        game: Game,
        head: dict[str, object],
        actions: list[dict[str, object]],
        seats: list[SeatState],
        clock: float | None,
        secret: bytes,
        pause: float = 0.0,
        bank: float = 0.0,
        banks: Mapping[int, float] | None = None,
        timeouts: tuple[int, ...] = (),
        again: str | None = None,
        openness: Openness | None = None,
        changes: int = 0,
    ) -> None:
        self.lobby = lobby
        self.code = code
        self.secret = secret
        """The table's secret (``dealing.py``): bots and server salts draw from it."""
        self.game = game
        self.judge = Judge(game)
        """Its placements, judged for the cards' ratings as they are made."""
        self._viewer: Viewer | None = None
        self._deal_wire: tuple[object, bool, str] | None = None
        """``deal_wire``'s last answer, with the deal and whether its salt was shown."""
        self.head = head
        self.actions = actions
        self.seats = seats
        self.clock = clock
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.seating = Seating(self)
        self.bots = RoomBots(self)
        self.timekeeper = Timekeeper(self, clock=clock, pause=pause, bank=bank, banks=banks)
        self.timeouts = list(timeouts)
        """The history events that begin a move played because a seat's time ran out."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False
        self.holders = 0
        """Open websockets and HTTP requests using this room (``Lobby.hold``)."""
        self.used = time.monotonic()
        """When the room was last put to use or let go of (``Lobby.sweep``)."""
        self.rematch = again
        """The code of the table that plays this one again (``rematch.py``)."""
        self.openness = openness or Openness()
        """Whether the lobby lists the table, its language, who may chat (``chat.py``)."""
        self.chat = RoomChat(self)
        self.changes = changes
        """How often ``geodeck admin`` had changed the table when it was last read from
        storage (``changed.py``)."""
        self.gathering: gathering.Gathering | None = None
        """Set while a rematch's table waits for its players (``gathering.py``)."""

    # -- facts ----------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.game.finished:
            return FINISHED
        for seat in self.seats:
            if not seat.claimed:
                return WAITING
        return WAITING if self.gathering is not None else PLAYING

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def settled(self) -> bool:
        """Whether no action is between the engine and storage (applied, its commit still
        under way): only then does the game show what storage holds."""
        return len(self.actions) == self.game.version

    @property
    def viewer(self) -> Viewer:
        """The views of the table's game (``Game.viewer``), kept with it: a new game (a
        rebuild, a rename) gets a new viewer."""
        if self._viewer is None or self._viewer.game is not self.game:
            self._viewer = self.game.viewer()
        return self._viewer

    @property
    def spectators(self) -> int:
        return sum(1 for c in self.clients if c.spectator)

    @property
    def paused(self) -> bool:
        return self.timekeeper.pause is not None

    def info(self, base: str) -> TableInfo:
        """What anyone with the code may know of the table, as storage holds it: while an
        action's commit is under way, the table as it was before that action."""
        settled = self.settled
        outcome = self.game.outcome() if settled else None
        deal = self.deal()
        timer = self.timekeeper.timer
        return TableInfo(
            code=self.code,
            link=f"{base.rstrip('/')}/?table={self.code}",
            game=self.game.game,
            variant=self.game.variant,
            status=self.status if settled else PLAYING,
            version=len(self.actions),
            clock=self.clock,
            bank=0.0 if timer is None else timer.bank,
            pause=self.timekeeper.pause_seconds,
            seats=self.seating.infos(),
            spectators=self.spectators,
            outcome=None if outcome is None else dict(outcome.to_wire()),
            deal=None if deal is None else DealInfo.model_validate(deal),
            rematch=self.rematch,
            public=self.openness.public,
            language=self.openness.language,
            chat=self.openness.chat,
        )

    def deal(self) -> dict[str, str | None] | None:
        """The deal commitment everyone is shown, with its salt once the game has ended."""
        return dealing.public_deal(self.head.get("deal"), self.game.finished and self.settled)

    def deal_wire(self) -> str:
        """``deal()`` encoded, worked out again only when the deal or its showing changes
        (the salt is shown once the game has ended)."""
        deal = self.head.get("deal")
        shown = self.game.finished and self.settled
        known = self._deal_wire
        if known is None or known[0] is not deal or known[1] != shown:
            known = self._deal_wire = (deal, shown, encode(self.deal()))
        return known[2]

    def record(self) -> dict[str, object]:
        if self.status != FINISHED or not self.settled:
            raise Refusal(
                ErrorCode.RECORD_NOT_FINISHED,
                "the record of a game in progress holds hidden cards; it is given out "
                "once the game has ended",
            )
        return {**self.head, "actions": [dict(a) for a in self.actions]}

    # -- clients (``messages.py``) --------------------------------------------------------

    async def handle(self, client: Client, message: ClientMessage) -> None:
        await messages.handle(self, client, message)

    async def leave(self, client: Client) -> None:
        await messages.leave(self, client)

    # -- the one way a game changes -------------------------------------------------------

    async def submit(
        self, seat: int, version: int, wire: Mapping[str, object], *, timeout: bool = False
    ) -> None:
        """Check, apply, store, then tell everyone. Raises ``Refusal``; changes nothing then.
        ``timeout``: the server plays for a seat whose time ran out. The caller holds the
        room's lock. Only the table's home process holds the room (``home.py``), so no
        other process changes it meanwhile."""
        await self._submit_checked(seat, version, wire, timeout=timeout)

    def _check(self, seat: int, version: int, wire: Mapping[str, object]) -> Any:
        """The action ``wire`` stands for, if the table takes one from ``seat`` at
        ``version``; ``Refusal`` if not."""
        game = self.game
        if self.status != PLAYING:
            raise Refusal(ErrorCode.ACT_NOT_PLAYING, f"the table is {self.status}")
        if self.paused:
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
            return game.action_from_wire({**wire, "seat": seat})
        except MalformedAction as err:
            raise Refusal(ErrorCode.ACTION_MALFORMED, err.message, rule=err.rule) from None
        except Exception:
            log.exception("table %s: the engine failed to read %r", self.code, wire)
            raise Refusal(ErrorCode.SERVER_INTERNAL, "the action could not be read") from None

    async def _submit_checked(
        self, seat: int, version: int, wire: Mapping[str, object], *, timeout: bool = False
    ) -> None:
        started = time.perf_counter()
        action = self._check(seat, version, wire)
        game = self.game
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
        self.judge.saw(game, action, seat)
        stored = action.to_wire()
        outcome = game.outcome()
        ended = None if outcome is None else outcome.to_wire()
        played = self.judge.played(game, self.head) if outcome is not None else None
        try:
            try:
                await self.lobby.append(
                    self.code, version, stored, status=self.status, outcome=ended,
                    played=played, changes=self.changes,
                )  # fmt: skip
            except Conflict:
                if not await changed.noticed(self.lobby, self):
                    raise
                # ``geodeck admin`` changed the table's names: stored again as it now is.
                await self.lobby.append(
                    self.code, version, stored, status=self.status, outcome=ended,
                    played=played, changes=self.changes,
                )  # fmt: skip
        except Refusal:
            raise  # the table was closed (``changed.py``): it goes, nothing to undo
        except Exception as err:
            if not isinstance(err, Conflict):
                log.exception("table %s: storing action %d failed", self.code, version)
            await self._rebuild()
            code = ErrorCode.ACT_STALE if isinstance(err, Conflict) else ErrorCode.SERVER_STORAGE
            raise Refusal(code, "the action could not be stored; nothing changed") from None
        self.actions.append(stored)
        if timeout:
            await self.timekeeper.mark_timeout(version, mark)
        self._changed(by=seat, events=events)
        observe.HOOKS.action(time.perf_counter() - started)

    async def _rebuild(self) -> None:
        """Back to the stored record, after a failure left the game in doubt."""
        if self.lobby.fanout.shared:
            stored = await self.lobby.run(self.lobby.storage.load_table, self.code)
            if stored is not None:
                self.actions = [dict(a) for a in stored.actions]
        record = {**self.head, "actions": self.actions}
        self.game = await self.lobby.run(Game.from_record, record)
        self.judge.lost()

    # -- what follows a change ------------------------------------------------------------

    def _changed(self, by: int | None, events: list[object] | None = None) -> None:
        """Tell everyone of a change, with the clock of the move now awaited; after a
        moment the table waits (no bot, stand-in or clock moves) until it was seen."""
        if events:
            self.timekeeper.begin_pause(events)
        self.timekeeper.update(by)
        sending.broadcast(self, by)
        self.bots.schedule()

    def status_changed(self) -> None:
        """The table started (every seat claimed): tell everyone, start bots and clocks."""
        if self.status == PLAYING:
            self.seating.start_absent()
        self._changed(by=None)

    def start(self) -> None:
        """Bring a restored or new table to life."""
        self.used = time.monotonic()
        if self.status == PLAYING:
            self.seating.start_absent()
            self.timekeeper.update(None)
            self.bots.schedule()

    def attend(self) -> None:
        """Someone came to the table. Stand-ins and the clock play only while someone is at
        the table (a player or a spectator connected here); what held off while nobody was
        starts again: a grace period for each absent player, the clock afresh."""
        if self.status != PLAYING:
            return
        self.seating.start_absent()
        self.timekeeper.update(None)

    def idle(self, linger: float, now: float) -> bool:
        """Whether nothing has used this room for ``linger`` seconds."""
        return not self.clients and self.holders == 0 and now - self.used >= linger

    # -- tasks and closing ----------------------------------------------------------------

    def spawn(self, work: Coroutine[object, object, None]) -> asyncio.Task[None]:
        """Run ``work`` as a task of this room: ``close`` cancels it."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self, code: int = 1012) -> None:
        """Stop the table's tasks and close its connections with close ``code`` (1012:
        come again, the table is restored where it is asked for next)."""
        self.closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for result in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(result, Exception):
                log.error("table %s: a task of the room failed", self.code, exc_info=result)
        for client in list(self.clients):
            client.close(code)
