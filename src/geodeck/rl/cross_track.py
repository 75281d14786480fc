"""A seat's cross-family observation kept up to date step by step (docs/rl.md).

``CrossTracker.update`` gives exactly ``CrossCodec.encode`` of the seat's view, read from
the view's two layers (``Viewer.layers``): the keys every seat sees alike and the seat's
own, whose history holds only the events since the last update. A line is encoded again
only when its cards or what is revealed of them changed, and each event once, as it
comes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from geodeck.rl.codec import Array, relative
from geodeck.rl.cross_codec import (
    CARD,
    EVENT,
    EVENTS,
    LINE_SLOTS,
    LINES,
    RECENT,
    SIZE,
    revealed_value,
)

if TYPE_CHECKING:
    from geodeck.rl.cross_codec import CrossCodec

CARDS_END = LINES * LINE_SLOTS * CARD
EVENTS_AT = SIZE - RECENT * EVENT
KINDS = {kind: i for i, kind in enumerate(EVENTS)}


class CrossTracker:
    """The observation of ``seat`` in one game, updated from that seat's view."""

    def __init__(self, codec: CrossCodec, seat: int | None) -> None:
        self.codec = codec
        self.seat = seat
        self.me = seat if seat is not None else 0
        self.seen = 0
        """Events of the seat's history taken in so far (``since`` of the next update)."""
        self.out = np.zeros(SIZE, dtype=np.float32)
        self.cards: dict[str, Array] = {}
        """Each quantity's card slot features by card (``CrossCodec.numbers``; row 0: a
        card not in the deck), the start flag left to the line."""
        self._shown: set[str] = set()
        self._lines: list[Any] = [None] * LINES
        self._faces: Any = None
        self._start: Any = None
        self._recent: list[int] = [0] * RECENT
        """The recent events' rows in the codec's table, oldest first (0: none)."""
        self._rows: dict[tuple[Any, ...], int] = {}

    def update(self, alike: Mapping[str, Any], own: Mapping[str, Any]) -> Array:
        """The observation of the view ``{**alike, **own}``; ``own``'s history starts at
        ``seen``."""
        out = self.out
        players = len(alike["seats"])
        lines = alike["lines"]
        variant = alike["variant"]
        dirty = self._reveal(alike["cards"], lines, variant)
        if alike["start"] != self._start:
            self._start = alike["start"]
            dirty = True
        for number, (line, held) in enumerate(lines.items()):
            if number >= LINES:
                break
            before = self._lines[number]
            if dirty or held != before:
                self._lines[number] = held
                quantity = line if variant == "geo" else variant
                if dirty or not self._inserted(number, before, held, quantity):
                    self._line(number, held, quantity)
        region = out[CARDS_END:EVENTS_AT]
        region[:] = 0.0
        box = float(alike["box"]) or 1.0
        self.codec.table_facts(out, {**alike, **own}, self.me, players, box)
        np.minimum(region, 1.0, out=region)
        np.maximum(region, -1.0, out=region)
        self._events(own["history"], players)
        self.seen = own["history_from"] + len(own["history"])
        return out.copy()

    def _reveal(self, faces: Mapping[str, Any], lines: Mapping[str, Any], variant: str) -> bool:
        """Take in the cards newly revealed in the view's faces; whether there were any."""
        if faces is self._faces:
            return False
        self._faces = faces
        shown = self._shown
        new = [cid for cid, face in faces.items() if cid not in shown and "lat" in face]
        if not new and self.cards:
            return False
        codec = self.codec
        for quantity in list(lines) if variant == "geo" else [variant]:
            cards = self.cards.get(quantity)
            if cards is None:
                cards = self.cards[quantity] = np.zeros((len(codec.id_values), CARD), np.float32)
                cards[:, 0] = 1.0
                cards[:, 1] = codec.id_values
            for cid in new:
                number = codec.numbers.get(cid, 0)
                if number:
                    value = revealed_value(faces[cid], quantity)
                    cards[number, 3:] = (1.0, min(1.0, max(-1.0, value)))
        shown.update(new)
        return True

    def _line(self, number: int, held: list[str], quantity: str) -> None:
        base = number * LINE_SLOTS * CARD
        block = self.out[base : base + LINE_SLOTS * CARD].reshape(LINE_SLOTS, CARD)
        numbers = self.codec.numbers
        held = held[:LINE_SLOTS]
        n = len(held)
        block[n:] = 0.0
        if not n:
            return
        block[:n] = self.cards[quantity][[numbers.get(cid, 0) for cid in held]]
        if self._start in held:
            block[held.index(self._start), 2] = 1.0

    def _inserted(self, number: int, before: Any, held: list[str], quantity: str) -> bool:
        """Shift the line's slots for one card put in (a placement), if that is all that
        changed; whether it was."""
        n = len(held)
        if before is None or n != len(before) + 1 or n > LINE_SLOTS:
            return False
        at = 0
        while at < n - 1 and held[at] == before[at]:
            at += 1
        if held[at + 1 :] != before[at:] or held[at] == self._start:
            return False
        base = number * LINE_SLOTS * CARD
        block = self.out[base : base + LINE_SLOTS * CARD].reshape(LINE_SLOTS, CARD)
        block[at + 1 : n] = block[at : n - 1].copy()
        block[at] = self.cards[quantity][self.codec.numbers.get(held[at], 0)]
        return True

    def _events(self, new: list[dict[str, Any]], players: int) -> None:
        """Shift the recent events by the ``new`` ones (each encoded once, by the codec's
        table of event rows)."""
        if not new:
            return
        recent = self._recent
        for event in new[-RECENT:]:
            recent.append(self._row(event, players))
        del recent[:-RECENT]
        self.out[EVENTS_AT:] = self.codec.event_rows()[recent].ravel()

    def _row(self, event: Mapping[str, Any], players: int) -> int:
        """The row of one event's features in the codec's table (``event_row``), looked
        up by what the event shows."""
        seat = event.get("seat", event.get("from"))
        card = event.get("card")
        key = (event["event"], seat, card, event.get("right"))
        row = self._rows.get(key)
        if row is None:
            slot = relative(seat, self.me, players) if isinstance(seat, int) else -1
            name = card if isinstance(card, str) else None
            row = self.codec.event_row(event["event"], slot, name, bool(event.get("right")))
            self._rows[key] = row
        return row
