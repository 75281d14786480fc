"""The cross family's observation and actions, from a seat's view only (docs/rl.md).

Observation, all features scaled into [-1, 1]:

- ``LINES`` lines x ``LINE_SLOTS`` card slots x ``CARD``: present, card id (its place in
  the deck's sorted ids, scaled into (0, 1]), is the start card, is revealed, the revealed
  value of the line's quantity (longitude / 180, latitude / 90, log10 population / 8,
  log10 area / 7, altitude / 5000; 0 while hidden);
- the drawn card: present, card id;
- the placed card awaiting responses: present, line (one-hot), position / 48, placer
  (relative seat, one-hot), this seat is asked;
- ``MAX_SEATS`` seats from this one clockwise x ``SEAT``: present, chips / box, cards
  exchanged / box, score / box, has the turn, is awaited;
- the phase (one-hot), supply / box, draw pile / 45, until scoring / 15, reserve / 200,
  removed cards / 48, the guessing: final, most / 48, own guess made, own guess / 48; the
  number of seats / 6;
- the last ``RECENT`` events of the seat's history, oldest first x ``EVENT``: kind
  (one-hot), seat (relative, one-hot), card id, and a flag (a judged card was right).

Actions: ``line x POSITIONS + at`` places the drawn card (line 0 is west-east, or the
one column of a ranking variant; 1 is north-south); ``ACCEPT``; ``CHALLENGE_BEFORE`` and
``CHALLENGE_AFTER`` doubt the placed card against its neighbour before or after it;
``GUESS + n`` guesses n wrong cards.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from geodeck.cross.actions import Accept, Challenge, CrossAction, Guess, Place
from geodeck.rl.codec import MAX_SEATS, Array, finish, ids_of, one_hot, relative
from geodeck.rl.cross_layout import (
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
)
from geodeck.rl.cross_track import CrossTable, CrossTracker

if TYPE_CHECKING:
    from geodeck.cross.game import CrossGame
    from geodeck.cross.shapes import CrossRecord, CrossView

MAX_MOVES = 1_000
"""An upper bound on a game's moves: the cross family draws 45 cards, each placed and
answered by at most five seats, with four rounds of guesses."""
VARIANT_OPTIONS: dict[str, dict[str, object]] = {}
"""Options a variant needs when none are given: none."""

ACCEPT = LINES * POSITIONS
CHALLENGE_BEFORE = ACCEPT + 1
CHALLENGE_AFTER = ACCEPT + 2
GUESS = ACCEPT + 3
ACTIONS = GUESS + POSITIONS

SCALE = {"west-east": 180.0, "north-south": 90.0, "population": 8.0, "area": 7.0}
ALTITUDE = 5000.0


def revealed_value(card: Mapping[str, Any], quantity: str) -> float:
    """A revealed card's value of ``quantity``, scaled (the module docstring)."""
    if quantity == "west-east":
        return float(card.get("lon", 0.0)) / 180.0
    if quantity == "north-south":
        return float(card.get("lat", 0.0)) / 90.0
    raw = card.get(quantity)
    if raw is None:
        return 0.0
    if quantity == "altitude":
        return float(raw) / ALTITUDE
    return math.log10(max(float(raw), 1.0)) / SCALE[quantity]


