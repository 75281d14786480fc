"""The ``state`` messages a room sends, and the deltas of a connection that asked for them.

A seat's view comes in two layers (``Viewer.layers``): the keys every seat sees alike,
one object per version, and the seat's own. The engine builds a view's containers afresh
on every call and never changes an object it gave out (card faces are the same objects
from one version to the next), so the parts sent to a connection can be kept as they are
and compared with the next ones object by object. In one broadcast the change of the
alike layer is worked out and encoded once for every connection that was sent the same
layer before; only the seat's own keys (its guess, its history) are worked out per seat,
and a message is encoded once per seat whatever the number of its connections.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from geodeck.server.protocol import StateFrame, encode, state_frame, state_text

Parts = Mapping[str, object]
"""Some keys of a view with their values as the engine gives them (never changed after)."""

HISTORY_KEYS = ("history", "history_from")

_MISSING = object()


class Recipient(Protocol):
    """What a state needs to know of a connection (``clients.Client``)."""

    delta: bool
    history_len: int
    sent: tuple[Parts, Parts] | None

    def push(self, text: str, kind: str | None = None) -> None: ...


def _diff(old: object, new: object) -> tuple[bool, object] | None:
    """What a delta says of a part that was ``old`` and is ``new``: ``None`` if unchanged,
    else ``(True, new)`` to replace it, or ``(False, entries)`` to merge the entries of an
    object that changed (when none of its keys went away)."""
    if type(new) is dict and type(old) is dict and old.keys() <= new.keys():
        # One pass over the entries; most are the very objects sent before.
        entries = {
            k: v
            for k, v in new.items()
            if (was := old.get(k, _MISSING)) is not v and not _same(was, v)
        }
        return (False, entries) if entries else None
    return None if _same(old, new) else (True, new)


def _same(old: object, new: object) -> bool:
    """Whether a part (or an entry of one) is unchanged: the same object, or equal and of
    the same type (``1 == True``, but the JSON differs)."""
    return old is new or (type(old) is type(new) and old == new)


@dataclass(slots=True)
class Broadcast:
    """What one broadcast worked out, shared by all its seats and connections."""

    _parts: dict[tuple[int, int], tuple[object, object, tuple[bool, object] | None]] = field(
        default_factory=dict
    )
    """Changes between pairs of parts, by the parts' ids; each entry holds both parts, so
    that their ids stay theirs while it lives."""
    _layers: dict[tuple[int, int], tuple[Parts | None, Parts, str, list[str]]] = field(
        default_factory=dict
    )
    """Encoded changes between alike layers, the same way."""

    def changes(self, old: Parts, new: Parts) -> tuple[dict[str, object], list[str]]:
        """The keys of ``new`` to send to one that has ``old``, and those of them whose
        entries are to be merged into what it has."""
        changed: dict[str, object] = {}
        merge: list[str] = []
        parts = self._parts
        for name, part in new.items():
            was = old.get(name, _MISSING)
            if was is part:
                continue
            pair = (id(was), id(part))
            known = parts.get(pair)
            if known is not None and known[0] is was and known[1] is part:
                found = known[2]
            else:
                found = _diff(was, part)
                parts[pair] = (was, part, found)
            if found is None:
                continue
            whole, value = found
            changed[name] = value
            if not whole:
                merge.append(name)
        return changed, merge

    def layer(self, old: Parts | None, new: Parts) -> tuple[str, list[str]]:
        """The alike layer's change from ``old`` (``None``: all of it), encoded as the
        members of a JSON object without its braces, and the keys to merge."""
        key = (id(old), id(new))
        known = self._layers.get(key)
        if known is not None and known[0] is old and known[1] is new:
            return known[2], known[3]
        merge: list[str] = []
        if old is None:
            changed = dict(new)
        else:
            changed, merge = self.changes(old, new)
        body = encode(changed)[1:-1] if changed else ""
        self._layers[key] = (old, new, body, merge)
        return body, merge


@dataclass(slots=True)
class TableParts:
    """What a state says about the table, the same for every recipient."""

    code: str
    status: str
    version: int
    by: int | None
    seats: str
    expects: str
    clock: str
    pause: str
    gathering: str
    spectators: int
    timeouts: str
    deal: str
    frame: StateFrame = field(init=False)
    """All of it as a state message has it, encoded once (``state_frame``)."""

    def __post_init__(self) -> None:
        self.frame = state_frame(
            table=self.code,
            status=self.status,
            version=self.version,
            by=self.by,
            seats=self.seats,
            expects=self.expects,
            clock=self.clock,
            pause=self.pause,
            gathering=self.gathering,
            spectators=self.spectators,
            timeouts=self.timeouts,
            deal=self.deal,
        )


@dataclass(slots=True)
class SeatParts:
    """One seat's view and legal actions, encoded once for all its connections."""

    seat: int | None
    alike: Parts
    own: Parts
    """The seat's own keys, history aside."""
    events: list[object]
    """The seat's history from event number ``start`` on."""
    start: int
    legal: str
    sent: tuple[Parts, Parts] = field(init=False)

    def __post_init__(self) -> None:
        self.sent = (self.alike, self.own)

    def _state(
        self,
        table: TableParts,
        alike: str,
        own: Parts,
        since: int,
        merge: list[str] | None = None,
    ) -> str:
        """A state message; ``alike`` is the encoded members of the alike layer to send."""
        view = encode({**own, "history": self.events[since - self.start :], "history_from": since})
        if alike:
            view = "{" + alike + "," + view[1:]
        return state_text(
            table.frame,
            delta=merge is not None,
            merge=merge or [],
            you=self.seat,
            legal=self.legal,
            view=view,
        )

    def _sent(self, client: Recipient) -> None:
        client.history_len = self.start + len(self.events)
        client.sent = self.sent if client.delta else None

    def delta_state(
        self,
        table: TableParts,
        client: Recipient,
        built: dict[tuple[object, ...], tuple[object, str]],
        broadcast: Broadcast,
    ) -> bool:
        """Queue a delta state for ``client`` if it asked for them and one can be made from
        what it was sent last; False otherwise (then it needs ``full_state``)."""
        sent = client.sent
        since = client.history_len
        if (
            not client.delta
            or sent is None
            or not self.start <= since <= self.start + len(self.events)
            or not sent[0].keys() <= self.alike.keys()
            or not sent[1].keys() <= self.own.keys()
        ):
            return False
        key = ("delta", since, id(sent))
        entry = built.get(key)
        if entry is None or entry[0] is not sent:
            alike, merge = broadcast.layer(sent[0], self.alike)
            own, own_merge = broadcast.changes(sent[1], self.own)
            state = self._state(table, alike, own, since, merge + own_merge)
            entry = built[key] = (sent, state)
        client.push(entry[1], "state")
        self._sent(client)
        return True

    def full_state(
        self,
        table: TableParts,
        client: Recipient,
        built: dict[tuple[object, ...], tuple[object, str]],
        broadcast: Broadcast,
        *,
        events: bool,
    ) -> None:
        """Queue the whole state for ``client``; with ``events``, a connection that takes
        full states gets the events it has not had first. These parts must hold the
        history from the start."""
        if self.start != 0:
            raise ValueError("a full state needs the whole history")
        if events and not client.delta:
            key = ("events", client.history_len)
            entry = built.get(key)
            if entry is None:
                message = {
                    "type": "events",
                    "version": table.version,
                    "by": table.by,
                    "events": self.events[client.history_len :],
                }
                entry = built[key] = (None, encode(message))
            client.push(entry[1], "events")
        entry = built.get(("full",))
        if entry is None:
            alike, _ = broadcast.layer(None, self.alike)
            entry = built["full",] = (None, self._state(table, alike, self.own, 0))
        client.push(entry[1], "state")
        self._sent(client)
