"""A seat's cross-family observation kept up to date from the events it sees (docs/rl.md).

``CrossTracker.observe`` gives exactly ``CrossCodec.encode`` of the seat's view without
building the view: it starts from the seat's view once (its first observation of a game),
then follows the game's history as the seat's view shows it (``CrossState``). A line is
encoded again only when its cards or what is revealed of them changed, and each event
once, as it comes."""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from geodeck.core.game import Viewer
from geodeck.core.wire import WireEvent
from geodeck.cross.events import Checked, Guessed, Scoring
from geodeck.rl.codec import MAX_SEATS, Array, relative
from geodeck.rl.cross_layout import (
    CARD,
    EVENT,
    LINE_SLOTS,
    LINES,
    PHASES,
    PLACED,
    POSITIONS,
    RECENT,
    SEAT,
    SIZE,
)
from geodeck.rl.cross_state import CrossState

if TYPE_CHECKING:
    from geodeck.cross.events import Event
    from geodeck.cross.game import CrossGame
    from geodeck.cross.shapes import CrossView
    from geodeck.rl.cross_codec import CrossCodec

CARDS_END = LINES * LINE_SLOTS * CARD
EVENTS_AT = SIZE - RECENT * EVENT
_FACTS = struct.Struct(f"={EVENTS_AT - CARDS_END}f")
"""The table facts (``CARDS_END`` to ``EVENTS_AT``) as ``out`` holds them."""
NO_EVENT = bytes(4 * EVENT)
"""The features of no event (before the first of the recent ones)."""
_NO_PLACED = (0.0,) * PLACED
_NO_SEAT = (0.0,) * SEAT
_NO_GUESSING = (0.0,) * 4
EventKey = tuple[str, object, object, object]
"""What an event shows that its features depend on: its kind, seat, card and verdict."""
_PHASE = {phase: tuple(float(p == phase) for p in PHASES) for phase in PHASES}


class CrossTable:
    """What every seat's observation of one game shares, kept from one call to the next:
    the facts of the table (``CrossState``, as a spectator's view shows them) and the
    lines' card slots, followed once for all the seats."""

    def __init__(self, codec: CrossCodec) -> None:
        self.codec = codec
        self.seen = 0
        """Events of the game's history taken in so far."""
        self.cells = np.zeros(CARDS_END, dtype=np.float32)
        """The lines' card slots, as every seat's observation begins."""
        self.state: CrossState | None = None
        self._quantities: list[str] = []
        self._rows_of: list[Array] = []
        """Each line's card rows (``CrossCodec.card_rows``)."""
        self._half = len(codec.id_values)
        """Where the revealed rows begin in the card rows."""
        cells = self.cells.reshape(LINES, LINE_SLOTS, CARD)
        self._blocks: list[Array] = [cells[number] for number in range(LINES)]
        """Each line's card slots in ``cells``."""

    def advance(self, game: CrossGame, viewer: Viewer) -> CrossState:
        """Take in the events not taken in yet (the first time, a spectator's view)."""
        history = game.history
        state = self.state
        if state is None:
            state = self._begin(viewer.view(None))
        elif self.seen < len(history):
            self._follow(history[self.seen :], game, state)
        self.seen = len(history)
        return state

    def _begin(self, view: CrossView) -> CrossState:
        codec = self.codec
        self.cells[:] = codec.encode(view)[:CARDS_END]
        state = self.state = CrossState(view)
        variant = view["variant"]
        self._quantities = [line if variant == "geo" else variant for line in view["lines"]]
        self._rows_of = [codec.card_rows(quantity) for quantity in self._quantities]
        self._take_in(state.revealed, view["cards"].__getitem__)
        self.seen = view["history_from"] + len(view["history"])
        return state

    def _follow(self, events: Sequence[Event], game: CrossGame, state: CrossState) -> None:
        shown = state.follow(events, None, game)
        if shown:
            cards = game.cards
            self._take_in(shown, lambda cid: cards[cid].face(revealed=True))
        for number, ops in enumerate(state.changes[:LINES]):
            held = state.lines[number]
            if ops is None or len(held) > LINE_SLOTS:
                self._line(number, held)
                continue
            if ops:
                self._shift(number, ops, held)
            if shown and not shown.isdisjoint(held):
                self._rewrite(number, shown, held)

    def _take_in(self, shown: Iterable[str], face: Callable[[str], Mapping[str, object]]) -> None:
        """Make sure the codec's card rows hold the revealed values of the cards ``shown``."""
        reveal = self.codec.reveal
        quantities = set(self._quantities)
        for cid in shown:
            for quantity in quantities:
                reveal(cid, quantity, face)

    def _index(self, cid: str) -> int:
        """The row of card ``cid`` in the card rows, as this seat sees it now."""
        number = self.codec.numbers.get(cid, 0)
        assert self.state is not None
        return number + self._half if cid in self.state.revealed else number

    def _line(self, number: int, held: list[str]) -> None:
        """Write a line's card slots afresh."""
        block = self._blocks[number]
        held = held[:LINE_SLOTS]
        n = len(held)
        block[n:] = 0.0
        if not n:
            return
        block[:n] = self._rows_of[number][[self._index(cid) for cid in held]]
        start = self.state.start if self.state is not None else None
        if start in held:
            block[held.index(start), 2] = 1.0

    def _shift(self, number: int, ops: list[tuple[int, int, str]], held: list[str]) -> None:
        """Replay the cards put in and taken out on a line's slots, in order, so that they
        end up as ``held`` (a card put in is a placed one, never the start card)."""
        block = self._blocks[number]
        rows = self._rows_of[number]
        n = len(held) - sum(op for op, _, _ in ops)
        for op, at, cid in ops:
            if op > 0:
                block[at + 1 : n + 1] = block[at:n]
                block[at] = rows[self._index(cid)]
                n += 1
            else:
                block[at : n - 1] = block[at + 1 : n]
                n -= 1
                block[n] = 0.0

    def _rewrite(self, number: int, shown: set[str], held: list[str]) -> None:
        """Write again the slots of the cards just revealed on a line."""
        block = self._blocks[number]
        rows = self._rows_of[number]
        start = self.state.start if self.state is not None else None
        for at, cid in enumerate(held):
            if cid in shown:
                block[at] = rows[self._index(cid)]
                if cid == start:
                    block[at, 2] = 1.0


