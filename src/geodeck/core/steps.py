"""A finished game told step by step, as one seat (or a spectator) saw it.

Step 0 is the deal; step ``n`` is the table after the record's ``n``-th action. Each
step carries the seat's view at that version, whose move the game then waited for, the
kind of step (for jumping to each challenge, scoring or round's reveal) and a short
label. To keep a whole game small, a step's view holds only what changed since the step
before it: the top-level keys whose value differs (of a mapping that only gained or
changed entries, such as the card faces, just those entries, the key named in
``patched``), and the history events from ``history_from`` on (``merge`` puts a step's
view back together). Pure: it reads a record and returns JSON-ready data.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypedDict

from geodeck.core.game import Game

KINDS = ("deal", "move", "challenge", "scoring", "round", "reveal", "end")
"""What a step is: the deal, an ordinary move, a challenge (cross), a scoring's check
(cross), a new round or a round's reveal (Undercover), the end of the game."""


class Expected(TypedDict):
    """Whose move the game waited for after a step, and its kind."""

    seats: list[int]
    kind: str | None


class Step(TypedDict):
    """One step as ``steps`` tells it."""

    version: int
    kind: str
    label: str
    expects: Expected
    view: dict[str, object]


def kind_of(events: Sequence[Mapping[str, object]]) -> str:
    """The kind of a step from the events it added, the weightiest first."""
    names = {e.get("event") for e in events}
    if "end" in names:
        return "end"
    if "check" in names:
        return "scoring"
    if any(e.get("event") == "reveal" and "cards" not in e for e in events):
        return "reveal"
    if "challenge" in names:
        return "challenge"
    if "round" in names:
        return "round"
    return "move"


def label_of(raw: Mapping[str, object] | None, seats: Sequence[str]) -> str:
    """A short English label of the step's action: who did what."""
    if raw is None:
        return "The deal"
    seat = raw.get("seat")
    who = seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else "?"
    act = str(raw.get("act") or "move")
    return f"{who}: {act}"


def versions(game: Game) -> Iterator[tuple[Mapping[str, object] | None, Game]]:
    """The action (``None`` for the deal) and the game after it, for every version of
    ``game``'s record (one game, moved on between the items)."""
    record = game.to_record()
    table = Game.from_record({**record, "actions": []})
    yield None, table
    for raw in record.get("actions") or []:
        table.apply(table.action_from_wire(raw))
        yield raw, table


def steps(game: Game, seat: int | None, *, start: int = 0, count: int | None = None) -> list[Step]:
    """The steps of ``game`` from step ``start`` on (``count`` of them, or all) as ``seat``
    saw them, each view reduced to what changed; the first one's view is whole."""
    out: list[Step] = []
    before: Mapping[str, object] = {}
    known = 0
    for index, (raw, table) in enumerate(versions(game)):
        if count is not None and len(out) >= count:
            break
        if index < start:
            continue
        view = table.view(seat)
        expects = table.expects()
        history = view.get("history") or []
        added = history[known:]
        changed, patched = _changes(before, view)
        changed["history"] = added
        if patched:
            changed["patched"] = patched
        changed["history_from"] = known
        out.append(
            {
                "version": index,
                "kind": "deal" if raw is None else kind_of(added),
                "label": label_of(raw, list(game.seats)),
                "expects": {"seats": list(expects.seats), "kind": expects.kind},
                "view": changed,
            }
        )
        before = view
        known = len(history)
    return out


def _changes(
    before: Mapping[str, object], view: Mapping[str, object]
) -> tuple[dict[str, object], list[str]]:
    changed: dict[str, object] = {}
    patched: list[str] = []
    for key, value in view.items():
        if key in ("history", "history_from"):
            continue
        old = before.get(key, _NONE)
        if old == value:
            continue
        if isinstance(old, dict) and isinstance(value, dict) and old.keys() <= value.keys():
            changed[key] = {k: v for k, v in value.items() if old.get(k, _NONE) != v}
            patched.append(key)
        else:
            changed[key] = value
    return changed, patched


def merge(previous: Mapping[str, Any] | None, part: Mapping[str, Any]) -> dict[str, Any]:
    """A step's whole view from the whole view before it and the step's own part."""
    base = dict(previous or {})
    history = list(base.get("history") or [])[: int(part.get("history_from") or 0)]
    whole = {**base, **part}
    for key in part.get("patched") or []:
        whole[key] = {**(base.get(key) or {}), **part[key]}
    whole.pop("patched", None)
    whole["history"] = history + list(part.get("history") or [])
    whole["history_from"] = 0
    return whole


class _Missing:
    pass


_NONE = _Missing()
