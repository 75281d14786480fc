"""The ``geodeck/1`` wire form of actions and events (RECORDS.md), shared by every family.

An action class names its ``act`` (the word on the wire) and the ``kind`` of move it
answers (``Expects.kind``) once, as class variables; its wire form is ``seat``, ``act``
and its other fields in order, an optional field left out while it is ``None``. An event
class names its ``event``; its wire form is ``event`` and its fields in order, a tuple as
a list, a field's wire name taken from its ``wire`` metadata when it has one. A family's
``ActionSet`` maps each ``act`` to its class and parses the wire form, refusing anything
that is not one of its actions with ``MalformedAction``.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar, get_type_hints

from geodeck.core.errors import MalformedAction

A = TypeVar("A", bound="WireAction")


class WireAction:
    """The base of every family's actions (frozen, slotted dataclasses with ``seat``)."""

    __slots__ = ()
    act: ClassVar[str]
    """The action's name on the wire."""
    kind: ClassVar[str]
    """The kind of move it answers (``Expects.kind``): a challenge answers a ``respond``."""
    seat: int

    def to_wire(self) -> dict[str, object]:
        wire: dict[str, object] = {"seat": self.seat, "act": self.act}
        spec = _ACTION_FIELDS.get(type(self))
        for name, optional in _action_fields(type(self)) if spec is None else spec:
            value = getattr(self, name)
            if value is not None or not optional:
                wire[name] = value
        return wire


class WireEvent:
    """The base of every family's events (frozen, slotted dataclasses)."""

    __slots__ = ()
    event: ClassVar[str]
    """The event's name on the wire."""

    def to_wire(self) -> dict[str, object]:
        spec = _EVENT_FIELDS.get(type(self))
        wire: dict[str, object] = {"event": self.event}
        for name, key, listed in _event_fields(type(self)) if spec is None else spec:
            wire[key] = list(getattr(self, name)) if listed else getattr(self, name)
        return wire


@dataclass(frozen=True, slots=True)
class Ended(WireEvent):
    """The game is over: the final scores and the winners (every family)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    event: ClassVar[str] = "end"


_ACTION_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}
_EVENT_FIELDS: dict[type, tuple[tuple[str, str, bool], ...]] = {}


def _action_fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """The fields after ``seat`` of an action class, each with whether it may be left out
    (its default is ``None``); worked out once per class."""
    fields = dataclasses.fields(cls)
    found = _ACTION_FIELDS[cls] = tuple(
        (f.name, f.default is None) for f in fields if f.name != "seat"
    )
    return found


def _event_fields(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """The fields of an event class, each with its name on the wire and whether it is a
    tuple (a list on the wire); worked out once per class."""
    hints = get_type_hints(cls)
    found = _EVENT_FIELDS[cls] = tuple(
        (
            f.name,
            f.metadata.get("wire", f.name),
            getattr(hints[f.name], "__origin__", None) is tuple,
        )
        for f in dataclasses.fields(cls)
    )
    return found


class ActionSet(Generic[A]):
    """A family's actions by ``act``, and the one parser of their wire form."""

    def __init__(self, name: str, *classes: type[A]) -> None:
        self.name = name
        """How messages name the family ("the cross family", "Undercover")."""
        self.types = classes
        self.by_act: dict[str, type[A]] = {cls.act: cls for cls in classes}
        self._fields = {cls.act: _parsed_fields(cls) for cls in classes}
        self._keys = {
            act: frozenset({"seat", "act", *fields}) for act, fields in self._fields.items()
        }

    def from_wire(self, raw: object) -> A:
        """Parse one action; ``MalformedAction`` if ``raw`` is not one of these actions."""
        if not isinstance(raw, Mapping):
            raise MalformedAction(f"an action must be an object, got {raw!r}")
        seat = whole_number(raw, "seat")
        act = raw.get("act")
        cls = self.by_act.get(act) if isinstance(act, str) else None
        if cls is None:
            known = ", ".join(self.by_act)
            raise MalformedAction(f"unknown action {act!r}; {self.name} has {known}")
        fields = self._fields[cls.act]
        if not raw.keys() <= self._keys[cls.act]:
            extra = sorted(str(key) for key in raw.keys() - self._keys[cls.act])
            raise MalformedAction(f"a {act!r} action has no field {extra[0]!r}")
        values: dict[str, object] = {}
        for name, (kind, optional) in fields.items():
            if optional and raw.get(name) is None:
                continue
            values[name] = whole_number(raw, name) if kind is int else string(raw, name)
        return cls(seat, **values)  # type: ignore[call-arg]


def whole_number(raw: Mapping[str, object], key: str) -> int:
    """``raw[key]`` if it is a whole number (a bool is not one), else ``MalformedAction``."""
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedAction(f"{key!r} must be a whole number, got {value!r}")
    return value


def string(raw: Mapping[str, object], key: str) -> str:
    """``raw[key]`` if it is a string, else ``MalformedAction``."""
    value = raw.get(key)
    if not isinstance(value, str):
        raise MalformedAction(f"{key!r} must be a string, got {value!r}")
    return value


def _parsed_fields(cls: type) -> dict[str, tuple[type, bool]]:
    """The fields after ``seat`` of an action class: whether each is a whole number or a
    string, and whether it may be left out."""
    hints = get_type_hints(cls)
    fields: dict[str, tuple[type, bool]] = {}
    for f in dataclasses.fields(cls):
        if f.name == "seat":
            continue
        hint = hints[f.name]
        optional = isinstance(hint, types.UnionType) and type(None) in hint.__args__
        kinds = [t for t in getattr(hint, "__args__", (hint,)) if t is not type(None)]
        if kinds not in ([int], [str]):
            raise TypeError(f"{cls.__name__}.{f.name}: a wire field is an int or a str")
        fields[f.name] = (kinds[0], optional)
    return fields
