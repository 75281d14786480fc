"""What a seat (or a spectator) may know of a cross-family game, as JSON-ready dicts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from geodeck.cross.events import Guessed

if TYPE_CHECKING:
    from geodeck.cross.game import CrossGame


def build_view(game: CrossGame, seat: int | None, since: int = 0) -> dict[str, Any]:
    """Exactly what ``seat`` may know: card fronts, data only of revealed cards, its own
    guess, and the history filtered the same way. ``None`` is a spectator."""
    if seat is not None and not 0 <= seat < len(game.seats):
        raise ValueError(f"no seat {seat} in a {len(game.seats)}-player game")
    since = min(max(since, 0), len(game.history))
    chips = game.chips
    seen: list[str] = game.table.ids() + game.removed
    for cards in chips.exchanged:
        seen.extend(cards)
    if game.current is not None:
        seen.append(game.current)
    shown = {
        cid: game.cards[cid].revealed() if cid in game.revealed else game.cards[cid].public()
        for cid in seen
    }
    expects = game.expects()
    view: dict[str, Any] = {
        "game": game.game,
        "title": game.edition.title,
        "variant": game.variant,
        "seat": seat,
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
        "history": [_filtered(e, seat) for e in game.history[since:]],
        "history_from": since,
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
            "mine": game.guesses.get(seat) if seat is not None else None,
        }
    outcome = game.outcome()
    if outcome is not None:
        view["outcome"] = outcome.to_wire()
    return view


def _filtered(event: Any, seat: int | None) -> dict[str, Any]:
    wire: dict[str, Any] = event.to_wire()
    if isinstance(event, Guessed) and event.seat != seat:
        del wire["wrong"]
    return wire


def build_summary(game: CrossGame) -> dict[str, Any]:
    """The object ``geodeck replay --json`` prints (RECORDS.md, Replaying)."""
    chips = game.chips
    outcome = game.outcome()
    expects = game.expects()
    return {
        "finished": outcome is not None,
        "seats": [
            {
                "name": name,
                "chips": chips.hands[i],
                "exchanged": len(chips.exchanged[i]),
                "score": chips.score(i),
            }
            for i, name in enumerate(game.seats)
        ],
        "supply": chips.supply,
        "table": {line: list(ids) for line, ids in game.table.lines.items()},
        "removed": list(game.removed),
        "next": {"seats": list(expects.seats), "expects": expects.kind},
        "winners": list(outcome.winners) if outcome else [],
    }