class CrossTracker:
    """The observation of ``seat`` in one game, kept from one call to the next: the
    game's ``CrossTable`` (shared by every seat) with what this seat's view adds, its own
    guess and the recent events as it sees them."""

    def __init__(self, codec: CrossCodec, seat: int | None) -> None:
        self.codec = codec
        self.seat = seat
        self.me = seat if seat is not None else 0
        self.seen = 0
        """Events of the game's history taken in so far."""
        self.out = np.zeros(SIZE, dtype=np.float32)
        self._bytes = memoryview(self.out.data).cast("B")
        """``out``'s bytes, to pack features into (``_facts``)."""
        self._recent: list[bytes] = [NO_EVENT] * RECENT
        """The recent events' features (``CrossCodec.event_row``), oldest first."""
        self.table: CrossTable | None = None
        self.mine: int | None = None
        """This seat's guess while the seats guess (``None``: not made)."""
        self._rows: dict[Hashable, bytes] = {}

    def observe(self, game: CrossGame, viewer: Viewer) -> Array:
        """The observation of the seat's view of ``game`` now; a new array, the caller's."""
        return self.current(game, viewer).copy()

    def current(self, game: CrossGame, viewer: Viewer) -> Array:
        """The observation, as ``observe`` gives it, in the tracker's own array: read it
        before the next call, never write to it."""
        history = game.history
        table = self.table
        if table is None:
            table = self.table = self.codec.table(game)
            state = table.advance(game, viewer)
            self._begin(viewer.view(self.seat))
        else:
            state = table.advance(game, viewer)
            if self.seen < len(history):
                events = history[self.seen :]
                self._events(events, state.players)
                self._mine(events)
        self.seen = len(history)
        self.out[:CARDS_END] = table.cells
        self._facts(state)
        return self.out

    def _begin(self, view: CrossView) -> None:
        """Start from the seat's whole view: its guess and its recent events."""
        players = len(view["seats"])
        guessing = view["guessing"]
        self.mine = guessing["mine"] if guessing is not None else None
        self._rows = self.codec.shown_rows(self.me, players)
        for event in view["history"][-RECENT:]:
            self._recent.append(self._row(str(event["event"]), *_wire_facts(event), players))
        del self._recent[:-RECENT]
        self._bytes[EVENTS_AT * 4 :] = b"".join(self._recent)
        self.seen = view["history_from"] + len(view["history"])

    def _mine(self, events: Sequence[Event]) -> None:
        """Follow this seat's own guess (``CrossState._guess``)."""
        for event in events:
            if isinstance(event, Guessed):
                if event.seat == self.seat:
                    self.mine = event.wrong
            elif isinstance(event, Scoring | Checked):
                self.mine = None

    def _events(self, events: Sequence[Event], players: int) -> None:
        """Shift the recent events by the new ones, each row written once."""
        rows = self._rows
        recent = self._recent
        for event in events[-RECENT:]:
            kind = type(event)
            shows = _SHOWS.get(kind)
            if shows is None:
                shows = _SHOWS[kind] = _shows(kind)
            key = shows(event)
            row = rows.get(key)
            if row is None:
                facts = _key(event)
                row = rows[key] = self._row(facts[0], facts[1], facts[2], facts[3], players)
            recent.append(row)
        del recent[:-RECENT]
        self._bytes[EVENTS_AT * 4 :] = b"".join(recent)

    def _facts(self, state: CrossState) -> None:
        """The features after the lines, before the recent events (``table_facts``), put
        together in one list and packed into ``out`` at once."""
        me, players, box = self.me, state.players, state.box
        current = state.current
        facts = [0.0, 0.0] if current is None else [1.0, self.codec.card_ids.get(current, 0.0)]
        placed = state.placed
        if placed is None:
            facts += _NO_PLACED
        else:
            line, at, by = placed
            lines = [0.0] * LINES
            if 0 <= line < LINES:
                lines[line] = 1.0
            by_slot = [0.0] * MAX_SEATS
            by_slot[(by - me) % players] = 1.0
            facts += (1.0, *lines, at / POSITIONS, *by_slot, me in state.asked)
        awaited = state.awaited()
        turn, hands, exchanged = state.turn, state.hands, state.exchanged
        for slot in range(players):
            seat = (me + slot) % players
            chips, swapped = hands[seat], exchanged[seat]
            # chips in hand never exceed the box (nor does the supply); the rest may
            facts += (
                1.0,
                chips / box,
                min(swapped / box, 1.0),
                min((chips + 5 * swapped) / box, 1.0),
                seat == turn,
                seat in awaited,
            )
        facts += _NO_SEAT * (MAX_SEATS - players)
        facts += _PHASE[state.phase]
        facts += (
            state.supply / box,
            min(state.draw_left / 45.0, 1.0),
            min(state.until_scoring / 15.0, 1.0),
            min(state.reserve_left / 200.0, 1.0),
            min(state.removed / POSITIONS, 1.0),
        )
        guessing = state.guessing
        if guessing is None:
            facts += _NO_GUESSING
        else:
            mine = self.mine
            facts += (
                guessing[0],
                guessing[1] / POSITIONS,
                mine is not None,
                (mine or 0) / POSITIONS,
            )
        facts.append(players / MAX_SEATS)
        _FACTS.pack_into(self._bytes, CARDS_END * 4, *facts)

    def _row(self, kind: str, seat: object, card: object, right: object, players: int) -> bytes:
        """One event's features (``CrossCodec.event_row``), looked up by what it shows."""
        key = (kind, seat, card, right)
        row = self._rows.get(key)
        if row is None:
            slot = relative(seat, self.me, players) if isinstance(seat, int) else -1
            name = card if isinstance(card, str) else None
            row = self._rows[key] = self.codec.event_row(kind, slot, name, bool(right))
        return row


