"""What a seat (or a spectator) may know of a cross-family game, as JSON-ready dicts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from geodeck.core import game as core
from geodeck.core.shapes import EventWire, Face
from geodeck.cross.events import Event, Guessed
from geodeck.cross.shapes import CrossView, Guessing, OwnPart

if TYPE_CHECKING:
    from geodeck.cross.game import CrossGame


OWN = ("seat", "guessing", "history", "history_from")
"""The keys of a view that differ from seat to seat; all others every seat sees alike."""


def build_view(
    game: CrossGame, seat: int | None, since: int = 0, *, shared: bool = False
) -> CrossView:
    """Exactly what ``seat`` may know: card fronts, data only of revealed cards, its own
    guess, and the history filtered the same way. ``None`` is a spectator. ``shared``: the
    card faces are the cards' own dicts (``Game.view``)."""
    _check_seat(game, seat)
    view = _common(game, shared=shared)
    return _with_own(view, _own(game, seat, since, view["guessing"]))


class Viewer(core.Viewer[CrossView]):
    """The views a server sends of a cross game (``Game.viewer``): what every seat sees
    alike is built once per version and shared by the views of all seats, and the card
    faces stay the very same object while the cards seen are as before."""

    def __init__(self, game: CrossGame) -> None:
        super().__init__(game)
        self.game: CrossGame = game
        self._shared: tuple[int, CrossView, dict[str, object]] | None = None
        """The seat-independent part of the views at one version (``_common``), and its
        keys that every seat sees alike."""
        self._faces: tuple[tuple[tuple[str, ...], int], dict[str, Face]] | None = None
        """The card faces of the last shared view, by the cards seen and how many are
        revealed (``revealed`` only grows)."""
        self._events: list[EventWire] = []
        """The history's events as every seat may see them (``_filtered`` for a seat of
        its own), by their number: an event never changes once it happened."""

    def view(self, seat: int | None = None, *, since: int = 0) -> CrossView:
        _check_seat(self.game, seat)
        view = self._layers()[0].copy()
        return _with_own(view, _own(self.game, seat, since, view["guessing"], self._history))

    def layers(
        self, seat: int | None = None, *, since: int = 0
    ) -> tuple[Mapping[str, object], OwnPart]:
        """The keys every seat sees alike (one object per version), and ``seat``'s own."""
        _check_seat(self.game, seat)
        common, alike = self._layers()
        return alike, _own(self.game, seat, since, common["guessing"], self._history)

    def _history(self, seat: int | None, since: int) -> list[EventWire]:
        """``seat``'s history from event ``since`` on, each event's wire form worked out
        once for every seat; only a guess of another seat is filtered (``_as_seen``)."""
        history = self.game.history
        known = self._events
        if len(known) > len(history):
            known.clear()
        for event in history[len(known) :]:
            known.append(event.to_wire())
        return [_as_seen(e, w, seat) for e, w in zip(history[since:], known[since:], strict=True)]

    def _layers(self) -> tuple[CrossView, dict[str, object]]:
        """The shared view of this version (``_common``) and its keys that every seat sees
        alike, each built once per version."""
        game = self.game
        cached = self._shared
        if cached is None or cached[0] != game.version:
            common = _common(game, shared=True, viewer=self)
            alike = {k: v for k, v in common.items() if k not in OWN}
            cached = self._shared = (game.version, common, alike)
        return cached[1], cached[2]

    def faces(self, seen: list[str]) -> dict[str, Face]:
        """The shared faces of the cards ``seen``: the same object as last time if the
        cards and how many are revealed are as before."""
        game = self.game
        key = (tuple(seen), len(game.revealed))
        if self._faces is None or self._faces[0] != key:
            self._faces = (key, _shared_faces(game, seen))
        return self._faces[1]


def _with_own(view: CrossView, own: OwnPart) -> CrossView:
    """``view`` with the keys that are ``seat``'s own (``OWN``) set from ``own``."""
    view["seat"] = own["seat"]
    view["guessing"] = own["guessing"]
    view["history"] = own["history"]
    view["history_from"] = own["history_from"]
    return view