class CrossCodec:
    """The encoding for one cross-family game; ``cards`` are the ids of its deck (public
    reference: which cards exist, not where they are)."""

    size = SIZE
    actions = ACTIONS

    def __init__(self, cards: list[str]) -> None:
        self.card_ids = ids_of(cards)
        self.numbers = {cid: i + 1 for i, cid in enumerate(sorted(cards))}
        """Each card's row in ``id_values`` (0: none)."""
        self.id_values = np.array([0.0, *sorted(self.card_ids.values())], dtype=np.float32)
        self._order: tuple[Mapping[str, list[str]], dict[str, int]] | None = None
        self._event_keys: dict[tuple[str, int, str | None, bool], bytes] = {}
        self._shown_rows: dict[tuple[int, int], dict[Hashable, bytes]] = {}
        self._card_rows: dict[str, Array] = {}
        self._revealed: dict[str, set[str]] = {}
        self._tables: weakref.WeakKeyDictionary[object, CrossTable] = weakref.WeakKeyDictionary()

    def card_rows(self, quantity: str) -> Array:
        """The card slot features of a line of ``quantity``, one row per card and how it
        shows: row ``numbers[cid]`` the card hidden, that row plus ``len(id_values)`` the
        card revealed (filled in by ``reveal``); row 0 (either half) a card not in the
        deck. The start flag is left to the line. Kept for every game of this codec."""
        rows = self._card_rows.get(quantity)
        if rows is None:
            half = len(self.id_values)
            rows = np.zeros((2 * half, CARD), dtype=np.float32)
            rows[:, 0] = 1.0
            rows[:half, 1] = rows[half:, 1] = self.id_values
            rows[half + 1 :, 3] = 1.0
            self._card_rows[quantity] = rows
            self._revealed[quantity] = set()
        return rows

    def reveal(self, cid: str, quantity: str, face: Callable[[str], Mapping[str, object]]) -> None:
        """Fill in the revealed row of card ``cid`` (its face: ``face(cid)``) of
        ``quantity`` (``card_rows``), once per card of the deck."""
        done = self._revealed[quantity]
        if cid not in done:
            number = self.numbers.get(cid, 0)
            if number:
                value = min(1.0, max(-1.0, revealed_value(face(cid), quantity)))
                self._card_rows[quantity][len(self.id_values) + number, 4] = value
            done.add(cid)

    def event_row(self, kind: str, slot: int, card: str | None, right: bool) -> bytes:
        """An event's features as ``out`` holds them (``EVENT`` float32s): ``kind``, the
        relative seat ``slot`` (-1: none), ``card`` and whether a judged card was right;
        worked out once per codec."""
        key = (kind, slot, card, right)
        row = self._event_keys.get(key)
        if row is None:
            features = np.zeros(EVENT, dtype=np.float32)
            one_hot(features, 0, EVENTS.index(kind), len(EVENTS))
            one_hot(features, len(EVENTS), slot, MAX_SEATS)
            if card is not None:
                features[len(EVENTS) + MAX_SEATS] = self.card_ids.get(card, 0.0)
            features[EVENT - 1] = right
            row = self._event_keys[key] = features.tobytes()
        return row

    def shown_rows(self, me: int, players: int) -> dict[Hashable, bytes]:
        """The event rows of what events show (kind, seat, card, verdict) as seat ``me``
        of ``players`` sees them, kept for every game of this codec (``CrossTracker``)."""
        return self._shown_rows.setdefault((me, players), {})

    def tracker(self, seat: int | None) -> CrossTracker:
        """An observation of ``seat`` kept up to date from the events its view shows
        (``cross_track``)."""
        return CrossTracker(self, seat)

    def table(self, game: object) -> CrossTable:
        """What every seat's observation of ``game`` shares (``cross_track``), one for each
        game, kept while the game is."""
        table = self._tables.get(game)
        if table is None:
            table = self._tables[game] = CrossTable(self)
        return table

    def chosen(self, actions: Sequence[CrossAction], game: CrossGame) -> dict[int, CrossAction]:
        """The index of each of ``actions`` (``index``), from what every seat sees of
        ``game``: the order of its lines and the placed card's neighbours."""
        lines = game.table.lines
        if self._order is None or self._order[0] is not lines:
            self._order = (lines, {line: i * POSITIONS for i, line in enumerate(lines)})
        order = self._order[1]
        out: dict[int, CrossAction] = {}
        for action in actions:
            if isinstance(action, Place):
                out[order[action.line] + action.at] = action
            elif isinstance(action, Accept):
                out[ACCEPT] = action
            elif isinstance(action, Challenge):
                assert game.placed is not None, "a challenge is legal only of a placed card"
                line, at = game.placed
                held = lines[line]
                before = at > 0 and held[at - 1] == action.against
                out[CHALLENGE_BEFORE if before else CHALLENGE_AFTER] = action
            elif isinstance(action, Guess):
                out[GUESS + action.wrong] = action
            else:
                raise TypeError(f"not a cross-family action: {action!r}")
        return out

    def encode(self, view: CrossView) -> Array:
        out = np.zeros(SIZE, dtype=np.float32)
        me = view["seat"] if view["seat"] is not None else 0
        players = len(view["seats"])
        box = float(view["box"]) or 1.0
        self._lines(out, view)
        at = self.table_facts(out, view, me, players, box)
        self._events(out, at, view, me, players)
        return finish(out)

    def table_facts(self, out: Array, view: CrossView, me: int, players: int, box: float) -> int:
        """The features after the lines, before the recent events: the card in hand, the
        placed card, the seats, the phase and counts, the guessing; where the events begin."""
        ids = self.card_ids
        at = LINES * LINE_SLOTS * CARD
        current = view["current"]
        if current is not None:
            out[at] = 1.0
            out[at + 1] = ids.get(current, 0.0)
        at += 2
        placed = view["placed"]
        if placed is not None:
            out[at] = 1.0
            one_hot(out, at + 1, list(view["lines"]).index(placed["line"]), LINES)
            out[at + 3] = placed["at"] / POSITIONS
            one_hot(out, at + 4, relative(placed["by"], me, players), MAX_SEATS)
            out[at + 4 + MAX_SEATS] = me in placed["to_ask"]
        at += PLACED
        awaited = view["next"]["seats"]
        for seat in view["seats"]:
            i = at + relative(seat["seat"], me, players) * SEAT
            out[i] = 1.0
            out[i + 1] = seat["chips"] / box
            out[i + 2] = len(seat["exchanged"]) / box
            out[i + 3] = seat["score"] / box
            out[i + 4] = seat["seat"] == view["turn"]
            out[i + 5] = seat["seat"] in awaited
        at += MAX_SEATS * SEAT
        one_hot(out, at, PHASES.index(view["phase"]), len(PHASES))
        at += len(PHASES)
        out[at : at + 5] = (
            view["supply"] / box,
            view["draw_left"] / 45.0,
            view["until_scoring"] / 15.0,
            view["reserve_left"] / 200.0,
            len(view["removed"]) / POSITIONS,
        )
        at += 5
        guessing = view["guessing"]
        if guessing is not None:
            mine = guessing["mine"]
            out[at] = bool(guessing["final"])
            out[at + 1] = guessing["most"] / POSITIONS
            out[at + 2] = mine is not None
            out[at + 3] = (mine or 0) / POSITIONS
        out[at + 4] = players / MAX_SEATS
        at += 5
        return at

    def _lines(self, out: Array, view: CrossView) -> None:
        ids = self.card_ids
        cards = view["cards"]
        start = view["start"]
        variant = view["variant"]
        for number, (line, held) in enumerate(view["lines"].items()):
            quantity = line if variant == "geo" else variant
            base = number * LINE_SLOTS * CARD
            for slot, cid in enumerate(held[:LINE_SLOTS]):
                i = base + slot * CARD
                face = cards.get(cid, {})
                out[i] = 1.0
                out[i + 1] = ids.get(cid, 0.0)
                out[i + 2] = cid == start
                if "lat" in face:
                    out[i + 3] = 1.0
                    out[i + 4] = revealed_value(face, quantity)

    def _events(self, out: Array, at: int, view: CrossView, me: int, players: int) -> None:
        recent = view["history"][-RECENT:]
        at += (RECENT - len(recent)) * EVENT
        ids = self.card_ids
        for event in recent:
            one_hot(out, at, EVENTS.index(event["event"]), len(EVENTS))
            seat = event.get("seat", event.get("from"))
            if isinstance(seat, int):
                one_hot(out, at + len(EVENTS), relative(seat, me, players), MAX_SEATS)
            card = event.get("card")
            if isinstance(card, str):
                out[at + len(EVENTS) + MAX_SEATS] = ids.get(card, 0.0)
            out[at + EVENT - 1] = bool(event.get("right"))
            at += EVENT

    def index(self, action: object, view: CrossView) -> int:
        """The index of an engine action in the action space."""
        if isinstance(action, Place):
            return list(view["lines"]).index(action.line) * POSITIONS + action.at
        if isinstance(action, Accept):
            return ACCEPT
        if isinstance(action, Challenge):
            placed = view["placed"]
            assert placed is not None, "a challenge is legal only of a placed card"
            held = view["lines"][placed["line"]]
            before = placed["at"] > 0 and held[placed["at"] - 1] == action.against
            return CHALLENGE_BEFORE if before else CHALLENGE_AFTER
        if isinstance(action, Guess):
            return GUESS + action.wrong
        raise TypeError(f"not a cross-family action: {action!r}")


def codec_for(record: CrossRecord) -> CrossCodec:
    """The codec of a game dealt as ``record``: its cards."""
    return CrossCodec(list(record["cards"]))
