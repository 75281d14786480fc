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

from geodeck.rl.codec import MAX_SEATS, Array, relative
from geodeck.rl.cross_codec import (
    CARD,
    EVENT,
    EVENTS,
    LINE_SLOTS,
    LINES,
    PHASES,
    PLACED,
    POSITIONS,
    RECENT,
    SEAT,
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
        cards = len(codec.numbers) + 1
        self.revealed = np.zeros(cards, dtype=bool)
        self.values: dict[str, Array] = {}
        self._lines: list[Any] = [None] * LINES
        self._faces: Any = None
        self._start: Any = None

    def update(self, alike: Mapping[str, Any], own: Mapping[str, Any]) -> Array:
        """The observation of the view ``{**alike, **own}``; ``own``'s history starts at
        ``seen``."""
        out = self.out
        me = self.me
        players = len(alike["seats"])
        box = float(alike["box"]) or 1.0
        dirty = self._reveal(alike)
        if alike["start"] != self._start:
            self._start = alike["start"]
            dirty = True
        variant = alike["variant"]
        for number, (line, held) in enumerate(alike["lines"].items()):
            if number >= LINES:
                break
            if dirty or held != self._lines[number]:
                self._lines[number] = held
                self._line(number, held, line if variant == "geo" else variant)
        out[CARDS_END:EVENTS_AT] = 0.0
        at = CARDS_END
        current = alike["current"]
        if current is not None:
            out[at] = 1.0
            out[at + 1] = self.codec.card_ids.get(current, 0.0)
        at += 2
        placed = alike["placed"]
        if placed is not None:
            out[at] = 1.0
            out[at + 1 + list(alike["lines"]).index(placed["line"])] = 1.0
            out[at + 3] = placed["at"] / POSITIONS
            by = relative(placed["by"], me, players)
            if 0 <= by < MAX_SEATS:
                out[at + 4 + by] = 1.0
            out[at + 4 + MAX_SEATS] = me in placed["to_ask"]
        at += PLACED
        awaited = alike["next"]["seats"]
        turn = alike["turn"]
        for seat in alike["seats"]:
            i = at + relative(seat["seat"], me, players) * SEAT
            out[i : i + SEAT] = (
                1.0,
                seat["chips"] / box,
                len(seat["exchanged"]) / box,
                seat["score"] / box,
                seat["seat"] == turn,
                seat["seat"] in awaited,
            )
        at += MAX_SEATS * SEAT
        out[at + PHASES.index(alike["phase"])] = 1.0
        at += len(PHASES)
        out[at : at + 5] = (
            alike["supply"] / box,
            alike["draw_left"] / 45.0,
            alike["until_scoring"] / 15.0,
            alike["reserve_left"] / 200.0,
            len(alike["removed"]) / POSITIONS,
        )
        at += 5
        guessing = own["guessing"]
        if guessing is not None:
            mine = guessing["mine"]
            out[at : at + 4] = (
                bool(guessing["final"]),
                guessing["most"] / POSITIONS,
                mine is not None,
                (mine or 0) / POSITIONS,
            )
        out[at + 4] = players / MAX_SEATS
        self._events(own["history"], players)
        self.seen = own["history_from"] + len(own["history"])
        return np.clip(out, -1.0, 1.0)

    def _reveal(self, alike: Mapping[str, Any]) -> bool:
        """Take in the cards newly revealed in the view's faces; whether there were any."""
        faces = alike["cards"]
        if faces is self._faces:
            return False
        self._faces = faces
        numbers, revealed = self.codec.numbers, self.revealed
        variant = alike["variant"]
        quantities = list(alike["lines"]) if variant == "geo" else [variant]
        changed = False
        for cid, face in faces.items():
            number = numbers.get(cid, 0)
            if number and not revealed[number] and "lat" in face:
                revealed[number] = changed = True
                for quantity in quantities:
                    values = self.values.get(quantity)
                    if values is None:
                        values = self.values[quantity] = np.zeros(len(revealed), np.float32)
                    values[number] = revealed_value(face, quantity)
        return changed

    def _line(self, number: int, held: list[str], quantity: str) -> None:
        base = number * LINE_SLOTS * CARD
        block = self.out[base : base + LINE_SLOTS * CARD].reshape(LINE_SLOTS, CARD)
        numbers = self.codec.numbers
        index = np.array([numbers.get(cid, 0) for cid in held[:LINE_SLOTS]], dtype=np.intp)
        n = len(index)
        block[n:] = 0.0
        if not n:
            return
        revealed = self.revealed[index] & (index > 0)
        values = self.values.get(quantity)
        block[:n, 0] = 1.0
        block[:n, 1] = self.codec.id_values[index]
        block[:n, 2] = [cid == self._start for cid in held[:LINE_SLOTS]]
        block[:n, 3] = revealed
        block[:n, 4] = 0.0 if values is None else np.where(revealed, values[index], 0.0)

    def _events(self, new: list[dict[str, Any]], players: int) -> None:
        """Shift the recent events by the ``new`` ones, encoded once each."""
        if not new:
            return
        recent = self.out[EVENTS_AT:].reshape(RECENT, EVENT)
        new = new[-RECENT:]
        k = len(new)
        if k < RECENT:
            recent[: RECENT - k] = recent[k:].copy()
        rows = recent[RECENT - k :]
        rows[:] = 0.0
        ids = self.codec.card_ids
        for row, event in zip(rows, new, strict=True):
            kind = KINDS.get(event["event"])
            if kind is not None:
                row[kind] = 1.0
            seat = event.get("seat", event.get("from"))
            if isinstance(seat, int):
                slot = relative(seat, self.me, players)
                if 0 <= slot < MAX_SEATS:
                    row[len(EVENTS) + slot] = 1.0
            card = event.get("card")
            if isinstance(card, str):
                row[len(EVENTS) + MAX_SEATS] = ids.get(card, 0.0)
            row[EVENT - 1] = bool(event.get("right"))