def _check_seat(game: CrossGame, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < len(game.seats):
        raise ValueError(f"no seat {seat} in a {len(game.seats)}-player game")


def _shared_faces(game: CrossGame, seen: list[str]) -> dict[str, Face]:
    cards, revealed = game.cards, game.revealed
    return {cid: cards[cid].face(revealed=cid in revealed) for cid in seen}


def _own(
    game: CrossGame,
    seat: int | None,
    since: int,
    guessing: Guessing | None,
    history: Callable[[int | None, int], list[EventWire]] | None = None,
) -> OwnPart:
    """The keys of ``seat``'s view that are its own (``OWN``), ``guessing`` being what
    every seat sees of the guesses; ``history``: the seat's events from a number on (a
    viewer's, ``Viewer._history``), else each worked out here."""
    since = min(max(since, 0), len(game.history))
    return {
        "seat": seat,
        "guessing": (
            None
            if guessing is None
            else {**guessing, "mine": game.guesses.get(seat) if seat is not None else None}
        ),
        "history": (
            [_filtered(e, seat) for e in game.history[since:]]
            if history is None
            else history(seat, since)
        ),
        "history_from": since,
    }


def _common(game: CrossGame, *, shared: bool, viewer: Viewer | None = None) -> CrossView:
    """The view as every seat sees it, with ``seat``, the seat's own guess and the history
    still to fill in (their keys are here, so that every view has its keys in one order).
    ``shared``: the card faces are the cards' own dicts, kept by ``viewer`` if given."""
    chips = game.chips
    seen: list[str] = game.table.ids() + game.removed
    for exchanged in chips.exchanged:
        seen.extend(exchanged)
    if game.current is not None:
        seen.append(game.current)
    cards, revealed = game.cards, game.revealed
    if viewer is not None:
        shown = viewer.faces(seen)
    elif shared:
        shown = _shared_faces(game, seen)
    else:
        shown = {
            cid: cards[cid].revealed() if cid in revealed else cards[cid].public() for cid in seen
        }
    expects = game.expects()
    view: CrossView = {
        "game": game.game,
        "title": game.edition.title,
        "variant": game.variant,
        "seat": None,
        "version": game.version,
        "phase": game.phase,
        "seats": [
            {
                "seat": i,
                "name": name,
                "chips": chips.hands[i],
                "exchanged": list(chips.exchanged[i]),
                "score": chips.score(i),
            }
            for i, name in enumerate(game.seats)
        ],
        "supply": chips.supply,
        "box": chips.box,
        "turn": game.turn,
        "start": game.table.start,
        "lines": {line: list(ids) for line, ids in game.table.lines.items()},
        "cards": shown,
        "current": game.current,
        "placed": None,
        "draw_left": game.draw_left,
        "until_scoring": game.until_scoring,
        "reserve_left": game.reserve_left,
        "removed": list(game.removed),
        "next": {"seats": list(expects.seats), "expects": expects.kind},
        "guessing": None,
        "outcome": None,
        "history": [],
        "history_from": 0,
    }
    if game.placed is not None:
        line, at = game.placed
        view["placed"] = {
            "card": game.table.lines[line][at],
            "line": line,
            "at": at,
            "by": game.turn,
            "neighbours": game.table.neighbours(line, at),
            "to_ask": list(game.asked),
        }
    if game.phase == "guess":
        view["guessing"] = {
            "final": game.final,
            "most": game.table.size(),
            "done": sorted(game.guesses),
            "mine": None,
        }
    outcome = game.outcome()
    if outcome is not None:
        view["outcome"] = outcome.to_wire()
    return view


def _filtered(event: Event, seat: int | None) -> EventWire:
    return _as_seen(event, event.to_wire(), seat)


def _as_seen(event: Event, wire: EventWire, seat: int | None) -> EventWire:
    """``event``'s wire form (not changed) as ``seat`` may see it: another seat's guess
    without its number."""
    if isinstance(event, Guessed) and event.seat != seat:
        return {k: v for k, v in wire.items() if k != "wrong"}
    return wire