def _wire_facts(event: Mapping[str, object]) -> tuple[object, object, object]:
    """The seat, card and verdict an event of a view shows (``CrossCodec._events``)."""
    return event.get("seat", event.get("from")), event.get("card"), event.get("right")


def _key(event: WireEvent) -> EventKey:
    """What an event of the game's history shows as the view would (``_wire_facts``):
    its kind, seat, card and verdict, read as its class says (``_KEYS``)."""
    read = _KEYS.get(type(event))
    if read is None:
        read = _KEYS[type(event)] = _reader(type(event))
    return read(event)


def _reader(kind: type[WireEvent]) -> Callable[[WireEvent], EventKey]:
    names = set(getattr(kind, "__dataclass_fields__", ()))
    seat = "seat" if "seat" in names else "payer" if "payer" in names else None
    card = "card" if "card" in names else None
    right = "right" if "right" in names else None

    def read(event: WireEvent) -> EventKey:
        return (
            event.event,
            getattr(event, seat) if seat else None,
            getattr(event, card) if card else None,
            getattr(event, right) if right else None,
        )

    return read


def _shows(kind: type[WireEvent]) -> Callable[[WireEvent], Hashable]:
    """A quick reader of the fields ``_key`` reads from events of class ``kind``: a key
    for them as good as ``_key``'s (the class's kind of event comes first)."""
    names = set(getattr(kind, "__dataclass_fields__", ()))
    seat = "seat" if "seat" in names else "payer" if "payer" in names else None
    fields = [name for name in (seat, "card", "right") if name is not None and name in names]
    return operator.attrgetter("event", *fields)


_SHOWS: dict[type[WireEvent], Callable[[WireEvent], Hashable]] = {}
"""Each event class's quick reader (``_shows``)."""

_KEYS: dict[type[WireEvent], Callable[[WireEvent], EventKey]] = {}
"""Each event class's reader of what it shows (``_key``)."""
